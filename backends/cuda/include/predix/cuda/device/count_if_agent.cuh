#pragma once
// Device-wide count_if (and count, through the public layer): one kernel.
//   flags 1 0 1 1 0 1  →  4
// Blocks stride over the tiles and take the last round in half tiles one at a time from a counter
// (for_each_stream_tile: a block that finishes early reads more). Each thread adds up its predicate
// bits (items in any order: tile_io.cuh's load_unordered, 16-byte vectors striped over the block
// where it can), the block sums its threads once at the end and adds the sum to a zeroed device
// counter with ONE atomicAdd per block; the last block to finish (a second counter) sets the
// counters back to zero and then publishes the total (to a mapped slot the host polls, or to device
// memory: count_if.cuh). A one-block launch (n within a tile) publishes its sum directly, with no
// counters. Unaligned data: the source moved on past its head (to a 128-byte line: tuning
// source_head_bytes), whose items block 0 counts at the end, one per thread.
#include <predix/cuda/block/block_reduce.cuh>
#include <predix/cuda/detail/call_slots.hpp>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/tile_io.cuh>
#include <predix/cuda/functional.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/tuning/tuning.cuh>
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>

namespace predix::gpu {

/// The tiles of a kernel that streams over its input: THREADS × ITEMS items of Source.
template <class Source, class Tuning = tuning::active::stream>
struct stream_shape {
  static constexpr int THREADS = Tuning::threads;
  static constexpr int ITEMS = Tuning::items(Source::element_bytes);
  static constexpr long long TILE = static_cast<long long>(THREADS) * ITEMS;
  /// Pieces per tile of the taken round (for_each_stream_tile): whole tiles where ITEMS
  /// does not part evenly.
  static constexpr int PARTS = ITEMS % Tuning::taken_parts == 0 ? Tuning::taken_parts : 1;
  /// The thread's first item in `tile` and how many of its ITEMS items are in range.
  static __device__ int thread_items(long long tile, long long n, long long& first) {
    first = tile * TILE + static_cast<long long>(threadIdx.x) * ITEMS;
    const long long left = n - first;
    return left <= 0 ? 0 : left < ITEMS ? static_cast<int>(left) : ITEMS;
  }
  /// The grid of `kernel` striding over the tiles of n > 0 items: one wave of resident blocks
  /// at most, cut to as many as the rounds of tiles need (16384 tiles on 1056 resident blocks
  /// take 16 rounds of 1024, and 1024 leave no half-empty last round), or, `full` (a kernel
  /// that takes its last round, for_each_stream_tile), the whole wave: every SM as many blocks
  /// (docs/perf/sm90.md "PREDIX_STREAM_TAKEN_ROUNDS").
  template <class Kernel>
  static unsigned grid(Kernel* kernel, long long n, const char* algorithm, bool full = false) {
    const long long tiles = (n + TILE - 1) / TILE;
    const long long resident = detail::resident_blocks(kernel, THREADS, algorithm);
    if (full) return static_cast<unsigned>(tiles < resident ? tiles : resident);
    const long long rounds = (tiles + resident - 1) / resident;
    return static_cast<unsigned>((tiles + rounds - 1) / rounds);
  }
};

/// One call's launch of a kernel that streams over [first, first + n), n > 0 (count_if_kernel,
/// find_if_kernel, reduce_kernel, whose first parameters are the source, its items, whether it
/// is aligned and its head): the source moved on past its head (unaligned data: done apart by
/// block 0), and the grid (`full`: stream_shape::grid).
template <class Shape, class Source>
struct stream_launch {
  template <class Kernel>
  stream_launch(Source from, long long n, Kernel* kernel, bool full, const char* algorithm)
      : source(from),
        head(detail::skip_head<tuning::active::source_head_bytes>(n, source)),
        items(n - head),
        grid(Shape::grid(kernel, items, algorithm, full)) {}

  /// kernel<<<grid>>>(source, items, aligned, head, args...) on the stream, launched plainly
  /// (not as zero_kernel's dependent: docs/async_core.md "Zeroing").
  template <class... Params, class... Args>
  void operator()(void (*kernel)(Params...), cudaStream_t stream, const char* algorithm,
                  const Args&... args) const {
    kernel<<<grid, Shape::THREADS, 0, stream>>>(source, items, source.is_aligned(),
                                                static_cast<int>(head), args...);
    detail::check_launch(algorithm);
  }

  Source source;
  long long head;
  long long items;  // after the head
  unsigned grid;
};

namespace detail {
/// Calls body(first, piece) for the tiles of Shape::TILE items of [0, n) that this block
/// reads, each starting at item `first`, a whole tile or (piece) its first TILE / PARTS items:
/// by stride (tiles b, b + grid, ...), and the last TAKEN rounds of the grid (tuning
/// stream::taken_rounds; after the first round) in pieces taken one at a time from
/// the counter counters[at] instead (zero when the kernel starts; the kernel's last block sets
/// it back to zero; null, and never touched, in a one-block grid, which deals every tile), so
/// that the blocks that finish their dealt tiles early read more of the rest, and all finish
/// within a piece of each other. The next taken piece is asked for while the block reads its
/// current one.
template <class Shape, class Body>
__device__ __forceinline__ void for_each_stream_tile(long long n, unsigned long long* counters,
                                                     int at, Body&& body) {
  constexpr int TAKEN = tuning::active::stream::taken_rounds;
  static_assert(TAKEN >= 1, "a taken round at least");
  constexpr long long TILE = Shape::TILE;
  constexpr int PARTS = Shape::PARTS;
  static_assert(PARTS >= 1 && TILE % PARTS == 0, "whole pieces");
  const long long tiles = (n + TILE - 1) / TILE;
  const long long grid = gridDim.x;
  // A one-block grid deals every tile (its launch has no counters).
  const long long dealt = grid == 1                 ? tiles
                          : tiles / grid > TAKEN + 1 ? (tiles / grid - TAKEN) * grid
                                                     : grid;
  const long long dealt_end = dealt * TILE;  // where the taken pieces begin
  __shared__ long long next[2];
  int slot = 0;
  bool piece = false;
  for (long long first = blockIdx.x * TILE; first < n;) {
    const bool take = dealt < tiles && first + grid * TILE >= dealt_end;  // the same block-wide
    unsigned long long got = 0;
    if (take && threadIdx.x == 0) got = atomicAdd(counters + at, 1ull);
    body(first, piece);
    if (!take) {
      first += grid * TILE;
      continue;
    }
    if (threadIdx.x == 0) next[slot] = dealt_end + static_cast<long long>(got) * (TILE / PARTS);
    __syncthreads();
    first = next[slot];
    slot ^= 1;
    piece = true;
  }
}
}  // namespace detail

/// Result: where the count goes (publish): a mapped slot the host polls (call_slots.hpp
/// polled_count), or device memory (results.cuh stored_result).
template <class Source, class Pred, class Result>
__global__ void __launch_bounds__(stream_shape<Source>::THREADS)
    count_if_kernel(Source source, long long n, bool aligned, int head, Pred pred,
                    unsigned long long* sums, Result result) {
  using shape = stream_shape<Source>;
  __shared__ typename block_reduce<unsigned long long, shape::THREADS>::TempStorage storage;
  unsigned long long mine = 0;
  detail::for_each_stream_tile<shape>(n, sums, 2, [&](long long first, bool piece) {
    int ones = 0;
    auto on_item = [&](const auto& x) { ones += predix::detail::test(pred, x); };
    detail::load_unordered<shape::THREADS, shape::ITEMS, shape::PARTS>(
        source, first, n - first, aligned,
        [&](const auto& raw) { detail::visit_vector(source, raw, on_item); }, on_item, piece);
    mine += static_cast<unsigned>(ones);
  });
  using reduce = block_reduce<unsigned long long, shape::THREADS>;
  unsigned long long total = reduce(storage).sum(mine);
  // The head, one item per thread of block 0.
  static_assert(shape::THREADS >= tuning::active::source_head_bytes, "a head item per thread");
  if (blockIdx.x == 0 && head > 0) {
    const int k = static_cast<int>(threadIdx.x) - head;
    total += static_cast<unsigned>(
        __syncthreads_count(k < 0 && predix::detail::test(pred, source[k])));
  }
  if (threadIdx.x == 0) {
    if (gridDim.x == 1) {
      result.publish(total);
    } else {  // sums[0]: the count so far, sums[1]: blocks done, sums[2]: tiles taken
      if (total != 0) atomicAdd(&sums[0], total);
      __threadfence();
      if (atomicAdd(&sums[1], 1ull) == gridDim.x - 1) {  // the last: all back to zero, then
        const unsigned long long count = atomicExch(&sums[0], 0ull);  // the count out last
        sums[1] = 0;
        sums[2] = 0;
        result.publish(count);
      }
    }
  }
}

}  // namespace predix::gpu
