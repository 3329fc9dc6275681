#pragma once
// Warp-aggregated atomics: the lanes of a warp that update the same counter find each other
// (__match_any_sync on the key), and the lowest of them (__ffs) adds the group's total with one
// atomic, so 32 lanes over 3 distinct keys make 3 atomics instead of 32.
//   keys    5 5 9 5 -1 9 (other lanes -1)   values 1 2 3 4 7 5
//   peers   {0,1,3} {0,1,3} {2,5} {0,1,3} {4,…} {2,5}
//   add →   lane 0: counters[5] += 7, lane 2: counters[9] += 8; key -1 updates nothing
// The group's total: increment's is the popc of the peer mask; add's a segmented reduction over
// the peer mask (group_sum: each live peer adds the value of the next live one above it, in
// log2(group size) shuffle steps).
#include <predix/cuda/collective.cuh>
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu {

struct warp_aggregated_atomic {
  /// The lanes whose key equals this lane's.
  static __device__ __forceinline__ unsigned peers(int key) {
    return __match_any_sync(full_warp_mask, key);
  }

  /// The sum of value over this lane's peers, in the lowest peer (the others hold partial sums).
  template <class T>
  static __device__ __forceinline__ T group_sum(unsigned peers, T value) {
    unsigned rank = __popc(peers & lanemask_lt());  // position among the peers
    unsigned above = peers & lanemask_gt();         // the live peers above this lane
    while (__any_sync(full_warp_mask, above != 0)) {
      const int next = __ffs(above);  // 1-based; 0: none above
      const T other = __shfl_sync(full_warp_mask, value, (next - 1) & 31);
      if (next != 0) value += other;
      above &= ~__ballot_sync(full_warp_mask, rank & 1u);  // odd ranks are summed in
      rank >>= 1;
    }
    return value;
  }

  /// counters[key] += value for every lane whose key is >= 0: one atomicAdd per distinct key.
  template <class T>
  static __device__ __forceinline__ void add(T* counters, int key, T value) {
    const unsigned group = peers(key);
    const T total = group_sum(group, value);
    if (key >= 0 && (group & lanemask_lt()) == 0) atomicAdd(counters + key, total);
  }

  /// counters[key] += 1 for every lane whose key is >= 0: one atomicAdd per distinct key.
  template <class T>
  static __device__ __forceinline__ void increment(T* counters, int key) {
    const unsigned group = peers(key);
    if (key >= 0 && (group & lanemask_lt()) == 0) {
      atomicAdd(counters + key, static_cast<T>(__popc(group)));
    }
  }
};

}  // namespace predix::gpu
