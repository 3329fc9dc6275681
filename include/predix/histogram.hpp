#pragma once
// histogram_even and histogram_range (CUB's DeviceHistogram, single channel): counts[i] is the
// number of samples in bin i, written (not added to); returns the end of counts, num_levels - 1
// bins. Samples outside the levels, and NaN, are ignored (detail/bins.hpp: the bin rule).
//   samples 3 15 20 -1 9, histogram_even(p, s, s + 5, counts, 3, 0, 20) → counts 2 1
//   samples 0 5 50 100, levels 0 1 10 100, histogram_range → counts 1 1 1
// On predix::cuda the levels of histogram_range are read on the device, as the samples.
#include <predix/detail/backends.hpp>
#include <predix/detail/bins.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class It, class Counts, class Level>
detail::enable_if_policy_t<Policy, Counts> histogram_even(Policy&& policy, It first, It last,
                                                          Counts counts, int num_levels,
                                                          Level lower_level, Level upper_level) {
  detail::checked_size(first, last, "histogram_even");
  const auto bins = detail::make_even_bins<detail::value_t<It>>(num_levels, lower_level,
                                                                upper_level, "histogram_even");
  return impl::histogram(policy, first, last, counts, bins, "histogram_even");
}

template <class Policy, class It, class Counts, class Levels>
detail::enable_if_policy_t<Policy, Counts> histogram_range(Policy&& policy, It first, It last,
                                                           Counts counts, Levels levels_first,
                                                           Levels levels_last) {
  detail::checked_size(first, last, "histogram_range");
  const auto levels = detail::checked_size(levels_first, levels_last, "histogram_range");
  const auto bins = detail::make_range_bins(levels_first, levels, "histogram_range");
  return impl::histogram(policy, first, last, counts, bins, "histogram_range");
}

}  // namespace predix
