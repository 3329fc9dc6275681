#pragma once
// Launch shapes of the device algorithms for sm_90 (H100), apart from the kernels
// (DESIGN.md §3). Every device algorithm reads its block size and items per thread from
// here; a thread's items are contiguous in memory and loaded as 16-byte vectors when the
// data allows (device/tile_io.cuh), so the counts are set in bytes:
//   scan   256 threads, 128 input bytes per thread (int32: 32 items, an 8192-item tile),
//          192 for 8-byte items and 64 for larger ones, at most 64 items per thread and
//          accumulator bytes twice the input bytes (registers); 64 bytes per thread in the
//          general kernel, which alone runs calls of up to 8 MiB of input (32 MiB of 8-byte
//          items) whose tile it makes smaller or whose size is ragged; the
//          look-back sleeps before its first read and between reads of a window that is not
//          ready yet, once the grid is large (hundreds of spinning warps otherwise queue
//          at the L2 slice that holds the tile states)
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
namespace predix::gpu::tuning {

namespace detail {
constexpr int clamp_items(int items, int most) {
  return items < 1 ? 1 : (items > most ? most : items);
}
constexpr int min_int(int a, int b) { return a < b ? a : b; }
}  // namespace detail

// Input bytes per thread of a scan tile (of 8-byte items: WIDE); a build may override them to
// measure other shapes (perf/sweep). H100, 2^28, % of copy for 64 / 96 / 128 / 192 bytes
// (docs/perf/README.md): int32 79.9 / 82.0 / 84.1 / 83.3, int64 84.0 / 85.0 / 86.0 / 90.1,
// uint8→int32 77.8 / 78.9 / 80.1 / 79.9, uint8 even; 128 is also the fastest at 2^20 and 2^24.
#ifndef PREDIX_SCAN_BYTES_PER_THREAD
#define PREDIX_SCAN_BYTES_PER_THREAD 128
#endif
#ifndef PREDIX_SCAN_WIDE_BYTES_PER_THREAD
#define PREDIX_SCAN_WIDE_BYTES_PER_THREAD 192
#endif
#ifndef PREDIX_SCAN_THREADS
#define PREDIX_SCAN_THREADS 256
#endif
// The general kernel (ragged tails, unaligned data, and every call of at most
// PREDIX_SCAN_GENERAL_ONLY_BYTES input bytes, PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES of 8-byte
// items, whose tile this shrinks or whose size is ragged) runs smaller tiles: a small call
// then spreads over more SMs in one launch. H100, int64 µs (CUB): 2^16 25.3 (19.1) at 192
// bytes, 14.0 (15.4) at 64; 2^20 25.3 (19.3), 20.6 (22.3); 2^24 124.5 (118.4), 133.6 (115.6).
// The 8-byte items' whole tiles (48 KiB) stay behind the general kernel up to 32 MiB (two A/B
// runs, median GB/s, exclusive / inclusive int64, whole tiles → general kernel: 2^21 912–962
// → 1025–1097 / 933–969 → 1069–1088, 2^22 1263–1298 → 1451–1548 / 1303–1317 → 1403–1436, 2^23
// 1773–1789 → 1678–1713 / 1777–1780 → 1544–1549); int32 at 2^22 lost 9% there
// (docs/perf/README.md).
#ifndef PREDIX_SCAN_GENERAL_BYTES_PER_THREAD
#define PREDIX_SCAN_GENERAL_BYTES_PER_THREAD 64
#endif
#ifndef PREDIX_SCAN_GENERAL_ONLY_BYTES
#define PREDIX_SCAN_GENERAL_ONLY_BYTES (8 << 20)
#endif
#ifndef PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES
#define PREDIX_SCAN_WIDE_GENERAL_ONLY_BYTES (32 << 20)
#endif

// Look-back delays in nanoseconds (before the first read, between reads) and the grid size
// from which they apply.
// Since the L2 prefetch, a longer first sleep lets more predecessors publish before the first
// read (H100, 2^28, GB/s at 1500 / 2500 / 3500 ns: inclusive_scan int32 2584–2600 / 2668–2674
// / 2679–2711, partition_copy int32 2696–2703 / 2751–2809 / 2774–2810; 5000 lost 15–25%), except
// for the selection of 1-byte items (copy_if uint8 1921–1986 / 1920–1951 / 1905–1948; at 2^24
// 722–770 / 704–714 / 676–705), which keeps 1500 in calls of less than
// PREDIX_SELECT_BYTE_LONG_FROM_BYTES. From there on it sleeps as the others (uint8, GB/s at
// 1500 / 2500, docs/perf/selection_uint8.md "A longer first sleep for long uint8 selections": 2^28
// copy_if 50% 2326–2369 / 2381–2399, 99% 2419–2442 / 2505–2525, partition_copy 50% 2436–2475 /
// 2497–2544, partition 50% 1793–1835 / 1867–1878; 2^27 copy_if 50% 2055–2079 / 2074–2095; 2^26
// copy_if 50% 1714–1735 / 1682–1717; 2^24 849–872 / 803–823).
#ifndef PREDIX_LOOK_BACK_FIRST_NS
#define PREDIX_LOOK_BACK_FIRST_NS 2500
#endif
#ifndef PREDIX_SELECT_BYTE_LOOK_BACK_FIRST_NS
#define PREDIX_SELECT_BYTE_LOOK_BACK_FIRST_NS 1500
#endif
#ifndef PREDIX_SELECT_BYTE_LONG_FROM_BYTES
#define PREDIX_SELECT_BYTE_LONG_FROM_BYTES (128LL << 20)
#endif
// The first sleep of the tiles of a long selection of 1-byte items (as above) in its first and
// last wave of resident blocks (0: as the others). The first wave's tiles are ranked together,
// the last wave's find their predecessors done: a long sleep there leaves DRAM idle while every
// resident block waits. With tile 0 choosing before its loads (select.cuh), H100, 2^28, GB/s
// before / with (docs/perf/selection_uint8.md "The edges of a long uint8 selection"): copy_if uint8
// 50% 2366–2387 / 2413–2416, 1% 2412–2433 / 2468–2472, remove_copy_if 50% 2368–2377 / 2412–2419;
// 0 and 1000 ns as 500; either change alone within the spread.
#ifndef PREDIX_SELECT_BYTE_EDGE_NS
#define PREDIX_SELECT_BYTE_EDGE_NS 500
#endif
// The selection's first sleep for a tile that writes few items: from this (nothing written) up
// to the full one (above) at a 1/PREDIX_SELECT_LOOK_BACK_FULL_AT of the tile written. A tile
// with little to store has little to overlap the wait with (H100, 2^28, GB/s with 2500 / 1000
// ns: copy_if 1% int32 2218–2247 / 2435–2470, int64 2353–2364 / 2556–2595; 50% int32 2754–2774 /
// 2613–2625).
#ifndef PREDIX_SELECT_LOOK_BACK_FEW_NS
#define PREDIX_SELECT_LOOK_BACK_FEW_NS 1000
#endif
#ifndef PREDIX_SELECT_LOOK_BACK_FULL_AT
#define PREDIX_SELECT_LOOK_BACK_FULL_AT 4
#endif
#ifndef PREDIX_LOOK_BACK_POLL_NS
#define PREDIX_LOOK_BACK_POLL_NS 500
#endif
// Windows of 32 tiles that one look-back read takes at once. A uint8 copy_if of 2^28 items
// at 1% selected finds its nearest INCLUSIVE predecessor 69 tiles back on average, after 3.7
// reads of one window each (H100, counted in the look-back); two or four windows a read lost
// 5–30% on every selection and scan row (H100, 2^28, GB/s, 1 / 2 / 4: copy_if uint8 1% 1982 /
// 1651 / 1396, int64 1% 2774–2803 / 2503 / 2173–2180; inclusive_scan uint8 2585–2595 / 2433–2444 /
// 2323; docs/perf/selection_uint8.md "Wider look-back reads"). The loop over the windows stays at
// 1: in that form ptxas gives the one-output uint8 selection's kernel of whole tiles no spills (12
// and 16 bytes before), worth 2–4% there.
#ifndef PREDIX_LOOK_BACK_WINDOWS
#define PREDIX_LOOK_BACK_WINDOWS 1
#endif
#ifndef PREDIX_LOOK_BACK_MIN_TILES
#define PREDIX_LOOK_BACK_MIN_TILES 500
#endif

// Selection tile bytes per thread and resident-block floors of items wider than a byte and of
// 1-byte items (one output, two outputs).
// Threads per block: 128 lost 1–11% at 2^28 (H100, docs/perf/selection.md "selection blocks of 128
// or 512 threads"); 512 stage over the 48 KiB of static shared memory.
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
// Selections of items of at most this many bytes publish a tile's PARTIAL count at once and
// let warp 0 stage its part of the tile during the look-back's first sleep, which is shortened
// by the time that took (select.cuh STAGE_FIRST; 0: never). H100, 2^28, GB/s, two rounds,
// before → after: copy_if uint8 1% 2030–2059 → 2201, 99% 2425–2443 → 2501–2524; partition_copy
// uint8 1% 2324–2340 → 2457–2468; partition uint8 99% 2102–2127 → 2289–2300; int16 +2–5%;
// int64 even to −3% (docs/perf/selection_uint8.md "Staging in the look-back's first sleep").
#ifndef PREDIX_SELECT_STAGE_FIRST_BYTES
#define PREDIX_SELECT_STAGE_FIRST_BYTES 2
#endif
// Selections of items of at most this many bytes test a negated predicate (remove_copy_if,
// remove_if, stable_partition swept from the end) as the predicate it wraps and flip each
// row's mask once (select.cuh load_rows; 0: never): ptxas gives the negated byte test about one
// more instruction an item. H100, 2^28, GB/s, three rounds, 0 / 1 / 2: remove_copy_if uint8 99%
// 2027–2082 / 2203–2204 / 2169–2209 (kernel 70.5 M warp instructions, as copy_if 1%, against
// 79.0 M), 50% 2292–2342 / 2420–2425 / 2380–2426; int16 99% 2581–2600 / 2585–2597 / 2507–2547
// (+12% instructions at 2) (docs/perf/selection_uint8.md "remove_copy_if's negated predicate").
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
// alone (select.cuh stage_sparse; 0: never). H100, 2^28, GB/s, three rounds, never / 8 / 16:
// copy_if uint8 1% 1518–1539 / 1719–1732 / 1718–1772, remove_copy_if uint8 99% 1400–1452 /
// 1625–1651 / 1607–1615, 50% even; wider items gained nothing at 1% and lost 1–3% at 50%.
#ifndef PREDIX_SELECT_SPARSE_DIVISOR
#define PREDIX_SELECT_SPARSE_DIVISOR 8
#endif
// stable_partition in place: the smallest call (in bytes of items) whose sweep a sample of the
// predicate chooses on the device (select_in_place.cuh device_stable_partition), and the
// sample: items in runs of consecutive ones spread evenly over the range. H100, GB/s, forward
// only → chosen: 2^28 1% selected uint8 1081–1093 → 1849–1897, int32 1458–1459 → 2710–2758;
// 50% and 99% within −2%; 2^22 int32 and int64 (16 and 32 MiB) 1% +15–35%, 50% and 99% −5–7%
// (the sample's ~3 µs; docs/perf/partition_in_place.md "stable_partition swept as a sample
// chooses").
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
// PREDIX_SELECT_DEFER_BYTES bytes (0: never), of at least PREDIX_SELECT_DEFER_FROM_BYTES bytes of
// items, whose sample (as stable_partition's) selects at most PREDIX_SELECT_DEFER_SAMPLE_MOST of
// its items, defer their placing (select_deferred.cuh): a tile that selects at most
// 1/PREDIX_SELECT_DEFER_SLOT_DIVISOR of its items writes them to a slot of its own without
// looking back, and a second kernel moves them to their places. H100, uint8, GB/s, three
// rounds, 0 / 1 (docs/perf/selection_uint8.md "Deferred placing"): copy_if 2^28 1% 2155-2209 /
// 2299-2342, 50% 2384-2422 / 2365-2399, 99% 2483-2516 / 2448-2498; remove_copy_if 2^28 99%
// 2197-2209 / 2312-2325, 1% 2489-2517 / 2459-2500; copy_if 2^27 1% 1861-1921 / 1948-2009. From 16
// MiB, 2^24 lost 12% at 1% (the second kernel's few microseconds); with a stencil (copy_if_flagged,
// two bytes read an item) 2^28 1% lost 3%.
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
// reduce and count_if: the last rounds of tiles that blocks take one at a time from a counter
// instead of by stride, over the whole wave of resident blocks (0: every tile by stride, the
// grid cut to whole rounds). H100, 2^28, GB/s, 0 / 1 / 2 rounds: count_if uint8 2632–2656 /
// 2664–2689 / 2654–2709, the other rows within their spread; the whole wave then +1–1.6% for
// 4- and 8-byte items (docs/perf/count_reduce_find.md "The last round of count_if and reduce taken,
// not dealt").
#ifndef PREDIX_STREAM_TAKEN_ROUNDS
#define PREDIX_STREAM_TAKEN_ROUNDS 1
#endif
// reduce and count_if: the taken round in pieces of a tile / PARTS, so that the blocks end
// within a piece of each other (types whose items per thread do not part evenly: whole tiles).
// H100, GB/s, two A/B runs, 1 / 2 / 4 parts: count_if uint8 2^28 2690–2721 / 2724–2732 /
// 2694–2708 (2584–2711 / 2713–2724 / 2626–2654), 2^24 874–946 / 920–940 / 864–948; the other
// count_if and reduce rows, uint8 to int64 at 2^24–2^28, within their spread at 2
// (docs/perf/count_reduce_find.md "The taken round in half tiles").
#ifndef PREDIX_STREAM_TAKEN_PARTS
#define PREDIX_STREAM_TAKEN_PARTS 2
#endif
// L2 prefetch ahead of the loads (device/sources.cuh: prefetch_l2, tile_state.cuh: tile_ahead):
// a block of the scan's or the selection's kernel of whole tiles asks for the tile that lies
// this many bytes of traffic (read and written) per SM after its own (0: none). H100, 2^28,
// GB/s without / one tile per SM ahead (docs/perf/README.md): inclusive_scan int32 2375–2389 /
// 2537–2600, uint8 1945–2147 / 2320–2345; copy_if int32 2493–2508 / 2501–2655, uint8 1920–1962
// / 1998–2038; two and three tiles lost to one, half a tile won for tiles of over 64 KiB.
#ifndef PREDIX_PREFETCH_BYTES_PER_SM
#define PREDIX_PREFETCH_BYTES_PER_SM (48 * 1024)
#endif
// 1: a look-back block's tile (scan, selection) is its block index (blocks start in index
// order, as CUB's single-pass kernels assume), 0: the next number from an atomic counter, taken
// as it starts (an L2 round trip before the tile's loads). H100, GB/s, counter → index
// (docs/perf/look_back.md "The tile from the block index"): copy_if uint8 2^28 50% 1972–2029 →
// 2122–2151, int16 1% 2243–2298 → 2346–2368; partition_copy uint8 2^28 +6–8%; inclusive_scan
// uint8 2^28 2369–2393 → 2501–2512; the 2^24 rows +3–12%; 8-byte rows within their spread.
#ifndef PREDIX_TILE_FROM_BLOCK_INDEX
#define PREDIX_TILE_FROM_BLOCK_INDEX 1
#endif
// The selections of fewer bytes of items keep the general kernel for unaligned data: the head's
// own launch (select_head_kernel) and the ragged tail's cost more than vectors gain there. Since
// the tiles start as dependents of the head's launch (detail/chained_launch.cuh), the head pays from
// 16 MiB on (H100, one item off, 50%, GB/s from 32 MiB / from 4 MiB: copy_if uint8 2^22 (4 MiB)
// 338–347 / 303–305, int64 2^20 (8 MiB) 612–617 / 512–553; int32 2^22 (16 MiB) 708–712 /
// 761–811, uint8 2^24 676–689 / 783–790; docs/perf/call_cost.md "Chained launches").
#ifndef PREDIX_SELECT_HEAD_FROM_BYTES
#define PREDIX_SELECT_HEAD_FROM_BYTES (16 << 20)
#endif
// The boundary to which count_if, reduce and find_if (one source) align their source after its
// head (< 128 items, done by block 0): their kernels read 6–8% slower from a base 16 or 32 bytes
// past a 128-byte line than from one on it, where the scans and selections (vectors of rows of
// 512 bytes, two sides) differ by 0–2% (H200, 2^28, count_if int64 / int32 at 0, 16 and 32 bytes
// past cudaMalloc's alignment: 4419–4426, 4138–4146, 4092–4102 / 4318–4336, 4184–4213,
// 4174–4186; copy_if int32 3163–3174, 3186–3193, 3185–3195). A/B of 16 → 128, one item off,
// 2^28: count_if int64 4270–4279 → 4488–4498, reduce int64 4256–4265 → 4490–4493, int32
// 4297 → 4369–4384 (aligned: 4479–4517, 4352–4399); find_if and 1-, 2-byte items within their
// spread (docs/perf/unaligned.md "The head of unaligned data").
#ifndef PREDIX_SOURCE_HEAD_BYTES
#define PREDIX_SOURCE_HEAD_BYTES 128
#endif
// find_if's threads per block. H100, 2^28, kernel time of a match at 1% (ncu, six launches)
// and GB/s with no match, 256 / 512 / 1024: int16 8.8–9.7 / 8.5–9.2 / 9.1–10.4 µs, uint8 9.0–9.3
// / 8.9–10.1 / 10.8–12.2 µs; no match int32 2946–2964 / 2977–3003 / 3001–3021, int64 3012–3019 /
// 3038–3056 / 3062–3079 (docs/perf/call_cost.md "The end of a polled call").
#ifndef PREDIX_FIND_THREADS
#define PREDIX_FIND_THREADS 512
#endif
// find_if: bytes per thread of the later tiles (contiguous primitive data, 16-byte aligned),
// those after the first wave and the first 1/32 of the range; 0: every tile one vector per
// thread. Fewer barriers and atomic reads per item (uint8 with no match: 1601 → 2426 GB/s at
// 2^28 with 32, docs/perf/count_reduce_find.md "find_if's later tiles").
#ifndef PREDIX_FIND_LATER_BYTES_PER_THREAD
#define PREDIX_FIND_LATER_BYTES_PER_THREAD 32
#endif
// find_if: the later tiles begin after the first n / PREDIX_FIND_LATER_FROM items (and after the
// first wave), so that a match there stops as early as with small tiles only.
#ifndef PREDIX_FIND_LATER_FROM
#define PREDIX_FIND_LATER_FROM 32
#endif
// find_if of items of at most this many bytes tests a negated predicate (find_if_not, all_of)
// as the predicate it wraps and flips each thread's mask of results once (find_if.cuh; 0:
// never), as the selection does (PREDIX_SELECT_FLIP_NEGATED_BYTES): find_if_not(p) then costs
// what find_if(p) does. H100, 2^28, no match, kernel (ncu) at 0 / 1 / 2: find_if_not(x < t)
// uint8 122–124 / 104–106 / 104–106 µs (49.7 / 41.1 / 41.1 M warp instructions; find_if(x < t)
// 105 µs, 40.3 M), int16 189–190 / 188–189 / 183–185 µs. The suite's all_of row, whose
// predicate is !(x < t), reads 2543–2574 / 2391 / 2349–2358 GB/s for uint8: that compare is the
// slow form for ptxas in any algorithm (docs/perf/count_reduce_find.md "find_if_not and all_of").
#ifndef PREDIX_FIND_FLIP_NEGATED_BYTES
#define PREDIX_FIND_FLIP_NEGATED_BYTES 1
#endif

struct sm90 {
  /// count_if, reduce and find_if: their source's head aligns it to this many bytes.
  static constexpr int source_head_bytes = PREDIX_SOURCE_HEAD_BYTES;
  struct scan {
    static constexpr int threads = PREDIX_SCAN_THREADS;
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
    static constexpr unsigned first_ns = PREDIX_LOOK_BACK_FIRST_NS;
    static constexpr unsigned poll_ns = PREDIX_LOOK_BACK_POLL_NS;
    static constexpr unsigned min_tiles = PREDIX_LOOK_BACK_MIN_TILES;
    static constexpr int windows = PREDIX_LOOK_BACK_WINDOWS;
    static constexpr bool tile_from_block_index = PREDIX_TILE_FROM_BLOCK_INDEX != 0;
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
  /// the registers it leaves. 1-byte items: 6 blocks (40 registers; 8 and 12 bytes spilled;
  /// two outputs at 5 blocks ran 3.5% slower since the packed staging). Wider items: 4 and 3
  /// (H100, 2^28, % of copy against 64 bytes and 6 / 5 blocks: int32 copy_if 1% 67.8 → 77.5,
  /// 50% 78.9 → 83.7; int64 1% 74.5 → 86.0, remove_copy_if 99% 74.4 → 85.3; uint8 copy_if 50%
  /// lost 43.9 → 37.1 at 4 blocks).
  struct select {
    static constexpr int threads = PREDIX_SELECT_THREADS;
    static constexpr int items(int in_bytes) {
      return detail::clamp_items(PREDIX_SELECT_BYTES_PER_THREAD / in_bytes, PREDIX_SELECT_MOST_ITEMS);
    }
    /// Whether items of item_bytes seal each row's predicate mask as it is built
    /// (detail::seal_mask) rather than all rows' once every row is loaded: 1-byte items, where
    /// ptxas then gives the general kernel 56 registers instead of 102 (H100, copy_if uint8 of
    /// unaligned data, 2^28, 50%: 819 → 1086 GB/s; int16 lost 6% that way, docs/perf/selection.md
    /// "The selection of unaligned data"). The kernels of whole tiles are the same either way.
    __host__ __device__ static constexpr bool seal_each_row(int item_bytes) {
      return item_bytes == 1;
    }
    /// The look-back's first sleep (look_back::first_ns) for a tile of `items` items of
    /// in_bytes that writes `written` of them, in a call of n items.
    __host__ __device__ static constexpr unsigned look_back_first_ns(int in_bytes, int written,
                                                                     int items, long long n) {
      const unsigned full = in_bytes == 1 && !long_bytes(in_bytes, n)
                                ? PREDIX_SELECT_BYTE_LOOK_BACK_FIRST_NS
                                : PREDIX_LOOK_BACK_FIRST_NS;
      const unsigned few = PREDIX_SELECT_LOOK_BACK_FEW_NS < full ? PREDIX_SELECT_LOOK_BACK_FEW_NS
                                                                 : full;
      const long long scaled = 1LL * written * PREDIX_SELECT_LOOK_BACK_FULL_AT;  // of items
      return scaled >= items ? full
                             : few + static_cast<unsigned>((full - few) * scaled / items);
    }
    /// Whether a call of n items of in_bytes is a long selection of 1-byte items (at least
    /// PREDIX_SELECT_BYTE_LONG_FROM_BYTES), whose sleeps are those of the others.
    __host__ __device__ static constexpr bool long_bytes(int in_bytes, long long n) {
      return in_bytes == 1 && n * in_bytes >= PREDIX_SELECT_BYTE_LONG_FROM_BYTES;
    }
    /// Whether a call of items of in_bytes may sleep edge_first_ns at its edges (compiled in
    /// only then).
    __host__ __device__ static constexpr bool edges_sleep(int in_bytes) {
      return in_bytes == 1 && PREDIX_SELECT_BYTE_EDGE_NS > 0;
    }
    /// The look-back's first sleep of a tile in the first or last wave of resident blocks of
    /// the kernel of whole tiles, in a call of n items of in_bytes; 0: as any other tile.
    __host__ __device__ static constexpr unsigned edge_first_ns(int in_bytes, long long n) {
      return edges_sleep(in_bytes) && long_bytes(in_bytes, n) ? PREDIX_SELECT_BYTE_EDGE_NS : 0;
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
};

}  // namespace predix::gpu::tuning
