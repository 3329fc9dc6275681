#pragma once
#include <predix/serial/policy.hpp>

namespace predix {
/// OpenMP backend: a parallel region of up to omp_get_max_threads() threads (OMP_NUM_THREADS)
/// per call. Derives from serial_policy, so anything it lacks runs the serial reference.
struct openmp_policy : serial_policy {
  constexpr openmp_policy unordered() const { return *this; }  // keeps order (serial_policy)
};
inline constexpr openmp_policy omp{};
}  // namespace predix
