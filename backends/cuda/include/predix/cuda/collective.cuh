#pragma once
// Vocabulary shared by the warp and block collectives of the CUDA backend.
//
// Namespace predix::gpu (predix::cuda is the execution policy object, so it cannot also
// name a namespace). The rules every file under warp/ and block/ follows:
//   - warp collectives are structs of static __device__ functions working in registers;
//     all 32 lanes of the warp call them together (full mask, converged);
//   - block collectives are class templates on (T, BLOCK_THREADS) built from a TempStorage
//     in shared memory; every thread of the block calls them; __syncthreads() before the
//     same TempStorage is used again. BLOCK_THREADS is a multiple of 32 from 32 to 1024
//     and equals blockDim.x * blockDim.y * blockDim.z (1-D, 2-D and 3-D blocks alike);
//   - scans return scan_result{value, aggregate}: this thread's prefix and the reduction
//     over the whole warp or block.
namespace predix::gpu {

inline constexpr int warp_threads = 32;
inline constexpr unsigned full_warp_mask = 0xffffffffu;

/// What every scan returns: value for the calling thread, aggregate for its warp/block.
template <class T>
struct scan_result {
  T value;
  T aggregate;
};

/// The calling thread's rank in its block, x fastest: the order in which the hardware
/// groups threads into warps, so warp = linear_thread_id() / 32 for any block shape.
__device__ __forceinline__ int linear_thread_id() {
  return static_cast<int>((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x);
}

}  // namespace predix::gpu
