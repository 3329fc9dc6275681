#pragma once
// Generic warp scan: any trivially copyable T, any associative op (need not commute),
// shuffles only (5 steps of shfl_up + op).
//   x    a b c d ...        inclusive_scan   a  a·b  a·b·c  a·b·c·d ...
//   init i                  exclusive_scan   i  i·a  i·a·b  i·a·b·c ...
// aggregate is the reduction of the 32 inputs (without init), in every lane.
#include <predix/cuda/detail/shuffle.cuh>

namespace predix::gpu {

template <class T>
struct warp_scan {
  template <class Op>
  static __device__ __forceinline__ scan_result<T> inclusive_scan(T x, Op op) {
    x = detail::inclusive_scan_lanes<warp_threads>(x, op);
    return {x, detail::shfl(x, warp_threads - 1)};
  }

  template <class Op>
  static __device__ __forceinline__ scan_result<T> exclusive_scan(T x, T init, Op op) {
    const scan_result<T> in = inclusive_scan(x, op);
    const T before = detail::shfl_up(in.value, 1);
    return {lane_id() == 0 ? init : op(init, before), in.aggregate};
  }

  static __device__ __forceinline__ scan_result<T> inclusive_sum(T x) {
    return inclusive_scan(x, plus{});
  }
  static __device__ __forceinline__ scan_result<T> exclusive_sum(T x) {
    return exclusive_scan(x, T{}, plus{});
  }

 private:
  struct plus {
    __device__ T operator()(const T& a, const T& b) const { return a + b; }
  };
};

}  // namespace predix::gpu
