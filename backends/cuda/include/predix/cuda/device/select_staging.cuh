#pragma once
// The selection's staging (select.cuh): a tile's items sorted out in shared memory, selected
// items first, in order, then the rejected ones, in order (forward) or reversed (backward),
// from each lane's chunks (tile_io.cuh striped_tile) as loaded, their predicate bits, and the
// selected items before each chunk (warp_offsets.cuh striped_ones):
//   chunks a b | c d, bits 10 | 11, forward → staged a c d | b
// Three ways, each for every item of the warp's rows: an item at a time (items), a packed word
// of 1- or 2-byte items at a time (packed: word_compaction.cuh), or, with one output and few
// selected, one loop turn per selected item (sparse).
#include <cstring>

#include <cuda/annotated_ptr>

#include <predix/cuda/detail/word_compaction.cuh>
#include <predix/cuda/device/tile_io.cuh>

namespace predix::gpu {

/// Where a selection writes the rejected items: nowhere (copy_if), forward from the start of
/// their output, or backward from the end of an n-item output (partition, in place only).
enum class rejected_to { nowhere, forward, backward };

namespace detail {

/// The staging of a selection tile of Source items of type T, laid out as Layout (a
/// striped_tile), into `to_stage` (shared memory); a warp of one output stages by `sparse`
/// when none of its lanes selects more than SPARSE_MOST of its items (0: never).
template <class Source, class T, class Layout, rejected_to REJECTED, int SPARSE_MOST>
struct select_staging {
  using layout = Layout;
  static constexpr int CHUNK = Layout::ROW_ITEMS / warp_threads;
  static constexpr int ROWS = Layout::WARP_ITEMS / Layout::ROW_ITEMS;
  using chunk_t = held_chunk<Source, CHUNK, T>;

  /// Whether the warp stages its part of the tile by `sparse`: one output, and no lane selects
  /// more than SPARSE_MOST of its items (a warp-wide vote: the warp takes one path).
  static __device__ __forceinline__ bool sparse_warp(const unsigned (&bits)[ROWS]) {
    if constexpr (SPARSE_MOST == 0) {
      return false;
    } else {
      int mine = 0;
#pragma unroll
      for (int r = 0; r < ROWS; ++r) mine += __popc(bits[r]);
      return __all_sync(full_warp_mask, mine <= SPARSE_MOST);
    }
  }

  /// Stages the lane's selected items at their places from `staged` on (shared memory, or
  /// IN_SLOT a deferred tile's slot in device memory, stored as persisting for L2: kept there
  /// over the lines that the tiles' streaming loads bring in, until place_kernel reads them),
  /// one loop turn per selected item (the warp turns as often as its lane with the most): few
  /// selected items cost little more than the vote that chose this.
  template <bool IN_SLOT = false>
  static __device__ __forceinline__ void sparse(T* staged, const Source& source,
                                                const chunk_t (&held)[ROWS],
                                                const unsigned (&bits)[ROWS],
                                                const int (&before)[ROWS], int warp_before) {
    if constexpr (IN_SLOT) {
      staged = ::cuda::associate_access_property(staged, ::cuda::access_property::persisting{});
    }
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      int to = warp_before + before[r];
      for (unsigned m = bits[r]; m != 0; m &= m - 1) {
        staged[to++] = held[r].item_at(source, __ffs(m) - 1);
      }
    }
  }

  /// Stages each item at its place, one test and one position per item.
  template <bool WHOLE>
  static __device__ __forceinline__ void items(unsigned char* to_stage, const Source& source,
                                               chunk_t (&held)[ROWS], const unsigned (&bits)[ROWS],
                                               const int (&before)[ROWS], int warp_before,
                                               int tile_selected, int tile_items, int offset) {
    T* const staged = reinterpret_cast<T*>(to_stage);
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      held[r].reload();
      const int row_at = offset + r * layout::ROW_ITEMS;  // the chunk's first item in the tile
      int sel = warp_before + before[r];                  // selected items before it
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) {
        if (WHOLE || row_at + j < tile_items) {
          const bool is_selected = (bits[r] >> j) & 1u;
          const int rej = row_at + j - sel;  // rejected items before it
          const int to = is_selected ? sel
                         : REJECTED == rejected_to::forward ? tile_selected + rej
                                                            : tile_items - 1 - rej;
          if (REJECTED != rejected_to::nowhere || is_selected) staged[to] = held[r].item(source, j);
          sel += is_selected;
        }
      }
    }
  }

  /// Stages the chunks of packed 1- or 2-byte items word by word: a word's items arranged
  /// (word_compaction.cuh) with its selected ones first, in order, then its rejected ones in
  /// order (forward) or reversed (backward: their places descend), and stored one by one from
  /// the word's first selected and first rejected place. Two outputs: whole tiles only (the
  /// items past the end would count as rejected). The lanes stay converged (shuffles).
  template <bool WHOLE>
  static __device__ __forceinline__ void packed(unsigned char* to_stage, chunk_t (&held)[ROWS],
                                                const unsigned (&bits)[ROWS],
                                                const int (&before)[ROWS], int warp_before,
                                                int tile_selected, int tile_items, int offset) {
    static_assert(WHOLE || REJECTED == rejected_to::nowhere, "two outputs: whole tiles");
    using item = typename vector_bytes<sizeof(T)>::type;
    constexpr int PER_WORD = 4 / static_cast<int>(sizeof(T));
    constexpr bool OTHERS = REJECTED != rejected_to::nowhere;
    constexpr auto ORDER = REJECTED == rejected_to::nowhere   ? others_order::none
                           : REJECTED == rejected_to::forward ? others_order::in_order
                                                              : others_order::reversed;
    item* const staged = reinterpret_cast<item*>(to_stage);
    const unsigned table = word_table<sizeof(T), ORDER>();
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      held[r].reload();
      unsigned words[CHUNK / PER_WORD];
      static_assert(sizeof words == sizeof held[r].data, "the chunk is whole words");
      std::memcpy(words, &held[r].data, sizeof words);
      int sel = warp_before + before[r];                    // selected items before the word
      int rej = offset + r * layout::ROW_ITEMS - sel;       // rejected items before it
#pragma unroll
      for (int i = 0; i < CHUNK / PER_WORD; ++i) {
        const unsigned mine = (bits[r] >> (PER_WORD * i)) & ((1u << PER_WORD) - 1);
        const int k = __popc(mine);
        // Item q >= k is rejected item q − k of the word in order (forward), item
        // PER_WORD − 1 − q reversed (backward): either way its place is others_at + q.
        int others_at = 0;  // one output: no others
        if constexpr (OTHERS) {
          others_at = REJECTED == rejected_to::forward ? tile_selected + rej - k
                                                       : tile_items - PER_WORD - rej;
        }
        put_arranged<OTHERS>(staged, arrange_word(words[i], mine, table), k, sel,
                                     others_at);
        sel += k;
        rej += PER_WORD - k;
      }
    }
  }
};

}  // namespace detail
}  // namespace predix::gpu
