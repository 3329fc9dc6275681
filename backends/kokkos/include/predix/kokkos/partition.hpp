#pragma once
// Kokkos partition family: flags by a Kokkos::parallel_for (each predicate once, all before the
// first write), then one Kokkos::parallel_scan of the flags. flags 1 0 1 0 0 over a b c d e:
//   partition_copy   → true: a c, false: b d e (both in order, as Thrust)
//   stable_partition → a c | b d e     partition → a c | e d b (rejected reversed, as CUB)
// In place, the scan moves element i to a buffer: selected to their rank s, rejected number r
// to n-1-r (so from the back, reversed); a Kokkos::parallel_for moves them back, reading the
// rejected from the back again for stable_partition. A throwing predicate leaves the input as
// it was. Each Kokkos index is a chunk of elements (kokkos/detail.hpp); the non-final pass of a
// scan only counts flags.
#include <string>
#include <utility>

#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

/// partition_copy's place in flag_scan: each element to its rank on its side.
template <class In, class OutTrue, class OutFalse>
struct partition_copy_place {
  In first;
  OutTrue out_true;
  OutFalse out_false;
  void operator()(index i, index s, bool set) const {
    if (set) {
      at(out_true, s) = at(first, i);
    } else {
      at(out_false, i - s) = at(first, i);
    }
  }
};

/// The in-place partitions' place in flag_scan: a selected element to its rank in the buffer,
/// rejected number r to n - 1 - r.
template <class It, class Buffer>
struct partition_scatter_place {
  It first;
  Buffer buffer;
  index n;
  void operator()(index i, index s, bool set) const {
    buffer(set ? s : n - 1 - (i - s)) = std::move(at(first, i));
  }
};

/// Element p back from the buffer: the selected ones as they are, the rejected ones reversed
/// again (stable) or as they are (partition: reversed).
template <class It, class Buffer>
struct partition_gather {
  It first;
  Buffer buffer;
  index n;
  index selected;
  bool stable;
  void operator()(index p) const {
    at(first, p) = std::move(buffer(stable && p >= selected ? n - 1 - (p - selected) : p));
  }
};

template <class Space, class It, class Stencil, class Pred>
It partition_in_place(const kokkos_policy<Space>& policy, const char* name, It first, It last,
                      Stencil stencil, Pred& pred, bool stable) {
  const Space space = space_of(policy, name);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return first;
  const std::string label = std::string("predix::") + name;
  auto buffer = make_view<detail::value_t<It>, Space>("predix::partition::buffer", n);
  const auto flags = evaluate_flags(space, (label + "::flags").c_str(), stencil, n, pred);
  using scatter = partition_scatter_place<It, decltype(buffer)>;
  const index selected = scan_flags(space, label, flags, n, scatter{first, buffer, n});
  for_each_index(space, label + "::move_back", n,
                 partition_gather<It, decltype(buffer)>{first, buffer, n, selected, stable});
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
  const auto flags = evaluate_flags(space, "predix::partition_copy::flags", stencil, n, pred);
  using place = partition_copy_place<In, OutTrue, OutFalse>;
  const index selected =
      scan_flags(space, "predix::partition_copy", flags, n, place{first, out_true, out_false});
  return {out_true + static_cast<detail::diff_t<OutTrue>>(selected),
          out_false + static_cast<detail::diff_t<OutFalse>>(n - selected)};
}

template <class Space, class It, class Stencil, class Pred>
It partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  return kokkos_detail::partition_in_place(policy, algorithm, first, last, stencil, pred, false);
}

template <class Space, class It, class Stencil, class Pred>
It stable_partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil,
                    Pred pred, const char* algorithm) {
  return kokkos_detail::partition_in_place(policy, algorithm, first, last, stencil, pred, true);
}

}  // namespace impl
}  // namespace predix
