// predix::thrust::par as a Thrust execution policy: which calls reach predix and on which
// predix policy, Thrust's own algorithms on it (same results as thrust::device, same
// allocator), and on CUDA its stream and its errors.
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_malloc.h>
#include <thrust/device_free.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include <string>
#include <type_traits>

#if PREDIX_THRUST_CUDA
#include <thrust/system/cuda/error.h>
#include <thrust/system_error.h>
#endif

#include "compat_test.hpp"

namespace predix_test {
namespace {

static_assert(std::is_base_of_v<thrust::device_execution_policy<predix::thrust::par_t>,
                                predix::thrust::par_t>,
              "par is a policy of Thrust's device system");

/// A temporary-storage allocator as in Thrust's custom_temporary_allocation example, on the
/// device system's memory, counting its calls.
struct counting_allocator {
  using value_type = char;
  int allocations = 0;
  int deallocations = 0;
  char* allocate(std::ptrdiff_t n) {
    ++allocations;
    return thrust::raw_pointer_cast(thrust::device_malloc<char>(static_cast<std::size_t>(n)));
  }
  void deallocate(char* p, std::size_t) {
    ++deallocations;
    thrust::device_free(thrust::device_pointer_cast(p));
  }
};

struct square {
  PREDIX_HOST_DEVICE int operator()(int x) const { return x * x; }
};

TEST(ThrustPolicy, OnlyPredixPoliciesReachPredix) {
  rng r(test_seed());
  const ints in = random_ints(r, 1000);
  const auto count = [&](const auto& policy) {
    return thrust::count_if(policy, in.begin(), in.end(), is_odd{});
  };
  const auto expected = via_thrust([&] { return count(thrust::device); });
  EXPECT_EQ(via_predix("count_if", [&] { return count(par); }), expected);
  counting_allocator alloc;
  EXPECT_EQ(via_predix("count_if", [&] { return count(par(alloc)); }), expected);
  EXPECT_EQ(alloc.allocations, alloc.deallocations);
}

TEST(ThrustPolicy, ThrustAlgorithmsRunThrust) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for (std::ptrdiff_t n : {0, 1, 5000, 300007}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const ints in = random_ints(r, n);
    ints expected = in, actual = in;
    thrust::sort(thrust::device, expected.begin(), expected.end());
    thrust::sort(par, actual.begin(), actual.end());
    EXPECT_TRUE(same_range(actual, expected));
    const auto e = thrust::unique(thrust::device, expected.begin(), expected.end());
    const auto a = thrust::unique(par, actual.begin(), actual.end());
    EXPECT_TRUE(same_range(ints(actual.begin(), a), ints(expected.begin(), e)));
    thrust::transform(thrust::device, in.begin(), in.end(), expected.begin(), square{});
    thrust::transform(par, in.begin(), in.end(), actual.begin(), square{});
    EXPECT_TRUE(same_range(actual, expected));
    thrust::inclusive_scan(thrust::device, in.begin(), in.end(), expected.begin(), 5,
                           thrust::plus<int>());
    thrust::inclusive_scan(par, in.begin(), in.end(), actual.begin(), 5, thrust::plus<int>());
    EXPECT_TRUE(same_range(actual, expected));
    const ints keys = random_ints(r, n);
    ints ek(n, poison), ev(n, poison), ak(n, poison), av(n, poison);
    const auto ee = thrust::reduce_by_key(thrust::device, keys.begin(), keys.end(), in.begin(),
                                          ek.begin(), ev.begin());
    const auto ae =
        thrust::reduce_by_key(par, keys.begin(), keys.end(), in.begin(), ak.begin(), av.begin());
    EXPECT_EQ(ae.first - ak.begin(), ee.first - ek.begin());
    EXPECT_TRUE(same_range(ak, ek));
    EXPECT_TRUE(same_range(av, ev));
  }
}

TEST(ThrustPolicy, ThrustAlgorithmsUseTheAllocator) {
  rng r(test_seed());
  ints v = random_ints(r, 300007);
  counting_allocator alloc;
  thrust::sort(par(alloc), v.begin(), v.end());
  EXPECT_GT(alloc.allocations, 0) << "thrust::sort took no temporary storage from par(alloc)";
  EXPECT_EQ(alloc.allocations, alloc.deallocations);
  EXPECT_TRUE(sorted_on_host(v));
}

#if PREDIX_THRUST_CUDA
TEST(ThrustPolicy, PredixAlgorithmsUseTheAllocator) {
  rng r(test_seed());
  const ints in = random_ints(r, 300007);
  counting_allocator alloc;
  // A scan of this size keeps its tile states in a look-back slot (call_slots.hpp): no
  // temporary storage. An in-place partition puts the rejected items aside in temporary storage.
  ints mine(in.size()), theirs(in.size());
  via_predix("inclusive_scan",
             [&] { return thrust::inclusive_scan(par(alloc), in.begin(), in.end(), mine.begin()); });
  thrust::inclusive_scan(thrust::device, in.begin(), in.end(), theirs.begin());
  EXPECT_TRUE(same_range(mine, theirs));
  mine = in;
  theirs = in;
  const auto mine_end = via_predix("stable_partition", [&] {
    return thrust::stable_partition(par(alloc), mine.begin(), mine.end(), is_odd{});
  });
  const auto theirs_end =
      thrust::stable_partition(thrust::device, theirs.begin(), theirs.end(), is_odd{});
  EXPECT_EQ(mine_end - mine.begin(), theirs_end - theirs.begin());
  EXPECT_TRUE(same_range(mine, theirs));
  EXPECT_GT(alloc.allocations, 0) << "predix took no temporary storage from par(alloc)";
  EXPECT_EQ(alloc.allocations, alloc.deallocations);
}

/// Spins for about `cycles` clock cycles, then writes data[i] = first - i.
__global__ void write_later(int* data, int n, int first, long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    data[i] = first - i;
  }
}

/// Algorithms on par.on(stream) run after the work already queued on that stream: a slow
/// kernel on a non-blocking stream writes the input, and the algorithm must see it.
TEST(ThrustPolicy, StreamOrder) {
  cudaStream_t stream;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  const int n = 100000;
  ints v(n, 0);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  int* const data = thrust::raw_pointer_cast(v.data());
  const long long cycles = 100'000'000;  // tens of milliseconds
  write_later<<<64, 256, 0, stream>>>(data, n, n, cycles);
  EXPECT_EQ(via_predix("count_if", [&] {
              return thrust::count_if(par.on(stream), v.begin(), v.end(), less_than{1});
            }),
            0)
      << "predix ran before the stream's earlier work";
  write_later<<<64, 256, 0, stream>>>(data, n, n, cycles);
  counting_allocator alloc;
  thrust::sort(par(alloc).on(stream), v.begin(), v.end());  // Thrust's, on the stream
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_TRUE(sorted_on_host(v))
      << "thrust::sort ran before the stream's earlier work";
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(par.on(stream)(alloc).stream(), stream);
  EXPECT_EQ(par(alloc).on(stream).stream(), stream);
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

/// A CUDA failure inside predix is what Thrust throws: thrust::system_error, cuda category.
/// (Synchronizing a stream that is being captured into a graph fails.)
TEST(ThrustPolicy, CudaErrorsAreThrustSystemErrors) {
  if (quick_mode()) GTEST_SKIP() << provokes_api_errors;
  cudaStream_t stream;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  const ints v(1000, 3);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed), cudaSuccess);
  try {
    thrust::count_if(par.on(stream), v.begin(), v.end(), is_odd{});
    ADD_FAILURE() << "no exception";
  } catch (const thrust::system_error& e) {
    EXPECT_EQ(e.code().category(), thrust::system::cuda_category());
    EXPECT_NE(e.code().value(), 0);
    EXPECT_NE(std::string(e.what()).find("predix::count_if"), std::string::npos) << e.what();
  }
  cudaGraph_t graph = nullptr;
  (void)cudaStreamEndCapture(stream, &graph);
  if (graph != nullptr) (void)cudaGraphDestroy(graph);
  (void)cudaGetLastError();
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  EXPECT_EQ(thrust::count_if(par, v.begin(), v.end(), is_odd{}), 1000) << "still usable";
}
#endif

}  // namespace
}  // namespace predix_test
