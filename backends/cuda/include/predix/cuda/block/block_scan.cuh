#pragma once
// Generic block scan: any trivially copyable T (default constructible or not: its shared memory
// is cub::Uninitialized), any associative op (need not commute).
//   x  a b c d ... (one per thread, linear thread order)
//   inclusive_scan  a  a·b  a·b·c ...      exclusive_scan(init i)  i  i·a  i·a·b ...
//   exclusive_scan without init (no identity needed)  a  a  a·b ...  (thread 0: its own x)
//   aggregate: the reduction of every input of the block (without init), in every thread
// Each warp scans its 32 values by shuffles; lane 31 stores the warp's total (WARPS values
// of T in shared memory); after one barrier every warp loads the totals, scans them by
// shuffles itself and prefixes its own values with the totals of the warps before it.
#include <cub/util_type.cuh>

#include <predix/cuda/warp/warp_scan.cuh>

namespace predix::gpu {

template <class T, int BLOCK_THREADS>
class block_scan {
  static_assert(BLOCK_THREADS % warp_threads == 0 && BLOCK_THREADS >= 32 &&
                    BLOCK_THREADS <= 1024,
                "BLOCK_THREADS is a multiple of 32 from 32 to 1024");
  static constexpr int WARPS = BLOCK_THREADS / warp_threads;

 public:
  struct TempStorage {
    ::cub::Uninitialized<T> warp_total[WARPS];
  };
  __device__ explicit block_scan(TempStorage& storage)
      : storage_(storage), warp_(linear_thread_id() / warp_threads) {}

  template <class Op>
  __device__ __forceinline__ scan_result<T> inclusive_scan(T x, Op op) {
    const scan_result<T> in = warp_scan<T>::inclusive_scan(x, op);
    if constexpr (WARPS == 1) {
      return in;
    } else {
      const scan_result<T> before = warp_prefix(storage_, in.aggregate, op);
      return {warp_ == 0 ? in.value : op(before.value, in.value), before.aggregate};
    }
  }

  template <class Op>
  __device__ __forceinline__ scan_result<T> exclusive_scan(T x, T init, Op op) {
    const scan_result<T> in = warp_scan<T>::inclusive_scan(x, op);
    const T up = detail::shfl_up(in.value, 1);
    T start = init;
    T aggregate = in.aggregate;
    if constexpr (WARPS > 1) {
      const scan_result<T> before = warp_prefix(storage_, in.aggregate, op);
      if (warp_ != 0) start = op(init, before.value);
      aggregate = before.aggregate;
    }
    return {lane_id() == 0 ? start : op(start, up), aggregate};
  }

  /// Exclusive scan without an initial value, for ops without an identity: thread 0 has no
  /// prefix and gets its own x back.
  template <class Op>
  __device__ __forceinline__ scan_result<T> exclusive_scan(T x, Op op) {
    const scan_result<T> in = warp_scan<T>::inclusive_scan(x, op);
    const T up = detail::shfl_up(in.value, 1);  // lane 0 keeps its own (x)
    if constexpr (WARPS == 1) {
      return {lane_id() == 0 ? x : up, in.aggregate};
    } else {
      const scan_result<T> before = warp_prefix(storage_, in.aggregate, op);
      T value = lane_id() == 0 ? x : up;
      if (warp_ != 0) value = lane_id() == 0 ? before.value : op(before.value, up);
      return {value, before.aggregate};
    }
  }

  __device__ __forceinline__ scan_result<T> inclusive_sum(T x) { return inclusive_scan(x, plus{}); }
  __device__ __forceinline__ scan_result<T> exclusive_sum(T x) {
    return exclusive_scan(x, T{}, plus{});
  }

  /// The block step on its own: every thread calls it with its warp's total (the same in
  /// every lane of a warp) and gets {reduction of the warps before its own (unset for warp
  /// 0), reduction of the block}. One barrier, WARPS values of shared memory.
  template <class Op>
  static __device__ __forceinline__ scan_result<T> warp_prefix(TempStorage& storage,
                                                               const T& warp_total, Op& op) {
    const unsigned lane = lane_id();
    const int warp = linear_thread_id() / warp_threads;
    if (lane == warp_threads - 1) storage.warp_total[warp].Alias() = warp_total;
    __syncthreads();
    T total = storage.warp_total[lane < WARPS ? lane : WARPS - 1].Alias();
    total = detail::inclusive_scan_lanes<WARPS>(total, op);
    return {detail::shfl(total, warp == 0 ? 0 : warp - 1), detail::shfl(total, WARPS - 1)};
  }

 private:
  struct plus {
    __device__ T operator()(const T& a, const T& b) const { return a + b; }
  };

  TempStorage& storage_;
  int warp_;
};

}  // namespace predix::gpu
