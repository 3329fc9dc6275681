#pragma once
// Kokkos histogram: one Kokkos::parallel_for over as many slices of the samples as the space
// runs threads, each counted into the slice's private bins; the bins are then summed bin by
// bin across the slices and written.
//   samples 3 15 | 20 9 (two slices), bins [0, 10) [10, 20) → 1 1 | 1 0 → counts 2 1
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <predix/detail/bins.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class In, class Bins>
struct histogram_functor {
  In first;
  Bins bins;
  index n;
  index slices;
  std::uint64_t* rows;  // slices × bins
  errors* errs;

  void operator()(const index s) const {
    std::uint64_t* row = rows + s * bins.count();
    index i = n / slices * s + std::min(s, n % slices);
    const index end = i + n / slices + (s < n % slices ? 1 : 0);
    guarded(errs, i, [&] {
      for (; i < end; ++i) {
        const int bin = bins(at(first, i));
        if (bin >= 0) ++row[bin];
      }
    });
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Counts, class Bins>
Counts histogram(const kokkos_policy<Space>& policy, In first, In last, Counts counts,
                 const Bins& bins, const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  const index width = bins.count();
  const index slices = std::clamp<index>(chunks_in(n), 1,
                                         static_cast<index>(space.concurrency()));
  std::vector<std::uint64_t> rows(static_cast<std::size_t>(slices * width), 0);
  if (n > 0) {
    errors errs;
    Kokkos::parallel_for(std::string("predix::") + algorithm, range_policy<Space>(space, 0, slices),
                         histogram_functor<In, Bins>{first, bins, n, slices, rows.data(), &errs});
    space.fence();
    errs.rethrow();
  }
  return detail::store_row_sums(rows, static_cast<std::size_t>(width), counts);
}

}  // namespace impl
}  // namespace predix
