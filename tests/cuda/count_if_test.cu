// device/count_if.cuh beyond the conformance suite: one-block (stored) and many-block
// (atomic) launches, predicates returning int, vectorized and scalar loads, the last round of
// tiles taken from a counter (with reduce), a count over more than 2^31 items of memory, and
// the polled end that count_if shares with find_if and reduce (call_slots.hpp) over
// many calls back to back, among selections that share the result slots. Compared with the
// host.
#include <thrust/device_ptr.h>

#include <algorithm>
#include <exception>
#include <iterator>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

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

/// x < limit.
struct below {
  long long limit;
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
    return x < limit;
  }
};

/// x == value.
struct equals {
  long long value;
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
    return x == value;
  }
};

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

/// Ranges of several rounds of the grid's tiles, so that the blocks take the last round from
/// the counter in pieces (for_each_stream_tile), with a ragged last piece; aligned (16-byte
/// vectors) and one item off (item by item); three calls in a row each, since the last block
/// of a call sets the counter back. count_if and the commuting reduce.
TEST_F(CountIf, TakenLastRoundOfTiles) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using tuning = predix::gpu::tuning::active::stream;
  int sms = 0;
  PREDIX_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int most_blocks = 2048 / tuning::threads * sms;  // resident at most: 4+ rounds below
  auto check = [&](auto type, std::ptrdiff_t off) {
    using T = decltype(type);
    const std::ptrdiff_t tile = tuning::threads * tuning::items(sizeof(T));
    const std::ptrdiff_t n =
        4 * most_blocks * tile + 1 + static_cast<std::ptrdiff_t>(r.below(tile));
    SCOPED_TRACE(std::to_string(sizeof(T)) + "-byte items, n = " + std::to_string(n) +
                 ", offset " + std::to_string(off));
    host_array<T> input(n + off);
    for (auto& x : input) x = static_cast<T>(r.below(100));
    const auto d = M::upload(input);
    const below pred{static_cast<long long>(r.below(101))};
    const auto count = std::count_if(input.begin() + off, input.end(), pred);
    const T sum = std::accumulate(input.begin() + off, input.end(), T{0});  // wraps as T does
    for (int call = 0; call < 3; ++call) {
      EXPECT_EQ(predix::count_if(predix::cuda, d.begin() + off, d.end(), pred), count) << call;
      EXPECT_EQ(predix::reduce(predix::cuda, d.begin() + off, d.end(), T{0}), sum) << call;
    }
  };
  check(std::uint8_t{}, 0);
  check(std::int64_t{}, 0);
  check(std::int16_t{}, 1);
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

/// count_if, reduce and find_if end by polling their result slot (call_slots.hpp: reduce for
/// the call's tag, get_polled; count_if and find_if for a count, get_polled_count), and their
/// calls share the pooled result and scratch slots with each other and the result slots with
/// the selections (copy_if, partition_copy), which synchronize. Calls back to back, on one
/// stream and on several, from one host thread and from several at once, each on a fresh
/// random part of the data (one block or many) and some behind a kernel that keeps the stream
/// busy, must each return their own answer: a tag mixed up between calls, or a count word not
/// set apart before its call, would return an earlier call's value. The selections' outputs
/// are read back at once by a copy on the legacy default stream, which does not wait for the
/// other streams: they must be complete when the call returns.
TEST_F(CountIf, PolledResultsOfBackToBackCalls) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  using tuning = predix::gpu::tuning::active::stream;
  const std::ptrdiff_t tile = tuning::threads * tuning::items(4);
  const std::ptrdiff_t size = 64 * tile;
  rng r(seed);
  host_array<std::int32_t> input(size);
  for (auto& x : input) x = static_cast<std::int32_t>(r.below(1000));
  const auto d = M::upload(input);
  const int rounds = quick_mode() ? 16 : 256;  // per lane
  constexpr int lanes = 4;  // lane 0: the default stream; the others: streams of their own
  std::vector<cudaStream_t> streams(lanes, nullptr);
  for (int lane = 1; lane < lanes; ++lane) {
    PREDIX_CUDA_CHECK(cudaStreamCreateWithFlags(&streams[lane], cudaStreamNonBlocking));
  }
  std::vector<device_array<std::int32_t>> selected, rejected;  // the selections', per lane
  for (int lane = 0; lane < lanes; ++lane) {
    selected.emplace_back(size);
    rejected.emplace_back(size);
  }
  // The first `count` items at `device` against `want`.
  auto same = [](const std::int32_t* device, std::ptrdiff_t count,
                 const std::vector<std::int32_t>& want) {
    if (count != static_cast<std::ptrdiff_t>(want.size())) return false;
    std::vector<std::int32_t> got(want.size());
    return cudaMemcpy(got.data(), device, sizeof(std::int32_t) * got.size(),
                      cudaMemcpyDeviceToHost) == cudaSuccess &&
           got == want;
  };
  // One round on lane's stream: its first difference from the host, or "".
  auto round = [&](int lane, rng& lr) -> std::string {
    const cudaStream_t stream = streams[lane];
    const std::ptrdiff_t n = 1 + static_cast<std::ptrdiff_t>(lr.below(lr.chance(0.5) ? tile : size));
    const std::ptrdiff_t from = static_cast<std::ptrdiff_t>(lr.below(size - n + 1));
    const std::int32_t* h = input.begin() + from;
    const std::int32_t* p = d.begin() + from;
    const below pred{static_cast<long long>(lr.below(1001))};
    const equals target{static_cast<long long>(lr.below(1100))};
    const std::string where = "from " + std::to_string(from) + ", n " + std::to_string(n);
    const auto policy = predix::cuda.on(stream);
    if (lr.chance(0.25)) {
      spin(stream, 100000);  // the poll outlasts its first bound and queries the stream
      PREDIX_CUDA_CHECK(cudaGetLastError());
    }
    const auto count = predix::count_if(policy, p, p + n, pred);
    if (count != std::count_if(h, h + n, pred)) return "count_if, " + where;
    const long long sum = predix::reduce(policy, p, p + n, 3ll);  // the generic path
    if (sum != std::accumulate(h, h + n, 3ll)) return "reduce (long long), " + where;
    const std::int32_t sum32 = predix::reduce(policy, p, p + n, std::int32_t{0});  // commuting
    if (sum32 != std::accumulate(h, h + n, std::int32_t{0})) return "reduce (int32), " + where;
    const std::ptrdiff_t found = predix::find_if(policy, p, p + n, target) - p;
    if (found != std::find_if(h, h + n, target) - h) return "find_if, " + where;
    if (predix::any_of(policy, p, p + n, target) != std::any_of(h, h + n, target)) {
      return "any_of, " + where;
    }
    std::vector<std::int32_t> want_selected, want_rejected;
    std::partition_copy(h, h + n, std::back_inserter(want_selected),
                        std::back_inserter(want_rejected), pred);
    std::int32_t* const s = selected[lane].begin();
    std::int32_t* const o = rejected[lane].begin();
    if (!same(s, predix::copy_if(policy, p, p + n, s, pred) - s, want_selected)) {
      return "copy_if, " + where;
    }
    const auto ends = predix::partition_copy(policy, p, p + n, s, o, pred);
    if (!same(s, ends.first - s, want_selected) || !same(o, ends.second - o, want_rejected)) {
      return "partition_copy, " + where;
    }
    return {};
  };
  {  // one host thread, the lanes' streams in turn
    rng lr(seed + 1);
    for (int i = 0; i < rounds * lanes; ++i) {
      const std::string difference = round(i % lanes, lr);
      ASSERT_TRUE(difference.empty()) << "one thread, round " << i << ": " << difference;
    }
  }
  {  // a host thread per lane, all at once
    std::vector<std::string> differences(lanes);
    std::vector<std::exception_ptr> errors(lanes);
    std::vector<std::thread> threads;
    for (int lane = 0; lane < lanes; ++lane) {
      threads.emplace_back([&, lane] {
        try {
          rng lr(seed + 2 + lane);
          for (int i = 0; i < rounds && differences[lane].empty(); ++i) {
            differences[lane] = round(lane, lr);
          }
        } catch (...) {
          errors[lane] = std::current_exception();
        }
      });
    }
    for (auto& thread : threads) thread.join();
    for (int lane = 0; lane < lanes; ++lane) {
      if (errors[lane]) std::rethrow_exception(errors[lane]);
      EXPECT_TRUE(differences[lane].empty()) << "lane " << lane << ": " << differences[lane];
    }
  }
  for (int lane = 1; lane < lanes; ++lane) PREDIX_CUDA_CHECK(cudaStreamDestroy(streams[lane]));
}

}  // namespace
