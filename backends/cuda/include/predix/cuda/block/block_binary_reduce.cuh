#pragma once
// Binary block reductions: one barrier instruction each, the result in every thread.
//   flags 1 0 1 1 0 ... 0  →  count 3, any true, all false, parity true
// count is __syncthreads_count, any/all are __syncthreads_or/and (BAR.RED): no shared
// memory, no warp step. Over {0, 1}, max is any, min is all and xor the count's parity.
#include <predix/cuda/collective.cuh>

namespace predix::gpu {

template <int BLOCK_THREADS>
class block_binary_reduce {
  static_assert(BLOCK_THREADS % warp_threads == 0 && BLOCK_THREADS >= 32 &&
                    BLOCK_THREADS <= 1024,
                "BLOCK_THREADS is a multiple of 32 from 32 to 1024");

 public:
  struct TempStorage {};  // the barrier does the counting
  __device__ explicit block_binary_reduce(TempStorage&) {}

  __device__ __forceinline__ int count(bool flag) { return __syncthreads_count(flag); }
  __device__ __forceinline__ bool any(bool flag) { return __syncthreads_or(flag) != 0; }
  __device__ __forceinline__ bool all(bool flag) { return __syncthreads_and(flag) != 0; }
  __device__ __forceinline__ bool parity(bool flag) { return (count(flag) & 1) != 0; }
  __device__ __forceinline__ bool max(bool flag) { return any(flag); }
  __device__ __forceinline__ bool min(bool flag) { return all(flag); }
};

}  // namespace predix::gpu
