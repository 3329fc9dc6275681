#pragma once
// Lane masks: the bits of the lanes below / at-or-below / above / at-or-above the calling
// lane, read from the %lanemask_* special registers (one S2R each, no arithmetic).
//   lane 3:  lanemask_lt 0x00000007  lanemask_le 0x0000000f
//            lanemask_gt 0xfffffff0  lanemask_ge 0xfffffff8
// With a ballot b, __popc(b & lanemask_lt()) is the number of set lanes before this one.
#include <predix/cuda/collective.cuh>

namespace predix::gpu {

/// This thread's lane in its warp, 0..31 (%laneid; equals linear_thread_id() % 32).
__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

/// Lanes below this one: (1 << lane) - 1.
__device__ __forceinline__ unsigned lanemask_lt() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  return mask;
}

/// This lane and the ones below: (2 << lane) - 1.
__device__ __forceinline__ unsigned lanemask_le() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(mask));
  return mask;
}

/// Lanes above this one: ~lanemask_le().
__device__ __forceinline__ unsigned lanemask_gt() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(mask));
  return mask;
}

/// This lane and the ones above: ~lanemask_lt().
__device__ __forceinline__ unsigned lanemask_ge() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(mask));
  return mask;
}

}  // namespace predix::gpu
