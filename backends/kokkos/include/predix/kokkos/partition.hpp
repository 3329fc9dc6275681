#pragma once
// Kokkos partition family: flags by a Kokkos::parallel_for (each predicate once, all before the
// first write), then one Kokkos::parallel_scan of the flags. flags 1 0 1 0 0 over a b c d e:
//   partition_copy   → true: a c, false: b d e (both in order, as Thrust)
//   stable_partition → a c | b d e     partition → a c | e d b (rejected reversed, as CUB)
// In place, the scan moves element i to a buffer: selected to their rank s, rejected number r
// to n-1-r (so from the back, reversed); a Kokkos::parallel_for moves them back, reading the
// rejected from the back again for stable_partition. A throwing predicate leaves the input as
// it was.
#include <string>
#include <utility>

#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class In, class OutTrue, class OutFalse, class Flags>
struct partition_copy_functor {
  using value_type = index;  // selected elements before i
  In first;
  OutTrue out_true;
  OutFalse out_false;
  Flags flags;
  errors* errs;

  void operator()(const index i, index& selected, const bool final) const {
    const bool is_selected = flags(i) != 0;
    if (final) {
      guarded(errs, i, [&] {
        if (is_selected) {
          at(out_true, selected) = at(first, i);
        } else {
          at(out_false, i - selected) = at(first, i);
        }
      });
    }
    selected += is_selected ? 1 : 0;
  }
};

template <class It, class Flags, class Buffer>
struct partition_scatter_functor {
  using value_type = index;  // selected elements before i
  It first;
  Flags flags;
  Buffer buffer;
  index n;
  errors* errs;

  void operator()(const index i, index& selected, const bool final) const {
    const bool is_selected = flags(i) != 0;
    if (final) {
      const index to = is_selected ? selected : n - 1 - (i - selected);
      guarded(errs, i, [&] { buffer(to) = std::move(at(first, i)); });
    }
    selected += is_selected ? 1 : 0;
  }
};

template <class It, class Buffer>
struct partition_gather_functor {
  It first;
  Buffer buffer;
  index n;
  index selected;
  bool stable;
  errors* errs;

  void operator()(const index p) const {
    const index from = stable && p >= selected ? n - 1 - (p - selected) : p;
    guarded(errs, p, [&] { at(first, p) = std::move(buffer(from)); });
  }
};

template <class Space, class It, class Stencil, class Pred>
It partition_in_place(const kokkos_policy<Space>& policy, const char* name, It first, It last,
                      Stencil stencil, Pred& pred, bool stable) {
  const Space space = space_of(policy, name);
  const index n = last - first;
  if (n == 0) return first;
  const std::string label = std::string("predix::") + name;
  auto buffer = make_view<detail::value_t<It>, Space>("predix::partition::buffer", n);
  const auto flags = evaluate_flags(space, (label + "::flags").c_str(), stencil, n, pred);
  errors errs;
  index selected = 0;
  Kokkos::parallel_scan(label, range(space, n),
                        partition_scatter_functor<It, decltype(flags), decltype(buffer)>{
                            first, flags, buffer, n, &errs},
                        selected);
  space.fence();
  errs.rethrow();
  Kokkos::parallel_for(label + "::move_back", range(space, n),
                       partition_gather_functor<It, decltype(buffer)>{first, buffer, n, selected,
                                                                      stable, &errs});
  space.fence();
  errs.rethrow();
  return first + static_cast<detail::diff_t<It>>(selected);
}

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const kokkos_policy<Space>& policy, In first,
                                            In last, Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, "partition_copy");
  const index n = last - first;
  if (n == 0) return {out_true, out_false};
  const auto flags = evaluate_flags(space, "predix::partition_copy::flags", stencil, n, pred);
  errors errs;
  index selected = 0;
  Kokkos::parallel_scan(std::string("predix::partition_copy"), range(space, n),
                        partition_copy_functor<In, OutTrue, OutFalse, decltype(flags)>{
                            first, out_true, out_false, flags, &errs},
                        selected);
  space.fence();
  errs.rethrow();
  return {out_true + static_cast<detail::diff_t<OutTrue>>(selected),
          out_false + static_cast<detail::diff_t<OutFalse>>(n - selected)};
}

template <class Space, class It, class Stencil, class Pred>
It partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred) {
  return kokkos_detail::partition_in_place(policy, "partition", first, last, stencil, pred, false);
}

template <class Space, class It, class Stencil, class Pred>
It stable_partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil,
                    Pred pred) {
  return kokkos_detail::partition_in_place(policy, "stable_partition", first, last, stencil, pred,
                                           true);
}

}  // namespace impl
}  // namespace predix
