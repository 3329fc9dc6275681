#pragma once
// Bit-plane warp scan of small unsigned integers (BITS bits, meant for BITS <= 4): each bit
// plane is a binary scan, and the sum is recombined as sum_b 2^b * popc(plane_b & mask).
//   BITS 2, values 3 1 0 2 ...     plane 0: 1 1 0 0   plane 1: 1 0 0 1
//   exclusive_sum 0 3 4 4 ...      = (0 1 2 2) + 2 * (0 1 1 1)
// Cost: BITS ballots and 2*BITS popcs against 5 shuffle steps for warp_scan<int>;
// perf/primitives_bench.cu measures where it stops paying. Bits at or above BITS are
// ignored.
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu {

template <int BITS>
struct warp_bit_plane_scan {
  static_assert(BITS >= 1 && BITS <= 16, "1 to 16 bit planes");

  static __device__ __forceinline__ scan_result<int> inclusive_sum(unsigned value) {
    return planes(value, lanemask_le());
  }
  static __device__ __forceinline__ scan_result<int> exclusive_sum(unsigned value) {
    return planes(value, lanemask_lt());
  }

 private:
  static __device__ __forceinline__ scan_result<int> planes(unsigned value, unsigned lanes) {
    int prefix = 0, total = 0;
#pragma unroll
    for (int b = 0; b < BITS; ++b) {
      const unsigned plane = __ballot_sync(full_warp_mask, (value >> b) & 1u);
      prefix += __popc(plane & lanes) << b;
      total += __popc(plane) << b;
    }
    return {prefix, total};
  }
};

}  // namespace predix::gpu
