// detail/aligned_head.hpp on the host (no GPU needed): for every start of one or two sides
// within 64 bytes, and every item size, the head is the least count of items that puts every
// vector side on a 16-byte boundary, 0 when none under 16 does, and it leaves items after it;
// one side finds its 128-byte line too.
// The kernels' use of it is checked by the conformance suite's sub-ranges
// (tests/conformance/subrange_test.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include <predix/cuda/detail/aligned_head.hpp>

namespace {

using predix::gpu::detail::aligned_head;
using predix::gpu::detail::vector_side;

/// Whether h items on puts the side on a 16-byte boundary (a side without vectors: always).
bool on_boundary(const vector_side& s, long long h) {
  const std::uintptr_t moved = static_cast<std::uintptr_t>(h * s.item_bytes);  // mod 2^64
  return s.item_bytes == 0 || (s.address + moved) % 16 == 0;
}

TEST(AlignedHead, TheExamplesOfItsHeader) {
  EXPECT_EQ(aligned_head(100, {{0x100a, 2}, {0x202a, 2}}), 3);
  EXPECT_EQ(aligned_head(100, {{0x1003, 1}, {0x2008, 4}}), 0);
}

/// A side read from its end down (a reversed source) reaches its boundary moving down.
TEST(AlignedHead, SidesReadDownward) {
  EXPECT_EQ(aligned_head(100, {{0x1008, -4}}), 2);          // 0x1008 − 2 · 4 = 0x1000
  EXPECT_EQ(aligned_head(100, {{0x1008, -4}, {0x2008, 4}}), 2);
  EXPECT_EQ(aligned_head(100, {{0x1001, -1}, {0x2000, 0}}), 1);
  EXPECT_EQ(aligned_head(100, {{0x1004, -4}, {0x2004, 4}}), 0);  // 1 and 3: none suits both
}

TEST(AlignedHead, TheLeastHeadThatAlignsEverySide) {
  for (const int a_bytes : {0, 1, 2, 4, 8, -1, -8}) {
    for (const int b_bytes : {0, 1, 2, 4, 8}) {
      for (std::uintptr_t a = 0x1000; a < 0x1040; a += a_bytes == 0 ? 1 : std::abs(a_bytes)) {
        for (std::uintptr_t b = 0x2000; b < 0x2040; b += b_bytes == 0 ? 1 : b_bytes) {
          for (const long long n : {1LL, 2LL, 7LL, 15LL, 16LL, 1000LL}) {
            const vector_side sa{a, a_bytes}, sb{b, b_bytes};
            const long long h = aligned_head(n, {sa, sb});
            SCOPED_TRACE("sides " + std::to_string(a) + "/" + std::to_string(a_bytes) + ", " +
                         std::to_string(b) + "/" + std::to_string(b_bytes) + ", n " +
                         std::to_string(n) + ": head " + std::to_string(h));
            ASSERT_TRUE(h >= 0 && h < 16 && (h == 0 || h < n));
            const bool found = on_boundary(sa, h) && on_boundary(sb, h);
            if (h > 0) ASSERT_TRUE(found);
            // No smaller head aligns both; and h = 0 without both aligned: no head under 16 does.
            const long long below = found ? h : (n < 16 ? n : 16);
            for (long long g = found ? 0 : 1; g < below; ++g) {
              ASSERT_FALSE(on_boundary(sa, g) && on_boundary(sb, g)) << g;
            }
          }
        }
      }
    }
  }
}

TEST(AlignedHead, OneSideAlwaysFindsItsBoundary) {
  for (const int bytes : {1, 2, 4, 8}) {
    for (std::uintptr_t a = 0x1000; a < 0x1010; a += bytes) {
      const long long h = aligned_head(1 << 20, {{a, bytes}});
      EXPECT_EQ((a + static_cast<std::uintptr_t>(h * bytes)) % 16, 0u) << a << " " << bytes;
      EXPECT_EQ(h, static_cast<long long>((16 - a % 16) % 16 / bytes)) << a << " " << bytes;
    }
  }
}

/// count_if, reduce and find_if align their one source to a 128-byte line (tuning
/// source_head_bytes): the least head that does, when items remain after it.
TEST(AlignedHead, OneSideFindsItsLine) {
  for (const int bytes : {1, 2, 4, 8}) {
    for (std::uintptr_t a = 0x1000; a < 0x1080; a += bytes) {
      const long long h = aligned_head(1 << 20, {{a, bytes}}, 128);
      EXPECT_EQ((a + static_cast<std::uintptr_t>(h * bytes)) % 128, 0u) << a << " " << bytes;
      EXPECT_EQ(h, static_cast<long long>((128 - a % 128) % 128 / bytes)) << a << " " << bytes;
    }
  }
  EXPECT_EQ(aligned_head(127, {{0x1001, 1}}, 128), 0);  // the head would leave no item
  EXPECT_EQ(aligned_head(128, {{0x1001, 1}}, 128), 127);
}

}  // namespace
