#pragma once
// Serial histogram: each sample's bin (detail/bins.hpp) counted, then the counts written.
//   samples 3 15 20 9, bins [0, 10) [10, 20) → counts 2 1
#include <cstdint>
#include <vector>

#include <predix/detail/bins.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class Counts, class Bins>
Counts histogram(const serial_policy&, In first, In last, Counts counts, const Bins& bins,
                 const char*) {
  std::vector<std::uint64_t> tally(static_cast<std::size_t>(bins.count()), 0);
  for (; first != last; ++first) {
    const int bin = bins(*first);
    if (bin >= 0) ++tally[static_cast<std::size_t>(bin)];
  }
  return detail::store_counts(tally, counts);
}

}  // namespace predix::impl
