#pragma once
// Kokkos find_if: one Kokkos::parallel_reduce of the lowest matching index. flags 0 0 1 0 1 →
// index 2; last when nothing matches. A chunk stops at its first match, and chunks after a known
// match (or failure) are skipped, so on one thread predicates run exactly as in the serial loop.
// A predicate's exception is rethrown only if it comes before the first match, as serially.
#include <atomic>
#include <string>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class In, class Pred>
struct find_functor {
  using value_type = index;  // the lowest match; n for none
  In first;
  mutable Pred pred;
  index n;
  std::atomic<index>* bound;  // no element at or after it can matter
  errors* errs;

  void lower_bound_to(index i) const {
    index seen = bound->load(std::memory_order_relaxed);
    while (i < seen && !bound->compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
    }
  }
  void operator()(const index c, index& lowest) const {
    const chunk part(c, n);
    index i = part.begin;
    if (i >= bound->load(std::memory_order_relaxed)) return;
    try {
      for (; i < part.end; ++i) {
        if (detail::test(pred, at(first, i))) {
          if (i < lowest) lowest = i;
          break;
        }
      }
    } catch (...) {
      errs->capture(i);
    }
    if (i < part.end) lower_bound_to(i);
  }
  void init(index& lowest) const { lowest = n; }
  void join(index& dst, const index& src) const {
    if (src < dst) dst = src;
  }
#if KOKKOS_VERSION < 30700  // older Kokkos calls join through volatile references only
  void join(volatile index& dst, const volatile index& src) const {
    if (src < dst) dst = src;
  }
#endif
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Pred>
In find_if(const kokkos_policy<Space>& policy, In first, In last, Pred pred,
           const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return last;
  errors errs;
  std::atomic<index> bound{n};
  index lowest = n;
  Kokkos::parallel_reduce(std::string("predix::find_if"), chunks(space, n),
                          find_functor<In, Pred>{first, pred, n, &bound, &errs}, lowest);
  space.fence();
  if (errs.failed() && errs.where() < lowest) errs.rethrow();
  return first + static_cast<detail::diff_t<In>>(lowest);
}

}  // namespace impl
}  // namespace predix
