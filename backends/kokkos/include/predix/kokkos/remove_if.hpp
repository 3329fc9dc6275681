#pragma once
// Kokkos remove_if, in place: partition.hpp's rounds keeping the elements whose predicate
// fails, in order, and dropping the others. The input is only read until every predicate has
// run, so a throwing predicate leaves it unchanged.
//   a b c d, stencil flags 1 0 1 1 → keep 0 1 0 0 → b | ...
#include <predix/detail/functional.hpp>
#include <predix/detail/in_place.hpp>
#include <predix/kokkos/partition.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace impl {

template <class Space, class It, class Stencil, class Pred>
It remove_if(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  return kokkos_detail::partition_in_place<detail::rejected::dropped>(
      policy, algorithm, first, last, stencil, detail::negate<Pred>{pred});
}

}  // namespace impl
}  // namespace predix
