// device/count_if.cuh beyond the conformance suite: one-block (stored) and many-block
// (atomic) launches, predicates returning int, vectorized and scalar loads, and a count over
// more than 2^31 items of memory. Compared with std::count_if on the host.
#include <thrust/device_ptr.h>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

/// x % 3 == 0 as an int 0 / 7: static_cast<bool> must be applied.
struct third {
  template <class T>
  __host__ __device__ int operator()(const T& x) const {
    return x % 3 == 0 ? 7 : 0;
  }
};

class CountIf : public cuda_test {};

/// data[i] = (i % every == 0), grid-stride.
__global__ void mark_every(std::uint8_t* data, long long n, long long every) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    data[i] = i % every == 0;
  }
}

TEST_F(CountIf, EveryLaunchShapeAndLoad) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using tuning = predix::gpu::tuning::active::stream;
  const std::ptrdiff_t tile = tuning::threads * tuning::items(4);
  const std::ptrdiff_t many = (quick_mode() ? 50 : 1000) * tile + 7;
  for (const std::ptrdiff_t n : {std::ptrdiff_t(1), tile - 1, tile, tile + 1, many}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    host_array<std::int32_t> input(n + 1);
    for (auto& x : input) x = static_cast<std::int32_t>(r.below(1000));
    const auto d = M::upload(input);
    const auto expected = std::count_if(input.begin(), input.begin() + n, third{});
    EXPECT_EQ(predix::count_if(predix::cuda, d.begin(), d.begin() + n, third{}), expected);
    const auto p = thrust::device_pointer_cast(d.begin());
    EXPECT_EQ(predix::count_if(predix::cuda, p, p + n, third{}), expected) << "device_ptr";
    EXPECT_EQ(predix::count_if(predix::cuda, d.begin() + 1, d.begin() + 1 + n, third{}),
              std::count_if(input.begin() + 1, input.end(), third{}))
        << "unaligned";
    EXPECT_EQ(predix::count(predix::cuda, d.begin(), d.begin() + n, input[0]),
              std::count(input.begin(), input.begin() + n, input[0]));
  }
}

/// 2^31 + 9 bytes, every 5th one a 1: counts above 2^31 items of memory.
TEST_F(CountIf, Above2To31) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2 GiB count";
  const std::ptrdiff_t n = (std::ptrdiff_t(1) << 31) + 9;
  device_array<std::uint8_t> data(n);
  mark_every<<<4096, 256>>>(data.begin(), n, 5);
  PREDIX_CUDA_CHECK_LAUNCH();
  const std::ptrdiff_t ones = n / 5 + 1;
  EXPECT_EQ(predix::count(predix::cuda, data.begin(), data.end(), std::uint8_t{1}), ones);
  EXPECT_EQ(predix::count_if(predix::cuda, data.begin(), data.end(), third{}), n - ones);
}

}  // namespace
