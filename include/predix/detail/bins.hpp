#pragma once
// The bins of the histograms: one rule on every backend, CUB's DeviceHistogram's.
//   even, num_levels 3, lower 0, upper 20: bins [0, 10) [10, 20);
//     samples 3 15 20 -1 9 → bins 0 1 - - 0 → counts 2 1
//   range, levels 0 1 10 100: samples 0 5 50 100 -3 → bins 0 1 2 - - → counts 1 1 1
// A sample is converted to the common type of sample and level (even) or to the level type
// (range); one outside [first level, last level), or NaN, has no bin (-1). Even bins of integers:
// (sample - lower) * bins / (upper - lower) in unsigned arithmetic of 32 bits where sample and
// common type fit in 4 bytes together, else 64 (never rounded); of floating point:
// (sample - lower) * (bins / (upper - lower)), at most the last bin. Range bins: the upper
// bound of the sample among the levels, minus one.
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <predix/config.hpp>

namespace predix::detail {

template <class Sample, class Level>
struct even_bins {
  using common = std::common_type_t<Sample, Level>;
  static constexpr bool floating = std::is_floating_point_v<common>;
  using arith = std::conditional_t<sizeof(Sample) + sizeof(common) <= 4, std::uint32_t,
                                   std::uint64_t>;
  common lower;
  common upper;
  int bins;
  /// Floating point: bins / (upper - lower); integers: upper - lower.
  std::conditional_t<floating, common, arith> scale;

  PREDIX_HOST_DEVICE int count() const { return bins; }
  PREDIX_HOST_DEVICE int operator()(const Sample& sample) const {
    const common s = static_cast<common>(sample);
    if (!(s >= lower && s < upper)) return -1;
    if constexpr (floating) {  // rounded past the last bin: the last
      const common x = (s - lower) * scale;
      return x < static_cast<common>(bins) ? static_cast<int>(x) : bins - 1;
    } else {
      using U = std::make_unsigned_t<common>;
      const arith offset = static_cast<U>(static_cast<U>(s) - static_cast<U>(lower));
      return static_cast<int>(offset * static_cast<arith>(bins) / scale);
    }
  }
};

/// The even bins of num_levels levels from lower to upper; std::invalid_argument naming the
/// algorithm for fewer than 2 levels, lower not below upper, integer levels whose
/// (upper - lower) * bins overflows the arithmetic (CUB: cudaErrorInvalidValue), or floating
/// levels whose range or scale is not finite (CUB: bins of no meaning).
template <class Sample, class Level>
even_bins<Sample, Level> make_even_bins(int num_levels, Level lower_level, Level upper_level,
                                        const char* algorithm) {
  using B = even_bins<Sample, Level>;
  using C = typename B::common;
  const std::string name = std::string("predix::") + algorithm;
  if (num_levels < 2) throw std::invalid_argument(name + ": num_levels below 2 (no bin)");
  const C lower = static_cast<C>(lower_level), upper = static_cast<C>(upper_level);
  if (!(lower < upper)) {
    throw std::invalid_argument(name + ": lower_level is not below upper_level");
  }
  B bins{lower, upper, num_levels - 1, {}};
  if constexpr (B::floating) {
    bins.scale = static_cast<C>(static_cast<C>(bins.bins) / (upper - lower));
    if (!std::isfinite(upper - lower) || !std::isfinite(bins.scale) || !(bins.scale > 0)) {
      throw std::invalid_argument(name + ": upper_level - lower_level or bins / (upper_level - "
                                         "lower_level) is not a finite positive number");
    }
  } else {
    using U = std::make_unsigned_t<C>;
    using A = typename B::arith;
    const A range = static_cast<U>(static_cast<U>(upper) - static_cast<U>(lower));
    if (range > std::numeric_limits<A>::max() / static_cast<A>(bins.bins)) {
      throw std::invalid_argument(name + ": (upper_level - lower_level) * bins overflows");
    }
    bins.scale = range;
  }
  return bins;
}

template <class Levels>
struct range_bins {
  Levels levels;  // num_levels of them, ascending
  int num_levels;

  PREDIX_HOST_DEVICE int count() const { return num_levels - 1; }
  template <class Sample>
  PREDIX_HOST_DEVICE int operator()(const Sample& sample) const {
    using L = typename std::iterator_traits<Levels>::value_type;
    const L s = static_cast<L>(sample);
    int lo = 0, hi = num_levels;  // the first level above s: in [lo, hi]
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (s < static_cast<L>(levels[mid])) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo > 0 && lo < num_levels ? lo - 1 : -1;
  }
};

/// The range bins of num_levels levels from `levels`; std::invalid_argument naming the
/// algorithm for fewer than 2 levels or more than an int holds.
template <class Levels, class Count>
range_bins<Levels> make_range_bins(Levels levels, Count num_levels, const char* algorithm) {
  if (num_levels < 2 || num_levels > std::numeric_limits<int>::max()) {
    throw std::invalid_argument(std::string("predix::") + algorithm +
                                ": fewer than 2 levels (no bin) or more than 2^31 - 1");
  }
  return {levels, static_cast<int>(num_levels)};
}

/// counts[i] = tally[i], converted to the counts' value type; returns the end of counts.
template <class Counts>
Counts store_counts(const std::vector<std::uint64_t>& tally, Counts counts) {
  using C = typename std::iterator_traits<Counts>::value_type;
  for (const std::uint64_t t : tally) *counts++ = static_cast<C>(t);
  return counts;
}

/// counts[b] = the sum of bin b over the private rows of `width` bins laid end to end in
/// `rows` (a thread's or slice's each), converted to the counts' value type; returns the end of
/// counts.
template <class Counts>
Counts store_row_sums(const std::vector<std::uint64_t>& rows, std::size_t width, Counts counts) {
  std::vector<std::uint64_t> tally(width, 0);
  for (std::size_t at = 0; at < rows.size(); at += width) {
    for (std::size_t b = 0; b < width; ++b) tally[b] += rows[at + b];
  }
  return store_counts(tally, counts);
}

}  // namespace predix::detail
