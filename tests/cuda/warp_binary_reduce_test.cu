// warp_binary_reduce against a host model of one warp: count, any, all, parity, max, min
// in every lane, for the adversarial and random patterns of warp_patterns().
#include <predix/cuda/warp/warp_binary_reduce.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::warp_binary_reduce;
constexpr int outputs = 6;  // count any all parity max min

__global__ void warp_binary_reduce_kernel(const std::uint32_t* words, int* out) {
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  const bool flag = (words[thread / 32] >> (thread % 32)) & 1u;
  int* o = out + thread * outputs;
  o[0] = warp_binary_reduce::count(flag);
  o[1] = warp_binary_reduce::any(flag);
  o[2] = warp_binary_reduce::all(flag);
  o[3] = warp_binary_reduce::parity(flag);
  o[4] = warp_binary_reduce::max(flag);
  o[5] = warp_binary_reduce::min(flag);
}

class WarpBinaryReduce : public predix_test::cuda_test {};

TEST_F(WarpBinaryReduce, EveryPatternEveryLane) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  std::vector<std::uint32_t> words = predix_test::warp_patterns(r);
  while (words.size() % 4 != 0) words.push_back(static_cast<std::uint32_t>(r.next()));

  std::vector<int> expected;
  for (const std::uint32_t w : words) {
    int count = 0, any = 0, all = 1;
    for (int lane = 0; lane < 32; ++lane) {
      const int f = (w >> lane) & 1;
      count += f;
      any |= f;
      all &= f;
    }
    for (int lane = 0; lane < 32; ++lane) {
      expected.insert(expected.end(), {count, any, all, count % 2, any, all});
    }
  }

  const predix_test::device_buffer<std::uint32_t> d_words(words);
  predix_test::device_buffer<int> d_out(expected.size());
  warp_binary_reduce_kernel<<<static_cast<unsigned>(words.size() / 4), 128>>>(d_words.get(),
                                                                            d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  static const char* names[outputs] = {"count", "any", "all", "parity", "max", "min"};
  predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
    const std::size_t thread = i / outputs;
    return std::string(names[i % outputs]) + " of warp pattern " + std::to_string(words[thread / 32]) +
           " at lane " + std::to_string(thread % 32);
  });
}

}  // namespace
