#pragma once
// The host backends' tuning, one value for both (OpenMP, Kokkos); evidence in docs/perf/host.md.
#include <cstddef>

namespace predix::detail {

/// What one thread's part of a two-pass round may occupy, so that its second pass reads it from
/// cache: half of a 2 MiB L2. Bigger rounds also mean fewer barriers: on a 16-core Xeon, copy_if
/// of 2^27 int32 took 20 ms with 1 MiB, 23 ms with 256 KiB and 34 ms in a single round; 2 MiB
/// moved no row beyond the spread ("count_if in blocks").
inline constexpr std::ptrdiff_t round_bytes = std::ptrdiff_t(1) << 20;

/// What one block of work handed to the threads as they come free reads (count_if): small
/// enough that a thread that lost its core delays the call by little, large enough that
/// handing it out costs little ("count_if in blocks").
inline constexpr std::ptrdiff_t block_bytes = std::ptrdiff_t(256) << 10;

}  // namespace predix::detail
