// warp_bit_plane_scan against a host model of one warp: inclusive and exclusive sums of
// BITS-bit values (1 to 4, and 8 past the intended range), value and aggregate in every
// lane; all zero, all maximal, one maximal lane at every position, random values, and
// random bits above BITS, which must be ignored.
#include <predix/cuda/warp/warp_bit_plane_scan.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::scan_result;
using predix::gpu::warp_bit_plane_scan;

template <int BITS>
__global__ void warp_bit_plane_scan_kernel(const unsigned* in, int* out) {
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  const scan_result<int> inc = warp_bit_plane_scan<BITS>::inclusive_sum(in[thread]);
  const scan_result<int> exc = warp_bit_plane_scan<BITS>::exclusive_sum(in[thread]);
  int* o = out + thread * 4;
  o[0] = inc.value, o[1] = inc.aggregate, o[2] = exc.value, o[3] = exc.aggregate;
}

template <int BITS>
void check_bit_plane_scan() {
  SCOPED_TRACE("BITS " + std::to_string(BITS));
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  const unsigned max = (1u << BITS) - 1;
  std::vector<unsigned> in;
  in.insert(in.end(), 32, 0u);
  in.insert(in.end(), 32, max);
  for (int lane = 0; lane < 32; ++lane) {
    for (int i = 0; i < 32; ++i) in.push_back(i == lane ? max : 0u);
  }
  for (int i = 0; i < 64 * 32; ++i) in.push_back(static_cast<unsigned>(r.below(max + 1)));
  for (int i = 0; i < 32 * 32; ++i) in.push_back(static_cast<unsigned>(r.next()));  // high bits

  std::vector<int> expected;
  for (std::size_t w = 0; w < in.size() / 32; ++w) {
    int total = 0;
    for (int j = 0; j < 32; ++j) total += static_cast<int>(in[w * 32 + j] & max);
    int before = 0;
    for (int lane = 0; lane < 32; ++lane) {
      const int v = static_cast<int>(in[w * 32 + lane] & max);
      expected.insert(expected.end(), {before + v, total, before, total});
      before += v;
    }
  }
  const predix_test::device_buffer<unsigned> d_in(in);
  predix_test::device_buffer<int> d_out(expected.size());
  warp_bit_plane_scan_kernel<BITS><<<static_cast<unsigned>(in.size() / 64), 64>>>(d_in.get(),
                                                                                 d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  static const char* names[] = {"inclusive_sum value", "inclusive_sum aggregate",
                                "exclusive_sum value", "exclusive_sum aggregate"};
  predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
    return std::string(names[i % 4]) + " at lane " + std::to_string(i / 4 % 32) + " of warp " +
           std::to_string(i / 4 / 32) + " (value " + std::to_string(in[i / 4]) + ")";
  });
}

class WarpBitPlaneScan : public predix_test::cuda_test {};

TEST_F(WarpBitPlaneScan, OneToFourBitsAndEight) {
  check_bit_plane_scan<1>();
  check_bit_plane_scan<2>();
  check_bit_plane_scan<3>();
  check_bit_plane_scan<4>();
  check_bit_plane_scan<8>();
}

}  // namespace
