// warp_offsets.cuh's striped_ones against a host model of a block: per thread ROWS chunk masks
// of CHUNK items (CHUNK_BITS bits hold a chunk's count), the ones before each chunk in its
// warp (rows before, then lanes before), the ones in the warps before and in the block. Row
// counts of one item (ballots) and of 2, 4, 8 and 16 items (packed fields, whole words and a
// partial last word), with all chunks full (the largest field values), empty and random.
#include <predix/cuda/detail/warp_offsets.cuh>

#include <string>
#include <vector>

#include "cuda_test.cuh"

namespace {

namespace gpu = predix::gpu;
constexpr int THREADS = 128;

/// out per thread: before[0..ROWS), then the warps-before and the block count.
template <int ROWS, int CHUNK_BITS>
__global__ void striped_ones_kernel(const unsigned* masks, int* out) {
  constexpr int WARPS = THREADS / gpu::warp_threads;
  __shared__ typename gpu::detail::warp_offsets<WARPS>::TempStorage storage;
  const int thread = blockIdx.x * THREADS + threadIdx.x;
  unsigned bits[ROWS];
  for (int r = 0; r < ROWS; ++r) bits[r] = masks[thread * ROWS + r];
  int before[ROWS];
  const gpu::scan_result<int> warps =
      gpu::detail::striped_ones<ROWS, CHUNK_BITS, WARPS>(storage, bits, before);
  int* o = out + thread * (ROWS + 2);
  for (int r = 0; r < ROWS; ++r) o[r] = before[r];
  o[ROWS] = warps.value;
  o[ROWS + 1] = warps.aggregate;
}

template <int ROWS, int CHUNK_BITS>
void check_striped_ones(predix_test::rng& r) {
  constexpr int CHUNK = 1 << (CHUNK_BITS - 1);  // the largest chunk whose count fits
  SCOPED_TRACE(std::to_string(ROWS) + " rows of " + std::to_string(CHUNK) + "-item chunks");
  const unsigned full = CHUNK == 32 ? ~0u : (1u << CHUNK) - 1;
  constexpr int BLOCKS = 3;  // all chunks full, all empty, random
  std::vector<unsigned> masks(BLOCKS * THREADS * ROWS);
  for (std::size_t i = 0; i < masks.size(); ++i) {
    const std::size_t block = i / (THREADS * ROWS);
    masks[i] = block == 0 ? full : block == 1 ? 0u : static_cast<unsigned>(r.next()) & full;
  }
  std::vector<int> expected;
  for (int b = 0; b < BLOCKS; ++b) {
    std::vector<int> warp_totals(THREADS / 32, 0);
    std::vector<int> rows;  // per thread: before[r]
    for (int w = 0; w < THREADS / 32; ++w) {
      std::vector<int> warp_before(32 * ROWS);
      int count = 0;
      for (int row = 0; row < ROWS; ++row) {
        for (int lane = 0; lane < 32; ++lane) {
          warp_before[lane * ROWS + row] = count;
          count += __builtin_popcount(masks[((b * THREADS) + w * 32 + lane) * ROWS + row]);
        }
      }
      warp_totals[w] = count;
      rows.insert(rows.end(), warp_before.begin(), warp_before.end());
    }
    int block_total = 0;
    for (const int t : warp_totals) block_total += t;
    for (int t = 0; t < THREADS; ++t) {
      int warps_before = 0;
      for (int w = 0; w < t / 32; ++w) warps_before += warp_totals[w];
      expected.insert(expected.end(), rows.begin() + t * ROWS, rows.begin() + (t + 1) * ROWS);
      expected.insert(expected.end(), {warps_before, block_total});
    }
  }
  const predix_test::device_buffer<unsigned> d_masks(masks);
  predix_test::device_buffer<int> d_out(expected.size());
  striped_ones_kernel<ROWS, CHUNK_BITS><<<BLOCKS, THREADS>>>(d_masks.get(), d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  predix_test::expect_all_equal(expected, d_out.to_host(), [](std::size_t i) {
    const std::size_t thread = i / (ROWS + 2), k = i % (ROWS + 2);
    const std::string what = k < ROWS  ? "before row " + std::to_string(k)
                             : k == ROWS ? std::string("warps before")
                                         : std::string("block count");
    return what + " of thread " + std::to_string(thread % THREADS) + " in block " +
           std::to_string(thread / THREADS);
  });
}

class WarpOffsets : public predix_test::cuda_test {};

TEST_F(WarpOffsets, StripedOnesOfEveryChunkWidth) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  check_striped_ones<3, 1>(r);
  check_striped_ones<8, 2>(r);
  check_striped_ones<8, 3>(r);
  check_striped_ones<8, 4>(r);
  check_striped_ones<4, 5>(r);
  check_striped_ones<7, 5>(r);
}

}  // namespace
