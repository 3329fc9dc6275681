#pragma once
// predix::impl overloads for predix::cuda_policy (the core operations of CONTRIBUTING.md,
// "How dispatch works"). Every call checks the raw pointers it is given (host memory →
// std::invalid_argument), takes its temporary storage on the policy's stream, throws
// predix::cuda_error on a CUDA failure and returns after the work is done, as Thrust.
// Each device algorithm is an agent (the tile work, *_agent.cuh) and a dispatch (sizes,
// memory, launches): the asynchronous core, *_async(storage, bytes, ..., stream) with CUB's
// two-phase protocol (given_storage.cuh), which predix::cub calls, and the synchronous form
// on the same launches with memory kept per device (call_slots.hpp), which these overloads call.
//   device/scan.cuh       inclusive_scan, exclusive_scan (single-pass look-back)
//   device/reduce.cuh     reduce
//   device/count_if.cuh   count_if
//   device/find_if.cuh    find_if
//   device/histogram.cuh  histogram_even, histogram_range (warp-aggregated atomics)
//   device/select.cuh     copy_if, partition_copy (single-pass look-back; thrust_fallback.hpp
//                         for items that are not trivially copyable)
//   device/select_in_place.cuh  remove_if, partition, stable_partition (the same kernel)
// Which scans and reductions take the binary path: binary_path.cuh.
#include <predix/cuda/device/count_if.cuh>
#include <predix/cuda/device/find_if.cuh>
#include <predix/cuda/device/histogram.cuh>
#include <predix/cuda/device/reduce.cuh>
#include <predix/cuda/device/scan.cuh>
#include <predix/cuda/device/select.cuh>
#include <predix/cuda/device/select_in_place.cuh>
#include <predix/cuda/error.hpp>
#include <predix/cuda/policy.hpp>
