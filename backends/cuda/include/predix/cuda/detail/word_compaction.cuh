#pragma once
// Arranging the small items packed in a 32-bit word (four 1-byte or two 2-byte items): the
// items whose mask bits are set move to the low end of the word, in order, and the others
// follow them — in order, reversed, or not at all (zero bytes) — with one byte permute.
//   word 0xDDCCBBAA, mask 0b1010:  selected BB DD, then  AA CC (in order)  or  CC AA (reversed)
// The permute's selector for the mask comes from lane `mask` of a table the warp holds in a
// register (one shuffle; word_table()). put_arranged then stores the word's items one by one,
// the selected ones at consecutive places from one index and the others from another: a chunk
// of 16 uint8 costs four words' work and one store per item, with no position per item.
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu::detail {

/// What follows a word's selected items: nothing (zero bytes), the others in order, or the
/// others in reverse order.
enum class others_order { none, in_order, reversed };

/// This lane's entry of the permute table for items of ITEM_BYTES, for the mask lane_id() %
/// 2^(items per word): byte nibble p of the selector is the source byte of byte p of the
/// arranged word (4: a zero byte).
template <int ITEM_BYTES, others_order OTHERS>
__device__ __forceinline__ unsigned word_table() {
  static_assert(ITEM_BYTES == 1 || ITEM_BYTES == 2, "items of 1 or 2 bytes");
  constexpr int PER_WORD = 4 / ITEM_BYTES;
  const unsigned mask = lane_id() & ((1u << PER_WORD) - 1);
  unsigned selector = 0x4444u;
  int p = 0;  // items placed
  auto place = [&](int j) {
    for (int b = 0; b < ITEM_BYTES; ++b) {
      const int at = 4 * (ITEM_BYTES * p + b);
      selector = (selector & ~(0xFu << at)) | (static_cast<unsigned>(ITEM_BYTES * j + b) << at);
    }
    ++p;
  };
  for (int j = 0; j < PER_WORD; ++j) {
    if ((mask >> j) & 1u) place(j);
  }
  if constexpr (OTHERS == others_order::in_order) {
    for (int j = 0; j < PER_WORD; ++j) {
      if (!((mask >> j) & 1u)) place(j);
    }
  } else if constexpr (OTHERS == others_order::reversed) {
    for (int j = PER_WORD - 1; j >= 0; --j) {
      if (!((mask >> j) & 1u)) place(j);
    }
  }
  return selector;
}

/// `word` arranged for `mask` by the table of word_table(). Every lane of the warp calls it.
__device__ __forceinline__ unsigned arrange_word(unsigned word, unsigned mask, unsigned table) {
  const unsigned selector = __shfl_sync(full_warp_mask, table, static_cast<int>(mask));
  unsigned arranged;  // prmt itself, not __byte_perm: the selectors need no masking
  asm("prmt.b32 %0, %1, 0, %2;" : "=r"(arranged) : "r"(word), "r"(selector));
  return arranged;
}

/// Stores the items of an arranged word with k selected items: item q at
/// to[selected_at + q] for q < k, and (OTHERS) at to[others_at + q] for q >= k. Item is the
/// unsigned type of the item's size.
template <bool OTHERS, class Item>
__device__ __forceinline__ void put_arranged(Item* to, unsigned arranged, int k, int selected_at,
                                             int others_at) {
  constexpr int PER_WORD = 4 / static_cast<int>(sizeof(Item));
  Item* const selected = to + selected_at;
  Item* const others = to + others_at;  // a place for each item, one select per item
#pragma unroll
  for (int q = 0; q < PER_WORD; ++q) {
    const Item item = static_cast<Item>(arranged >> (8 * sizeof(Item) * q));
    if (OTHERS) {
      (q < k ? selected : others)[q] = item;
    } else if (q < k) {
      selected[q] = item;
    }
  }
}

}  // namespace predix::gpu::detail
