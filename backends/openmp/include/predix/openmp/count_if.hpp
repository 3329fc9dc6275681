#pragma once
// OpenMP count_if: flags 1 0 1 1 → 3, in the iterator's difference type (64-bit for pointers).
// One piece per thread, each counted privately; the counts are summed on the caller.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/openmp/detail.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {
namespace openmp_detail {
/// Counts in blocks of at most 2^30 elements with a 32-bit counter: g++ vectorizes the
/// inner loop only when the counter is no wider than the lanes (a 64-bit counter over int32
/// data ran at 83% of copy bandwidth on a 16-core Xeon, Thrust's OMP reduce at 94%).
template <class In, class Pred>
std::ptrdiff_t count_piece(In first, std::ptrdiff_t begin, std::ptrdiff_t end, Pred pred) {
  constexpr std::ptrdiff_t block = std::ptrdiff_t(1) << 30;
  std::ptrdiff_t count = 0;
  while (begin < end) {
    const std::ptrdiff_t stop = end - begin > block ? begin + block : end;
    std::uint32_t in_block = 0;
    for (std::ptrdiff_t i = begin; i < stop; ++i) in_block += detail::test(pred, first[i]);
    count += in_block;
    begin = stop;
  }
  return count;
}
}  // namespace openmp_detail

template <class In, class Pred>
detail::diff_t<In> count_if(const openmp_policy&, In first, In last, Pred pred, const char*) {
  using namespace openmp_detail;
  const std::ptrdiff_t n = last - first;
  if (n == 0) return 0;
  const int team = team_for(n);
  std::vector<std::ptrdiff_t> counts(static_cast<std::size_t>(team), 0);
  for_each_piece(n, team, [&](const piece& p) {
    counts[p.index] = count_piece(first, p.begin, p.end, pred);
  });
  return static_cast<detail::diff_t<In>>(std::accumulate(counts.begin(), counts.end(),
                                                         std::ptrdiff_t(0)));
}

}  // namespace predix::impl
