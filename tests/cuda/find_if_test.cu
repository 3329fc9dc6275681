// device/find_if.cuh beyond the conformance suite: matches at tile and block boundaries,
// several matches racing across blocks (the earliest must win), find_if_not in the later tiles
// (its negated predicate unwrapped, the masks flipped), the early exit (counted
// predicate calls: a match at the start reads a small part of a large range), and a search
// past 2^31 items of memory.
#include <thrust/device_ptr.h>

#include <algorithm>

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

/// is_one's negation: find_if_not and all_of test the predicate a negate wraps (find_if.cuh).
struct is_not_one {
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
    return x != 1;
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

/// Matches planted at random past the tiles of one vector per thread (find_if.cuh: the first
/// wave and the first 1/32 of the range), near the places where the later tiles begin and end,
/// and in the ragged last one, for 1-, 2- and 8-byte items, aligned and not: the index agrees
/// with std::find_if on the same data.
TEST_F(FindIf, LaterTilesAgreeWithTheReference) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  int sms = 0;
  PREDIX_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  auto check = [&](auto tag) {
    using T = decltype(tag);
    using tuning = predix::gpu::tuning::active::find;
    const long long tile = tuning::threads * tuning::items(sizeof(T));
    const long long later_tile =  // one vector per thread where there are no later tiles
        tuning::threads * std::max(tuning::later_vectors, 1) * (16 / sizeof(T));
    const long long wave = tile * sms * (2048 / tuning::threads);  // at most the first wave
    const long long n = 3 * wave + later_tile / 2 + 7;             // a ragged last later tile
    host_array<T> input(n);
    for (auto& x : input) x = static_cast<T>(2 + r.below(100));  // no match: x == 1
    auto d = M::upload(input);
    const auto p = thrust::device_pointer_cast(d.begin());
    for (int round = 0; round < (quick_mode() ? 4 : 40); ++round) {
      std::vector<long long> hits;
      for (int h = 0, count = 1 + static_cast<int>(r.below(3)); h < count; ++h) {
        // Half near a multiple of the later tile from the first wave's end, half anywhere.
        const long long near = wave + static_cast<long long>(r.below(3 * wave / later_tile + 1)) *
                                          later_tile +
                               static_cast<long long>(r.below(64)) - 32;
        hits.push_back(r.chance(0.5) ? near : static_cast<long long>(r.below(n)));
        hits.back() = std::min(std::max(hits.back(), 1ll), n - 1);
      }
      for (long long i : hits) input[i] = 1;
      for (long long i : hits) {
        PREDIX_CUDA_CHECK(cudaMemcpy(d.begin() + i, &input[i], sizeof(T), cudaMemcpyHostToDevice));
      }
      const long long expected = std::find(input.begin(), input.end(), T(1)) - input.begin();
      SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n) +
                   ", first match at " + std::to_string(expected));
      EXPECT_EQ(predix::find_if(predix::cuda, d.begin(), d.end(), is_one{}) - d.begin(), expected);
      EXPECT_EQ(predix::find_if(predix::cuda, p + 1, p + n, is_one{}) - p, expected)
          << "device_ptr, unaligned";
      EXPECT_EQ(predix::find_if_not(predix::cuda, d.begin(), d.end(), is_not_one{}) - d.begin(),
                expected)
          << "find_if_not";
      EXPECT_EQ(predix::find_if_not(predix::cuda, p + 1, p + n, is_not_one{}) - p, expected)
          << "find_if_not, device_ptr, unaligned";
      for (long long i : hits) {
        input[i] = 2;
        PREDIX_CUDA_CHECK(cudaMemcpy(d.begin() + i, &input[i], sizeof(T), cudaMemcpyHostToDevice));
      }
      if (HasFailure()) return;
    }
    EXPECT_FALSE(predix::any_of(predix::cuda, d.begin(), d.end(), is_one{}));
    EXPECT_TRUE(predix::all_of(predix::cuda, d.begin(), d.end(), is_not_one{}));
    EXPECT_EQ(predix::find_if_not(predix::cuda, d.begin(), d.end() - 1, is_not_one{}) - d.begin(),
              n - 1)
        << "find_if_not, no match, ragged";
  };
  check(std::uint8_t{});
  check(std::int16_t{});
  check(std::int64_t{});
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
