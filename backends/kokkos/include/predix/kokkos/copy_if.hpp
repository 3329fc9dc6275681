#pragma once
// Kokkos copy_if: flags by a Kokkos::parallel_for (each predicate once), then one
// Kokkos::parallel_scan of the flags that scatters selected elements to their rank.
//   in a b c d, stencil flags 1 0 1 1 → ranks 0 - 1 2 → out a c d
#include <string>

#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

/// copy_if's place in flag_scan: a selected element to its rank.
template <class In, class Out>
struct select_place {
  In first;
  Out out;
  void operator()(index i, index s, bool set) const {
    if (set) at(out, s) = at(first, i);
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Stencil, class Out, class Pred>
Out copy_if(const kokkos_policy<Space>& policy, In first, In last, Stencil stencil, Out out,
            Pred pred, const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return out;
  const auto flags = evaluate_flags(space, "predix::copy_if::flags", stencil, n, pred);
  const index selected =
      scan_flags(space, "predix::copy_if", flags, n, select_place<In, Out>{first, out});
  return out + static_cast<detail::diff_t<Out>>(selected);
}

}  // namespace impl
}  // namespace predix
