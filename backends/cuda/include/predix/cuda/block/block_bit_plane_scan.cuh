#pragma once
// Bit-plane block scan of small unsigned integers (BITS bits, meant for BITS <= 4): the
// warp step is warp_bit_plane_scan, the block step the same warp-offset exchange as
// block_binary_scan (WARPS ints of shared memory, one barrier).
//   BITS 2, threads 0..3 hold 3 1 0 2, the rest 0  →  exclusive_sum 0 3 4 4 6 6 ...,
//   inclusive_sum 3 4 4 6 6 ..., aggregate 6
#include <predix/cuda/detail/warp_offsets.cuh>
#include <predix/cuda/warp/warp_bit_plane_scan.cuh>

namespace predix::gpu {

template <int BITS, int BLOCK_THREADS>
class block_bit_plane_scan {
  static_assert(BLOCK_THREADS % warp_threads == 0 && BLOCK_THREADS >= 32 &&
                    BLOCK_THREADS <= 1024,
                "BLOCK_THREADS is a multiple of 32 from 32 to 1024");
  using offsets = detail::warp_offsets<BLOCK_THREADS / warp_threads>;

 public:
  using TempStorage = typename offsets::TempStorage;
  __device__ explicit block_bit_plane_scan(TempStorage& storage)
      : storage_(storage), warp_(linear_thread_id() / warp_threads) {}

  __device__ __forceinline__ scan_result<int> exclusive_sum(unsigned value) {
    return offset(warp_bit_plane_scan<BITS>::exclusive_sum(value));
  }
  __device__ __forceinline__ scan_result<int> inclusive_sum(unsigned value) {
    return offset(warp_bit_plane_scan<BITS>::inclusive_sum(value));
  }

 private:
  __device__ __forceinline__ scan_result<int> offset(scan_result<int> in_warp) {
    const scan_result<int> base = offsets::scan(storage_, in_warp.aggregate, warp_);
    return {base.value + in_warp.value, base.aggregate};
  }

  TempStorage& storage_;
  int warp_;
};

}  // namespace predix::gpu
