#pragma once
// Generic warp reduction: any trivially copyable T, any associative op (need not commute).
//   x  a b c ... (32 lanes)  →  reduce  a·b·c·...  in every lane
// Runs of 1, 2, 4, 8, 16 lanes are joined in order by shfl_down, then lane 0's total is
// broadcast. sum() of 32-bit integers is one redux.sync on sm_80 and newer.
#include <predix/cuda/detail/shuffle.cuh>

namespace predix::gpu {

template <class T>
struct warp_reduce {
  template <class Op>
  static __device__ __forceinline__ T reduce(T x, Op op) {
    return detail::shfl(detail::reduce_lanes_to_first<warp_threads>(x, op), 0);
  }

  static __device__ __forceinline__ T sum(T x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    constexpr bool redux = std::is_same_v<T, int> || std::is_same_v<T, unsigned>;
#else
    constexpr bool redux = false;
#endif
    if constexpr (redux) {
      return __reduce_add_sync(full_warp_mask, x);
    } else {
      return reduce(x, [](const T& a, const T& b) { return a + b; });
    }
  }
};

}  // namespace predix::gpu
