#pragma once
// OpenMP remove_if, in place: in a b c d, stencil flags 1 0 1 1 → b | (rest unspecified).
// Every predicate runs before the first write (compact.hpp, partition_in_place): a throwing
// predicate leaves the input as it was.
#include <predix/detail/functional.hpp>
#include <predix/openmp/compact.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class It, class Stencil, class Pred>
It remove_if(const openmp_policy&, It first, It last, Stencil stencil, Pred pred, const char*) {
  using openmp_detail::rejected;
  return openmp_detail::partition_in_place<rejected::dropped>(first, last, stencil,
                                                              detail::negate<Pred>{pred});
}

}  // namespace predix::impl
