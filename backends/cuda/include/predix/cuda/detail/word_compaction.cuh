#pragma once
// Compaction of the small items packed in a 32-bit word (four 1-byte or two 2-byte items):
// the items whose mask bits are set move to the low end of the word, in order.
//   word 0xDDCCBBAA, mask 0b1010  →  0x....DDBB, two items
// 1-byte items take one byte permute, its selector for the 4-bit mask read from lane `mask`
// of a table the warp holds in a register (one shuffle; compaction_table()); 2-byte items
// take one select. put_items then stores a compacted word's first k items one by one at
// consecutive places (ascending or descending), so a chunk of 16 uint8 costs four words'
// work and one store per item, without a test and a position per item.
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu::detail {

/// This lane's entry of the byte-compaction table, for the 4-bit mask lane_id() % 16: nibble
/// p of the __byte_perm selector is the index of the p-th set bit (4, a zero byte, after the
/// last).
__device__ __forceinline__ unsigned compaction_table() {
  const unsigned mask = lane_id() & 15u;
  unsigned selector = 0x4444u;
  int p = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    if ((mask >> j) & 1u) {
      selector = (selector & ~(0xFu << (4 * p))) | (static_cast<unsigned>(j) << (4 * p));
      ++p;
    }
  }
  return selector;
}

/// The items of `word` (ITEM_BYTES 1 or 2) whose bits in `mask` are set, moved to its low
/// end in order; the bytes above them are unspecified. Every lane of the warp calls it.
template <int ITEM_BYTES>
__device__ __forceinline__ unsigned compact_word(unsigned word, unsigned mask, unsigned table) {
  static_assert(ITEM_BYTES == 1 || ITEM_BYTES == 2, "items of 1 or 2 bytes");
  if constexpr (ITEM_BYTES == 1) {
    // prmt itself, not __byte_perm: the table's selectors need no masking
    const unsigned selector = __shfl_sync(full_warp_mask, table, static_cast<int>(mask));
    unsigned compacted;
    asm("prmt.b32 %0, %1, 0, %2;" : "=r"(compacted) : "r"(word), "r"(selector));
    return compacted;
  } else {
    return mask == 2u ? word >> 16 : word;
  }
}

/// Stores the first k items of a compacted word at at[0], at[STEP], at[2·STEP], ...
/// (STEP 1: ascending places, −1: descending); Item is the unsigned type of the item's size.
template <class Item, int STEP>
__device__ __forceinline__ void put_items(Item* at, unsigned compacted, int k) {
  constexpr int PER_WORD = 4 / static_cast<int>(sizeof(Item));
#pragma unroll
  for (int q = 0; q < PER_WORD; ++q) {
    if (q < k) at[STEP * q] = static_cast<Item>(compacted >> (8 * sizeof(Item) * q));
  }
}

}  // namespace predix::gpu::detail
