#pragma once
// Binary warp reductions: one vote per lane, the result in every lane.
//   flags 1 0 1 1 0 0 ... 0 (32 lanes)  →  count 3, any true, all false, parity true
// count is __popc(__ballot_sync); any/all are the warp votes; over {0, 1} max is any,
// min is all and xor is the parity of the count.
#include <predix/cuda/collective.cuh>

namespace predix::gpu {

struct warp_binary_reduce {
  /// Number of lanes whose flag is set.
  static __device__ __forceinline__ int count(bool flag) {
    return __popc(__ballot_sync(full_warp_mask, flag));
  }
  /// Some lane's flag is set (logical or, max).
  static __device__ __forceinline__ bool any(bool flag) { return __any_sync(full_warp_mask, flag); }
  /// Every lane's flag is set (logical and, min).
  static __device__ __forceinline__ bool all(bool flag) { return __all_sync(full_warp_mask, flag); }
  /// An odd number of flags is set (xor).
  static __device__ __forceinline__ bool parity(bool flag) { return count(flag) & 1; }
  static __device__ __forceinline__ bool max(bool flag) { return any(flag); }
  static __device__ __forceinline__ bool min(bool flag) { return all(flag); }
};

}  // namespace predix::gpu
