#pragma once
// Launch shapes of the device algorithms for sm_90 (H100), apart from the kernels
// (DESIGN.md §3). Every device algorithm reads its block size and items per thread from
// here; a thread's items are contiguous in memory and loaded as 16-byte vectors when the
// data allows (device/tile_io.cuh), so the counts are set in bytes:
//   scan   256 threads, 128 input bytes per thread (int32: 32 items, an 8192-item tile),
//          192 for 8-byte items and 64 for larger ones, at most 64 items per thread and
//          accumulator bytes twice the input bytes (registers); 64 bytes per thread in the
//          general kernel, which alone runs calls of up to 8 MiB of input (32 MiB of 8-byte
//          items) whose tile it makes smaller or whose size is ragged; the look-back's
//          sleeps are per device (devices.cuh)
//   scan and selection: the block of a whole tile asks L2 for a tile 48 KiB of traffic per SM on
//          (PREDIX_PREFETCH_BYTES_PER_SM), whose loads then find their items there
//   reduce, count_if   256 threads, 64 input bytes per thread (PREDIX_STREAM_BYTES_PER_THREAD),
//                      the last round of tiles taken from a counter in half tiles
//                      (PREDIX_STREAM_TAKEN_ROUNDS, _PARTS)
//   copy_if, partitions  128 input bytes per thread (at most 64 items), a floor on resident
//                      blocks per SM, a first look-back sleep that grows with the items written;
//                      stable_partition's sweep chosen by a sample of 4096 items from 16 MiB on
//   find_if            256 threads, 16 input bytes per thread over the first wave and the
//                      first n/32, then 32 (PREDIX_FIND_LATER_BYTES_PER_THREAD, _FROM)
// Other architectures use these values until they are measured (tuning/tuning.cuh).
#include <predix/cuda/tuning/devices.cuh>

namespace predix::gpu::tuning {

namespace detail {
constexpr int clamp_items(int items, int most) {
  return items < 1 ? 1 : (items > most ? most : items);
}
constexpr int min_int(int a, int b) { return a < b ? a : b; }
}  // namespace detail

// Input bytes per thread of a scan tile (of 8-byte items: WIDE); a build may override them to
// measure other shapes (perf/sweep) (measured: docs/perf/sm90.md
// "PREDIX_SCAN_BYTES_PER_THREAD").
#ifndef PREDIX_SCAN_BYTES_PER_THREAD
#define PREDIX_SCAN_BYTES_PER_THREAD 128
#endif
#ifndef PREDIX_SCAN_WIDE_BYTES_PER_THREAD
#define PREDIX_SCAN_WIDE_BYTES_PER_THREAD 192
#endif
#ifndef PREDIX_SCAN_THREADS
#define PREDIX_SCAN_THREADS 256
#endif
// Sources that load their own chunks (the by-key scans' keys and values,
// device/segment_sides.cuh): rows of chunks a warp, at most …_ROWS and at most …_ITEMS items a
// thread (at least one row), and the floor on resident blocks per SM of their kernel of whole
// tiles (measured: docs/perf/by_key.md).
#ifndef PREDIX_SCAN_CHUNKED_ROWS
#define PREDIX_SCAN_CHUNKED_ROWS 4
#endif
#ifndef PREDIX_SCAN_CHUNKED_ITEMS
#define PREDIX_SCAN_CHUNKED_ITEMS 16
#endif
#ifndef PREDIX_SCAN_CHUNKED_MIN_BLOCKS
#define PREDIX_SCAN_CHUNKED_MIN_BLOCKS 4
#endif
// 16-byte vectors of keys in a chunk where the keys are wider than the values (1 or 2), for
// the scans and reductions by key (measured: docs/perf/by_key.md "Two vectors of keys" and
// "Staged rows of reduce_by_key").
#ifndef PREDIX_SCAN_CHUNKED_KEY_VECTORS
#define PREDIX_SCAN_CHUNKED_KEY_VECTORS 2
#endif
// reduce_by_key stages a warp's row of results in shared memory where its lanes' chunks hold
// on average at least this many segments each (chunks of fewer items: where each item is one);
// rows of fewer are written from each lane's chunk (measured: docs/perf/by_key.md "Staged rows
// of reduce_by_key").
#ifndef PREDIX_REDUCE_BY_KEY_STAGED_SEGMENTS
#define PREDIX_REDUCE_BY_KEY_STAGED_SEGMENTS 4
#endif
// The same floor for the segmented binary path (0/1 values by key), which holds a chunk as two
// bit masks (measured: docs/perf/by_key.md "A floor of 5 blocks for the segmented binary path").
#ifndef PREDIX_SCAN_BINARY_CHUNKED_MIN_BLOCKS
#define PREDIX_SCAN_BINARY_CHUNKED_MIN_BLOCKS 5
#endif
// A floor on the resident blocks per SM of the inclusive scan's kernel of whole tiles of
// 4-byte items and accumulators (1: none) (measured: docs/perf/devices.md "The scan's floor").
#ifndef PREDIX_SCAN_MIN_BLOCKS_FOUR
#define PREDIX_SCAN_MIN_BLOCKS_FOUR 4
#endif
// The general kernel (ragged tails, unaligned data, and every call of at most
// PREDIX_SCAN_GENERAL_ONLY_BYTES input bytes, PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES of 8-byte
// items, whose tile this shrinks or whose size is ragged) runs smaller tiles: a small call then
// spreads over more SMs in one launch (measured: docs/perf/sm90.md
// "PREDIX_SCAN_GENERAL_BYTES_PER_THREAD").
#ifndef PREDIX_SCAN_GENERAL_BYTES_PER_THREAD
#define PREDIX_SCAN_GENERAL_BYTES_PER_THREAD 64
#endif
#ifndef PREDIX_SCAN_GENERAL_ONLY_BYTES
#define PREDIX_SCAN_GENERAL_ONLY_BYTES (8 << 20)
#endif
#ifndef PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES
#define PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES (32 << 20)
#endif

// A call of 1-byte items of at least this many bytes is a long one: its tiles sleep as the
// others' (devices.cuh select_sleeps::first_ns), its first and last wave byte_edge_ns
// (measured: docs/perf/sm90.md "PREDIX_SELECT_BYTE_EDGE_NS").
#ifndef PREDIX_SELECT_BYTE_LONG_FROM_BYTES
#define PREDIX_SELECT_BYTE_LONG_FROM_BYTES (128LL << 20)
#endif
// A selection's first sleep for a tile that writes few items grows from the device's few_ns
// (nothing written) to its full one at a 1/PREDIX_SELECT_LOOK_BACK_FULL_AT of the tile written
// (measured: docs/perf/sm90.md "PREDIX_SELECT_LOOK_BACK_FEW_NS").
#ifndef PREDIX_SELECT_LOOK_BACK_FULL_AT
#define PREDIX_SELECT_LOOK_BACK_FULL_AT 4
#endif
// Windows of 32 tiles that one look-back read takes at once (measured: docs/perf/sm90.md
// "PREDIX_LOOK_BACK_WINDOWS").
#ifndef PREDIX_LOOK_BACK_WINDOWS
#define PREDIX_LOOK_BACK_WINDOWS 1
#endif

// Selection tile bytes per thread and resident-block floors of items wider than a byte and of
// 1-byte items (one output, two outputs) (measured: docs/perf/sm90.md "PREDIX_SELECT_THREADS").
#ifndef PREDIX_SELECT_THREADS
#define PREDIX_SELECT_THREADS 256
#endif
#ifndef PREDIX_SELECT_BYTES_PER_THREAD
#define PREDIX_SELECT_BYTES_PER_THREAD 128
#endif
// The most items per thread of a selection tile (uint8 reaches it first: 128 bytes would be 128).
#ifndef PREDIX_SELECT_MOST_ITEMS
#define PREDIX_SELECT_MOST_ITEMS 64
#endif
// Selections of items of at most this many bytes publish a tile's PARTIAL count at once and let
// warp 0 stage its part of the tile during the look-back's first sleep, which is shortened by
// the time that took (select.cuh STAGE_FIRST; 0: never) (measured: docs/perf/sm90.md
// "PREDIX_SELECT_STAGE_FIRST_BYTES").
#ifndef PREDIX_SELECT_STAGE_FIRST_BYTES
#define PREDIX_SELECT_STAGE_FIRST_BYTES 2
#endif
// Selections of items of at most this many bytes test a negated predicate (remove_copy_if,
// remove_if, stable_partition swept from the end) as the predicate it wraps and flip each row's
// mask once (select.cuh load_rows; 0: never): ptxas gives the negated byte test about one more
// instruction an item (measured: docs/perf/sm90.md "PREDIX_SELECT_FLIP_NEGATED_BYTES").
#ifndef PREDIX_SELECT_FLIP_NEGATED_BYTES
#define PREDIX_SELECT_FLIP_NEGATED_BYTES 1
#endif
#ifndef PREDIX_SELECT_MIN_BLOCKS_ONE
#define PREDIX_SELECT_MIN_BLOCKS_ONE 4
#endif
#ifndef PREDIX_SELECT_MIN_BLOCKS_TWO
#define PREDIX_SELECT_MIN_BLOCKS_TWO 3
#endif
#ifndef PREDIX_SELECT_MIN_BLOCKS_BYTE_ONE
#define PREDIX_SELECT_MIN_BLOCKS_BYTE_ONE 6
#endif
#ifndef PREDIX_SELECT_MIN_BLOCKS_BYTE_TWO
#define PREDIX_SELECT_MIN_BLOCKS_BYTE_TWO 6
#endif
// A warp of a one-output selection of 1-byte items whose lanes each select at most
// 1/PREDIX_SELECT_SPARSE_DIVISOR of their items stages them by a loop over the selected items
// alone (select.cuh stage_sparse; 0: never) (measured: docs/perf/sm90.md
// "PREDIX_SELECT_SPARSE_DIVISOR").
#ifndef PREDIX_SELECT_SPARSE_DIVISOR
#define PREDIX_SELECT_SPARSE_DIVISOR 8
#endif
// stable_partition in place: the smallest call (in bytes of items) whose sweep a sample of the
// predicate chooses on the device (select_in_place.cuh in_place_async), and the sample:
// items in runs of consecutive ones spread evenly over the range (measured: docs/perf/sm90.md
// "PREDIX_STABLE_PARTITION_CHOOSE_FROM_BYTES").
#ifndef PREDIX_STABLE_PARTITION_CHOOSE_FROM_BYTES
#define PREDIX_STABLE_PARTITION_CHOOSE_FROM_BYTES (16 << 20)
#endif
#ifndef PREDIX_STABLE_PARTITION_SAMPLE_ITEMS
#define PREDIX_STABLE_PARTITION_SAMPLE_ITEMS 4096
#endif
#ifndef PREDIX_STABLE_PARTITION_SAMPLE_RUNS
#define PREDIX_STABLE_PARTITION_SAMPLE_RUNS 32
#endif
// One-output selections (copy_if, remove_copy_if; not in place, no stencil) of items of at most
// PREDIX_SELECT_DEFER_BYTES bytes (0: never), of at least PREDIX_SELECT_DEFER_FROM_BYTES bytes
// of items, whose sample (as stable_partition's) selects at most PREDIX_SELECT_DEFER_SAMPLE_MOST
// of its items, defer their placing (select_deferred.cuh): a tile that selects at most
// 1/PREDIX_SELECT_DEFER_SLOT_DIVISOR of its items writes them to a slot of its own without
// looking back, and a second kernel moves them to their places (measured: docs/perf/sm90.md
// "PREDIX_SELECT_DEFER_BYTES").
#ifndef PREDIX_SELECT_DEFER_BYTES
#define PREDIX_SELECT_DEFER_BYTES 1
#endif
#ifndef PREDIX_SELECT_DEFER_FROM_BYTES
#define PREDIX_SELECT_DEFER_FROM_BYTES (128 << 20)
#endif
#ifndef PREDIX_SELECT_DEFER_SAMPLE_MOST
#define PREDIX_SELECT_DEFER_SAMPLE_MOST 64
#endif
#ifndef PREDIX_SELECT_DEFER_SLOT_DIVISOR
#define PREDIX_SELECT_DEFER_SLOT_DIVISOR 32
#endif
// reduce and count_if: input bytes per thread and tile.
#ifndef PREDIX_STREAM_BYTES_PER_THREAD
#define PREDIX_STREAM_BYTES_PER_THREAD 64
#endif
// reduce and count_if: the last rounds of tiles (at least 1) that blocks take one at a time from
// a counter instead of by stride, over the whole wave of resident blocks (measured:
// docs/perf/sm90.md "PREDIX_STREAM_TAKEN_ROUNDS").
#ifndef PREDIX_STREAM_TAKEN_ROUNDS
#define PREDIX_STREAM_TAKEN_ROUNDS 1
#endif
// reduce and count_if: the taken round in pieces of a tile / PARTS, so that the blocks end
// within a piece of each other (types whose items per thread do not part evenly: whole tiles)
// (measured: docs/perf/sm90.md "PREDIX_STREAM_TAKEN_PARTS").
#ifndef PREDIX_STREAM_TAKEN_PARTS
#define PREDIX_STREAM_TAKEN_PARTS 2
#endif
// L2 prefetch ahead of the loads (device/sources.cuh: prefetch_l2, tile_state.cuh: tile_ahead):
// a block of the scan's or the selection's kernel of whole tiles asks for the tile that lies
// this many bytes of traffic (read and written) per SM after its own (0: none) (measured:
// docs/perf/sm90.md "PREDIX_PREFETCH_BYTES_PER_SM").
#ifndef PREDIX_PREFETCH_BYTES_PER_SM
#define PREDIX_PREFETCH_BYTES_PER_SM (48 * 1024)
#endif
// The selections of fewer bytes of items keep the general kernel for unaligned data: the head's
// own launch (select_head_kernel) and the ragged tail's cost more than vectors gain there
// (measured: docs/perf/sm90.md "PREDIX_SELECT_HEAD_FROM_BYTES").
#ifndef PREDIX_SELECT_HEAD_FROM_BYTES
#define PREDIX_SELECT_HEAD_FROM_BYTES (16 << 20)
#endif
// The boundary to which count_if, reduce and find_if (one source) align their source after its
// head: their kernels read 6–8% slower from a base 16 or 32 bytes past a 128-byte line than from
// one on it, where the scans and selections differ by 0–2% (measured: docs/perf/sm90.md
// "PREDIX_SOURCE_HEAD_BYTES").
#ifndef PREDIX_SOURCE_HEAD_BYTES
#define PREDIX_SOURCE_HEAD_BYTES 128
#endif
// find_if's threads per block (measured: docs/perf/sm90.md "PREDIX_FIND_THREADS").
#ifndef PREDIX_FIND_THREADS
#define PREDIX_FIND_THREADS 512
#endif
// find_if: bytes per thread of the later tiles (contiguous primitive data, 16-byte aligned),
// those after the first wave and the first 1/32 of the range; 0: every tile one vector per
// thread (measured: docs/perf/sm90.md "PREDIX_FIND_LATER_BYTES_PER_THREAD").
#ifndef PREDIX_FIND_LATER_BYTES_PER_THREAD
#define PREDIX_FIND_LATER_BYTES_PER_THREAD 32
#endif
// find_if: the later tiles begin after the first n / PREDIX_FIND_LATER_FROM items (and after the
// first wave), so that a match there stops as early as with small tiles only.
#ifndef PREDIX_FIND_LATER_FROM
#define PREDIX_FIND_LATER_FROM 32
#endif
// find_if of items of at most this many bytes tests a negated predicate (find_if_not, all_of) as
// the predicate it wraps and flips each thread's mask of results once (find_if.cuh; 0: never),
// as the selection does (PREDIX_SELECT_FLIP_NEGATED_BYTES): find_if_not(p) then costs what
// find_if(p) does (measured: docs/perf/sm90.md "PREDIX_FIND_FLIP_NEGATED_BYTES").
#ifndef PREDIX_FIND_FLIP_NEGATED_BYTES
#define PREDIX_FIND_FLIP_NEGATED_BYTES 1
#endif

struct sm90 {
  /// count_if, reduce and find_if: their source's head aligns it to this many bytes.
  static constexpr int source_head_bytes = PREDIX_SOURCE_HEAD_BYTES;
  struct scan {
    static constexpr int threads = PREDIX_SCAN_THREADS;
    /// A source that loads its own chunks of `chunk` items (segment_sides.cuh): rows of them a
    /// warp (binary: the kernel of whole tiles of the segmented binary path, which holds a chunk
    /// as two bit masks, not its items, so the items cap does not apply; its general kernel,
    /// which runs the smaller calls alone, keeps the cap and so more, smaller tiles), and the
    /// floor on resident blocks per SM of its kernel of whole tiles.
    static constexpr int chunked_rows(int chunk, bool binary = false) {
      return binary ? PREDIX_SCAN_CHUNKED_ROWS
                    : detail::min_int(PREDIX_SCAN_CHUNKED_ROWS, PREDIX_SCAN_CHUNKED_ITEMS / chunk);
    }
    static constexpr int chunked_key_vectors = PREDIX_SCAN_CHUNKED_KEY_VECTORS;
    /// reduce_by_key: a row is staged where its lanes average at least this many segments.
    static constexpr int staged_segments = PREDIX_REDUCE_BY_KEY_STAGED_SEGMENTS;
    static constexpr int chunked_min_blocks(bool binary) {
      return binary ? PREDIX_SCAN_BINARY_CHUNKED_MIN_BLOCKS : PREDIX_SCAN_CHUNKED_MIN_BLOCKS;
    }
    /// The floor on resident blocks per SM of the kernel of whole tiles: 4-byte inclusive
    /// scans hold 74 registers without one (3 blocks); the exclusive ones 63 already.
    static constexpr int min_blocks(int in_bytes, int acc_bytes, bool has_init) {
      return in_bytes == 4 && acc_bytes == 4 && !has_init ? PREDIX_SCAN_MIN_BLOCKS_FOUR : 1;
    }
    /// Items per thread for input items of In_bytes and accumulators of Acc_bytes, in the
    /// kernel of whole tiles or (general) the general kernel.
    static constexpr int items(int in_bytes, int acc_bytes, bool general = false) {
      const int bytes = in_bytes > 8 ? 64  // structs: their items stay in registers
                        : general       ? PREDIX_SCAN_GENERAL_BYTES_PER_THREAD
                        : in_bytes == 8 ? PREDIX_SCAN_WIDE_BYTES_PER_THREAD
                                        : PREDIX_SCAN_BYTES_PER_THREAD;
      return detail::clamp_items(detail::min_int(bytes / in_bytes, 2 * bytes / acc_bytes), 64);
    }
    /// Calls of at most this many input bytes of in_bytes items run on the general kernel
    /// alone.
    static constexpr long long general_only_bytes(int in_bytes) {
      return in_bytes == 8 ? PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES : PREDIX_SCAN_GENERAL_ONLY_BYTES;
    }
  };
  struct look_back {
    static constexpr long long prefetch_bytes_per_sm = PREDIX_PREFETCH_BYTES_PER_SM;
    static constexpr int windows = PREDIX_LOOK_BACK_WINDOWS;
  };
  /// reduce and count_if: a stream of loads, no look-back.
  struct stream {
    static constexpr int threads = 256;
    static constexpr int items(int in_bytes) {
      return detail::clamp_items(PREDIX_STREAM_BYTES_PER_THREAD / in_bytes, 128);
    }
    static constexpr int taken_rounds = PREDIX_STREAM_TAKEN_ROUNDS;
    static constexpr int taken_parts = PREDIX_STREAM_TAKEN_PARTS;
  };
  /// copy_if and the partition family: 128 input bytes per thread (uint8: 64 items, as at 64
  /// bytes) and a floor on the resident blocks per SM for the kernel of whole tiles, set by
  /// the registers it leaves: 6 for 1-byte items, 4 and 3 (one and two outputs) for wider ones
  /// (measured: docs/perf/sm90.md "PREDIX_SELECT_MIN_BLOCKS_ONE").
  struct select {
    static constexpr int threads = PREDIX_SELECT_THREADS;
    static constexpr int items(int in_bytes) {
      return detail::clamp_items(PREDIX_SELECT_BYTES_PER_THREAD / in_bytes, PREDIX_SELECT_MOST_ITEMS);
    }
    /// Whether items of item_bytes seal each row's predicate mask as it is built
    /// (detail::seal_mask) rather than all rows' once every row is loaded: 1-byte items, where
    /// ptxas then gives the general kernel 56 registers instead of 102 (measured:
    /// docs/perf/sm90.md "seal_each_row"). The kernels of whole tiles are the same either way.
    __host__ __device__ static constexpr bool seal_each_row(int item_bytes) {
      return item_bytes == 1;
    }
    /// The look-back's first sleep for a tile of `items` items of in_bytes that writes
    /// `written` of them, in a call of n items, from the device's sleeps.
    __host__ __device__ static constexpr unsigned look_back_first_ns(int in_bytes, int written,
                                                                     int items, long long n,
                                                                     const select_sleeps& s) {
      const unsigned full =
          in_bytes == 1 && !long_bytes(in_bytes, n) ? s.byte_first_ns : s.first_ns;
      const unsigned few = s.few_ns < full ? s.few_ns : full;
      const long long scaled = 1LL * written * PREDIX_SELECT_LOOK_BACK_FULL_AT;  // of items
      return scaled >= items ? full
                             : few + static_cast<unsigned>((full - few) * scaled / items);
    }
    /// Whether a call of n items of in_bytes is a long selection of 1-byte items (at least
    /// PREDIX_SELECT_BYTE_LONG_FROM_BYTES), whose sleeps are those of the others.
    __host__ __device__ static constexpr bool long_bytes(int in_bytes, long long n) {
      return in_bytes == 1 && n * in_bytes >= PREDIX_SELECT_BYTE_LONG_FROM_BYTES;
    }
    /// Whether the tiles in the first and last wave of resident blocks of a call of n items of
    /// in_bytes may sleep the device's byte_edge_ns (the kernel of whole tiles then knows the
    /// wave; compiled in for 1-byte items only).
    __host__ __device__ static constexpr bool edges_sleep(int in_bytes, long long n) {
      return in_bytes == 1 && long_bytes(in_bytes, n);
    }
    /// Whether selections of items of in_bytes stage during the look-back's first sleep.
    __host__ __device__ static constexpr bool stage_first(int in_bytes) {
      return in_bytes <= PREDIX_SELECT_STAGE_FIRST_BYTES;
    }
    /// Whether selections of items of in_bytes test a negated predicate as the one it wraps.
    __host__ __device__ static constexpr bool flip_negated(int in_bytes) {
      return in_bytes <= PREDIX_SELECT_FLIP_NEGATED_BYTES;
    }
    /// The most selected items of a thread's `items` items of in_bytes for which a one-output
    /// selection stages them one by one (0: never).
    static constexpr int sparse_most(int in_bytes, int items) {
      return in_bytes == 1 && PREDIX_SELECT_SPARSE_DIVISOR > 0
                 ? items / PREDIX_SELECT_SPARSE_DIVISOR
                 : 0;
    }
    /// Unaligned data: selections of at least this many bytes of items run
    /// after their head; smaller ones item by item on the general kernel alone.
    static constexpr long long head_from_bytes = PREDIX_SELECT_HEAD_FROM_BYTES;
    /// stable_partition: calls of at least this many bytes of items sweep as a sample chooses.
    static constexpr long long choose_from_bytes = PREDIX_STABLE_PARTITION_CHOOSE_FROM_BYTES;
    static constexpr int sample_items = PREDIX_STABLE_PARTITION_SAMPLE_ITEMS;
    static constexpr int sample_runs = PREDIX_STABLE_PARTITION_SAMPLE_RUNS;
    /// Whether one-output selections of items of in_bytes may defer their placing, from how
    /// many bytes of items, below how many selected items of the sample, and a tile's slot in
    /// items: the most it selects and still defers.
    static constexpr bool defers(int in_bytes) { return in_bytes <= PREDIX_SELECT_DEFER_BYTES; }
    static constexpr long long defer_from_bytes = PREDIX_SELECT_DEFER_FROM_BYTES;
    static constexpr int defer_sample_most = PREDIX_SELECT_DEFER_SAMPLE_MOST;
    static constexpr int defer_slot_items(int tile_items) {
      return tile_items / PREDIX_SELECT_DEFER_SLOT_DIVISOR;
    }
    static constexpr int min_blocks(bool two_outputs, int in_bytes) {
      if (in_bytes == 1) {
        return two_outputs ? PREDIX_SELECT_MIN_BLOCKS_BYTE_TWO : PREDIX_SELECT_MIN_BLOCKS_BYTE_ONE;
      }
      return two_outputs ? PREDIX_SELECT_MIN_BLOCKS_TWO : PREDIX_SELECT_MIN_BLOCKS_ONE;
    }
  };
  /// find_if: one 16-byte vector per thread and tile, so that the first wave of tiles (all
  /// resident blocks at once: 132 SMs × 4 blocks × 8192 uint8) is a small part of a large
  /// range and a match near the start ends the search early.
  struct find {
    static constexpr int threads = PREDIX_FIND_THREADS;
    static constexpr int items(int in_bytes) { return detail::clamp_items(16 / in_bytes, 64); }
    /// 16-byte vectors per thread in the later tiles (PREDIX_FIND_LATER_BYTES_PER_THREAD;
    /// 0: every tile as the first).
    static constexpr int later_vectors = PREDIX_FIND_LATER_BYTES_PER_THREAD / 16;
    /// The later tiles begin after the first wave and after the first n / later_from items.
    static constexpr long long later_from = PREDIX_FIND_LATER_FROM;
    /// Its tiles are dealt, none taken from a counter (stream_shape::PARTS: whole tiles).
    static constexpr int taken_parts = 1;
    /// Whether find_if of items of in_bytes tests a negated predicate as the one it wraps.
    __host__ __device__ static constexpr bool flip_negated(int in_bytes) {
      return in_bytes <= PREDIX_FIND_FLIP_NEGATED_BYTES;
    }
  };
  /// histogram_even and histogram_range: items or vectors a thread and tile, and the most
  /// bins a block counts in shared memory (4-byte counters: 48 KiB, no opt-in); more bins are
  /// counted in global memory. A first shape (docs/perf/histogram.md).
  struct histogram {
    static constexpr int threads = 256;
    static constexpr int items = 16;   // items a thread and tile, read one by one
    static constexpr int vectors = 2;  // 16-byte vectors a thread and tile
    static constexpr int shared_bins = 12288;
  };
};

}  // namespace predix::gpu::tuning
