#pragma once
// Shuffles for any trivially copyable T (moved as 32-bit words), and the ordered shuffle
// ladders the generic warp and block collectives are built from. All keep the operands in
// sequence order, op(earlier, later), so op need not be commutative. The scan ladder over
// segment items (the by-key scans' (value, head flag) pairs) finds each lane's segment by a
// ballot of the flags and shuffles the values alone:
//   heads 1 0 0 1 0, values a b c d e  →  a  a·b  a·b·c  d  d·e   (heads: 1 1 1 1 1)
#include <cstring>
#include <type_traits>

#include <predix/cuda/warp/lanemask.cuh>
#include <predix/detail/segments.hpp>

namespace predix::gpu::detail {

template <class T, class Shuffle>
__device__ __forceinline__ T shuffle_words(const T& x, Shuffle shuffle) {
  static_assert(std::is_trivially_copyable_v<T>, "warp shuffles need a trivially copyable T");
  constexpr int words = (sizeof(T) + 3) / 4;
  unsigned in[words] = {};
  std::memcpy(in, &x, sizeof(T));
  unsigned out[words];
#pragma unroll
  for (int i = 0; i < words; ++i) out[i] = shuffle(in[i]);
  T result = x;
  std::memcpy(&result, out, sizeof(T));
  return result;
}

/// The value of lane (lane - delta); a lane below delta gets its own.
template <class T>
__device__ __forceinline__ T shfl_up(const T& x, unsigned delta) {
  return shuffle_words(x, [delta](unsigned w) { return __shfl_up_sync(full_warp_mask, w, delta); });
}

/// shfl_up that also tells whether the lane (lane - delta) exists, from the shuffle's own
/// predicate. A separate `lane < delta` test after the shuffle gives the optimizer a lane
/// condition it may hoist: nvcc 13 then duplicated a whole region of shuffles per lane class
/// (lane 0 / the others), and the two copies, executed by one warp at different places,
/// exchanged wrong values.
template <class T>
__device__ __forceinline__ T shfl_up(const T& x, unsigned delta, bool& exists) {
  unsigned all = 1;
  const T result = shuffle_words(x, [delta, &all](unsigned w) {
    unsigned out, ok;
    asm volatile(
        "{\n .reg .pred p;\n shfl.sync.up.b32 %0|p, %2, %3, 0, -1;\n selp.u32 %1, 1, 0, p;\n}"
        : "=r"(out), "=r"(ok)
        : "r"(w), "r"(delta));
    all &= ok;
    return out;
  });
  exists = all != 0;
  return result;
}

/// The value of lane (lane + delta); a lane at or above 32 - delta gets its own.
template <class T>
__device__ __forceinline__ T shfl_down(const T& x, unsigned delta) {
  return shuffle_words(x,
                       [delta](unsigned w) { return __shfl_down_sync(full_warp_mask, w, delta); });
}

/// The value of lane `source`.
template <class T>
__device__ __forceinline__ T shfl(const T& x, int source) {
  return shuffle_words(x, [source](unsigned w) { return __shfl_sync(full_warp_mask, w, source); });
}

/// Inclusive scan over lanes 0..LANES-1 (Kogge-Stone, ceil(log2 LANES) steps); lanes at or
/// above LANES hold garbage, which never flows down to the lanes below. Whether lane - d
/// exists comes from each shuffle (shfl_up above), not from a lane test.
template <int LANES, class T, class Op>
__device__ __forceinline__ T inclusive_scan_lanes(T x, Op& op) {
#pragma unroll
  for (int d = 1; d < LANES; d *= 2) {
    bool exists;
    const T up = shfl_up(x, d, exists);
    if (exists) x = op(up, x);
  }
  return x;
}

/// The same over the by-key scans' segment items whose heads are flags (C = bool): one ballot
/// of the flags gives each lane the last head at or below it (31 - __clz, as warp_binary_scan's
/// segmented sums), and step d takes lane l - d's value only from within that segment, so the
/// values are shuffled alone. (Items that count their heads keep the generic ladder: their
/// counts need a scan of their own.)
template <int LANES, class V, class Op>
__device__ __forceinline__ predix::detail::segment_value<V, bool> inclusive_scan_lanes(
    predix::detail::segment_value<V, bool> x, predix::detail::segment_op<Op>& op) {
  const unsigned upto = __ballot_sync(full_warp_mask, x.heads) & lanemask_le();
  const int first = upto != 0 ? 31 - __clz(upto) : -1;  // -1: the segment began before lane 0
  const int lane = static_cast<int>(lane_id());
#pragma unroll
  for (int d = 1; d < LANES; d *= 2) {
    bool exists;
    const V up = shfl_up(x.value, d, exists);
    if (exists && lane - d >= first) x.value = static_cast<V>(op.op(up, x.value));
  }
  x.heads = upto != 0;
  return x;
}

/// Reduction of lanes 0..LANES-1 into lane 0: step d joins the runs [i, i+d) and [i+d, i+2d).
template <int LANES, class T, class Op>
__device__ __forceinline__ T reduce_lanes_to_first(T x, Op& op) {
  const unsigned lane = lane_id();
#pragma unroll
  for (int d = 1; d < LANES; d *= 2) {
    const T down = shfl_down(x, d);
    if (lane + d < static_cast<unsigned>(LANES)) x = op(x, down);
  }
  return x;
}

/// Ordered reduction of the lanes [lo, hi) (runtime bounds): lane l of [lo, hi) ends with
/// x_l · x_l+1 · ... · x_hi-1 (a suffix scan by shfl_down). Lanes outside [lo, hi) never call
/// op and keep their own value, so they may hold anything.
template <class T, class Op>
__device__ __forceinline__ T suffix_reduce_lanes(T x, int lo, int hi, Op& op) {
  const int lane = static_cast<int>(lane_id());
#pragma unroll
  for (int d = 1; d < warp_threads; d *= 2) {
    const T down = shfl_down(x, d);
    if (lane >= lo && lane + d < hi) x = op(x, down);
  }
  return x;
}

}  // namespace predix::gpu::detail
