#pragma once
// The host backends' tuning, one value for both (OpenMP, Kokkos); evidence in docs/perf/host.md.
#include <cstddef>

namespace predix::detail {

/// What one thread's part of a two-pass round may occupy, so that its second pass reads it from
/// cache: half of a 2 MiB L2; bigger rounds also mean fewer barriers ("Round and block sizes").
inline constexpr std::ptrdiff_t round_bytes = std::ptrdiff_t(1) << 20;

/// What one block of work handed to the threads as they come free reads (count_if): small
/// enough that a thread that lost its core delays the call by little, large enough that
/// handing it out costs little ("Round and block sizes").
inline constexpr std::ptrdiff_t block_bytes = std::ptrdiff_t(256) << 10;

/// A selection's piece is copied in runs of equal flags, not scattered element by element, when
/// one kind is at most 1 / few_of_a_kind of it ("Selections on one thread", "Rare flags copied
/// in runs on every team").
inline constexpr std::ptrdiff_t few_of_a_kind = 16;

}  // namespace predix::detail
