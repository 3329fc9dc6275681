// predix::cub and predix::thrust::par_nosync as CUB's and Thrust's own: calls that only
// enqueue work. A pipeline of DeviceSelect::If, DeviceScan::ExclusiveSum, DeviceReduce::Sum and
// DeviceHistogram::HistogramEven (one temporary storage, sized by the size queries) is captured
// from a stream into a CUDA graph, instantiated and replayed three times with new inputs in the
// same buffers; two such graphs, captured by the same code on two sets of buffers, are replayed
// at once on two streams; the pipeline enqueued behind a long kernel returns before that kernel
// has ended (an event recorded after the kernel is still pending); par_nosync scans (and scans
// by key) likewise, and in a graph. Every result is checked against a host computation on the
// same data.
#include "compat_test.hpp"  // first: it sets predix::thrust's trace hook

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/scan.h>

#include <predix/cub.hpp>
#include <predix/thrust.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

namespace predix_test {
namespace {

template <class T>
T* raw(thrust::device_vector<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}

/// New random items in the same memory (a graph keeps the addresses it was captured with).
void fill_random(ints& v, rng& r) {
  const ints fresh = random_ints(r, static_cast<std::ptrdiff_t>(v.size()));
  thrust::copy(fresh.begin(), fresh.end(), v.begin());
}

#define GRAPH_CHECK(call) ASSERT_EQ((call), cudaSuccess) << #call

/// The buffers of one pipeline and its calls: the items below `threshold` selected, the
/// exclusive sum of the items, their sum, their histogram in `bins` bins of [0, 1000).
struct pipeline {
  static constexpr int threshold = 500;
  static constexpr int bins = 10;
  std::ptrdiff_t n;
  ints in, selected, scanned, counts;
  thrust::device_vector<long long> count, sum;
  thrust::device_vector<char> storage;
  std::size_t bytes = 0;

  explicit pipeline(std::ptrdiff_t items)
      : n(items), in(items, 0), selected(items, poison), scanned(items, poison),
        counts(bins, poison), count(1, -1), sum(1, -1) {
    std::size_t most = 0;  // one storage for the four calls, one after another
    std::size_t b = 0;
    (void)predix::cub::DeviceSelect::If(nullptr, b, raw(in), raw(selected), raw(count), n,
                                        less_than{threshold});
    most = b > most ? b : most;
    (void)predix::cub::DeviceScan::ExclusiveSum(nullptr, b, raw(in), raw(scanned), n);
    most = b > most ? b : most;
    (void)predix::cub::DeviceReduce::Sum(nullptr, b, raw(in), raw(sum), n);
    most = b > most ? b : most;
    (void)histogram(nullptr, b, 0);
    most = b > most ? b : most;
    storage.resize(most);
    bytes = most;
  }

  /// HistogramEven of the items into counts (a size query where temp is null).
  cudaError_t histogram(void* temp, std::size_t& b, cudaStream_t stream) {
    return predix::cub::DeviceHistogram::HistogramEven(temp, b, raw(in), raw(counts), bins + 1,
                                                       0, 1000, n, stream);
  }

  /// The four calls on `stream`; the first error, or cudaSuccess.
  cudaError_t enqueue(cudaStream_t stream) {
    void* const temp = raw(storage);
    cudaError_t e = predix::cub::DeviceSelect::If(temp, bytes, raw(in), raw(selected), raw(count),
                                                  n, less_than{threshold}, stream);
    if (e == cudaSuccess) {
      e = predix::cub::DeviceScan::ExclusiveSum(temp, bytes, raw(in), raw(scanned), n, stream);
    }
    if (e == cudaSuccess) e = predix::cub::DeviceReduce::Sum(temp, bytes, raw(in), raw(sum), n, stream);
    if (e == cudaSuccess) e = histogram(temp, bytes, stream);
    return e;
  }

  /// New random items, and the outputs poisoned (synchronously, outside any graph).
  void refill(rng& r) {
    fill_random(in, r);
    thrust::fill(selected.begin(), selected.end(), poison);
    thrust::fill(scanned.begin(), scanned.end(), poison);
    thrust::fill(counts.begin(), counts.end(), poison);
    count[0] = -1;
    sum[0] = -1;
  }

  /// The outputs against a host computation on the items.
  ::testing::AssertionResult right() const {
    const thrust::host_vector<int> items(in.begin(), in.end());
    std::vector<int> chosen, prefix(items.size()), histogram(bins, 0);
    long long total = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (items[i] < threshold) chosen.push_back(items[i]);
      ++histogram[static_cast<std::size_t>(items[i] / (1000 / bins))];
      prefix[i] = static_cast<int>(total);
      total += items[i];
    }
    if (count[0] != static_cast<long long>(chosen.size())) {
      return ::testing::AssertionFailure() << "count " << count[0] << ", expected " << chosen.size();
    }
    if (sum[0] != total) {
      return ::testing::AssertionFailure() << "sum " << sum[0] << ", expected " << total;
    }
    const thrust::host_vector<int> got(selected.begin(), selected.begin() + chosen.size());
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      if (got[i] != chosen[i]) return ::testing::AssertionFailure() << "selected item " << i;
    }
    const thrust::host_vector<int> scan(scanned.begin(), scanned.end());
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      if (scan[i] != prefix[i]) return ::testing::AssertionFailure() << "scanned item " << i;
    }
    const thrust::host_vector<int> counted(counts.begin(), counts.end());
    for (int k = 0; k < bins; ++k) {
      if (counted[k] != histogram[k]) return ::testing::AssertionFailure() << "bin " << k;
    }
    return ::testing::AssertionSuccess();
  }
};

/// Sizes of one tile, of many tiles, and past the look-back's larger thresholds.
const std::ptrdiff_t graph_sizes[] = {1000, 300007, (1 << 22) + 5};

/// capture(stream) captured from a new stream into a graph, instantiated.
template <class Capture>
cudaGraphExec_t captured(cudaStream_t stream, Capture&& capture) {
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  EXPECT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal), cudaSuccess);
  EXPECT_EQ(capture(stream), cudaSuccess);
  EXPECT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  if (graph == nullptr) return nullptr;
  EXPECT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaSuccess);
  return exec;
}

TEST(CubGraph, CapturedOnceReplayedWithNewInputs) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  cudaStream_t stream;
  GRAPH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (std::ptrdiff_t n : graph_sizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    pipeline p(n);
    const cudaGraphExec_t exec = captured(stream, [&](cudaStream_t s) { return p.enqueue(s); });
    ASSERT_NE(exec, nullptr);
    GRAPH_CHECK(cudaStreamSynchronize(stream));
    EXPECT_EQ(p.count[0], -1) << "capturing ran the calls";
    for (int round = 0; round < 3; ++round) {
      SCOPED_TRACE("replay " + std::to_string(round));
      p.refill(r);
      GRAPH_CHECK(cudaDeviceSynchronize());
      GRAPH_CHECK(cudaGraphLaunch(exec, stream));
      GRAPH_CHECK(cudaStreamSynchronize(stream));
      EXPECT_TRUE(p.right());
    }
    GRAPH_CHECK(cudaGraphExecDestroy(exec));
  }
  GRAPH_CHECK(cudaStreamDestroy(stream));
}

/// Two graphs of the same pipeline on their own buffers and storage, replayed at once: no
/// state outside the storage a call is given is shared between them.
TEST(CubGraph, TwoGraphsReplayedAtOnce) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  cudaStream_t streams[2];
  for (auto& s : streams) GRAPH_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (std::ptrdiff_t n : graph_sizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    pipeline pipelines[2] = {pipeline(n), pipeline(n)};
    cudaGraphExec_t execs[2];
    for (int i = 0; i < 2; ++i) {
      execs[i] = captured(streams[i], [&](cudaStream_t s) { return pipelines[i].enqueue(s); });
      ASSERT_NE(execs[i], nullptr);
    }
    for (int round = 0; round < 3; ++round) {
      SCOPED_TRACE("replay " + std::to_string(round));
      for (auto& p : pipelines) p.refill(r);
      GRAPH_CHECK(cudaDeviceSynchronize());
      for (int repeat = 0; repeat < 4; ++repeat) {  // the same inputs: the same results
        for (int i = 0; i < 2; ++i) GRAPH_CHECK(cudaGraphLaunch(execs[i], streams[i]));
      }
      GRAPH_CHECK(cudaDeviceSynchronize());
      for (int i = 0; i < 2; ++i) EXPECT_TRUE(pipelines[i].right()) << "graph " << i;
    }
    for (auto exec : execs) GRAPH_CHECK(cudaGraphExecDestroy(exec));
  }
  for (auto s : streams) GRAPH_CHECK(cudaStreamDestroy(s));
}

/// Spins for about `cycles` clock cycles, then writes data[i] = i.
__global__ void write_later(int* data, long long n, long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    data[i] = static_cast<int>(i % 1000);
  }
}

/// Enqueues write_later on `stream` (about 0.1 s), then call(); expects the kernel to be still
/// running when call() returns (measured by an event recorded after it, not by a clock).
template <class Call>
void expect_returns_before_kernel_ends(cudaStream_t stream, int* data, long long n, Call&& call) {
  cudaEvent_t kernel_done;
  GRAPH_CHECK(cudaEventCreateWithFlags(&kernel_done, cudaEventDisableTiming));
  GRAPH_CHECK(cudaDeviceSynchronize());
  write_later<<<64, 256, 0, stream>>>(data, n, 200'000'000);
  GRAPH_CHECK(cudaEventRecord(kernel_done, stream));
  call();
  EXPECT_EQ(cudaEventQuery(kernel_done), cudaErrorNotReady)
      << "the call returned after the kernel enqueued before it had ended";
  GRAPH_CHECK(cudaStreamSynchronize(stream));
  GRAPH_CHECK(cudaEventDestroy(kernel_done));
}

TEST(CubGraph, CallsOnlyEnqueue) {
  cudaStream_t stream;
  GRAPH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  pipeline p(1 << 20);
  expect_returns_before_kernel_ends(stream, raw(p.in), p.n,
                                    [&] { EXPECT_EQ(p.enqueue(stream), cudaSuccess); });
  EXPECT_TRUE(p.right()) << "the calls ran before the kernel enqueued before them";
  GRAPH_CHECK(cudaStreamDestroy(stream));
}

/// Thrust's par_nosync scans on `stream` over n items: the two scans and the two scans by key
/// (keys 0/1 in runs of random length), and their check.
struct nosync_scans {
  cudaStream_t stream;
  ints in, keys, inclusive, exclusive, inclusive_by_key, exclusive_by_key;
  explicit nosync_scans(cudaStream_t s, std::ptrdiff_t n)
      : stream(s), in(n, 0), keys(n), inclusive(n), exclusive(n), inclusive_by_key(n),
        exclusive_by_key(n) {
    std::vector<int> k(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < k.size(); ++i) k[i] = int((i * 2654435761u >> 13) & 1);
    thrust::copy(k.begin(), k.end(), keys.begin());
    poison_outputs();
  }
  void poison_outputs() {
    for (ints* out : {&inclusive, &exclusive, &inclusive_by_key, &exclusive_by_key})
      thrust::fill(out->begin(), out->end(), poison);
  }
  void operator()() {
    const auto nosync = predix::thrust::par_nosync.on(stream);
    thrust::inclusive_scan(nosync, in.begin(), in.end(), inclusive.begin());
    thrust::exclusive_scan(nosync, in.begin(), in.end(), exclusive.begin(), 7);
    thrust::inclusive_scan_by_key(nosync, keys.begin(), keys.end(), in.begin(),
                                  inclusive_by_key.begin());
    thrust::exclusive_scan_by_key(nosync, keys.begin(), keys.end(), in.begin(),
                                  exclusive_by_key.begin(), 7);
  }
  ::testing::AssertionResult right() const {
    const thrust::host_vector<int> items(in.begin(), in.end()), k(keys.begin(), keys.end());
    std::vector<int> inc(items.size()), exc(items.size()), inc_key(items.size()),
        exc_key(items.size());
    std::inclusive_scan(items.begin(), items.end(), inc.begin());
    std::exclusive_scan(items.begin(), items.end(), exc.begin(), 7);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const bool head = i == 0 || k[i] != k[i - 1];
      exc_key[i] = head ? 7 : exc_key[i - 1] + items[i - 1];
      inc_key[i] = head ? items[i] : inc_key[i - 1] + items[i];
    }
    if (!same_range(inclusive, inc)) return same_range(inclusive, inc) << " (inclusive)";
    if (!same_range(exclusive, exc)) return same_range(exclusive, exc) << " (exclusive)";
    if (!same_range(inclusive_by_key, inc_key))
      return same_range(inclusive_by_key, inc_key) << " (inclusive by key)";
    return same_range(exclusive_by_key, exc_key) << " (exclusive by key)";
  }
};

/// Thrust's par_nosync: predix's scans return without waiting. (Not under compute-sanitizer,
/// where the stream-ordered allocation of their temporary storage waits for the stream.)
TEST(CubGraph, ParNosyncScansReturnAtOnce) {
  cudaStream_t stream;
  GRAPH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  nosync_scans scans(stream, 300007);
  expect_returns_before_kernel_ends(stream, raw(scans.in), 300007, [&] { scans(); });
  EXPECT_TRUE(scans.right());
  GRAPH_CHECK(cudaStreamDestroy(stream));
}

/// par_nosync scans captured into a graph, replayed with new inputs.
TEST(CubGraph, ParNosyncScansInAGraph) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  cudaStream_t stream;
  GRAPH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  nosync_scans scans(stream, 300007);
  const cudaGraphExec_t exec = captured(stream, [&](cudaStream_t) {
    scans();
    return cudaSuccess;
  });
  ASSERT_NE(exec, nullptr);
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("replay " + std::to_string(round));
    fill_random(scans.in, r);
    scans.poison_outputs();
    GRAPH_CHECK(cudaDeviceSynchronize());
    GRAPH_CHECK(cudaGraphLaunch(exec, stream));
    GRAPH_CHECK(cudaStreamSynchronize(stream));
    EXPECT_TRUE(scans.right());
  }
  GRAPH_CHECK(cudaGraphExecDestroy(exec));
  GRAPH_CHECK(cudaStreamDestroy(stream));
}

}  // namespace
}  // namespace predix_test
