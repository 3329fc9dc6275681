#pragma once
// Kokkos remove_if, in place: flags by a Kokkos::parallel_for (every predicate runs before the
// first write, so a throwing predicate leaves the input unchanged), a Kokkos::parallel_scan that
// moves the kept elements to their rank in a buffer, and a Kokkos::parallel_for that moves them
// back (ranks ≤ indices: compacting in place in parallel would overwrite unread elements).
//   a b c d, stencil flags 1 0 1 1 → keep 0 1 0 0 → b | ...
#include <string>
#include <utility>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace impl {

template <class Space, class It, class Stencil, class Pred>
It remove_if(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return first;
  auto buffer = make_view<detail::value_t<It>, Space>("predix::remove_if::buffer", n);
  detail::negate<Pred> reject{pred};
  const auto keep = evaluate_flags(space, "predix::remove_if::flags", stencil, n, reject);
  const index kept =
      scan_flags(space, "predix::remove_if", keep, n, [first, buffer](index i, index s, bool set) {
        if (set) buffer(s) = std::move(at(first, i));
      });
  for_each_index(space, "predix::remove_if::move_back", kept,
                 [first, buffer](index p) { at(first, p) = std::move(buffer(p)); });
  return first + static_cast<detail::diff_t<It>>(kept);
}

}  // namespace impl
}  // namespace predix
