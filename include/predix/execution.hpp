#pragma once
// Execution policies: seq always; omp, kokkos and cuda where built (PREDIX_HAS_*); and
//   host   — the best host backend: OpenMP, else Kokkos, else serial
//   device — CUDA if available, else host
#include <predix/config.hpp>
#include <predix/detail/policy_base.hpp>
#include <predix/serial/policy.hpp>
#if PREDIX_HAS_OPENMP
#include <predix/openmp/policy.hpp>
#endif
#if PREDIX_HAS_KOKKOS
#include <predix/kokkos/policy.hpp>
#endif
#if PREDIX_HAS_CUDA
#include <predix/cuda/policy.hpp>
#endif

namespace predix {

#if PREDIX_HAS_OPENMP
using host_policy = openmp_policy;
#elif PREDIX_HAS_KOKKOS
using host_policy = kokkos_policy<>;
#else
using host_policy = serial_policy;
#endif
inline const host_policy host{};

#if PREDIX_HAS_CUDA
using device_policy = cuda_policy;
#else
using device_policy = host_policy;
#endif
inline const device_policy device{};

}  // namespace predix
