#pragma once
// Serial copy_if: in a b c d, stencil flags 1 0 1 1 → out a c d.
#include <predix/detail/functional.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class Stencil, class Out, class Pred>
Out copy_if(const serial_policy&, In first, In last, Stencil stencil, Out out, Pred pred,
            const char*) {
  for (; first != last; ++first, ++stencil) {
    if (detail::test(pred, *stencil)) {
      *out = *first;
      ++out;
    }
  }
  return out;
}

}  // namespace predix::impl
