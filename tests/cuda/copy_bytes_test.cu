// copy_bytes.cuh against memcpy: every pair of source and destination offsets against 16
// bytes (the shifted vectors of each of the 16 shifts, and the aligned ones), sizes around
// the vector and the grid's round, into poisoned memory whose bytes outside the copy must
// stay as they were.
#include <predix/cuda/detail/copy_bytes.cuh>

#include <string>
#include <vector>

#include "cuda_test.cuh"

namespace {

constexpr long long SPAN = 8192;  // bytes of each case's source and destination
const std::vector<long long> sizes = {0, 1, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 100, 1000, 4097};

/// Case blockIdx.y (from offset, to offset, size: case_of) by the blocks of grid x.
__global__ void copy_kernel(const unsigned char* from, unsigned char* to, const long long* cases) {
  const long long* c = cases + 3 * blockIdx.y;
  const long long base = SPAN * blockIdx.y;
  predix::gpu::detail::copy_bytes(from + base + c[0], to + base + c[1], c[2],
                                  blockIdx.x * 1ll * blockDim.x + threadIdx.x,
                                  gridDim.x * 1ll * blockDim.x);
}

class CopyBytes : public predix_test::cuda_test {};

TEST_F(CopyBytes, EveryOffsetPairAndSize) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  std::vector<long long> cases;
  for (long long from = 0; from < 16; ++from) {
    for (long long to = 0; to < 16; ++to) {
      for (const long long bytes : sizes) cases.insert(cases.end(), {from, to, bytes});
    }
  }
  const long long count = static_cast<long long>(cases.size() / 3);
  std::vector<unsigned char> source(SPAN * count), expected(SPAN * count, 0xA5);
  for (auto& b : source) b = static_cast<unsigned char>(r.next());
  for (long long k = 0; k < count; ++k) {
    const long long* c = &cases[3 * k];
    for (long long i = 0; i < c[2]; ++i) expected[SPAN * k + c[1] + i] = source[SPAN * k + c[0] + i];
  }
  const predix_test::device_buffer<unsigned char> d_from(source);
  const predix_test::device_buffer<long long> d_cases(cases);
  for (const unsigned blocks : {1u, 3u}) {  // 64 and 192 threads: one round and several
    predix_test::device_buffer<unsigned char> d_to(expected.size());  // poisoned: 0xA5
    copy_kernel<<<dim3(blocks, static_cast<unsigned>(count)), 64>>>(d_from.get(), d_to.get(),
                                                                    d_cases.get());
    PREDIX_CUDA_CHECK_LAUNCH();
    predix_test::expect_all_equal(expected, d_to.to_host(), [&](std::size_t i) {
      const long long* c = &cases[3 * (i / SPAN)];
      return std::to_string(blocks) + " blocks, from offset " + std::to_string(c[0]) +
             ", to offset " + std::to_string(c[1]) + ", " + std::to_string(c[2]) +
             " bytes, byte " + std::to_string(static_cast<long long>(i % SPAN) - c[1]);
    });
  }
}

}  // namespace
