// tile_reservation (the order-free selections' places) against a host model: one block per
// tile reserves once, in whatever order the blocks run; taken in the order of their places, the
// tiles' items and selected items before each are the sums over the tiles before it, exactly one
// tile is last (the one placed last), and the counter is zero again. Tiles of 256 items and of
// 2^24 (counts above 2^32), with and without a partial last tile, and a single tile (no counter).
#include <algorithm>
#include <numeric>

#include <predix/cuda/device/tile_reservation.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::tile_reservation;

template <long long TILE>
__global__ void reserve_kernel(unsigned long long* counter, long long n, long long tiles,
                               const int* selected, unsigned long long* selected_before,
                               long long* items_before, int* last) {
  const long long tile = blockIdx.x;
  if (threadIdx.x != 0) return;
  const int items = static_cast<int>(tile + 1 == tiles ? n - tile * TILE : TILE);
  const unsigned long long got = tile_reservation::take<TILE>(counter, items, selected[tile]);
  const tile_reservation r = tile_reservation::of<TILE>(got, counter, n, tiles);
  selected_before[tile] = r.selected_before;
  items_before[tile] = r.items_before;
  last[tile] = r.last;
}

template <long long TILE>
void expect_places(long long n, predix_test::rng& r) {
  const long long tiles = (n + TILE - 1) / TILE;
  SCOPED_TRACE("tile " + std::to_string(TILE) + ", n = " + std::to_string(n));
  ASSERT_TRUE(tile_reservation::fits(n, tiles));
  std::vector<int> items(tiles), selected(tiles);
  for (long long t = 0; t < tiles; ++t) {
    items[t] = static_cast<int>(t + 1 == tiles ? n - t * TILE : TILE);
    selected[t] = static_cast<int>(r.below(static_cast<std::uint64_t>(items[t]) + 1));
  }
  const predix_test::device_buffer<int> d_selected(selected);
  const predix_test::device_buffer<unsigned long long> d_counter(
      std::vector<unsigned long long>{0});
  predix_test::device_buffer<unsigned long long> d_selected_before(tiles);
  predix_test::device_buffer<long long> d_items_before(tiles);
  predix_test::device_buffer<int> d_last(tiles);
  reserve_kernel<TILE><<<static_cast<unsigned>(tiles), 64>>>(
      tiles == 1 ? nullptr : d_counter.get(), n, tiles, d_selected.get(),
      d_selected_before.get(), d_items_before.get(), d_last.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  const auto selected_before = d_selected_before.to_host();
  const auto items_before = d_items_before.to_host();
  const auto last = d_last.to_host();
  std::vector<long long> order(tiles);  // the tiles by their places (each holds an item)
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](long long a, long long b) { return items_before[a] < items_before[b]; });
  unsigned long long selected_sum = 0;
  long long items_sum = 0;
  for (long long i = 0; i < tiles; ++i) {
    const long long t = order[i];
    EXPECT_EQ(items_before[t], items_sum) << "tile " << t << ", placed " << i;
    EXPECT_EQ(selected_before[t], selected_sum) << "tile " << t << ", placed " << i;
    EXPECT_EQ(last[t], i + 1 == tiles ? 1 : 0) << "tile " << t << ", placed " << i;
    items_sum += items[t];
    selected_sum += static_cast<unsigned>(selected[t]);
  }
  EXPECT_EQ(items_sum, n);
  EXPECT_EQ(d_counter.to_host()[0], 0u) << "the counter is set back to zero";
}

class TileReservation : public predix_test::cuda_test {};

TEST_F(TileReservation, PlacesInAnyOrder) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  for (const long long n : {1ll, 200ll, 256ll, 257ll, 512ll, 4000ll * 256, 4000ll * 256 + 3}) {
    expect_places<256>(n, r);
  }
  constexpr long long big = 1ll << 24;
  for (const long long n : {1000 * big, 1000 * big - 5}) expect_places<big>(n, r);
}

TEST_F(TileReservation, Fits) {
  EXPECT_TRUE(tile_reservation::fits((1ll << 40) - 1, (1ll << 23) - 1));
  EXPECT_FALSE(tile_reservation::fits(1ll << 40, 1));
  EXPECT_FALSE(tile_reservation::fits(1, 1ll << 23));
}

}  // namespace
