#pragma once
// Bit-plane warp scan of small unsigned integers (BITS bits, meant for BITS <= 4): each bit
// plane is a binary scan, and the sum is recombined as sum_b 2^b * popc(plane_b & mask).
//   BITS 2, values 3 1 0 2 ...     plane 0: 1 1 0 0   plane 1: 1 0 0 1
//   exclusive_sum 0 3 4 4 ...      = (0 1 2 2) + 2 * (0 1 1 1)
// Cost: BITS ballots and popcs (plus the total: BITS more popcs, or one shuffle) against 5
// shuffle steps for warp_scan<int>; perf/primitives_bench.cu measures where it stops paying.
// Bits at or above BITS are ignored.
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu {

template <int BITS>
struct warp_bit_plane_scan {
  static_assert(BITS >= 1 && BITS <= 16, "1 to 16 bit planes");

  static __device__ __forceinline__ scan_result<int> inclusive_sum(unsigned value) {
    return planes(value, lanemask_le(), 0);
  }
  static __device__ __forceinline__ scan_result<int> exclusive_sum(unsigned value) {
    return planes(value, lanemask_lt(), static_cast<int>(value & ((1u << BITS) - 1)));
  }

 private:
  // `lanes` picks the prefix; `own` is what lane 31 adds to its prefix to make the total.
  // Up to 2 planes the total is sum_b 2^b * popc(plane_b); from 3 on one shuffle of lane 31's
  // inclusive prefix costs fewer instructions.
  static __device__ __forceinline__ scan_result<int> planes(unsigned value, unsigned lanes,
                                                            int own) {
    int prefix = 0, total = 0;
#pragma unroll
    for (int b = 0; b < BITS; ++b) {
      const unsigned plane = __ballot_sync(full_warp_mask, (value >> b) & 1u);
      prefix += __popc(plane & lanes) << b;
      if constexpr (BITS <= 2) total += __popc(plane) << b;
    }
    if constexpr (BITS > 2) total = __shfl_sync(full_warp_mask, prefix + own, warp_threads - 1);
    return {prefix, total};
  }
};

}  // namespace predix::gpu
