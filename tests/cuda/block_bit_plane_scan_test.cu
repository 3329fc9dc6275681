// block_bit_plane_scan against a host model of a block: inclusive and exclusive sums of
// BITS-bit values (1 to 4), value and aggregate in every thread, for 32, 160 and 1024
// threads in 1-, 2- and 3-D shapes; all zero, all maximal, one maximal thread at a spread
// of positions, random values, and random bits above BITS, which must be ignored.
#include <predix/cuda/block/block_bit_plane_scan.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::scan_result;

template <int BITS, int BLOCK_THREADS>
__global__ void block_bit_plane_scan_kernel(const unsigned* in, int* out) {
  using scan = predix::gpu::block_bit_plane_scan<BITS, BLOCK_THREADS>;
  __shared__ typename scan::TempStorage storage;
  const int item = blockIdx.x * BLOCK_THREADS + predix::gpu::linear_thread_id();
  const scan_result<int> inc = scan(storage).inclusive_sum(in[item]);
  __syncthreads();
  const scan_result<int> exc = scan(storage).exclusive_sum(in[item]);
  int* o = out + item * 4;
  o[0] = inc.value, o[1] = inc.aggregate, o[2] = exc.value, o[3] = exc.aggregate;
}

template <int BITS, int THREADS>
void check_block_bit_plane_scan(predix_test::rng& r) {
  SCOPED_TRACE("BITS " + std::to_string(BITS) + ", " + std::to_string(THREADS) + " threads");
  const unsigned max = (1u << BITS) - 1;
  std::vector<unsigned> in;
  in.insert(in.end(), THREADS, 0u);
  in.insert(in.end(), THREADS, max);
  for (int p : {0, 1, 31, 32, THREADS / 2 + 5, THREADS - 1}) {
    for (int t = 0; t < THREADS; ++t) in.push_back(t == p ? max : 0u);
  }
  for (int i = 0; i < 4 * THREADS; ++i) in.push_back(static_cast<unsigned>(r.below(max + 1)));
  for (int i = 0; i < 2 * THREADS; ++i) in.push_back(static_cast<unsigned>(r.next()));
  const int blocks = static_cast<int>(in.size()) / THREADS;

  std::vector<int> expected;
  for (int b = 0; b < blocks; ++b) {
    int total = 0;
    for (int t = 0; t < THREADS; ++t) total += static_cast<int>(in[b * THREADS + t] & max);
    int before = 0;
    for (int t = 0; t < THREADS; ++t) {
      const int v = static_cast<int>(in[b * THREADS + t] & max);
      expected.insert(expected.end(), {before + v, total, before, total});
      before += v;
    }
  }
  const predix_test::device_buffer<unsigned> d_in(in);
  for (const dim3 shape : predix_test::block_shapes(THREADS)) {
    SCOPED_TRACE(predix_test::shape_name(shape));
    predix_test::device_buffer<int> d_out(expected.size());
    block_bit_plane_scan_kernel<BITS, THREADS><<<blocks, shape>>>(d_in.get(), d_out.get());
    PREDIX_CUDA_CHECK_LAUNCH();
    static const char* names[] = {"inclusive_sum value", "inclusive_sum aggregate",
                                  "exclusive_sum value", "exclusive_sum aggregate"};
    predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
      return std::string(names[i % 4]) + " at thread " + std::to_string(i / 4 % THREADS) +
             " of block " + std::to_string(i / 4 / THREADS);
    });
  }
}

template <int THREADS>
void check_all_bits(predix_test::rng& r) {
  check_block_bit_plane_scan<1, THREADS>(r);
  check_block_bit_plane_scan<2, THREADS>(r);
  check_block_bit_plane_scan<3, THREADS>(r);
  check_block_bit_plane_scan<4, THREADS>(r);
}

class BlockBitPlaneScan : public predix_test::cuda_test {};

TEST_F(BlockBitPlaneScan, OneToFourBits) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  check_all_bits<32>(r);
  check_all_bits<160>(r);
  check_all_bits<1024>(r);
}

}  // namespace
