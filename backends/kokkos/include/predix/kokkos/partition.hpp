#pragma once
// Kokkos partition family: the selection rounds of rounds.hpp (each predicate once, flags
// counted, then scattered from cache). flags 1 0 1 0 0 over a b c d e:
//   partition_copy   → true: a c, false: b d e (both in order, as Thrust)
//   stable_partition → a c | b d e     partition → a c | e d b (rejected reversed, as CUB)
// In place, the rounds copy element i to a buffer: selected to their rank s, rejected number r
// to n-1-r (so from the back, reversed); a Kokkos::parallel_for moves them back a chunk at a
// time (detail::move_back), reading the rejected from the back again for stable_partition.
// The input is only read until every predicate has run, so a throwing predicate leaves it as
// it was.
#include <iterator>
#include <string>
#include <utility>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>
#include <predix/kokkos/rounds.hpp>

namespace predix {
namespace kokkos_detail {

/// partition_copy's place in select_rounds(): a chunk's elements to their ranks on their sides;
/// the in-place forms' too, with the buffer's front and its back (reversed) as the sides.
template <class In, class OutTrue, class OutFalse>
struct partition_place {
  In first;
  OutTrue out_true;
  OutFalse out_false;
  void operator()(index b, index len, const std::uint8_t* flags, index set, index before) const {
    detail::scatter(first, b, flags, len, set, before, b - before, out_true, out_false);
  }
};

/// Order: the rejected elements reversed (partition) or in order (stable_partition).
template <detail::rejected Order, class Space, class It, class Stencil, class Pred>
It partition_in_place(const kokkos_policy<Space>& policy, const char* name, It first, It last,
                      Stencil stencil, Pred& pred) {
  const Space space = space_of(policy, name);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return first;
  using V = detail::value_t<It>;
  const std::string label = std::string("predix::") + name;
  const auto buffer = make_view<V>(space, "predix::partition::buffer", n);
  V* const temp = buffer.data();
  using place = partition_place<It, V*, std::reverse_iterator<V*>>;
  const index selected = select_rounds(space, label, n, sizeof(V), stencil, pred,
                                       place{first, temp, std::make_reverse_iterator(temp + n)});
  for_each_chunk(space, label + "::move_back", n, [first, temp, n, selected](index b, index e) {
    detail::move_back<Order>(temp, n, selected, first, b, e);
  });
  return first + static_cast<detail::diff_t<It>>(selected);
}

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const kokkos_policy<Space>& policy, In first,
                                            In last, Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred, const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return {out_true, out_false};
  using place = partition_place<In, OutTrue, OutFalse>;
  const index selected =
      select_rounds(space, "predix::partition_copy", n, sizeof(detail::value_t<In>), stencil, pred,
                    place{first, out_true, out_false});
  return {out_true + static_cast<detail::diff_t<OutTrue>>(selected),
          out_false + static_cast<detail::diff_t<OutFalse>>(n - selected)};
}

template <class Space, class It, class Stencil, class Pred>
It partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  return kokkos_detail::partition_in_place<detail::rejected::reversed>(policy, algorithm, first,
                                                                      last, stencil, pred);
}

template <class Space, class It, class Stencil, class Pred>
It stable_partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil,
                    Pred pred, const char* algorithm) {
  return kokkos_detail::partition_in_place<detail::rejected::in_order>(policy, algorithm, first,
                                                                      last, stencil, pred);
}

}  // namespace impl
}  // namespace predix
