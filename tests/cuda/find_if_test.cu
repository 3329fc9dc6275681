// device/find_if.cuh beyond the conformance suite: matches at tile and block boundaries,
// several matches racing across blocks (the earliest must win), the early exit (counted
// predicate calls: a match at the start reads a small part of a large range), and a search
// past 2^31 items of memory.
#include <thrust/device_ptr.h>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

class FindIf : public cuda_test {};

struct is_one {
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
    return x == 1;
  }
};

/// x is in `hits` (sorted, at most 4), counting every call in *calls.
struct counted_match {
  long long hits[4];
  int count;
  unsigned long long* calls;
  __host__ __device__ bool operator()(long long x) const {
#ifdef __CUDA_ARCH__
    atomicAdd(calls, 1ull);
#endif
    for (int i = 0; i < count; ++i) {
      if (x == hits[i]) return true;
    }
    return false;
  }
};

TEST_F(FindIf, EarliestOfSeveralMatchesWins) {
  using tuning = predix::gpu::tuning::active::find;
  const long long tile = tuning::threads * tuning::items(4);  // find_if's tile of int32
  const long long n = (quick_mode() ? 500 : 5000) * tile + 3;
  host_array<std::int32_t> input(n, 0);
  auto d = M::upload(input);
  auto set = [&](long long i, std::int32_t v) {
    PREDIX_CUDA_CHECK(cudaMemcpy(d.begin() + i, &v, 4, cudaMemcpyHostToDevice));
  };
  // The block of tile 0 runs with the blocks of later tiles: later matches are found at once.
  const std::vector<std::vector<long long>> cases = {{0},
                                                     {tile - 1},
                                                     {tile},
                                                     {n - 1},
                                                     {3 * tile + 5, 2 * tile + 9},
                                                     {tile + 1, 7 * tile, n - 2},
                                                     {n / 2 + 1, 90 * tile, 2 * tile - 1},
                                                     {}};
  for (const auto& hits : cases) {
    long long expected = n, expected_from_1 = n - 1;  // in [0, n) and in [1, n)
    for (long long i : hits) {
      set(i, 1);
      expected = std::min(expected, i);
      if (i >= 1) expected_from_1 = std::min(expected_from_1, i - 1);
    }
    SCOPED_TRACE("first match at " + std::to_string(expected));
    EXPECT_EQ(predix::find_if(predix::cuda, d.begin(), d.end(), is_one{}) - d.begin(), expected);
    const auto p = thrust::device_pointer_cast(d.begin());
    EXPECT_EQ(predix::find_if(predix::cuda, p + 1, p + n, is_one{}) - (p + 1), expected_from_1)
        << "device_ptr, unaligned";
    EXPECT_EQ(predix::any_of(predix::cuda, d.begin(), d.end(), is_one{}), !hits.empty());
    for (long long i : hits) set(i, 0);
  }
}

/// A match in the first tile of 2^28 items ends the search after at most a few tiles per
/// block: far fewer predicate calls than items.
TEST_F(FindIf, StopsEarly) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2^28-item search";
  const long long n = 1ll << 28;
  device_array<unsigned long long> calls(1);
  for (const long long at : {0ll, 100000ll}) {
    PREDIX_CUDA_CHECK(cudaMemset(calls.begin(), 0, 8));
    const counted_match pred{{at}, 1, calls.begin()};
    const counting_iterator<long long> first(0);
    EXPECT_EQ(predix::find_if(predix::cuda, first, first + n, pred) - first, at);
    unsigned long long made = 0;
    PREDIX_CUDA_CHECK(cudaMemcpy(&made, calls.begin(), 8, cudaMemcpyDeviceToHost));
    EXPECT_GT(made, static_cast<unsigned long long>(at));
    EXPECT_LT(made, static_cast<unsigned long long>(n / 8))
        << "predicate calls for a match at " << at;
  }
}

TEST_F(FindIf, Above2To31) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2 GiB search";
  const long long n = (1ll << 31) + 1000;
  device_array<std::uint8_t> data(n);
  PREDIX_CUDA_CHECK(cudaMemset(data.begin(), 0, data.bytes()));
  EXPECT_EQ(predix::find_if(predix::cuda, data.begin(), data.end(), is_one{}), data.end());
  const long long at = (1ll << 31) + 17;
  PREDIX_CUDA_CHECK(cudaMemset(data.begin() + at, 1, 1));
  EXPECT_EQ(predix::find_if(predix::cuda, data.begin(), data.end(), is_one{}) - data.begin(), at);
  EXPECT_FALSE(predix::none_of(predix::cuda, data.begin(), data.end(), is_one{}));
}

}  // namespace
