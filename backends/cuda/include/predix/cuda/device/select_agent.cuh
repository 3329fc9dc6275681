#pragma once
// Device-wide selection: copy_if (remove_copy_if through it, with the negated predicate) and
// partition_copy (the in-place forms: select_in_place.cuh), in one pass over the data with the
// decoupled look-back of tile_state.cuh carrying the count of selected items.
//   items a b c d e f, flags 1 0 1 1 0 1 → selected a c d f; rejected b e (in order), or
//   written from the end of their range backwards: ... e b (DESIGN.md §1, unstable partition)
// One block per tile, numbered by take_tile (tile_state.cuh: the block index); a block of
// whole tiles first asks L2 for a tile further on (prefetch_ahead: a hint, in place too, as L2
// sees every write).
// The tile is striped as in scan.cuh: per row, each lane loads a chunk of consecutive items (one
// 16-byte vector of a primitive source, kept packed in registers: 16 uint8 in four) and evaluates
// the predicate once per item (on the stencil's item when there is one), keeping the results as a
// bit mask (a negated predicate of 1-byte items tested as the one it wraps and the mask flipped:
// tuning flip_negated); a warp scan of the chunks' counts (striped_ones, warp_offsets.cuh) and the
// warps' counts give each item its rank among the tile's selected items; warp 0's look-back gives
// the selected items before the tile, and the rejected items before the tile are the rest. Without
// waiting for it (the staging needs only places within the tile), every warp stages the tile in
// shared memory (for 1- and 2-byte items warp 0 too, before it looks back, during the look-back's
// first sleep: tuning stage_first), selected items first, then the rejected ones
// (select_staging.cuh: 1- and 2-byte items a packed word at a time; with one output, a warp whose
// lanes each select few items by a loop over those alone); after one barrier each run goes out with
// consecutive threads on consecutive 16-byte vectors (store_run, tile_io.cuh). The last tile stores
// the total count. A sparse one-output selection may instead defer its placing to a second
// kernel (select_deferred.cuh): its tiles then fill slots of their own without looking back.
// Order-free (UNORDERED: predix::cuda.unordered()): no look-back; each tile reserves its places
// with one atomic (tile_reservation.cuh) while it stages, and the tile that reserves last stores
// the count.
// Unaligned data (not partition in place, nor calls under tuning::head_from_bytes): the items
// and stencil moved on past their head (detail/aligned_head.hpp), whose items one warp selects
// first in a launch of its own (select_head_kernel), one per lane; the number it selects comes
// before tile 0.
#include <type_traits>
#include <utility>

#include <predix/cuda/binary_path.cuh>
#include <predix/cuda/detail/backward_places.hpp>
#include <predix/cuda/detail/call_slots.hpp>
#include <predix/cuda/detail/chained_launch.cuh>
#include <predix/cuda/detail/results.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/detail/warp_offsets.cuh>
#include <predix/cuda/device/select_deferred.cuh>
#include <predix/cuda/device/select_staging.cuh>
#include <predix/cuda/device/tile_io.cuh>
#include <predix/cuda/device/tile_reservation.cuh>
#include <predix/cuda/device/tile_state.cuh>
#include <predix/cuda/functional.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/thrust_fallback.hpp>
#include <predix/cuda/tuning/tuning.cuh>
#include <predix/detail/functional.hpp>
#include <predix/detail/stencil.hpp>

namespace predix::gpu {

/// What a selection reports: the number of items selected, and where the rejected items that
/// went to temporary storage begin in the range (partition in place; the rest went to their
/// places).
struct select_counts {
  long long selected;
  long long aside_from;
};

/// Whether predix's own selection kernel takes items of type T (it stages them in shared
/// memory as bytes); other types run through Thrust (thrust_fallback.hpp).
template <class T>
inline constexpr bool selects_natively_v =
    std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>;

/// The bytes of a selection's items as its tuning counts them: the stored element's or the
/// value's, the larger.
template <class Source>
inline constexpr int select_item_bytes_v =
    Source::element_bytes > int(sizeof(typename Source::value_type))
        ? Source::element_bytes
        : int(sizeof(typename Source::value_type));

/// Whether a selection of Source items may defer its placing (select_deferred.cuh): one
/// output, in order, not in place, and items the tuning lets defer.
template <class Source, rejected_to REJECTED, bool IN_PLACE, bool UNORDERED>
inline constexpr bool select_defers_v =
    REJECTED == rejected_to::nowhere && !IN_PLACE && !UNORDERED &&
    tuning::active::select::defers(select_item_bytes_v<Source>);

/// IN_PLACE: Selected writes over Source (select_in_place.cuh), so that the look-back orders
/// every tile's loads before the stores of the tiles after it (tile_prefix). STENCIL: the
/// predicate takes the stencil's items (and is compiled for them alone), else the items.
/// NumOut: where the count goes too (results.cuh store_count). UNORDERED (not IN_PLACE): the
/// tiles reserve their places (tile_reservation.cuh) instead of looking back.
template <class Source, class Stencil, class Selected, class Rejected, class Pred,
          rejected_to REJECTED, bool IN_PLACE, bool STENCIL, class NumOut = detail::no_count_out,
          bool UNORDERED = false>
struct select_agent : deferral_members<select_defers_v<Source, REJECTED, IN_PLACE, UNORDERED>,
                                       typename Source::value_type> {
  static_assert(!(UNORDERED && IN_PLACE), "a selection in place keeps order");
  using T = typename Source::value_type;
  using E = typename Source::element;
  using tuning = tuning::active::select;
  static constexpr int THREADS = tuning::threads;
  static constexpr bool USES_STENCIL = STENCIL;
  static constexpr int ITEM_BYTES = select_item_bytes_v<Source>;
  static constexpr int MIN_BLOCKS =  // per SM, kernel of whole tiles, as many as an SM holds
      gpu::tuning::detail::min_int(tuning::min_blocks(REJECTED != rejected_to::nowhere,
                                                      ITEM_BYTES),
                                   gpu::tuning::sm_threads() / THREADS);
  static constexpr int ITEMS_WANTED = tuning::items(ITEM_BYTES);
  /// Items per chunk: one 16-byte vector of a primitive source (a power of two that divides
  /// into the thread's items), else 1.
  static constexpr int chunk() {
    int c = Source::primitive && sizeof(E) < 16 ? 16 / int(sizeof(E)) : 1;
    while (c > ITEMS_WANTED) c /= 2;
    return c;
  }
  static constexpr int CHUNK = chunk();
  static constexpr int ROWS = ITEMS_WANTED / CHUNK;
  using layout = detail::striped_tile<THREADS, ROWS, CHUNK>;
  static constexpr int WARPS = layout::WARPS;
  static constexpr long long TILE = layout::ITEMS;
  static constexpr int CHUNK_BITS =  // bits of a chunk's count, 0..CHUNK
      CHUNK < 2 ? 1 : CHUNK < 4 ? 2 : CHUNK < 8 ? 3 : CHUNK < 16 ? 4 : 5;
  static_assert(CHUNK <= 16, "a chunk's flags fit 16 bits");
  using V = unsigned long long;  // what the look-back carries: selected items
  using count_op = binary_domain<binary_kind::sum, V>;
  using chunk_t = detail::held_chunk<Source, CHUNK, T>;  // as loaded (uint8: 16 in 4 registers)
  /// Whether the staging works on the packed words of the chunks (staging::packed): 1- and
  /// 2-byte primitive items read as they are stored, in chunks of whole words.
  static constexpr bool PACKED = Source::primitive && Source::untransformed &&
                                 (sizeof(T) == 1 || sizeof(T) == 2) && CHUNK * sizeof(T) % 4 == 0;

  /// A warp of one output stages by staging::sparse when none of its lanes selects more than
  /// this many of its items (0: never).
  static constexpr int SPARSE_MOST =
      REJECTED == rejected_to::nowhere ? tuning::sparse_most(ITEM_BYTES, ROWS * CHUNK) : 0;
  /// Whether warp 0 stages its part of the tile before it looks back, in the look-back's first
  /// sleep (tuning stage_first; tile_prefix begin and finish_into), rather than after.
  static constexpr bool STAGE_FIRST = tuning::stage_first(ITEM_BYTES);
  /// The tile's items sorted out in shared memory (select_staging.cuh).
  using staging = detail::select_staging<Source, T, layout, REJECTED, SPARSE_MOST>;
  /// Whether the call may defer its placing (select_deferred.cuh), and a tile's slot there.
  static constexpr bool DEFERS = select_defers_v<Source, REJECTED, IN_PLACE, UNORDERED>;
  static constexpr int SLOT = tuning::defer_slot_items(static_cast<int>(TILE));
  static constexpr int GROUP = static_cast<int>(TILE) / SLOT;  // whose slots hold a tile

  struct TempStorage : deferral_flag<DEFERS> {
    typename detail::warp_offsets<WARPS>::TempStorage offsets;
    V prefix;  // selected items before the tile: the look-back's (tile 0: the head's, or 0)
    long long items_before;  // UNORDERED: items of the tiles that reserved before it
    // The tile's items sorted out, and 16 bytes that store_run may read past the end.
    alignas(16) unsigned char staged[TILE * sizeof(T) + 16];
  };
  static_assert(sizeof(TempStorage) <= 48 * 1024,
                "a selection block stages its tile in static shared memory, at most 48 KiB: "
                "fewer PREDIX_SELECT_THREADS or PREDIX_SELECT_BYTES_PER_THREAD");

  Source source;
  Stencil stencil;
  Selected selected;
  Rejected rejected;
  long long n;
  bool aligned_in, aligned_stencil;
  Pred pred;
  tile_prefix<V, count_op, IN_PLACE> prefix;  // its first sleep: tuning::look_back_first_ns
  select_counts* counts;  // selected: stored by the last tile; aside_from: store_backward
  int head = 0;  // items before the source's and stencil's first, done apart (select_head)
  /// The resident blocks of the kernel of whole tiles when the tiles of its first and last
  /// wave may sleep the device's byte_edge_ns before their look-back's first read
  /// (tuning::edges_sleep); else 0.
  long long wave = 0;
  /// With a head: a word of the call's scratch (device memory: its room for partials) where
  /// select_head leaves the number it selects, which tile 0 reads.
  unsigned long long* head_count = nullptr;
  NumOut num_selected_out{};  // the count, stored by the last tile as counts->selected is
  /// Whether the kernel of whole tiles (every item in range, vector loads without checks) may
  /// run: the primitive inputs are 16-byte aligned.
  bool vectors() const {
    return (!Source::primitive || aligned_in) &&
           (!STENCIL || !Stencil::primitive || aligned_stencil);
  }

  /// Unaligned data, but for partition in place and calls of fewer than tuning::head_from_bytes:
  /// moves the items and stencil (the items themselves, without one) on past the head that aligns
  /// them both (detail::skip_head), and the rejected output as far (the head's rejected items go
  /// before it); the head's items go to their places by a warp of its own before the tiles
  /// (select_head).
  void skip_head() {
    if constexpr (REJECTED != rejected_to::backward) {
      if (n * ITEM_BYTES < tuning::head_from_bytes) return;
      head = static_cast<int>(detail::skip_head(n, source, stencil));
      n -= head;
      rejected = rejected.advanced(head);
      aligned_in = source.is_aligned();
      aligned_stencil = stencil.is_aligned();
    }
  }

  /// One warp, before the tiles (select_head_kernel): the head's items (−head … −1, one per
  /// lane) to their places in the outputs; the number selected to *head_count, which tile 0
  /// reads as the selected items before it.
  __device__ void select_head() {
    const int head = this->head;
    const int lane = static_cast<int>(lane_id());
    const int at = lane - head;
    T item{};
    bool chosen = false;
    if (at < 0) {
      item = source[at];
      if constexpr (STENCIL) {
        chosen = predix::detail::test(pred, stencil[at]);
      } else {
        chosen = predix::detail::test(pred, item);
      }
    }
    const unsigned picks = __ballot_sync(full_warp_mask, chosen);
    const int before = __popc(picks & lanemask_lt());  // selected items before this one
    __syncwarp();  // in place, every lane's item is read before any lane writes
    if (chosen) {
      selected.put(before, item);
    } else if (REJECTED == rejected_to::forward && at < 0) {
      rejected.put(at - before, item);  // (the sink is moved on past the head)
    }
    if (lane == 0) *head_count = __popc(picks);
  }

  /// Stores the tile's `count` rejected items of partition in place, staged at `from` in their
  /// order of places, whose places are [at, at + count): those below tile_end (read already) at
  /// their places in the range itself, the others at the same places of the temporary output
  /// (backward_places.hpp).
  __device__ __forceinline__ void store_backward(long long at, const T* from, int count,
                                                 long long tile_end, bool last) {
    const detail::backward_places places =
        detail::place_backward(n, TILE, tile_end, at, count, last);
    detail::store_run<THREADS>(selected, at, from, places.direct);
    detail::store_run<THREADS>(rejected, at + places.direct, from + places.direct,
                               count - places.direct);
    if (threadIdx.x == 0 && places.stores) counts->aside_from = places.aside_from;
  }

  /// UNORDERED, thread 0: the tile's places from its reservation (`got`, tile_reservation.cuh)
  /// after the head's, to `storage`; the tile that reserves last stores the count.
  __device__ __forceinline__ void place(TempStorage& storage, unsigned long long got,
                                        unsigned long long* counter, long long tiles,
                                        int tile_selected) {
    const tile_reservation r = tile_reservation::of<TILE>(got, counter, n, tiles);
    V before = r.selected_before;
    if (head > 0) {
      detail::wait_for_earlier();  // the head's kernel, launched just before
      before += *head_count;
    }
    storage.prefix = before;
    storage.items_before = r.items_before;
    if (r.last) {
      counts->selected = static_cast<long long>(before) + tile_selected;
      detail::store_count(num_selected_out, counts->selected);
    }
  }

  /// Loads the thread's rows of the tile and evaluates the predicate once per item, on the
  /// stencil's item (STENCIL) or on the item itself.
  template <bool WHOLE>
  __device__ __forceinline__ void load_rows(long long tile_first, int offset,
                                            chunk_t (&held)[ROWS], unsigned (&bits)[ROWS]) {
    // A negated predicate is tested as the one it wraps and each row's mask flipped once.
    constexpr bool FLIPS =
        predix::detail::plain_predicate<Pred>::negated && tuning::flip_negated(ITEM_BYTES);
    auto& tested = predix::detail::tested_predicate<FLIPS>(pred);
    constexpr unsigned FLIP = FLIPS ? (1u << CHUNK) - 1 : 0u;
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      const long long at = tile_first + offset + r * layout::ROW_ITEMS;
      held[r].template load<WHOLE>(source, at, n, tile_first, aligned_in);
      bits[r] = 0;
      if constexpr (STENCIL) {
        detail::load_chunk<CHUNK, WHOLE>(stencil, at, n, tile_first, aligned_stencil,
                                         [&](int j, const auto& raw) {
                                           bits[r] |= static_cast<unsigned>(predix::detail::test(
                                                          tested, detail::item_of(stencil, raw)))
                                                      << j;
                                         });
      } else {
        held[r].visit(source, [&](int j, const T& x) {
          bits[r] |= static_cast<unsigned>(predix::detail::test(tested, x)) << j;
        });
      }
      bits[r] ^= FLIP;
      if (!WHOLE) {  // items past the end are not selected
        const long long valid = n - at;
        if (valid < CHUNK) bits[r] &= valid <= 0 ? 0u : (1u << valid) - 1;
      }
      if constexpr (tuning::seal_each_row(ITEM_BYTES)) detail::seal_mask(bits[r]);
    }
    if constexpr (!tuning::seal_each_row(ITEM_BYTES)) detail::seal_masks(bits);
  }

  /// Selects a tile: its items to their places, the selected items before it from the
  /// look-back, or its count and items to its slot when the call defers (select_deferred.cuh).
  /// PLACED (place_kernel): tile `placed`, with `placed_after` items selected before it.
  template <bool WHOLE, bool PLACED = false>
  __device__ void run(TempStorage& storage, unsigned long long* counter, long long tiles,
                      long long placed = 0, V placed_after = 0) {
    long long tile = placed;
    if constexpr (!PLACED) tile = take_tile<WHOLE>(counter, tiles);
    const long long tile_first = tile * TILE;
    constexpr bool ASKS = DEFERS && !PLACED;  // whether the call defers
    if constexpr (ASKS && WHOLE) {  // tile 0 chooses before its loads: the first wave waits
      if (tile == 0 && this->deferred.on()) {
        this->deferred.template choose<THREADS>(stencil, n, pred, prefix.state);
      }
    }
    if constexpr (WHOLE) {
      prefetch_ahead<THREADS, TILE * 2 * ITEM_BYTES>(tile, tiles, [&](long long ahead) {
        const long long at = ahead * TILE, count = n - at < TILE ? n - at : TILE;
        source.prefetch(at, count);
        if constexpr (STENCIL) stencil.prefetch(at, count);
      });
    }
    const int tile_items = WHOLE || n - tile_first >= TILE ? static_cast<int>(TILE)
                                                          : static_cast<int>(n - tile_first);
    const int offset = layout::thread_offset();  // this thread's row 0 in the tile
    chunk_t held[ROWS];
    unsigned bits[ROWS];  // bit j of row r: item j of the lane's chunk is selected
    load_rows<WHOLE>(tile_first, offset, held, bits);
    // Whether the call defers (its tile states then unused): read as the tile is ranked. Known
    // by then (every tile but the first few), the tile's items go from the lanes to its slot;
    // else the tile stages them, and warp 0 waits for the choice before its look-back.
    static_assert(!ASKS || STAGE_FIRST, "the choice is taken before the look-back's wait");
    unsigned choice = tile_invalid;  // thread 0's read (tile 0: what it chose)
    if constexpr (ASKS) {
      if (threadIdx.x == 0) {
        if (this->deferred.on()) choice = this->deferred.read(prefix.state);
        storage.defers_known = choice == tile_inclusive;
      }
    }
    int before[ROWS];  // selected items in the warp before the lane's chunk of row r
    const scan_result<int> warps =
        detail::striped_ones<ROWS, CHUNK_BITS, WARPS>(storage.offsets, bits, before);
    const int tile_selected = warps.aggregate;
    // A deferred tile's count, and its items to its slot (by store(slot)) if they fit.
    auto fill_slot = [&](const auto& deferred, auto&& store) {
      if (threadIdx.x == 0) deferred.template count<GROUP>(tile, tile_selected);
      if (tile_selected <= SLOT) store(deferred.slots + tile * SLOT);
    };
    if constexpr (ASKS) {
      if constexpr (WARPS == 1) __syncwarp();  // (more warps: striped_ones' barrier)
      if (storage.defers_known) {  // the items one by one
        detail::wait_for_earlier();  // a dependent launch: the kernel before it has ended
        fill_slot(this->deferred, [&](T* slot) {
          staging::template sparse<true>(slot, source, held, bits, before, warps.value);
        });
        return;
      }
    }
    const bool last = !PLACED && tile + 1 == tiles;
    auto first_ns = [&] {  // the look-back's first sleep
      const gpu::tuning::select_sleeps& sleeps = prefix.delays.select;
      if constexpr (ITEM_BYTES == 1) {  // wave > 0: edges_sleep
        if (sleeps.byte_edge_ns > 0 && (tile < wave || tile >= tiles - wave)) {
          return sleeps.byte_edge_ns;
        }
      }
      const int written = REJECTED == rejected_to::nowhere ? tile_selected : tile_items;
      return tuning::look_back_first_ns(ITEM_BYTES, written, TILE, n, sleeps);
    };
    unsigned long long reserved = 0;  // UNORDERED: thread 0's reservation, read after the staging
    if constexpr (UNORDERED) {
      if (threadIdx.x == 0) {
        reserved = tile_reservation::take<TILE>(counter, tile_items, tile_selected);
      }
    } else if (PLACED) {
      if (threadIdx.x == 0) storage.prefix = placed_after;
    } else if (tile == 0) {
      if (threadIdx.x == 0) {  // before it: the head's selected items (select_head), or none
        V before = 0;
        if (head > 0) {
          detail::wait_for_earlier();  // the head's kernel, launched just before
          before = *head_count;
        }
        storage.prefix = before;
        if (!last) prefix.publish(0, tile_inclusive, before + V(tile_selected));
      }
    } else if constexpr (STAGE_FIRST) {  // warp 0 stages first, in its look-back's first sleep
      prefix.begin(tile, V(tile_selected), !last);
    } else {  // warp 0 looks back; the others stage meanwhile (its barrier is the one below)
      prefix.look_back_into(storage.prefix, tile, V(tile_selected), !last, first_ns());
    }
    const long long begun = STAGE_FIRST ? clock64() : 0;  // the staging's start

    // Staging: selected items at [0, tile_selected) in order; rejected ones at
    // [tile_selected, tile_items), in order (forward) or reversed (backward).
    // Bits of items past the end are clear: staging::sparse needs no check.
    if (staging::sparse_warp(bits)) {
      staging::sparse(reinterpret_cast<T*>(storage.staged), source, held, bits, before,
                      warps.value);
    } else if constexpr (PACKED && (WHOLE || REJECTED == rejected_to::nowhere)) {
      staging::template packed<WHOLE>(storage.staged, held, bits, before, warps.value,
                                      tile_selected, tile_items, offset);
    } else {
      staging::template items<WHOLE>(storage.staged, source, held, bits, before, warps.value,
                                     tile_selected, tile_items, offset);
    }
    bool defers = false;  // the call defers: the tile fills its slot instead of looking back
    if constexpr (ASKS) {
      if (threadIdx.x < warp_threads) {  // warp 0, for its look-back; the others read it later
        if (threadIdx.x == 0) {
          defers = this->deferred.on() && this->deferred.wait(prefix.state, choice);
          storage.defers = defers;
        }
        defers = __shfl_sync(full_warp_mask, defers, 0);
      }
    }
    if constexpr (UNORDERED) {
      if (threadIdx.x == 0) place(storage, reserved, counter, tiles, tile_selected);
    } else if constexpr (STAGE_FIRST && !PLACED) {
      if (tile > 0 && !defers) {
        prefix.finish_into(storage.prefix, tile, V(tile_selected), !last, first_ns(), begun);
      }
    }
    __syncthreads();
    detail::wait_for_earlier();  // a dependent launch: the kernel before it has ended
    if constexpr (ASKS) {
      if (storage.defers) {  // the staged items as one run
        fill_slot(this->deferred, [&](T* slot) {
          detail::store_run<THREADS>(detail::pointer_sink<T>{slot}, 0,
                                     reinterpret_cast<const T*>(storage.staged), tile_selected);
        });
        return;
      }
    }
    const V tile_before = storage.prefix;  // selected items before the tile
    if (!UNORDERED && last && threadIdx.x == 0) {
      counts->selected = static_cast<long long>(tile_before) + tile_selected;
      detail::store_count(num_selected_out, counts->selected);
    }
    const T* const staged = reinterpret_cast<const T*>(storage.staged);
    detail::store_run<THREADS>(selected, static_cast<long long>(tile_before), staged,
                               tile_selected);
    const long long items_before = UNORDERED ? storage.items_before : tile_first;
    const long long rejected_before = items_before - static_cast<long long>(tile_before);
    const int tile_rejected = tile_items - tile_selected;
    if constexpr (REJECTED == rejected_to::forward) {
      detail::store_run<THREADS>(rejected, rejected_before, staged + tile_selected,
                                 tile_rejected);
    } else if constexpr (REJECTED == rejected_to::backward) {
      store_backward(n - rejected_before - tile_rejected, staged + tile_selected, tile_rejected,
                     tile_first + tile_items, last);
    }
  }
};

template <class Agent, bool WHOLE>
__global__ void __launch_bounds__(Agent::THREADS, WHOLE ? Agent::MIN_BLOCKS : 1)
    select_kernel(Agent agent, unsigned long long* counter, long long tiles, bool wait_first) {
  if (wait_first) detail::wait_for_earlier();  // memory zeroed by the kernel before (launch_tiles)
  detail::let_next_start();
  __shared__ typename Agent::TempStorage storage;
  agent.template run<WHOLE>(storage, counter, tiles);
}

/// The head of unaligned data, one warp (select_agent::select_head), launched before the tiles
/// so that its code stays out of the kernel of whole tiles (whose registers it would spill).
template <class Agent>
__global__ void __launch_bounds__(warp_threads) select_head_kernel(Agent agent) {
  detail::let_next_start();
  agent.select_head();
}

}  // namespace predix::gpu
