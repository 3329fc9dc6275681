#pragma once
// OpenMP histogram: one piece per thread, each counted into the thread's private bins; the
// bins are then summed bin by bin across the threads and written.
//   samples 3 15 | 20 9 (two threads), bins [0, 10) [10, 20) → 1 1 | 1 0 → counts 2 1
#include <cstddef>
#include <cstdint>
#include <vector>

#include <predix/detail/bins.hpp>
#include <predix/openmp/detail.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class In, class Counts, class Bins>
Counts histogram(const openmp_policy&, In first, In last, Counts counts, const Bins& bins,
                 const char*) {
  using namespace openmp_detail;
  const std::ptrdiff_t n = last - first;
  const std::size_t width = static_cast<std::size_t>(bins.count());
  const int team = team_for(n);
  std::vector<std::uint64_t> rows(static_cast<std::size_t>(team) * width, 0);
  if (n > 0) {
    for_each_piece(n, team, [&](const piece& p) {
      std::uint64_t* row = rows.data() + static_cast<std::size_t>(p.index) * width;
      for (std::ptrdiff_t i = p.begin; i < p.end; ++i) {
        const int bin = bins(first[i]);
        if (bin >= 0) ++row[bin];
      }
    });
  }
  return detail::store_row_sums(rows, width, counts);
}

}  // namespace predix::impl
