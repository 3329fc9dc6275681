#pragma once
// OpenMP count_if: flags 1 0 1 1 → 3, in the iterator's difference type (64-bit for pointers).
// Blocks handed to the threads as they come free (for_each_block), each thread counting into its
// own slot; the slots are summed on the caller.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/range.hpp>
#include <predix/openmp/detail.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class In, class Pred>
detail::diff_t<In> count_if(const openmp_policy&, In first, In last, Pred pred, const char*) {
  using namespace openmp_detail;
  const std::ptrdiff_t n = last - first;
  if (n == 0) return 0;
  const int team = team_for(n);
  std::vector<std::ptrdiff_t> counts(static_cast<std::size_t>(team), 0);
  for_each_block(n, block_for(sizeof(detail::value_t<In>)), team, [&](const piece& p) {
    counts[p.index] += detail::count_piece(first, p.begin, p.end, pred);
  });
  return static_cast<detail::diff_t<In>>(std::accumulate(counts.begin(), counts.end(),
                                                         std::ptrdiff_t(0)));
}

}  // namespace predix::impl
