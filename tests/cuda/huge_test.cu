// Huge inputs (suite Huge: select or leave out with --gtest_filter=Huge.* / -Huge.*): every
// algorithm on 2^31 + 12345 uint8 items, count_if, find_if and reduce on 2^32 + 2^20 + 3 items
// of a counting iterator, the by-key algorithms on 2^31 + 12345 keys in runs of 7 (reduce_by_key
// on 2^32 + 2^20 + 3 too), and a request whose temporary storage cannot be allocated (every byte
// of device memory taken first): std::bad_alloc, input unchanged. The 2 GiB data are the
// pattern x[i] = i % 251 with x < 100 selected (and x < 2, for copy_if's deferred placing,
// select_deferred.cuh), so every expected result has a closed form;
// outputs are checked on the device. Skipped when the device has not got the memory, and under
// PREDIX_TEST_QUICK. Run alone: the allocation test leaves no memory to anyone else.
#include <algorithm>
#include <new>
#include <utility>
#include <vector>

#include "../support/iterators.hpp"
#include "../support/types.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using u8 = std::uint8_t;
constexpr long long period = 251, kept = 100;  // x[i] = i % 251; x < 100 selected

struct selected {
  __host__ __device__ bool operator()(u8 x) const { return x < kept; }
};
constexpr long long few = 2;  // x < 2: under 1% selected, so copy_if defers its placing
struct selected_few {
  __host__ __device__ bool operator()(u8 x) const { return x < few; }
};
struct is_255 {
  __host__ __device__ bool operator()(u8 x) const { return x == 255; }
};
struct is_at {
  long long at;
  __host__ __device__ bool operator()(long long i) const { return i == at; }
};
struct identity {
  __host__ __device__ bool operator()(bool b) const { return b; }
};
/// Expected values: the pattern, the r-th selected item, the q-th rejected item (of `count`,
/// in order or reversed).
struct pattern {
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>(i % period); }
};
struct selected_item {
  __host__ __device__ u8 operator()(long long r) const { return static_cast<u8>(r % kept); }
};
struct few_item {
  __host__ __device__ u8 operator()(long long r) const { return static_cast<u8>(r % few); }
};
struct rejected_item {
  long long count;
  bool reversed;
  __host__ __device__ u8 operator()(long long q) const {
    return static_cast<u8>(kept + (reversed ? count - 1 - q : q) % (period - kept));
  }
};

/// Items of [0, n) below `below`: whole periods and the head of the last one.
long long selected_count(long long n, long long below = kept) {
  return n / period * below + std::min(n % period, below);
}

/// x[0] + ... + x[n-1]: whole periods (0 + ... + 250), then 0 + ... + (n % 251 - 1).
long long pattern_sum(long long n) {
  const long long r = n % period;
  return n / period * (period * (period - 1) / 2) + r * (r - 1) / 2;
}

__global__ void fill(u8* x, long long n) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    x[i] = pattern{}(i);
  }
}

/// Counts the i in [0, n) with out[i] != expected(i) into errors[0], the first such i into
/// errors[1].
template <class T, class Expected>
__global__ void check(const T* out, long long n, Expected expected, unsigned long long* errors) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    if (out[i] != expected(i)) {
      atomicAdd(&errors[0], 1ull);
      atomicMin(&errors[1], static_cast<unsigned long long>(i));
    }
  }
}

/// A scan of the pattern: out[i] - out[i-1] == x[i] (inclusive) or x[i-1] (exclusive), mod 256.
__global__ void check_scan(const u8* out, long long n, bool inclusive, u8 first,
                           unsigned long long* errors) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    const u8 step = i == 0 ? first : static_cast<u8>(out[i] - out[i - 1]);
    if (step != (i == 0 ? first : pattern{}(inclusive ? i : i - 1))) {
      atomicAdd(&errors[0], 1ull);
      atomicMin(&errors[1], static_cast<unsigned long long>(i));
    }
  }
}

class Huge : public cuda_test {
 protected:
  void SetUp() override {
    cuda_test::SetUp();
    if (IsSkipped()) return;
    if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no huge inputs";
    PREDIX_CUDA_CHECK(cudaMalloc(&errors_, 2 * sizeof(unsigned long long)));
  }
  void TearDown() override {
    if (errors_ != nullptr) (void)cudaFree(errors_);
  }

  /// Skips the test unless the device has `bytes` free.
  bool lacks(std::size_t bytes) {
    std::size_t free = 0, total = 0;
    PREDIX_CUDA_CHECK(cudaMemGetInfo(&free, &total));
    return free < bytes;
  }

  template <class Launch>
  void expect_no_mismatch(const char* what, Launch launch) {
    const unsigned long long reset[2] = {0, ~0ull};
    PREDIX_CUDA_CHECK(cudaMemcpy(errors_, reset, sizeof(reset), cudaMemcpyHostToDevice));
    launch(errors_);
    PREDIX_CUDA_CHECK_LAUNCH();
    unsigned long long got[2];
    PREDIX_CUDA_CHECK(cudaMemcpy(got, errors_, sizeof(got), cudaMemcpyDeviceToHost));
    EXPECT_EQ(got[0], 0u) << what << ": " << got[0] << " wrong items, the first at " << got[1];
  }
  template <class T, class Expected>
  void expect_items(const char* what, const T* out, long long n, Expected expected) {
    expect_no_mismatch(what,
                       [&](unsigned long long* e) { check<<<8192, 256>>>(out, n, expected, e); });
  }
  void expect_scan(const char* what, const u8* out, long long n, bool inclusive, u8 first) {
    expect_no_mismatch(what, [&](unsigned long long* e) {
      check_scan<<<8192, 256>>>(out, n, inclusive, first, e);
    });
  }
  static void refill(u8* x, long long n) {
    fill<<<8192, 256>>>(x, n);
    PREDIX_CUDA_CHECK_LAUNCH();
  }

  unsigned long long* errors_ = nullptr;
};

TEST_F(Huge, EveryAlgorithmOnUint8Above2To31) {
  const long long n = (1ll << 31) + 12345, k = selected_count(n);
  if (lacks(3 * static_cast<std::size_t>(n) + (std::size_t(6) << 30))) {
    GTEST_SKIP() << "needs about 12 GiB of free device memory";
  }
  device_array<u8> data(n), out(n), other(n);  // other: second output, or the stencil
  u8* const x = data.begin();
  refill(x, n);
  refill(other.begin(), n);
  const auto p = predix::cuda;
  EXPECT_EQ(predix::inclusive_scan(p, x, x + n, out.begin()) - out.begin(), n);
  expect_scan("inclusive_scan", out.begin(), n, true, 0);
  EXPECT_EQ(predix::exclusive_scan(p, x, x + n, out.begin(), u8{7}) - out.begin(), n);
  expect_scan("exclusive_scan", out.begin(), n, false, 7);
  const long long total = pattern_sum(n);
  EXPECT_EQ(predix::reduce(p, x, x + n, 0ull), static_cast<unsigned long long>(total));
  EXPECT_EQ(predix::reduce(p, x, x + n), static_cast<u8>(total));
  EXPECT_EQ(predix::reduce(p, x, x + n, u8{0}, maximum{}), period - 1);
  EXPECT_EQ(predix::count_if(p, x, x + n, selected{}), k);
  EXPECT_EQ(predix::count(p, x, x + n, u8{250}), n / period);
  const long long at = (1ll << 31) + 1000;  // the only 255
  PREDIX_CUDA_CHECK(cudaMemset(x + at, 255, 1));
  EXPECT_EQ(predix::find_if(p, x, x + n, is_255{}) - x, at);
  EXPECT_EQ(predix::find(p, x, x + n, u8{255}) - x, at);
  EXPECT_TRUE(predix::any_of(p, x, x + n, is_255{}));
  EXPECT_FALSE(predix::all_of(p, x, x + at, is_255{}));
  EXPECT_TRUE(predix::none_of(p, x, x + at, is_255{}));
  refill(x, n);
  EXPECT_EQ(predix::copy_if(p, x, x + n, out.begin(), selected{}) - out.begin(), k);
  expect_items("copy_if", out.begin(), k, selected_item{});
  const long long k_few = selected_count(n, few);
  EXPECT_EQ(predix::copy_if(p, x, x + n, out.begin(), selected_few{}) - out.begin(), k_few);
  expect_items("copy_if of few, deferred", out.begin(), k_few, few_item{});
  EXPECT_EQ(predix::copy_if(p, x, x + n, other.begin(), out.begin(), selected{}) - out.begin(), k);
  expect_items("copy_if with stencil", out.begin(), k, selected_item{});
  EXPECT_EQ(predix::remove_copy_if(p, x, x + n, out.begin(), selected{}) - out.begin(), n - k);
  expect_items("remove_copy_if", out.begin(), n - k, rejected_item{n - k, false});
  EXPECT_EQ(predix::remove_if(p, x, x + n, other.begin(), selected{}) - x, n - k);
  expect_items("remove_if with stencil", x, n - k, rejected_item{n - k, false});
  refill(x, n);
  EXPECT_EQ(predix::remove_if(p, x, x + n, selected{}) - x, n - k);
  expect_items("remove_if", x, n - k, rejected_item{n - k, false});
  refill(x, n);
  EXPECT_EQ(predix::partition(p, x, x + n, selected{}) - x, k);
  expect_items("partition: selected", x, k, selected_item{});
  expect_items("partition: rejected", x + k, n - k, rejected_item{n - k, true});
  refill(x, n);
  EXPECT_EQ(predix::stable_partition(p, x, x + n, other.begin(), selected{}) - x, k);
  expect_items("stable_partition: selected", x, k, selected_item{});
  expect_items("stable_partition: rejected", x + k, n - k, rejected_item{n - k, false});
  EXPECT_TRUE(predix::is_partitioned(p, x, x + n, selected{}));
  EXPECT_EQ(predix::partition_point(p, x, x + n, selected{}) - x, k);
  refill(x, n);
  const auto ends = predix::partition_copy(p, x, x + n, out.begin(), other.begin(), selected{});
  EXPECT_EQ(ends.first - out.begin(), k);
  EXPECT_EQ(ends.second - other.begin(), n - k);
  expect_items("partition_copy: selected", out.begin(), k, selected_item{});
  expect_items("partition_copy: rejected", other.begin(), n - k, rejected_item{n - k, false});
  EXPECT_FALSE(predix::is_partitioned(p, x, x + n, selected{}));
  EXPECT_EQ(predix::inclusive_scan(p, x, x + n, x) - x, n);  // in place
  expect_scan("inclusive_scan in place", x, n, true, 0);
}

/// 2^32 + 2^20 + 3 items of a counting iterator (no memory): 64-bit counts and positions.
TEST_F(Huge, CountingIteratorAbove2To32) {
  const long long n = (1ll << 32) + (1ll << 20) + 3;
  const counting_iterator<long long> first(0);
  const auto values = make_transform_iterator(first, pattern{});
  EXPECT_EQ(predix::count_if(predix::cuda, values, values + n, selected{}), selected_count(n));
  const long long at = (1ll << 32) + 77;
  const auto marked = make_transform_iterator(first, is_at{at});
  EXPECT_EQ(predix::count_if(predix::cuda, marked, marked + n, identity{}), 1);
  EXPECT_EQ(predix::find(predix::cuda, marked, marked + n, true) - marked, at);
  EXPECT_EQ(predix::reduce(predix::cuda, values, values + n, 0ull),
            static_cast<unsigned long long>(pattern_sum(n)));
}

/// The by-key cases: key i = (i / 7) % 251 (runs of 7, neighbouring runs differ), value 1.
constexpr long long run = 7;
struct run_key {
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>(i / run % period); }
};
struct one {
  __host__ __device__ u8 operator()(long long) const { return 1; }
};
/// Expected: the j-th run's key; item i's place in its run from `from` (+1: inclusive).
struct nth_run_key {
  __host__ __device__ u8 operator()(long long j) const { return static_cast<u8>(j % period); }
};
struct place_in_run {
  int from;
  __host__ __device__ u8 operator()(long long i) const { return static_cast<u8>(from + i % run); }
};
/// The j-th run's length of `runs` over n items: 7, the last the rest.
struct run_length {
  long long n, runs;
  __host__ __device__ int operator()(long long j) const {
    return static_cast<int>(j + 1 < runs ? run : n - run * (runs - 1));
  }
};

/// 2^31 + 12345 keys (a counting iterator) in runs of 7: 64-bit positions and segment counts.
TEST_F(Huge, ByKeyAbove2To31) {
  const long long n = (1ll << 31) + 12345, runs = (n + run - 1) / run;
  if (lacks(static_cast<std::size_t>(n) + 5 * static_cast<std::size_t>(runs) +
            (std::size_t(2) << 30))) {
    GTEST_SKIP() << "needs about 6 GiB of free device memory";
  }
  device_array<u8> out(n), keys_out(runs);
  device_array<int> counts(runs);
  const counting_iterator<long long> first(0);
  const auto keys = make_transform_iterator(first, run_key{});
  const auto ones = make_transform_iterator(first, one{});
  const auto p = predix::cuda;
  EXPECT_EQ(predix::inclusive_scan_by_key(p, keys, keys + n, ones, out.begin()) - out.begin(), n);
  expect_items("inclusive_scan_by_key", out.begin(), n, place_in_run{1});
  EXPECT_EQ(predix::exclusive_scan_by_key(p, keys, keys + n, ones, out.begin(), u8{3}) -
                out.begin(),
            n);
  expect_items("exclusive_scan_by_key", out.begin(), n, place_in_run{3});
  const auto ends =
      predix::reduce_by_key(p, keys, keys + n, ones, keys_out.begin(), counts.begin());
  EXPECT_EQ(ends.first - keys_out.begin(), runs);
  EXPECT_EQ(ends.second - counts.begin(), runs);
  expect_items("reduce_by_key: keys", keys_out.begin(), runs, nth_run_key{});
  expect_items("reduce_by_key: counts", counts.begin(), runs, run_length{n, runs});
  EXPECT_EQ(predix::unique_copy(p, keys, keys + n, keys_out.begin()) - keys_out.begin(), runs);
  expect_items("unique_copy", keys_out.begin(), runs, nth_run_key{});
  EXPECT_EQ(predix::unique_count(p, keys, keys + n), runs);
}

/// reduce_by_key of 2^32 + 2^20 + 3 keys in runs of 7: segments counted in 64 bits (in 32 up
/// to 2^32 items, as in the test above).
TEST_F(Huge, ReduceByKeyAbove2To32) {
  const long long n = (1ll << 32) + (1ll << 20) + 3, runs = (n + run - 1) / run;
  if (lacks(5 * static_cast<std::size_t>(runs) + (std::size_t(2) << 30))) {
    GTEST_SKIP() << "needs about 5 GiB of free device memory";
  }
  device_array<u8> keys_out(runs);
  device_array<int> counts(runs);
  const counting_iterator<long long> first(0);
  const auto keys = make_transform_iterator(first, run_key{});
  const auto ends = predix::reduce_by_key(predix::cuda, keys, keys + n,
                                          make_transform_iterator(first, one{}),
                                          keys_out.begin(), counts.begin());
  EXPECT_EQ(ends.first - keys_out.begin(), runs);
  EXPECT_EQ(ends.second - counts.begin(), runs);
  expect_items("reduce_by_key: keys", keys_out.begin(), runs, nth_run_key{});
  expect_items("reduce_by_key: counts", counts.begin(), runs, run_length{n, runs});
}

/// Takes every byte of device memory that cudaMalloc gives (down to 256-byte blocks), and gives
/// it back when destroyed.
class memory_hog {
 public:
  memory_hog() {
    for (std::size_t block = std::size_t(1) << 32; block >= 256;) {
      void* p = nullptr;
      if (cudaMalloc(&p, block) == cudaSuccess) {
        blocks_.push_back(p);
      } else {
        (void)cudaGetLastError();
        block /= 2;
      }
    }
  }
  ~memory_hog() {
    for (void* p : blocks_) (void)cudaFree(p);
  }

 private:
  std::vector<void*> blocks_;
};

/// Takes every free look-back slot of `device` (call_slots.hpp: both tile-state layouts, both
/// sizes), so that calls with a look-back take temporary storage, and gives them back when
/// destroyed.
class look_back_slots_held {
 public:
  explicit look_back_slots_held(int device) {
    take<0, false>(device);
    take<1, false>(device);
    take<0, true>(device);
    take<1, true>(device);
  }
  ~look_back_slots_held() {
    for (auto& [pool, slot] : held_) pool->give_back(slot);
  }

 private:
  using slot = predix::gpu::detail::look_back_slot;
  template <int LAYOUT, bool LARGE>
  void take(int device) {
    auto& pool = predix::gpu::detail::look_back_slots<LAYOUT, LARGE>::pool(device);
    for (const slot& s : take_all(pool)) held_.emplace_back(&pool, s);
  }
  std::vector<std::pair<predix::gpu::detail::slot_pool<slot>*, slot>> held_;
};

/// With no device memory left, every algorithm that needs temporary storage throws
/// std::bad_alloc, and the in-place ones leave their input as it was; the reductions, which
/// need none once the call slots exist, still run.
TEST_F(Huge, FailedAllocationIsBadAllocAndKeepsTheInput) {
  const long long n = 1ll << 26;
  device_array<u8> data(n), stencil(n);
  u8* const x = data.begin();
  refill(x, n);
  refill(stencil.begin(), n);
  std::vector<u8> expected(static_cast<std::size_t>(n));
  for (long long i = 0; i < n; ++i) expected[static_cast<std::size_t>(i)] = pattern{}(i);
  int device = 0;
  PREDIX_CUDA_CHECK(cudaGetDevice(&device));
  if (cudaMemPool_t pool = predix::gpu::detail::memory_pool(device, "test")) {
    PREDIX_CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));  // what predix keeps between calls
  }
  EXPECT_EQ(predix::count_if(predix::cuda, x, x + n, selected{}), selected_count(n))
      << "sets up the call slots";
  {
    const look_back_slots_held held(device);  // or the scans find a free one and need no memory
    const memory_hog hog;
    auto expect_bad_alloc = [&](const char* what, auto call) {
      SCOPED_TRACE(what);
      EXPECT_THROW(call(), std::bad_alloc);
      std::vector<u8> now(expected.size());
      PREDIX_CUDA_CHECK(cudaMemcpy(now.data(), x, now.size(), cudaMemcpyDeviceToHost));
      EXPECT_TRUE(now == expected) << "the input changed";
    };
    const auto p = predix::cuda;
    expect_bad_alloc("inclusive_scan in place", [&] { predix::inclusive_scan(p, x, x + n, x); });
    expect_bad_alloc("exclusive_scan in place",
                     [&] { predix::exclusive_scan(p, x, x + n, x, u8{1}); });
    expect_bad_alloc("remove_if", [&] { predix::remove_if(p, x, x + n, selected{}); });
    expect_bad_alloc("remove_if with stencil",
                     [&] { predix::remove_if(p, x, x + n, stencil.begin(), selected{}); });
    expect_bad_alloc("partition", [&] { predix::partition(p, x, x + n, selected{}); });
    expect_bad_alloc("stable_partition",
                     [&] { predix::stable_partition(p, x, x + n, selected{}); });
    expect_bad_alloc("stable_partition with stencil",
                     [&] { predix::stable_partition(p, x, x + n, stencil.begin(), selected{}); });
    // The reductions take only the call slots set up before (call_slots.hpp): they still run.
    EXPECT_EQ(predix::count_if(p, x, x + n, selected{}), selected_count(n));
    EXPECT_EQ(predix::reduce(p, x, x + n, 0ull), static_cast<unsigned long long>(pattern_sum(n)));
  }
  EXPECT_EQ(predix::count_if(predix::cuda, x, x + n, selected{}), selected_count(n))
      << "usable again once memory is free";
}

}  // namespace
