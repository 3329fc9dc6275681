#pragma once
// Device-wide reduce: init · x0 · x1 · ... in the init's type T; op is associative and need
// not commute.
//   in 3 1 4 1 5, init 0, plus → 14      flags 1 0 1 1 (bool), init 0 → 3      no init → true
// Generic path, one kernel; every block reduces its part into one partial, and the last
// block to finish (a counter, set back to zero) joins the partials in block order and
// publishes init · total (to a mapped slot the host polls, or to device memory: reduce.cuh).
// A block's part, by the op:
//   any op      the grid's warps each take a contiguous run of warp tiles (32 lanes × ITEMS
//               items) and join each tile's lanes in order by shuffles;
//   commuting   (plus, multiplies, the bit and logical ops, maximum, minimum — commutes_v in
//               functional.cuh — over arithmetic items of T's own type) blocks stride over
//               the tiles as count_if's do, their items in any order (load_unordered:
//               vectors striped over the block), every thread keeping its own running total,
//               joined once at the end. Sums of 1- and 2-byte integers add packed words, 4
//               bytes per __dp4a and 2 halves per __dp2a_lo, exactly in 32 bits, then in T.
// Unaligned data: the source moved on past its head (to a 128-byte line:
// tuning source_head_bytes), whose items thread 0 of block 0 joins in order before its block's
// total.
// Binary path (uses_binary_path_v, binary_path.cuh): the result is A(op(init, A(v))) with v
// the count of ones (sum, parity: count_if.cuh), or whether a 1 exists (any) or no 0 does
// (all), both by find_if.cuh, which stops at the first one.
#include <predix/cuda/binary_path.cuh>
#include <predix/cuda/device/count_if_agent.cuh>

namespace predix::gpu {
namespace detail {
struct is_one {
  template <class T>
  __host__ __device__ bool operator()(const T& x) const { return static_cast<bool>(x); }
};
struct is_zero {
  template <class T>
  __host__ __device__ bool operator()(const T& x) const { return !static_cast<bool>(x); }
};

/// A sum of contiguous 1- or 2-byte integers (E) into an integer type T (their own, or
/// CUB's wider accumulator), done on packed words.
template <class Source, class T, class Op>
inline constexpr bool packed_sum_v = false;
template <class E, class T, class Op>
inline constexpr bool packed_sum_v<pointer_source<E, identity>, T, Op> =
    std::is_integral_v<E> && !std::is_same_v<E, bool> && sizeof(E) <= 2 &&
    std::is_integral_v<T> && !std::is_same_v<T, bool> &&
    (std::is_same_v<Op, ::cuda::std::plus<>> || std::is_same_v<Op, ::cuda::std::plus<E>> ||
     std::is_same_v<Op, ::cuda::std::plus<T>>);

/// The exact sum of the 16 / 8 integers E packed in `raw` (|sum| < 2^20: it fits), as a 32-bit
/// integer; converted to T, it is what adding them one by one in T gives (modulo T's range).
template <class E>
__device__ __forceinline__ long long packed_sum(const uint4& raw) {
  constexpr bool ONE = sizeof(E) == 1;
  if constexpr (std::is_signed_v<E>) {
    int sum = 0;
    for (const unsigned word : {raw.x, raw.y, raw.z, raw.w}) {
      const int w = static_cast<int>(word);
      sum = ONE ? __dp4a(w, 0x01010101, sum) : __dp2a_lo(w, 0x0101, sum);
    }
    return sum;
  } else {
    unsigned sum = 0;
    for (const unsigned word : {raw.x, raw.y, raw.z, raw.w}) {
      sum = ONE ? __dp4a(word, 0x01010101u, sum) : __dp2a_lo(word, 0x0101u, sum);
    }
    return sum;
  }
}

/// Joins in order the totals held by lane 0 of warps [0, warps) of the block; thread 0
/// returns the result. `totals`: WARPS items of shared memory.
template <class T, class Op>
__device__ __forceinline__ T join_warps(const T& warp_total, int warps, Op& op, T* totals) {
  const int warp = threadIdx.x / warp_threads;
  const int lane = static_cast<int>(lane_id());
  if (lane == 0 && warp < warps) totals[warp] = warp_total;
  __syncthreads();
  T total = warp_total;
  if (warp == 0) total = suffix_reduce_lanes(totals[lane < warps ? lane : 0], 0, warps, op);
  return total;
}

/// Joins in order the values of the block's threads [0, holders); thread 0 returns the result.
template <class T, class Op>
__device__ __forceinline__ T join_threads(const T& x, int holders, Op& op, T* totals) {
  const int in_warp = holders - static_cast<int>(threadIdx.x / warp_threads) * warp_threads;
  const T warp_total =
      suffix_reduce_lanes(x, 0, in_warp < warp_threads ? in_warp : warp_threads, op);
  return join_warps(warp_total, (holders + warp_threads - 1) / warp_threads, op, totals);
}

/// Ends a reduce_kernel block with its total in thread 0: a one-block grid publishes
/// init · total; otherwise the block leaves its partial, and the last block to count itself
/// done joins all partials in block order (each thread a run of them) into init · total.
/// The publish is the kernel's last memory operation: the counter is zero again and every
/// partial read (join_warps' barrier) before it (call_slots::get_polled).
template <int THREADS, class T, class Op, class Result>
__device__ __forceinline__ void finish_grid(const T& block_total, const T& init, Op& op,
                                            T* partials, unsigned long long* counters,
                                            const Result& result, T* totals) {
  if (gridDim.x == 1) {
    if (threadIdx.x == 0) result.publish(static_cast<T>(op(init, block_total)));
    return;
  }
  __shared__ bool last;
  if (threadIdx.x == 0) {  // counters[0]: the blocks done, counters[1]: the tiles taken
    partials[blockIdx.x] = block_total;
    __threadfence();
    last = atomicAdd(&counters[0], 1ull) == gridDim.x - 1;
    if (last) counters[0] = counters[1] = 0;  // back to zero for the next call (call_slots.hpp)
    __threadfence();
  }
  __syncthreads();
  if (!last) return;
  const unsigned per = (gridDim.x + THREADS - 1) / THREADS;
  const unsigned from = threadIdx.x * per;
  const unsigned to = from + per < gridDim.x ? from + per : gridDim.x;
  T mine;
  for (unsigned i = from; i < to; ++i) mine = i == from ? partials[i] : static_cast<T>(op(mine, partials[i]));
  const int holders = static_cast<int>((gridDim.x + per - 1) / per);  // a prefix of the threads
  const T total = join_threads(mine, holders, op, totals);
  if (threadIdx.x == 0) result.publish(static_cast<T>(op(init, total)));
}
}  // namespace detail

namespace detail {
/// The block's total (in thread 0) of the grid's warp tiles (32 lanes × ITEMS items, lane l
/// holding items l·ITEMS ..) in order: warp w of the grid takes its own contiguous run of
/// them, an even share, and after every tile joins its lanes in order by shuffles.
template <class shape, class Source, class T, class Op>
__device__ __forceinline__ T ordered_total(const Source& source, long long n, bool aligned, Op& op,
                                           T* totals) {
  constexpr int WARPS = shape::THREADS / warp_threads;
  constexpr long long WARP_TILE = static_cast<long long>(warp_threads) * shape::ITEMS;
  const int lane = static_cast<int>(lane_id());
  const int warp = threadIdx.x / warp_threads;
  // Warp w takes warp tiles [begin, end): the first r warps one more than q.
  const long long warp_tiles = (n + WARP_TILE - 1) / WARP_TILE;
  const long long warps = static_cast<long long>(gridDim.x) * WARPS;
  const long long q = warp_tiles / warps, r = warp_tiles % warps;
  const long long w = static_cast<long long>(blockIdx.x) * WARPS + warp;
  const long long begin = w * q + (w < r ? w : r);
  const long long end = begin + q + (w < r ? 1 : 0);
  T running;  // lane 0: the warp's run so far
  for (long long tile = begin; tile < end; ++tile) {
    const long long first = tile * WARP_TILE + static_cast<long long>(lane) * shape::ITEMS;
    const long long left = n - first;
    const int valid = left <= 0 ? 0 : left < shape::ITEMS ? static_cast<int>(left) : shape::ITEMS;
    T total;  // this lane's items in order (set when valid > 0)
    load_items<shape::ITEMS>(source, first, valid, aligned, [&](int k, const auto& x) {
      total = k == 0 ? static_cast<T>(x) : static_cast<T>(op(total, x));
    });
    const long long lanes = (n - tile * WARP_TILE + shape::ITEMS - 1) / shape::ITEMS;
    const T tile_total =
        suffix_reduce_lanes(total, 0, lanes < warp_threads ? static_cast<int>(lanes) : warp_threads, op);
    if (lane == 0) running = tile == begin ? tile_total : static_cast<T>(op(running, tile_total));
  }
  // The warps with runs are a prefix of the grid's warps, so of this block's.
  const long long with_runs = q > 0 ? WARPS : r - static_cast<long long>(blockIdx.x) * WARPS;
  return join_warps(running, with_runs < WARPS ? static_cast<int>(with_runs) : WARPS, op, totals);
}

/// The block's total (in thread 0) for an op that commutes: blocks stride over the tiles
/// and take the last ones from counters[1] as count_if's do (for_each_stream_tile), each thread
/// keeping its own running total of the items that load_unordered gives it.
template <class shape, class Source, class T, class Op>
__device__ __forceinline__ T commuting_total(const Source& source, long long n, bool aligned,
                                             Op& op, unsigned long long* counters, T* totals) {
  T running;  // this thread's items so far (set once it had some)
  for_each_stream_tile<shape>(n, counters, 1, [&](long long tile_first, bool piece) {
    T total;  // this tile's (set once an item came)
    bool first = true;
    auto on_item = [&](const auto& x) {
      total = first ? static_cast<T>(x) : static_cast<T>(op(total, x));
      first = false;
    };
    auto on_vector = [&](const auto& raw) {  // generic: compiled for vector sources only
      if constexpr (packed_sum_v<Source, T, Op>) {
        on_item(static_cast<T>(packed_sum<typename Source::element>(raw)));
      } else {
        visit_vector(source, raw, on_item);
      }
    };
    if (load_unordered<shape::THREADS, shape::ITEMS, shape::PARTS>(
            source, tile_first, n - tile_first, aligned, on_vector, on_item, piece)) {
      running = tile_first == blockIdx.x * shape::TILE ? total : static_cast<T>(op(running, total));
    }
  });
  // Every thread with items has some in the block's first tile: a prefix of the block.
  const long long holders = n - blockIdx.x * shape::TILE;
  return join_threads(running, holders < shape::THREADS ? static_cast<int>(holders) : shape::THREADS,
                      op, totals);
}
}  // namespace detail

/// Result: where init · total goes (publish), as count_if_kernel's count.
template <class Source, class T, class Op, bool COMMUTES, class Result>
__global__ void __launch_bounds__(stream_shape<Source>::THREADS)
    reduce_kernel(Source source, long long n, bool aligned, int head, Op op, T init, T* partials,
                  unsigned long long* counters, Result result) {
  using shape = stream_shape<Source>;
  __shared__ T totals[shape::THREADS / warp_threads];
  T block_total;
  if constexpr (COMMUTES) {
    block_total = detail::commuting_total<shape>(source, n, aligned, op, counters, totals);
  } else {
    block_total = detail::ordered_total<shape>(source, n, aligned, op, totals);
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && head > 0) {  // the head, items −head … −1, first
    T joined = static_cast<T>(source[-head]);
    for (int k = 1 - head; k < 0; ++k) joined = static_cast<T>(op(joined, source[k]));
    block_total = static_cast<T>(op(joined, block_total));
  }
  detail::finish_grid<shape::THREADS>(block_total, init, op, partials, counters, result, totals);
}

}  // namespace predix::gpu
