#pragma once
// The host backends of this build, for the fuzz harness and the replay test: every one of them
// (OpenMP with the case's team size) against the serial reference, on one decoded case.
#include <string>

#if PREDIX_HAS_OPENMP
#include <omp.h>
#endif

#include "differential.hpp"

namespace predix_test::fuzz {

/// "" when every host backend agrees with the serial reference, else the case and the difference.
inline std::string check_host_backends(const fuzz_case& c) {
#if PREDIX_HAS_OPENMP
  omp_set_num_threads(c.s.threads);
#endif
#if PREDIX_HAS_OPENMP && PREDIX_HAS_KOKKOS
  return differential(c, predix::omp, predix::kokkos);
#elif PREDIX_HAS_OPENMP
  return differential(c, predix::omp);
#elif PREDIX_HAS_KOKKOS
  return differential(c, predix::kokkos);
#else
  return differential(c);
#endif
}

}  // namespace predix_test::fuzz
