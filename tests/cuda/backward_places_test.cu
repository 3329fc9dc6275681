// detail/backward_places.hpp on the host (no GPU needed): the tiles of partition in place run
// one after another over random sizes, tile sizes and selections, each placing its rejected
// items as select.cuh does, directly or aside; checked: a direct place lies below the tile's
// end (its item is read already), exactly one tile stores aside_from, the places aside are
// exactly [aside_from, n), and after the copy back the range holds the selected items in order
// and the rejected ones reversed (DESIGN.md §1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <predix/cuda/detail/backward_places.hpp>

#include "../support/random.hpp"

namespace {

using predix::gpu::detail::backward_places;
using predix::gpu::detail::place_backward;

/// Partitions the items 0..n-1 in place by `flags` in tiles of `tile`, as the kernel places
/// them; returns the range afterwards, or an empty vector after a failed check.
std::vector<long long> model(const std::vector<bool>& flags, long long tile) {
  const long long n = static_cast<long long>(flags.size());
  std::vector<long long> range(flags.size()), aside(flags.size(), -1);
  for (long long i = 0; i < n; ++i) range[i] = i;
  int stores = 0;
  long long aside_from = -1, selected = 0;
  for (long long first = 0; first < n; first += tile) {
    const long long end = std::min(first + tile, n);
    std::vector<long long> sel, rej;  // the tile's items, as its loads read them
    for (long long i = first; i < end; ++i) (flags[i] ? sel : rej).push_back(range[i]);
    for (std::size_t j = 0; j < sel.size(); ++j) range[selected + j] = sel[j];
    const long long rejected_before = first - selected;
    const int count = static_cast<int>(rej.size());
    const long long at = n - rejected_before - count;
    std::reverse(rej.begin(), rej.end());  // staged in the order of their places
    const backward_places p = place_backward(n, tile, end, at, count, end == n);
    EXPECT_TRUE(p.direct >= 0 && p.direct <= count);
    for (int j = 0; j < count; ++j) {
      if (j < p.direct) {
        EXPECT_LT(at + j, end) << "a direct place not read yet";
        range[at + j] = rej[j];
      } else {
        EXPECT_GE(at + j, end) << "a place aside that could have been direct";
        aside[at + j] = rej[j];
      }
    }
    if (p.stores) ++stores, aside_from = p.aside_from;
    selected += static_cast<long long>(sel.size());
  }
  EXPECT_EQ(stores, 1) << "tiles storing aside_from";
  if (stores != 1 || aside_from < selected || aside_from > n) return {};
  for (long long i = 0; i < n; ++i) {
    EXPECT_EQ(aside[i] >= 0, i >= aside_from) << "place " << i << ", aside_from " << aside_from;
    if (i >= aside_from) range[i] = aside[i];
  }
  return range;
}

TEST(BackwardPlaces, TilesPlaceTheRejectedItemsInReverse) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  for (int round = 0; round < 20000 && !::testing::Test::HasFailure(); ++round) {
    const long long n = 1 + static_cast<long long>(r.below(300));
    const long long tile = 1 + static_cast<long long>(r.below(20));
    const double fraction = r.below(5) / 4.0;  // 0, 1/4, 1/2, 3/4, 1
    std::vector<bool> flags(static_cast<std::size_t>(n));
    std::vector<long long> expected;
    for (long long i = 0; i < n; ++i) {
      flags[i] = r.below(1000) < fraction * 1000;
      if (flags[i]) expected.push_back(i);
    }
    for (long long i = n - 1; i >= 0; --i) {
      if (!flags[i]) expected.push_back(i);
    }
    SCOPED_TRACE("n " + std::to_string(n) + ", tile " + std::to_string(tile));
    EXPECT_EQ(model(flags, tile), expected);
  }
}

/// The example of backward_places.hpp.
TEST(BackwardPlaces, Example) {
  const std::vector<bool> flags{1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1};
  const backward_places t0 = place_backward(12, 4, 4, 9, 3, false);
  const backward_places t1 = place_backward(12, 4, 8, 8, 1, false);
  const backward_places t2 = place_backward(12, 4, 12, 7, 1, true);
  EXPECT_EQ(t0.direct, 0);
  EXPECT_FALSE(t0.stores);
  EXPECT_EQ(t1.direct, 0);
  EXPECT_TRUE(t1.stores);
  EXPECT_EQ(t1.aside_from, 8);
  EXPECT_EQ(t2.direct, 1);
  EXPECT_FALSE(t2.stores);
  const std::vector<long long> expected{0, 4, 5, 7, 9, 10, 11, 8, 6, 3, 2, 1};
  EXPECT_EQ(model(flags, 4), expected);
}

}  // namespace
