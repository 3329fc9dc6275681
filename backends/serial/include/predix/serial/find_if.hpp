#pragma once
// Serial find_if: flags 0 0 1 0 1 → iterator to index 2; last when nothing matches.
#include <predix/detail/functional.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class Pred>
In find_if(const serial_policy&, In first, In last, Pred pred, const char*) {
  for (; first != last; ++first) {
    if (detail::test(pred, *first)) return first;
  }
  return last;
}

}  // namespace predix::impl
