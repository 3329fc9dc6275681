#pragma once
// Device-wide inclusive_scan and exclusive_scan: one pass over the data, tile by tile, each
// tile's prefix from the decoupled look-back of tile_state.cuh.
//   in 3 1 4 1 5, plus       → inclusive 3 4 8 9 14      exclusive(init 0) 0 3 4 8 9
//   flags 1 0 1 1 0 (bool)   → inclusive 1 1 1 1 1 (running OR: bool accumulator)
//                              exclusive(init 0) 0 1 1 2 3 (a count: int accumulator)
// One block per tile, numbered by take_tile (tile_state.cuh: the block's index), so every
// tile it waits for is held by a block that is already running or done. Two kernels: one of
// whole tiles (vector accesses without checks) and a general one of smaller tiles (tuning)
// for the rest: a ragged tail, unaligned data, or all of a small call (one launch, and its
// tiles spread over more SMs). A tile is striped (tile_io.cuh: striped_tile): each warp
// owns ROWS rows of 32 chunks of CHUNK consecutive items (one 16-byte vector on the wider
// side: 4 int32, 16 uint8; the by-key sources choose their own: segment_sides.cuh), lane l
// chunk l of every row, so every load and store instruction of a warp moves one contiguous
// run. A block of whole tiles first asks L2 for a tile further on (tile_state.cuh:
// prefetch_ahead). Per tile
// (consume_tile):
//   generic path: per row, each lane reduces its chunk in order, a warp scan (shuffles) of
//     the chunk totals gives each chunk the lanes before it and the row's total; the warps'
//     totals meet in the block step (block_scan::warp_prefix), the block's in the look-back
//     by warp 0; then each chunk is rescanned from its prefix. Primitive inputs stay in
//     registers as loaded (64 bytes per thread); the source's functor runs in both passes.
//   binary path (uses_binary_path_v, binary_path.cuh): per row, each lane's chunk as a bit
//     mask; a warp scan of the chunk counts (striped_ones, warp_offsets.cuh), the warps' counts
//     joined by warp_offsets; every op is a function of counts: with ℓ ones among the j
//     items before an item,
//       sum ℓ, any ℓ > 0, all ℓ == j, parity ℓ & 1     (combined with the tile's prefix)
//     and the result is A(op(init, A(v))) (exclusive) or A(v) (inclusive); the look-back
//     carries the count (32-bit when A has at most 4 bytes: A wraps anyway) or a 0/1 flag.
//   segmented binary path (the scans by key of 0/1 values, scan_on_binary_path_v): per row,
//     the lane's chunk as masks of its values and of its heads; the ones counted as above and,
//     for each chunk, the last head before it (detail/segment_heads.cuh); an item's result is
//     the op of the ones from its segment's head, joined to the tile's prefix where no head of
//     the tile comes before it; the look-back carries (value, has a head) pairs. reduce_by_key's
//     items count their heads (their segments' numbers): the heads' masks counted as the
//     ones are, the look-back carries (value, heads) pairs.
// Unaligned data: the input and output moved on past their head
// (detail/aligned_head.hpp), whose items warp 0 of tile 0's block scans first, one per lane;
// their total comes before tile 0 as an exclusive scan's init does.
// Works in place (out == first): a tile reads all its items before writing any.
#include <type_traits>

#include <cub/util_type.cuh>

#include <predix/cuda/binary_path.cuh>
#include <predix/cuda/block/block_scan.cuh>
#include <predix/cuda/detail/chained_launch.cuh>
#include <predix/cuda/detail/segment_heads.cuh>
#include <predix/cuda/detail/warp_offsets.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/tile_io.cuh>
#include <predix/cuda/device/tile_state.cuh>
#include <predix/cuda/functional.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/tuning/tuning.cuh>

namespace predix::gpu {

/// GENERAL: the agent of the general kernel, with its smaller tiles (tuning scan::items). Init:
/// what gives an exclusive scan's init, converted to A once per tile: A, or a value read from
/// device memory when the scan runs (cub::FutureValue).
template <class Source, class Sink, class A, class Op, bool HAS_INIT, bool BINARY, bool GENERAL,
          class Init = A>
struct scan_agent {
  using tuning = tuning::active::scan;
  static constexpr int THREADS = tuning::threads;
  // A source that loads its own chunks (the by-key scans' keys and values, segment_sides.cuh):
  // its chunk, tuning::chunked_rows of them, and a floor of its own.
  static constexpr int OWN_CHUNK = detail::own_chunk<Source>();
  static constexpr int MIN_BLOCKS =  // per SM, kernel of whole tiles, as many as an SM holds
      gpu::tuning::detail::min_int(
          OWN_CHUNK > 0 ? tuning::chunked_min_blocks(BINARY)
                        : tuning::min_blocks(Source::element_bytes, sizeof(A), HAS_INIT),
          gpu::tuning::sm_threads() / THREADS);
  static constexpr int CHUNK = OWN_CHUNK > 0 ? OWN_CHUNK : detail::chunk_items<Source, Sink>();
  static constexpr int ROWS_WANTED =
      OWN_CHUNK > 0 ? tuning::chunked_rows(CHUNK, BINARY && !GENERAL)
                    : tuning::items(Source::element_bytes, sizeof(A), GENERAL) / CHUNK;
  static constexpr int ROWS = ROWS_WANTED < 1 ? 1 : ROWS_WANTED;
  using layout = detail::striped_tile<THREADS, ROWS, CHUNK>;
  static constexpr int WARPS = layout::WARPS;
  static constexpr long long TILE = layout::ITEMS;
  static_assert(THREADS >= 64, "run() relies on the barrier of the block step");
  static_assert(CHUNK <= 16, "the binary path keeps a chunk's items in 16 bits");

  // The binary domain: over bool, a sum is an OR; a count for R of <= 4 bytes wraps at 2^32.
  // SEGMENTED: the scans by key's items, R their values' type (binary_parts).
  using parts = binary_parts<A, Op>;
  using R = typename parts::value;
  static constexpr bool SEGMENTED = BINARY && parts::segmented;
  static constexpr binary_kind OP_KIND = binary_kind_v<typename parts::op>;
  static constexpr binary_kind KIND =
      std::is_same_v<R, bool> && OP_KIND == binary_kind::sum ? binary_kind::any : OP_KIND;
  using count_t = std::conditional_t<KIND == binary_kind::sum && (sizeof(R) > 4),
                                     unsigned long long, unsigned>;
  using domain = binary_domain<KIND, count_t>;
  // the by-key items' heads: bool (the scans: whether any), or counted (reduce_by_key)
  using heads_t = typename parts::heads;
  static constexpr bool COUNTED = SEGMENTED && !std::is_same_v<heads_t, bool>;
  using segment_domain = binary_segment_domain<KIND, count_t, heads_t>;
  using V = std::conditional_t<  // what the look-back carries
      BINARY, std::conditional_t<SEGMENTED, typename segment_domain::value_type, count_t>, A>;
  using prefix_op =
      std::conditional_t<BINARY, std::conditional_t<SEGMENTED, segment_domain, domain>, Op>;
  static_assert(!SEGMENTED || TILE < (1 << 16), "segment_heads.cuh packs counts in 16 bits");
  static constexpr int CHUNK_BITS =  // bits of a chunk's count, 0..CHUNK
      CHUNK < 2 ? 1 : CHUNK < 4 ? 2 : CHUNK < 8 ? 3 : CHUNK < 16 ? 4 : 5;
  using chunk_t = detail::held_chunk<Source, CHUNK, A>;  // a chunk between the two passes

  struct TempStorage {
    union {
      typename block_scan<A, THREADS>::TempStorage generic;
      typename detail::warp_offsets<WARPS>::TempStorage binary;
      typename detail::segment_offsets<WARPS>::TempStorage segmented;
    } step;
    // the tile's exclusive prefix, from the look-back warp (tile 0: the head's); V need not be
    // default constructible (cuda::std::tuple)
    ::cub::Uninitialized<V> prefix;
    // a sink that stages rows: each warp's (reduce_by_key's results)
    decltype(detail::row_stage_of<Sink, A, layout::ROW_ITEMS>()) stage[WARPS];
  };

  Source source;
  Sink sink;
  long long n;
  bool aligned_in, aligned_out;
  Op op;
  Init initial;  // exclusive_scan only
  tile_prefix<V, prefix_op> prefix;
  long long first_tile = 0;  // the agent's tiles are first_tile, ... from item first_item on
  long long first_item = 0;
  int head = 0;  // items before the source's and sink's first, done by tile 0 (skip_head)

  /// a[r] for a row r known at run time, by selects: the array stays in registers.
  template <class T>
  static __device__ __forceinline__ T row_of(const T (&a)[ROWS], int r) {
    T x = a[0];
#pragma unroll
    for (int k = 1; k < ROWS; ++k) x = r == k ? a[k] : x;
    return x;
  }

  static prefix_op prefix_op_of(const Op& op) {
    if constexpr (BINARY) {
      return prefix_op{};
    } else {
      return op;
    }
  }

  /// Whether the kernel of whole tiles (WHOLE: every item in range, vector accesses without
  /// checks) may run: primitive sides are 16-byte aligned.
  bool vectors() const {
    return (!Source::primitive || aligned_in) && (!Sink::primitive || aligned_out);
  }

  /// One block per tile, numbered by take_tile (tile_state.cuh). A block that waits in its
  /// look-back holds only its own tile; the blocks scheduled after it keep loading (a
  /// persistent grid that worked through tiles one after another stalled at the look-back
  /// barrier: 56% of warp cycles, 29% of copy bandwidth for int32 on an H100).
  template <bool WHOLE>
  __device__ void run(TempStorage& storage, unsigned long long* counter, long long tiles) {
    const long long tile = take_tile<WHOLE>(counter, tiles);
    if constexpr (WHOLE) {
      constexpr long long moved = TILE * (Source::element_bytes + sizeof(typename Sink::element));
      prefetch_ahead<THREADS, moved>(tile, tiles, [&](long long ahead) {
        const long long at = tile_start(ahead);  // the general kernel's tiles are smaller
        source.prefetch(at, n - at < TILE ? n - at : TILE);
      });
    }
    if constexpr (!SEGMENTED) {  // segmented: no head (plan_scan)
      if (tile == 0 && head > 0 && threadIdx.x < warp_threads) {  // in the call's first kernel
        scan_head(storage, init());
      }
    }
    if (tile + 1 < tiles) {
      consume_tile<false, WHOLE>(storage, tile, init());
    } else {
      consume_tile<true, WHOLE>(storage, tile, init());
    }
  }

 private:
  /// An exclusive scan's init (unused by an inclusive scan).
  __device__ A init() const { return static_cast<A>(initial); }

  /// The first item of `tile`.
  __device__ long long tile_start(long long tile) const {
    return first_item + (tile - first_tile) * TILE;
  }

  /// Warp 0 of tile 0's block: scans the head (items −head … −1, one per lane; lanes past it
  /// repeat its last item, their results unused), stores its results and leaves the head's
  /// total (binary: its domain value) in storage.prefix, where tile 0 reads it after its
  /// block step's barrier.
  __device__ void scan_head(TempStorage& storage, const A& init) {
    const int head = this->head;
    const int lane = static_cast<int>(lane_id());
    const int at = (lane < head ? lane : head - 1) - head;
    A out;
    if constexpr (BINARY) {
      const unsigned one = lane < head && static_cast<bool>(source[at]);
      const unsigned ones = __ballot_sync(full_warp_mask, one);
      const int before = __popc(ones & lanemask_lt());
      if constexpr (HAS_INIT) {
        const A ones_before = static_cast<A>(domain::from_count(before, lane));
        out = lane == 0 ? init : static_cast<A>(op(init, ones_before));
      } else {
        out = static_cast<A>(domain::from_count(before + one, lane + 1));
      }
      if (lane == 0) storage.prefix.Alias() = domain::from_count(__popc(ones), head);
    } else {
      const A x = static_cast<A>(source[at]);
      const A through = warp_scan<A>::inclusive_scan(x, op).value;  // items −head … at
      const A before = detail::shfl_up(through, 1);
      if constexpr (HAS_INIT) {
        out = lane == 0 ? init : op(init, before);
      } else {
        out = through;
      }
      if (lane == head - 1) storage.prefix.Alias() = through;
    }
    if (lane < head) sink.put(at, out);
  }

  template <bool IS_LAST_TILE, bool WHOLE>
  __device__ void consume_tile(TempStorage& storage, long long tile, const A& init) {
    const long long first = tile_start(tile) + layout::thread_offset();  // this thread's row 0
    if constexpr (SEGMENTED) {
      segmented_tile<IS_LAST_TILE, WHOLE>(storage, tile, first, init);
    } else if constexpr (BINARY) {
      binary_tile<IS_LAST_TILE, WHOLE>(storage, tile, first, init);
    } else {
      generic_tile<IS_LAST_TILE, WHOLE>(storage, tile, first, init);
    }
  }

  /// Generic path: per row, the lane's chunk reduced in order, a warp scan of the chunk
  /// totals (shuffles) and the row's total; the warp's total to the block step, the block's
  /// to the look-back; then each chunk rescanned from its prefix
  ///   tile prefix · warps before · rows before · lanes before in the row.
  template <bool IS_LAST_TILE, bool WHOLE>
  __device__ void generic_tile(TempStorage& storage, long long tile, long long first,
                               const A& init) {
    const long long fallback = tile_start(tile);
    chunk_t held[ROWS];
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      held[r].template load<WHOLE>(source, first + r * layout::ROW_ITEMS, n, fallback, aligned_in);
    }
    A before[ROWS];  // per row: the rows before · the lanes before (lane 0 of row 0: unset)
    bool has_lanes_before;  // row 0: not lane 0 (from the shuffle itself: see shfl_up)
    A warp_total;
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      A t = held[r].item(source, 0);
#pragma unroll
      for (int j = 1; j < CHUNK; ++j) t = op(t, held[r].item(source, j));
      const scan_result<A> row = warp_scan<A>::inclusive_scan(t, op);
      bool exists;
      const A lanes_before = detail::shfl_up(row.value, 1, exists);
      if (r == 0) {
        before[r] = lanes_before;
        has_lanes_before = exists;
        warp_total = row.aggregate;
      } else {
        before[r] = exists ? op(warp_total, lanes_before) : warp_total;
        warp_total = op(warp_total, row.aggregate);
      }
    }
    const scan_result<A> warps =
        block_scan<A, THREADS>::warp_prefix(storage.step.generic, warp_total, op);
    const int warp = static_cast<int>(threadIdx.x / warp_threads);
    A outer = warps.value;  // tile prefix · warps before; set unless tile 0 without init, warp 0
    bool has_outer = warp != 0;
    if (tile == 0) {  // before it: init (exclusive), the head, both or none
      const bool has_base = HAS_INIT || head > 0;
      A base = init;
      if (head > 0) {
        base = HAS_INIT ? op(init, storage.prefix.Alias()) : storage.prefix.Alias();
      }
      if (has_base) {
        outer = warp == 0 ? base : op(base, warps.value);
        has_outer = true;
      }
      if (!IS_LAST_TILE && threadIdx.x == 0) {
        prefix.state.publish(0, tile_inclusive,
                             has_base ? op(base, warps.aggregate) : warps.aggregate);
      }
    } else {
      const A p = prefix.for_block(storage.prefix.Alias(), tile, warps.aggregate, !IS_LAST_TILE);
      outer = warp == 0 ? p : op(p, warps.value);
      has_outer = true;
    }
    detail::wait_for_earlier();  // a dependent launch: the kernel before it has ended
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      held[r].reload();
      const bool has_before = r != 0 || has_lanes_before;
      A start = has_outer ? (has_before ? op(outer, before[r]) : outer) : before[r];
      bool has_start = has_outer || has_before;
      A out[CHUNK];
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) {  // each item becomes its result
        const A x = held[r].item(source, j);
        if constexpr (HAS_INIT) {
          out[j] = start;
          start = op(start, x);
        } else {
          out[j] = has_start ? op(start, x) : x;
          start = out[j];
          has_start = true;
        }
      }
      detail::store_row<CHUNK, WHOLE>(sink, storage.stage[threadIdx.x / warp_threads],
                                      first + r * layout::ROW_ITEMS, n, aligned_out, out);
    }
  }

  /// Binary path: per row, the lane's chunk as a bit mask and its count; a warp scan of the
  /// counts (striped_ones); the warp's count to the block step (warp_offsets), the block's to
  /// the look-back; each item's result from the ones before it.
  template <bool IS_LAST_TILE, bool WHOLE>
  __device__ void binary_tile(TempStorage& storage, long long tile, long long first,
                              const A& init) {
    const long long fallback = tile_start(tile);
    unsigned bits[ROWS];  // bit j of row r: item j of the lane's chunk is 1
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      bits[r] = 0;
      detail::load_chunk<CHUNK, WHOLE>(
          source, first + r * layout::ROW_ITEMS, n, fallback, aligned_in,
          [&](int j, const auto& raw) {
            bits[r] |= static_cast<unsigned>(static_cast<bool>(detail::item_of(source, raw)))
                       << j;
          });
    }
    detail::seal_masks(bits);
    int before[ROWS];  // ones in the warp before the lane's chunk of row r
    const scan_result<int> warps =
        detail::striped_ones<ROWS, CHUNK_BITS, WARPS>(storage.step.binary, bits, before);
    const V aggregate = domain::from_count(warps.aggregate, TILE);
    const domain combine;
    V p = domain::identity;
    if (tile == 0) {
      if (head > 0) p = storage.prefix.Alias();  // the head's
      if (!IS_LAST_TILE && threadIdx.x == 0) {
        prefix.state.publish(0, tile_inclusive, combine(p, aggregate));
      }
    } else {
      p = prefix.for_block(storage.prefix.Alias(), tile, aggregate, !IS_LAST_TILE);
    }
    const int offset = layout::thread_offset();
    detail::wait_for_earlier();  // a dependent launch: the kernel before it has ended
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      A out[CHUNK];
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) {
        const int at = offset + r * layout::ROW_ITEMS + j;  // the item's place in the tile
        const int ones = warps.value + before[r] + __popc(bits[r] & ((1u << j) - 1));
        if constexpr (HAS_INIT) {
          const V v = combine(p, domain::from_count(ones, at));
          // The range's first item: init itself.
          const bool first = tile == 0 && at == 0 && head == 0;
          out[j] = first ? init : static_cast<A>(op(init, static_cast<A>(v)));
        } else {
          const int one = (bits[r] >> j) & 1u;
          out[j] = static_cast<A>(combine(p, domain::from_count(ones + one, at + 1)));
        }
      }
      detail::store_row<CHUNK, WHOLE>(sink, storage.stage[threadIdx.x / warp_threads],
                                      first + r * layout::ROW_ITEMS, n, aligned_out, out);
    }
  }

  /// Segmented binary path: per row, the lane's chunk as masks of its values and heads; the
  /// ones before each chunk and its last head before it (striped_segments), the tile's
  /// (value, has a head; COUNTED: its heads) to the look-back; an item's result from the ones
  /// since its segment's head, or since the tile's start joined to the tile's prefix.
  /// Exclusive: the items before the item (at a head the sinks write init), inclusive: through
  /// it.
  template <bool IS_LAST_TILE, bool WHOLE>
  __device__ void segmented_tile(TempStorage& storage, long long tile, long long first,
                                 const A& init) {
    const long long fallback = tile_start(tile);
    unsigned bits[ROWS], heads[ROWS];  // bit j of row r: item j of the lane's chunk is 1, heads
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      bits[r] = heads[r] = 0;
      detail::load_chunk<CHUNK, WHOLE>(
          source, first + r * layout::ROW_ITEMS, n, fallback, aligned_in,
          [&](int j, const auto& raw) {
            const auto item = detail::item_of(source, raw);
            bits[r] |= static_cast<unsigned>(static_cast<bool>(item.value)) << j;
            heads[r] |= static_cast<unsigned>(static_cast<bool>(item.heads)) << j;
          });
    }
    detail::seal_masks(bits);
    detail::seal_masks(heads);
    const int offset = layout::thread_offset();
    int before[ROWS];            // ones in the tile before the lane's chunk of row r
    unsigned head_before[ROWS];  // the last head in the tile before it (segment_heads.cuh)
    int heads_before[ROWS];      // COUNTED: the heads in the tile before it
    const detail::tile_segments block =
        detail::striped_segments<ROWS, CHUNK_BITS, WARPS, layout::ROW_ITEMS, COUNTED>(
            storage.step.segmented, bits, heads, offset, before, head_before, heads_before);
    using head = detail::packed_head;
    const segment_domain combine;
    const heads_t tile_heads = COUNTED ? static_cast<heads_t>(block.heads) : block.last != 0;
    const V aggregate =
        block.last != 0 ? V{domain::from_count(block.ones - head::ones(block.last),
                                               TILE - head::at(block.last)),
                            tile_heads}
                        : V{domain::from_count(block.ones, TILE), tile_heads};
    V p = segment_domain::identity();
    if (tile == 0) {
      if (!IS_LAST_TILE && threadIdx.x == 0) prefix.state.publish(0, tile_inclusive, aggregate);
    } else {
      p = prefix.for_block(storage.prefix.Alias(), tile, aggregate, !IS_LAST_TILE);
    }
    detail::wait_for_earlier();  // a dependent launch: the kernel before it has ended
    // A sink that stages rows (reduce_by_key's) takes one row at a time, its masks and counts
    // picked from the registers: store_row's two ways compiled once, not ROWS times; where rows
    // of both kinds alternate, the unrolled kernel stalled on instruction fetch. Other sinks
    // keep the rows unrolled, which measured faster for them (docs/perf/by_key.md, "Rolled rows").
#pragma unroll(detail::staged_v<Sink> ? 1 : ROWS)
    for (int r = 0; r < ROWS; ++r) {
      const int chunk_at = offset + r * layout::ROW_ITEMS;
      const unsigned row_bits = row_of(bits, r), row_heads = row_of(heads, r);
      const int row_before = row_of(before, r);
      const unsigned row_head_before = row_of(head_before, r);
      A out[CHUNK];
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) {
        const unsigned covered = HAS_INIT ? (1u << j) - 1 : (2u << j) - 1;  // of the chunk
        const int items = chunk_at + j + (HAS_INIT ? 0 : 1);  // of the tile, from its start
        const int ones = row_before + __popc(row_bits & covered);
        const unsigned own = row_heads & covered;
        const unsigned h =
            own != 0 ? head::last_in_chunk(row_bits, own, chunk_at, row_before) : row_head_before;
        const V v = h != 0 ? V{domain::from_count(ones - head::ones(h), items - head::at(h)), true}
                           : combine(p, V{domain::from_count(ones, items), false});
        if constexpr (COUNTED) {  // the heads through the item (exclusive: before it)
          const int in_tile = row_of(heads_before, r) + __popc(row_heads & covered);
          out[j] = A{static_cast<R>(v.value), static_cast<heads_t>(p.heads + in_tile)};
        } else {
          out[j] = A{static_cast<R>(v.value), v.heads};
        }
        if constexpr (HAS_INIT) {
          if (tile == 0 && chunk_at + j == 0) out[j] = init;  // the range's first item
        }
      }
      detail::store_row<CHUNK, WHOLE>(sink, storage.stage[threadIdx.x / warp_threads],
                                      first + r * layout::ROW_ITEMS, n, aligned_out, out);
    }
  }
};

template <class Agent, bool WHOLE>
__global__ void __launch_bounds__(Agent::THREADS, WHOLE ? Agent::MIN_BLOCKS : 1)
    scan_kernel(Agent agent, unsigned long long* counter, long long tiles, bool wait_first) {
  if (wait_first) detail::wait_for_earlier();  // memory zeroed by the kernel before (launch_tiles)
  detail::let_next_start();
  __shared__ typename Agent::TempStorage storage;
  agent.template run<WHOLE>(storage, counter, tiles);
}

}  // namespace predix::gpu
