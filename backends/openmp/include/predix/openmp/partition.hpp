#pragma once
// OpenMP partition family. flags 1 0 1 0 0 over a b c d e:
//   stable_partition → a c | b d e     partition → a c | e d b (rejected reversed, as CUB)
//   partition_copy   → true: a c, false: b d e (both in order, as Thrust)
// One predicate call per element (compact.hpp). The in-place forms keep every flag as a bit
// before the first write to the input: a throwing predicate leaves it as it was.
#include <utility>

#include <predix/openmp/compact.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const openmp_policy&, In first, In last,
                                            Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred, const char*) {
  const auto n = last - first;
  const auto k = openmp_detail::compact(first, n, stencil, pred, out_true, out_false);
  return {out_true + k, out_false + (n - k)};
}

template <class It, class Stencil, class Pred>
It partition(const openmp_policy&, It first, It last, Stencil stencil, Pred pred, const char*) {
  using openmp_detail::rejected;
  return openmp_detail::partition_in_place<rejected::reversed>(first, last, stencil, pred);
}

template <class It, class Stencil, class Pred>
It stable_partition(const openmp_policy&, It first, It last, Stencil stencil, Pred pred,
                    const char*) {
  using openmp_detail::rejected;
  return openmp_detail::partition_in_place<rejected::in_order>(first, last, stencil, pred);
}

}  // namespace predix::impl
