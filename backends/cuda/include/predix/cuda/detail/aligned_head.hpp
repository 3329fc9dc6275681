#pragma once
// The head of unaligned contiguous data: the h < 16 items after which every side of a call
// that moves 16-byte vectors (contiguous primitive items) starts at a 16-byte boundary (a
// call of one source: at a 128-byte line, tuning PREDIX_SOURCE_HEAD_BYTES). A call on a
// sub-range that starts off a boundary (v.begin() + 1, say) does its first h items apart, item
// by item (in the block of its first tile, or a launch of its own), and the rest, moved h
// items on, as aligned data: on the kernels of whole tiles, with vector accesses.
//   int16 input at ...0a, int16 output at ...2a: h 3 (both then at ...10 and ...30)
//   uint8 input at ...03, int32 output at ...08: 13 would suit the input, 2 the output: 0
#include <cstdint>
#include <initializer_list>

namespace predix::gpu::detail {

/// A side of a call: where its first item lies, and the bytes of its items when it moves
/// 16-byte vectors, negative for a side read from its end down (a reversed source: its item i
/// lies before item 0); 0: it moves its items one by one, and any head suits it.
struct vector_side {
  std::uintptr_t address;
  int item_bytes;
};

/// The least h in [0, boundary) that puts every side's address + h · item_bytes on a
/// `boundary`-byte boundary (16, or a larger power of two: a call of one source aligns it to a
/// 128-byte line); 0 when there is none, or none that leaves an item of the n after the head.
inline long long aligned_head(long long n, std::initializer_list<vector_side> sides,
                              int boundary = 16) {
  for (long long h = 0; h < boundary && h < n; ++h) {
    bool all = true;
    for (const vector_side& s : sides) {
      // h · item_bytes modulo 2^64, which the boundary divides: right for negative item_bytes.
      const std::uintptr_t moved = static_cast<std::uintptr_t>(h) * s.item_bytes;
      all = all && (s.item_bytes == 0 || (s.address + moved) % boundary == 0);
    }
    if (all) return h;
  }
  return 0;
}

}  // namespace predix::gpu::detail
