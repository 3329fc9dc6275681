#pragma once
// Binary warp scans: one ballot, then each lane masks it and counts or tests the bits.
//   lane          0 1 2 3 4 5      (32 lanes; the rest 0 here)
//   flag          1 0 1 1 0 1
//   inclusive_sum 1 1 2 3 3 4      exclusive_sum          0 1 1 2 3 3
//   reverse_inclusive_sum 4 3 3 2 1 1   reverse_exclusive 3 3 2 1 1 0   (aggregate 4)
//   head          1 0 0 1 0 0      inclusive_segmented_sum 1 1 2 1 1 2
//                                  reverse_inclusive_segmented_sum 2 1 1 2 1 1
//                                  (aggregate = the lane's segment total: 2 2 2 2 2 2)
// Forward scans use %lanemask_lt/le, reverse ones %lanemask_gt/ge. A segmented scan
// restarts at each head flag (lane 0 always starts a segment): the segment's first lane
// is 31 - __clz(heads & lanemask_le), its end the lowest head above the lane.
// or/and/xor/max/min scans are mask tests on the same ballot (xor: parity of the count);
// exclusive forms give lane 0 the identity (false for or/xor/max, true for and/min).
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu {

struct warp_binary_scan {
  using sum_result = scan_result<int>;
  using bool_result = scan_result<bool>;

  // Sums (counts of set flags) in the four directions; aggregate = the warp's count.
  static __device__ __forceinline__ sum_result inclusive_sum(bool flag) {
    return count_under(flag, lanemask_le());
  }
  static __device__ __forceinline__ sum_result exclusive_sum(bool flag) {
    return count_under(flag, lanemask_lt());
  }
  static __device__ __forceinline__ sum_result reverse_inclusive_sum(bool flag) {
    return count_under(flag, lanemask_ge());
  }
  static __device__ __forceinline__ sum_result reverse_exclusive_sum(bool flag) {
    return count_under(flag, lanemask_gt());
  }

  // Segmented sums: head marks the first lane of a segment; aggregate = the segment's count.
  static __device__ __forceinline__ sum_result inclusive_segmented_sum(bool flag, bool head) {
    return segmented(flag, head, lanemask_le());
  }
  static __device__ __forceinline__ sum_result exclusive_segmented_sum(bool flag, bool head) {
    return segmented(flag, head, lanemask_lt());
  }
  static __device__ __forceinline__ sum_result reverse_inclusive_segmented_sum(bool flag,
                                                                               bool head) {
    return segmented(flag, head, lanemask_ge());
  }
  static __device__ __forceinline__ sum_result reverse_exclusive_segmented_sum(bool flag,
                                                                               bool head) {
    return segmented(flag, head, lanemask_gt());
  }

  // Logical scans; aggregate = the warp's any / all / parity.
  static __device__ __forceinline__ bool_result inclusive_or(bool flag) {
    const unsigned bits = __ballot_sync(full_warp_mask, flag);
    return {(bits & lanemask_le()) != 0, bits != 0};
  }
  static __device__ __forceinline__ bool_result exclusive_or(bool flag) {
    const unsigned bits = __ballot_sync(full_warp_mask, flag);
    return {(bits & lanemask_lt()) != 0, bits != 0};
  }
  static __device__ __forceinline__ bool_result inclusive_and(bool flag) {
    const unsigned zeros = __ballot_sync(full_warp_mask, !flag);
    return {(zeros & lanemask_le()) == 0, zeros == 0};
  }
  static __device__ __forceinline__ bool_result exclusive_and(bool flag) {
    const unsigned zeros = __ballot_sync(full_warp_mask, !flag);
    return {(zeros & lanemask_lt()) == 0, zeros == 0};
  }
  static __device__ __forceinline__ bool_result inclusive_xor(bool flag) {
    const sum_result s = inclusive_sum(flag);
    return {(s.value & 1) != 0, (s.aggregate & 1) != 0};
  }
  static __device__ __forceinline__ bool_result exclusive_xor(bool flag) {
    const sum_result s = exclusive_sum(flag);
    return {(s.value & 1) != 0, (s.aggregate & 1) != 0};
  }
  static __device__ __forceinline__ bool_result inclusive_max(bool flag) { return inclusive_or(flag); }
  static __device__ __forceinline__ bool_result exclusive_max(bool flag) { return exclusive_or(flag); }
  static __device__ __forceinline__ bool_result inclusive_min(bool flag) { return inclusive_and(flag); }
  static __device__ __forceinline__ bool_result exclusive_min(bool flag) { return exclusive_and(flag); }

 private:
  static __device__ __forceinline__ sum_result count_under(bool flag, unsigned lanes) {
    const unsigned bits = __ballot_sync(full_warp_mask, flag);
    return {__popc(bits & lanes), __popc(bits)};
  }

  // Counts the set flags of this lane's segment that lie in `lanes` (lt/le: the part before
  // this lane, gt/ge: the part after it).
  static __device__ __forceinline__ sum_result segmented(bool flag, bool head, unsigned lanes) {
    const unsigned bits = __ballot_sync(full_warp_mask, flag);
    const unsigned heads = __ballot_sync(full_warp_mask, head) | 1u;
    const unsigned first = 31 - __clz(heads & lanemask_le());  // this segment's first lane
    const unsigned from_first = full_warp_mask << first;
    const unsigned later_heads = heads & lanemask_gt();
    const unsigned before_next = (later_heads & (0u - later_heads)) - 1;  // all if none
    const unsigned segment = bits & from_first & before_next;
    return {__popc(segment & lanes), __popc(segment)};
  }
};

}  // namespace predix::gpu
