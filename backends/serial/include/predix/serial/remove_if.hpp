#pragma once
// Serial remove_if, in place: in a b c d, stencil flags 1 0 1 1 → a b c d becomes b | ...
// Every predicate runs before the first write, so a throwing predicate leaves the input as it was.
#include <utility>
#include <vector>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class It, class Stencil, class Pred>
It remove_if(const serial_policy&, It first, It last, Stencil stencil, Pred pred, const char*) {
  const auto n = last - first;
  std::vector<unsigned char> keep(static_cast<std::size_t>(n));
  for (detail::diff_t<It> i = 0; i < n; ++i) keep[i] = !detail::test(pred, stencil[i]);
  detail::diff_t<It> kept = 0;
  for (detail::diff_t<It> i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    if (kept != i) first[kept] = std::move(first[i]);
    ++kept;
  }
  return first + kept;
}

}  // namespace predix::impl
