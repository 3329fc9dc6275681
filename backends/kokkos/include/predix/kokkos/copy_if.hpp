#pragma once
// Kokkos copy_if: the selection rounds of rounds.hpp — per round, one Kokkos::parallel_scan
// whose first pass evaluates each predicate once into flags and counts them, and whose final
// pass scatters the selected elements to their ranks, branchless where the output allows (in
// runs where one kind is rare: detail::scatter).
//   in a b c d, stencil flags 1 0 1 1 → ranks 0 - 1 2 → out a c d
#include <predix/detail/host_loops.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>
#include <predix/kokkos/rounds.hpp>

namespace predix {
namespace kokkos_detail {

/// copy_if's place in select_rounds(): a chunk's selected elements to their ranks.
template <class In, class Out>
struct select_place {
  In first;
  Out out;
  void operator()(index b, index len, const std::uint8_t* flags, index set, index before) const {
    detail::scatter(first, b, flags, len, set, before, 0, out, detail::discard_output{});
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
  const index selected = select_rounds(space, "predix::copy_if", n, sizeof(detail::value_t<In>),
                                       stencil, pred, select_place<In, Out>{first, out});
  return out + static_cast<detail::diff_t<Out>>(selected);
}

}  // namespace impl
}  // namespace predix
