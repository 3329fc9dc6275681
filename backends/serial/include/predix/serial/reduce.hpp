#pragma once
// Serial reduce: init op x0 op x1 op ... (left to right), accumulated in the init's type.
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class T, class Op>
T reduce(const serial_policy&, In first, In last, T init, Op op, const char*) {
  for (; first != last; ++first) init = op(init, *first);
  return init;
}

}  // namespace predix::impl
