#pragma once
// Generic block reduction: any trivially copyable T, any associative op (need not commute).
//   x  a b c ... (one per thread, linear thread order)  →  a·b·c·...  in every thread
// Each warp reduces in order by shuffles; lane 0 stores the warp's total (WARPS values of
// T in shared memory); after one barrier every warp reduces the totals itself.
#include <predix/cuda/warp/warp_reduce.cuh>

namespace predix::gpu {

template <class T, int BLOCK_THREADS>
class block_reduce {
  static_assert(BLOCK_THREADS % warp_threads == 0 && BLOCK_THREADS >= 32 &&
                    BLOCK_THREADS <= 1024,
                "BLOCK_THREADS is a multiple of 32 from 32 to 1024");
  static constexpr int WARPS = BLOCK_THREADS / warp_threads;

 public:
  struct TempStorage {
    T warp_total[WARPS];
  };
  __device__ explicit block_reduce(TempStorage& storage)
      : storage_(storage), warp_(linear_thread_id() / warp_threads) {}

  template <class Op>
  __device__ __forceinline__ T reduce(T x, Op op) {
    return across_warps(warp_reduce<T>::reduce(x, op), op);
  }

  __device__ __forceinline__ T sum(T x) {
    return across_warps(warp_reduce<T>::sum(x), [](const T& a, const T& b) { return a + b; });
  }

 private:
  template <class Op>
  __device__ __forceinline__ T across_warps(const T& warp_total, Op op) {
    if constexpr (WARPS == 1) {
      return warp_total;
    } else {
      const unsigned lane = lane_id();
      if (lane == 0) storage_.warp_total[warp_] = warp_total;
      __syncthreads();
      const T total = storage_.warp_total[lane < WARPS ? lane : WARPS - 1];
      return detail::shfl(detail::reduce_lanes_to_first<WARPS>(total, op), 0);
    }
  }

  TempStorage& storage_;
  int warp_;
};

}  // namespace predix::gpu
