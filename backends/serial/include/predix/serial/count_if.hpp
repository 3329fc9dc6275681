#pragma once
// Serial count_if: flags 1 0 1 1 → 3, in the iterator's difference type.
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class Pred>
detail::diff_t<In> count_if(const serial_policy&, In first, In last, Pred pred, const char*) {
  detail::diff_t<In> count = 0;
  for (; first != last; ++first) count += detail::test(pred, *first) ? 1 : 0;
  return count;
}

}  // namespace predix::impl
