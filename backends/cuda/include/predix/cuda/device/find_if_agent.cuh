#pragma once
// Device-wide find_if (and find_if_not, find, any_of, all_of, none_of, partition_point,
// is_partitioned through the public layer): one kernel that stops early.
//   flags 0 0 1 0 1  →  index 2
// Blocks stride over the tiles in order (block b: tiles b, b + grid, ...). Each thread evaluates
// its items into a bit mask (find_if_not's negated predicate, of 1-byte items, tested as the one it
// wraps and the mask flipped: tuning flip_negated); a warp's earliest match is the lowest lane of
// __ballot_sync and that lane's lowest bit (__ffsll), reported by atomicMax of ~index into one word
// (zero: "none"; the largest ~index is the smallest index). After each tile the block stops if it
// found a match (its later tiles can only be later) or if the word holds a match before its next
// tile: the work done grows with the position of the first match, not with n. Every tile before the
// first match is read, so the result is exact. The last block to stop (a second word counts them)
// sets both words back to zero and then publishes the first's index (n: none; to a mapped slot
// the host polls, or to device memory: find_if.cuh).
// Contiguous primitive data, aligned: the tiles of one vector per thread cover only the first wave
// and the first 1/32 of the range (tuning::sm90::find); the later tiles have
// PREDIX_FIND_LATER_BYTES_PER_THREAD per thread, striped over the block as count_if reads them
// (earliest_in_later_tile: load_unordered), and every thread that matches reports its earliest
// match (a warp's lanes are no longer in order of place). Fewer barriers and atomic reads per item
// where a range has no early match; a match in the first 1/32 costs what it did with small tiles
// only.
// Unaligned data: the tiles cover the source moved on past its head (to a
// 128-byte line: tuning source_head_bytes), and block 0 tests the head's items, one per thread,
// before its first tile; every index reported counts from the range's first item.
#include <cuda/atomic>

#include <predix/cuda/device/count_if_agent.cuh>

namespace predix::gpu {

template <class Source>
using find_shape = stream_shape<Source, tuning::active::find>;

namespace detail {
/// Ends a find_if tile: a thread that matched reports its earliest match (`index`) as ~index
/// (only the lowest matching lane of a warp when `lanes_in_order`: its match is the warp's
/// earliest), and the block stops if any thread matched or the earliest match known lies
/// before `next`, where the block's next tile starts.
__device__ __forceinline__ bool end_tile(
    ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device>& earliest, bool hit,
    long long index, long long next, bool lanes_in_order) {
  const unsigned lanes = __ballot_sync(full_warp_mask, hit);
  if (hit && (!lanes_in_order || lane_id() == static_cast<unsigned>(__ffs(lanes) - 1))) {
    earliest.fetch_max(~static_cast<unsigned long long>(index), ::cuda::memory_order_relaxed);
  }
  const bool known =  // one read of the word per block (thread 0)
      threadIdx.x == 0 &&
      ~earliest.load(::cuda::memory_order_relaxed) < static_cast<unsigned long long>(next);
  return __syncthreads_or(hit || known);
}

/// The earliest match of this thread in a later tile of ITEMS items per thread from item
/// `first`, read as load_unordered reads them (whole tiles: 16-byte vector v of thread t is the
/// tile's vector v·THREADS + t; the ragged last tile: item k·THREADS + t), or -1. An item
/// matches where `tested` gives the opposite of FLIP.
template <int THREADS, int ITEMS, bool FLIP, class Source, class Pred>
__device__ __forceinline__ long long earliest_in_later_tile(const Source& source, long long first,
                                                            long long n, bool aligned,
                                                            Pred& tested) {
  constexpr int PER = 16 / Source::element_bytes;
  long long index = -1;
  int v = 0, k = 0;  // the vector, the item, in the order load_unordered gives them
  auto on_vector = [&](const uint4& raw) {
    unsigned bits = 0;
    int j = 0;
    auto on_item = [&](const auto& x) {
      bits |= static_cast<unsigned>(predix::detail::test(tested, x)) << j++;
    };
    visit_vector(source, raw, on_item);
    if constexpr (FLIP) bits ^= (1u << PER) - 1;
    if (index < 0 && bits != 0) {
      index = first + (static_cast<long long>(v) * THREADS + threadIdx.x) * PER + __ffs(bits) - 1;
    }
    ++v;
  };
  auto on_item = [&](const auto& x) {
    if (index < 0 && predix::detail::test(tested, x) != FLIP) {
      index = first + static_cast<long long>(k) * THREADS + threadIdx.x;
    }
    ++k;
  };
  load_unordered<THREADS, ITEMS>(source, first, n - first, aligned, on_vector, on_item);
  return index;
}
}  // namespace detail

/// Result: where the index goes (publish), as count_if_kernel's count.
template <class Source, class Pred, class Result>
__global__ void __launch_bounds__(find_shape<Source>::THREADS)
    find_if_kernel(Source source, long long n, bool aligned, int head, Pred pred,
                   unsigned long long* words, Result result) {
  using shape = find_shape<Source>;
  static_assert(shape::ITEMS <= 64, "a thread's matches fit one 64-bit mask");
  static_assert(shape::THREADS >= tuning::active::source_head_bytes, "a head item per thread");
  constexpr int LATER_VECTORS =
      Source::primitive && Source::element_bytes <= 8 ? tuning::active::find::later_vectors : 0;
  constexpr int LATER_ITEMS = LATER_VECTORS * (16 / Source::element_bytes);  // per thread
  constexpr long long LATER_TILE = static_cast<long long>(shape::THREADS) * LATER_ITEMS;
  // words[0]: the earliest match as ~index (0: none yet), words[1]: the blocks finished
  ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device> earliest(words[0]);
  const long long tiles = (n + shape::TILE - 1) / shape::TILE;
  // With later tiles, the tiles of shape::TILE cover the first wave and the first
  // 1/find::later_from of the range (so that an early match stops within them), rounded up to
  // whole waves; the later tiles start where they end, block b taking the b-th and every
  // grid-th after it.
  const bool later = LATER_VECTORS > 0 && aligned;
  long long first_tiles = tiles;
  if (later) {
    const long long early = n / tuning::active::find::later_from / shape::TILE + 1;
    first_tiles = (early + gridDim.x - 1) / gridDim.x * gridDim.x;
  }
  const long long later_first = first_tiles * shape::TILE;
  // A negated predicate (find_if_not) is tested as the one it wraps, each mask flipped once.
  constexpr bool FLIP = predix::detail::plain_predicate<Pred>::negated &&
                        tuning::active::find::flip_negated(Source::element_bytes);
  auto& tested = predix::detail::tested_predicate<FLIP>(pred);
  bool stop = false;  // the same in every thread of the block (end_tile)
  if (blockIdx.x == 0 && head > 0) {  // the head: items −head … −1, before any tile
    const int k = static_cast<int>(threadIdx.x) - head;
    const bool hit = k < 0 && predix::detail::test(pred, source[k]);
    stop = detail::end_tile(earliest, hit, threadIdx.x, head, true);
  }
  for (long long tile = blockIdx.x; !stop && tile < tiles && tile < first_tiles;
       tile += gridDim.x) {
    long long first;
    const int valid = shape::thread_items(tile, n, first);
    unsigned long long bits = 0;  // bit k: item k matches
    detail::load_items<shape::ITEMS>(source, first, valid, aligned, [&](int k, const auto& x) {
      bits |= static_cast<unsigned long long>(predix::detail::test(tested, x)) << k;
    });
    if constexpr (FLIP) bits ^= valid == 64 ? ~0ULL : (1ULL << valid) - 1;  // valid items only
    const long long next = tile + gridDim.x < first_tiles
                               ? (tile + gridDim.x) * shape::TILE
                               : later_first + blockIdx.x * LATER_TILE;
    stop = detail::end_tile(earliest, bits != 0, head + first + __ffsll(bits) - 1, head + next,
                            true);
  }
  if constexpr (LATER_VECTORS > 0) {
    for (long long at = later_first + blockIdx.x * LATER_TILE; later && !stop && at < n;
         at += gridDim.x * LATER_TILE) {
      const long long index = detail::earliest_in_later_tile<shape::THREADS, LATER_ITEMS, FLIP>(
          source, at, n, aligned, tested);
      stop = detail::end_tile(earliest, index >= 0, head + index,
                              head + at + gridDim.x * LATER_TILE, false);
    }
  }
  if (threadIdx.x == 0) {  // the last block to finish: both words back to zero, the answer out
    __threadfence();
    if (atomicAdd(&words[1], 1ull) == gridDim.x - 1) {
      const unsigned long long found = earliest.exchange(0, ::cuda::memory_order_relaxed);
      words[1] = 0;
      result.publish(found == 0 ? static_cast<unsigned long long>(head + n) : ~found);
    }
  }
}

}  // namespace predix::gpu
