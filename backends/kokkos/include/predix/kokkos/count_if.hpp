#pragma once
// Kokkos count_if: one Kokkos::parallel_reduce summing 64-bit counts over chunks handed out as
// threads come free (dynamic_chunks), each counted by the host backends' vectorized loop
// (count_piece). flags 1 0 1 1 → 3, in the iterator's difference type.
#include <string>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class In, class Pred>
struct count_functor {
  using value_type = index;  // summed: init 0, join +
  In first;
  mutable Pred pred;
  index n;
  errors* errs;

  void operator()(const index c, index& count) const {
    const chunk part(c, n);
    guarded(errs, part.begin,
            [&] { count += detail::count_piece(first, part.begin, part.end, pred); });
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Pred>
detail::diff_t<In> count_if(const kokkos_policy<Space>& policy, In first, In last, Pred pred,
                            const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return 0;
  errors errs;
  index count = 0;
  Kokkos::parallel_reduce(std::string("predix::count_if"),
                          dynamic_chunks(space, n, sizeof(detail::value_t<In>)),
                          count_functor<In, Pred>{first, pred, n, &errs}, count);
  space.fence();
  errs.rethrow();
  return static_cast<detail::diff_t<In>>(count);
}

}  // namespace impl
}  // namespace predix
