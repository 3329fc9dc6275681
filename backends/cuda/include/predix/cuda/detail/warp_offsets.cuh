#pragma once
// The block step of the binary block scans: each warp's count → the count of the warps
// before it and the block's count, with one barrier and WARPS ints of shared memory.
//   warp counts 3 0 5 2  →  offsets 0 3 3 8, block count 10
// Lane 0 of each warp stores its count; after the barrier every warp reads the (at most
// 32) counts, one per lane, and adds them itself: two redux.sync on sm_80 and newer, a
// shuffle scan before. No second barrier is needed to share the result.
#include <predix/cuda/detail/shuffle.cuh>
#include <predix/cuda/warp/warp_bit_plane_scan.cuh>
#include <predix/cuda/warp/warp_scan.cuh>

namespace predix::gpu::detail {

template <int WARPS>
struct warp_offsets {
  static_assert(WARPS >= 1 && WARPS <= 32, "a block has 1 to 32 warps");
  struct TempStorage {
    int count[WARPS];
  };

  /// {count of warps before `warp`, block count}; every thread of the block calls it.
  static __device__ __forceinline__ scan_result<int> scan(TempStorage& storage, int count,
                                                          int warp) {
    if constexpr (WARPS == 1) {
      return {0, count};
    } else {
      const unsigned lane = lane_id();
      if (lane == 0) storage.count[warp] = count;
      __syncthreads();
      const int c = lane < WARPS ? storage.count[lane] : 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
      const int before = __reduce_add_sync(full_warp_mask, lane < unsigned(warp) ? c : 0);
      return {before, static_cast<int>(__reduce_add_sync(full_warp_mask, c))};
#else
      auto plus = [](int a, int b) { return a + b; };
      const int upto = inclusive_scan_lanes<WARPS>(c, plus);
      const int before = __shfl_sync(full_warp_mask, upto, warp == 0 ? 0 : warp - 1);
      return {warp == 0 ? 0 : before, __shfl_sync(full_warp_mask, upto, WARPS - 1)};
#endif
    }
  }
};

/// Makes a chunk's bit mask (bit j: item j is 1) one opaque register, once it is built and
/// before its counts and ranks are taken (scan.cuh's binary path, select.cuh). Without it ptxas
/// 13.0 may rebuild the masks of an item's predecessors from the predicate registers it packed
/// them from, which costs registers (the bool → int8 exclusive scan: 96 → 32) and, in the
/// scan's kernel of whole tiles, took two bits of item 11 of each chunk from stale predicates:
/// a ptxas fault, reproduced without predix in docs/perf/seal_mask_repro.cu (docs/perf/
/// look_back.md "The tile from the block index"); Scan.BinaryPathEveryOpAndAccumulator fails
/// without it.
__device__ __forceinline__ void seal_mask(unsigned& bits) { asm volatile("" : "+r"(bits)); }
/// seal_mask of every row's mask, once all rows are loaded.
template <int ROWS>
__device__ __forceinline__ void seal_masks(unsigned (&bits)[ROWS]) {
#pragma unroll
  for (int r = 0; r < ROWS; ++r) seal_mask(bits[r]);
}

/// The counts of a striped tile's 0/1 items within one warp (striped_ones' first step): from each
/// lane's chunk of row r as a bit mask bits[r] (CHUNK_BITS bits hold its count), before[r]
/// gets the ones in the warp before that chunk (earlier rows included); returns the warp's
/// ones. Chunks of one item (CHUNK_BITS 1): per row, a lane's rank is __popc(ballot &
/// lanemask_lt) (warp_bit_plane_scan<1>). Wider chunks: the rows' counts are scanned together,
/// packed into fields of 32-bit words wide enough for a row's warp total (CHUNK_BITS + 5
/// bits), one shuffle scan per word instead of CHUNK_BITS ballots per row (docs/perf/README.md:
/// uint8 selection, 4 rows of 16-item chunks, 10-bit fields in two words).
///   row counts (lane 0, lane 1, ...)  r0: 3 5 ..  r1: 1 0 ..  →  word  r0 | r1 << 10 | ...
template <int ROWS, int CHUNK_BITS>
__device__ __forceinline__ int warp_ones(const unsigned (&bits)[ROWS], int (&before)[ROWS]) {
  int warp_count = 0;
  if constexpr (CHUNK_BITS == 1) {
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      const scan_result<int> row = warp_bit_plane_scan<1>::exclusive_sum(__popc(bits[r]));
      before[r] = warp_count + row.value;
      warp_count += row.aggregate;
    }
  } else {
    constexpr int FIELD = CHUNK_BITS + 5;  // a row's warp total: at most 32 · CHUNK
    constexpr int FIELDS = 32 / FIELD;
    constexpr int WORDS = (ROWS + FIELDS - 1) / FIELDS;
    constexpr unsigned FIELD_MASK = (1u << FIELD) - 1;
    unsigned own[WORDS] = {}, upto[WORDS], total[WORDS];
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      own[r / FIELDS] |= static_cast<unsigned>(__popc(bits[r])) << (FIELD * (r % FIELDS));
    }
#pragma unroll
    for (int w = 0; w < WORDS; ++w) {  // one sum scans every field: none overflows
      const scan_result<unsigned> sums = warp_scan<unsigned>::inclusive_sum(own[w]);
      upto[w] = sums.value - own[w];  // exclusive, field by field
      total[w] = sums.aggregate;
    }
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      const int shift = FIELD * (r % FIELDS);
      before[r] = warp_count + static_cast<int>((upto[r / FIELDS] >> shift) & FIELD_MASK);
      warp_count += static_cast<int>((total[r / FIELDS] >> shift) & FIELD_MASK);
    }
  }
  return warp_count;
}

/// The counts of a striped tile's 0/1 items (scan.cuh's binary path, select.cuh): warp_ones,
/// then the block step; returns {ones in the warps before, ones in the block}. Every thread of
/// the block calls it (one barrier).
template <int ROWS, int CHUNK_BITS, int WARPS>
__device__ __forceinline__ scan_result<int> striped_ones(
    typename warp_offsets<WARPS>::TempStorage& storage, const unsigned (&bits)[ROWS],
    int (&before)[ROWS]) {
  const int warp_count = warp_ones<ROWS, CHUNK_BITS>(bits, before);
  const int warp = static_cast<int>(threadIdx.x / warp_threads);
  return warp_offsets<WARPS>::scan(storage, warp_count, warp);
}

}  // namespace predix::gpu::detail
