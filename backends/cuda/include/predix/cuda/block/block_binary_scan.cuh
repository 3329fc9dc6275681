#pragma once
// Binary block scan: counts of set flags before / up to / after each thread of the block.
//   threads 0..7 of a 256-thread block, the rest 0:
//   flag                   1 0 1 1 0 1 0 0
//   exclusive_sum          0 1 1 2 3 3 4 4     inclusive_sum          1 1 2 3 3 4 4 4
//   reverse_exclusive_sum  3 3 2 1 1 0 0 0     reverse_inclusive_sum  4 3 3 2 1 1 0 0
//   aggregate 4 everywhere
// Per warp: a ballot, __popc(ballot & lanemask_lt) and __popc(ballot); per block: the warp
// counts through WARPS ints of shared memory (at most 32 ints, 128 bytes) and one barrier
// (detail/warp_offsets.cuh). Reverse sums are the aggregate minus the forward ones.
#include <predix/cuda/detail/warp_offsets.cuh>

namespace predix::gpu {

template <int BLOCK_THREADS>
class block_binary_scan {
  static_assert(BLOCK_THREADS % warp_threads == 0 && BLOCK_THREADS >= 32 &&
                    BLOCK_THREADS <= 1024,
                "BLOCK_THREADS is a multiple of 32 from 32 to 1024");
  using offsets = detail::warp_offsets<BLOCK_THREADS / warp_threads>;

 public:
  using TempStorage = typename offsets::TempStorage;
  __device__ explicit block_binary_scan(TempStorage& storage)
      : storage_(storage), warp_(linear_thread_id() / warp_threads) {}

  __device__ __forceinline__ scan_result<int> exclusive_sum(bool flag) {
    return scan(flag, lanemask_lt());
  }
  __device__ __forceinline__ scan_result<int> inclusive_sum(bool flag) {
    return scan(flag, lanemask_le());
  }
  __device__ __forceinline__ scan_result<int> reverse_exclusive_sum(bool flag) {
    const scan_result<int> r = inclusive_sum(flag);
    return {r.aggregate - r.value, r.aggregate};
  }
  __device__ __forceinline__ scan_result<int> reverse_inclusive_sum(bool flag) {
    const scan_result<int> r = exclusive_sum(flag);
    return {r.aggregate - r.value, r.aggregate};
  }

 private:
  __device__ __forceinline__ scan_result<int> scan(bool flag, unsigned lanes) {
    const unsigned bits = __ballot_sync(full_warp_mask, flag);
    const scan_result<int> base = offsets::scan(storage_, __popc(bits), warp_);
    return {base.value + __popc(bits & lanes), base.aggregate};
  }

  TempStorage& storage_;
  int warp_;
};

}  // namespace predix::gpu
