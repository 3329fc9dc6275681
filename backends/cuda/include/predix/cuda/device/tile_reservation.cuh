#pragma once
// Order-free places (copy_if, remove_copy_if and partition_copy under predix::cuda.unordered()):
// instead of looking back, each tile reserves the places of its selected and rejected items
// with one 64-bit atomicAdd on a word of the call, zero when the kernels start:
//   bits 0–39 selected items, 40–62 tiles that reserved, 63 the call's partial last tile did.
// Tiles of 8 items, tile 1 (3 selected) reserving before tile 0 (5 selected): tile 1 gets
// 0 selected and 0 items before it (its rejected items at 0), tile 0 gets 3 and 8 (its
// rejected items at 8 − 3 = 5). The tile that reserves last stores the count and sets the
// word back to zero (a look-back slot's counter is zero when taken: call_slots.hpp).
// One atomic per tile, not per warp: why, measured, in docs/perf/selection.md.

namespace predix::gpu {

struct tile_reservation {
  unsigned long long selected_before;  // selected items of the tiles that reserved before
  long long items_before;              // their items
  bool last;                           // every other tile reserved before

  static constexpr int tiles_shift = 40;
  static constexpr unsigned long long partial_bit = 1ull << 63;

  /// Whether a call of n items in `tiles` tiles fits the word (else it keeps order).
  static constexpr bool fits(long long n, long long tiles) {
    return n < (1ll << tiles_shift) && tiles < (1ll << (63 - tiles_shift));
  }

  /// Thread 0 of a tile of `tile_items` items (TILE but for the call's last tile), `selected`
  /// of them selected: its atomic on the call's word (counter; nullptr: a call of one tile),
  /// whose result is read by `of` (after the staging: the atomic's wait overlaps it).
  template <long long TILE>
  __device__ static unsigned long long take(unsigned long long* counter, int tile_items,
                                            int selected) {
    if (counter == nullptr) return 0;
    return atomicAdd(counter, (1ull << tiles_shift) + unsigned(selected) +
                                  (tile_items < TILE ? partial_bit : 0ull));
  }

  /// The places that take gave (`got`) to a tile of a call of n items in `tiles` tiles of TILE;
  /// the last tile sets the counter back to zero.
  template <long long TILE>
  __device__ static tile_reservation of(unsigned long long got, unsigned long long* counter,
                                        long long n, long long tiles) {
    if (counter == nullptr) return {0, 0, true};
    constexpr unsigned long long selected_mask = (1ull << tiles_shift) - 1;
    const long long tiles_before =
        static_cast<long long>((got & ~partial_bit) >> tiles_shift);
    const long long short_by = (got & partial_bit) ? TILE - (n - (tiles - 1) * TILE) : 0;
    const bool last = tiles_before + 1 == tiles;
    if (last) *counter = 0;
    return {got & selected_mask, tiles_before * TILE - short_by, last};
  }
};

}  // namespace predix::gpu
