#pragma once
// The heads of the segmented binary path (scan_agent.cuh: the scans and reductions by key of
// 0/1 values): for each lane's chunk of a striped tile, the ones before it and the last head
// before it, with the ones before that head, so that an item's result counts the ones of its
// own segment (and, for reduce_by_key, the heads before it: its segment's number).
//   tile     0 1 2 3 | 4 5 6 7     chunks of 4 items: lane 0, lane 1
//   values   1 1 0 1 | 0 1 1 1
//   heads    1 0 0 0 | 0 0 1 0
//   lane 1's chunk: 3 ones before it, its last head before it at 0 (0 ones before that);
//   item 7 (inclusive) lies in the segment of the head at 6 (4 ones before it): 6 ones through
//   item 7 − 4 = 2 ones in 7 − 6 + 1 = 2 items.
// A head travels as one word, (its place in the tile + 1) << 16 | the ones before it in the
// tile, 0 for none: a later head is a larger word, so the last head is a maximum (tiles of
// fewer than 2^16 items). Per row a ballot of the chunks with a head and one shuffle find the
// last one before each lane (31 − __clz, as warp_binary_scan's segmented sums); the heads are
// counted as the ones are (warp_ones); the warps' counts and last heads meet in one block
// step, one barrier.
#include <predix/cuda/detail/warp_offsets.cuh>

namespace predix::gpu::detail {

/// A head as one word (above): its place in the tile and the ones before it.
struct packed_head {
  static __device__ __forceinline__ unsigned of(int at, int ones) {
    return (static_cast<unsigned>(at + 1) << 16) | static_cast<unsigned>(ones);
  }
  static __device__ __forceinline__ int at(unsigned h) { return static_cast<int>(h >> 16) - 1; }
  static __device__ __forceinline__ int ones(unsigned h) { return static_cast<int>(h & 0xffffu); }
  /// The last of `heads` (a chunk's head flags, some set) in the chunk at `at` whose values are
  /// `bits` and which has `ones` before it.
  static __device__ __forceinline__ unsigned last_in_chunk(unsigned bits, unsigned heads, int at,
                                                           int ones) {
    const int k = 31 - __clz(heads);
    return of(at + k, ones + __popc(bits & ((1u << k) - 1)));
  }
};

/// The block step: each warp's count word and last head (its ones counted from the warp's first
/// item) → the count words of the warps before and of the block, the last head in the warps
/// before and the block's last head (ones counted in the tile). A count word holds the ones in
/// bits 0–15 and, where the heads are counted (reduce_by_key), the heads in bits 16–31: one sum
/// adds both, neither carries (a tile has fewer than 2^16 items).
template <int WARPS>
struct segment_offsets {
  static_assert(WARPS >= 1 && WARPS <= 32, "a block has 1 to 32 warps");
  struct TempStorage {
    unsigned count[WARPS];
    unsigned head[WARPS];
  };
  struct result {
    unsigned before, total;
    unsigned head_before, last;
  };

  static __device__ __forceinline__ result scan(TempStorage& storage, unsigned count,
                                                unsigned head, int warp) {
    if constexpr (WARPS == 1) {
      return {0u, count, 0u, head};
    } else {
      const unsigned lane = lane_id();
      if (lane == 0) {
        storage.count[warp] = count;
        storage.head[warp] = head;
      }
      __syncthreads();
      const unsigned c = lane < WARPS ? storage.count[lane] : 0u;
      const unsigned h = lane < WARPS ? storage.head[lane] : 0u;
      auto plus = [](unsigned a, unsigned b) { return a + b; };
      auto latest = [](unsigned a, unsigned b) { return a > b ? a : b; };
      const unsigned upto = inclusive_scan_lanes<WARPS>(c, plus);
      const unsigned in_tile = h != 0 ? h + ((upto - c) & 0xffffu) : 0u;  // + the ones before
      const unsigned last = inclusive_scan_lanes<WARPS>(in_tile, latest);
      const int from = warp == 0 ? 0 : warp - 1;
      const unsigned before = __shfl_sync(full_warp_mask, upto, from);
      const unsigned head_before = __shfl_sync(full_warp_mask, last, from);
      return {warp == 0 ? 0u : before, __shfl_sync(full_warp_mask, upto, WARPS - 1),
              warp == 0 ? 0u : head_before, __shfl_sync(full_warp_mask, last, WARPS - 1)};
    }
  }
};

/// A tile's segments (striped_segments): its ones, its heads (counted: COUNTED only) and its
/// last head (0: none).
struct tile_segments {
  int ones, heads;
  unsigned last;
};

/// striped_ones with heads: from each lane's chunk of row r (values bits[r], head flags
/// heads[r], at offset + r · ROW_ITEMS in the tile), before[r] gets the ones in the tile before
/// the chunk, head_before[r] the last head before it (0: none in the tile) and, COUNTED,
/// heads_before[r] the heads in the tile before it. Every thread of the block calls it (one
/// barrier).
template <int ROWS, int CHUNK_BITS, int WARPS, int ROW_ITEMS, bool COUNTED>
__device__ __forceinline__ tile_segments striped_segments(
    typename segment_offsets<WARPS>::TempStorage& storage, const unsigned (&bits)[ROWS],
    const unsigned (&heads)[ROWS], int offset, int (&before)[ROWS],
    unsigned (&head_before)[ROWS], int (&heads_before)[ROWS]) {
  const int warp_count = warp_ones<ROWS, CHUNK_BITS>(bits, before);
  int warp_heads = 0;
  if constexpr (COUNTED) warp_heads = warp_ones<ROWS, CHUNK_BITS>(heads, heads_before);
  unsigned carried = 0;  // the warp's last head in the rows before (ones from the warp's start)
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
    const unsigned own = heads[r] != 0 ? packed_head::last_in_chunk(
                                             bits[r], heads[r], offset + r * ROW_ITEMS, before[r])
                                       : 0u;
    const unsigned with = __ballot_sync(full_warp_mask, own != 0);
    const unsigned below = with & lanemask_lt();
    const int below_lane = below != 0 ? 31 - __clz(below) : 0;
    const unsigned from_below = __shfl_sync(full_warp_mask, own, below_lane);
    head_before[r] = below != 0 ? from_below : carried;
    if (with != 0) carried = __shfl_sync(full_warp_mask, own, 31 - __clz(with));
  }
  const int warp = static_cast<int>(threadIdx.x / warp_threads);
  const auto block = segment_offsets<WARPS>::scan(
      storage, static_cast<unsigned>(warp_count) | static_cast<unsigned>(warp_heads) << 16,
      carried, warp);
  const unsigned ones_before = block.before & 0xffffu;
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {  // counted in the tile
    before[r] += static_cast<int>(ones_before);
    head_before[r] = head_before[r] != 0 ? head_before[r] + ones_before : block.head_before;
    if constexpr (COUNTED) heads_before[r] += static_cast<int>(block.before >> 16);
  }
  return {static_cast<int>(block.total & 0xffffu), static_cast<int>(block.total >> 16),
          block.last};
}

}  // namespace predix::gpu::detail
