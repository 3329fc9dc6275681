#pragma once
// predix::impl overloads for predix::cuda_policy (the core operations of CONTRIBUTING.md,
// "How dispatch works"). Every call checks the raw pointers it is given (host memory →
// std::invalid_argument), takes its temporary storage stream-ordered on the policy's stream,
// throws predix::cuda_error on a CUDA failure and returns after the work is done, as Thrust.
//   device/scan.cuh       inclusive_scan, exclusive_scan (single-pass look-back)
//   device/reduce.cuh     reduce
//   device/count_if.cuh   count_if
//   device/find_if.cuh    find_if
//   thrust_fallback.hpp   copy_if, remove_if, partition, stable_partition, partition_copy
// Which scans and reductions take the binary path: binary_path.cuh.
#include <predix/cuda/device/count_if.cuh>
#include <predix/cuda/device/find_if.cuh>
#include <predix/cuda/device/reduce.cuh>
#include <predix/cuda/device/scan.cuh>
#include <predix/cuda/error.hpp>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/thrust_fallback.hpp>
