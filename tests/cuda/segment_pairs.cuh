#pragma once
// The by-key scans' segment items (predix/detail/segments.hpp) in the warp and block scan
// tests: equality and printing for the host models, and random items whose heads are rare,
// frequent or absent, so that segments cross lanes and warps, start at lane 0 or never.
#include <ostream>

#include <predix/detail/segments.hpp>

#include "../support/random.hpp"
#include "../support/types.hpp"

namespace predix::detail {

template <class V, class C>
PREDIX_HOST_DEVICE bool operator==(const segment_value<V, C>& l, const segment_value<V, C>& r) {
  return l.value == r.value && l.heads == r.heads;
}
template <class V, class C>
std::ostream& operator<<(std::ostream& os, const segment_value<V, C>& s) {
  return os << '(' << s.value << ", heads " << static_cast<unsigned long long>(s.heads) << ')';
}

}  // namespace predix::detail

namespace predix_test {

/// (affine map, head?) items: each call draws its head density from 0, 1/16, 1/2 and 1 in turn
/// per 32 items, so some warps have no head at all and some a head in every lane.
struct affine_segment_items {
  int drawn = 0;
  predix::detail::segment_value<affine, bool> operator()(rng& r) {
    static constexpr double density[] = {0.0, 1.0 / 16, 0.5, 1.0};
    const double p = density[(drawn++ / 32) % 4];
    return {affine{r.next() | 1, r.next()}, r.chance(p)};
  }
};

/// (int, number of heads) items, as a chunk's total is: 0 to 3 heads, often none.
inline predix::detail::segment_value<int, unsigned> counted_segment_item(rng& r) {
  const unsigned heads = r.chance(0.2) ? static_cast<unsigned>(r.below(3)) + 1 : 0u;
  return {static_cast<int>(r.below(201)) - 100, heads};
}

}  // namespace predix_test
