#pragma once
// Kokkos remove_if, in place: the selection rounds of rounds.hpp copy the kept elements to
// their ranks in a buffer, then a Kokkos::parallel_for moves them back (ranks ≤ indices:
// compacting in place in parallel would overwrite unread elements). The input is only read
// until every predicate has run, so a throwing predicate leaves it unchanged.
//   a b c d, stencil flags 1 0 1 1 → keep 0 1 0 0 → b | ...
#include <iterator>
#include <utility>

#include <predix/detail/functional.hpp>
#include <predix/detail/host_loops.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>
#include <predix/kokkos/rounds.hpp>

namespace predix {
namespace impl {

template <class Space, class It, class Stencil, class Pred>
It remove_if(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  using namespace kokkos_detail;
  using V = detail::value_t<It>;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return first;
  const auto buffer = make_view<V>(space, "predix::remove_if::buffer", n);
  V* const temp = buffer.data();
  const index kept = select_rounds(
      space, "predix::remove_if", n, sizeof(V), stencil, detail::negate<Pred>{pred},
      [first, temp](index b, index len, const std::uint8_t* flags, index set, index before) {
        detail::scatter(first, b, flags, len, set, before, 0, temp, detail::discard_output{});
      });
  for_each_chunk(space, "predix::remove_if::move_back", kept,
                 [first, temp, n, kept](index b, index e) {
                   detail::move_back<detail::rejected::dropped>(temp, n, kept, first, b, e);
                 });
  return first + static_cast<detail::diff_t<It>>(kept);
}

}  // namespace impl
}  // namespace predix
