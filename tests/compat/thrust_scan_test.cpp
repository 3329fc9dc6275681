// thrust::inclusive_scan, exclusive_scan and reduce on predix::thrust::par, every form, over
// device_vector iterators, a transform iterator (0/1 flags) and a permutation iterator: each
// call reaches predix and gives the result of the same call on thrust::device.
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>

#include "compat_test.hpp"

namespace predix_test {
namespace {

/// The item → flag transform of a 0/1 scan (the binary path on CUDA).
struct flag_of {
  int threshold;
  PREDIX_HOST_DEVICE bool operator()(int x) const { return x < threshold; }
};

TEST(ThrustScan, Scans) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    ints expected(n, poison), actual(n, poison);
    thrust::inclusive_scan(thrust::device, in.begin(), in.end(), expected.begin());
    via_predix("inclusive_scan", [&] {
      return thrust::inclusive_scan(par, in.begin(), in.end(), actual.begin());
    });
    EXPECT_TRUE(same_range(actual, expected));
    thrust::inclusive_scan(thrust::device, in.begin(), in.end(), expected.begin(),
                           thrust::maximum<int>());
    via_predix("inclusive_scan", [&] {
      return thrust::inclusive_scan(par, in.begin(), in.end(), actual.begin(),
                                    thrust::maximum<int>());
    });
    EXPECT_TRUE(same_range(actual, expected));
    thrust::exclusive_scan(thrust::device, in.begin(), in.end(), expected.begin());
    via_predix("exclusive_scan", [&] {
      return thrust::exclusive_scan(par, in.begin(), in.end(), actual.begin());
    });
    EXPECT_TRUE(same_range(actual, expected));
    thrust::exclusive_scan(thrust::device, in.begin(), in.end(), expected.begin(), threshold);
    via_predix("exclusive_scan", [&] {
      return thrust::exclusive_scan(par, in.begin(), in.end(), actual.begin(), threshold);
    });
    EXPECT_TRUE(same_range(actual, expected));
    thrust::exclusive_scan(thrust::device, in.begin(), in.end(), expected.begin(), 1 << 20,
                           thrust::minimum<int>());
    via_predix("exclusive_scan", [&] {
      return thrust::exclusive_scan(par, in.begin(), in.end(), actual.begin(), 1 << 20,
                                    thrust::minimum<int>());
    });
    EXPECT_TRUE(same_range(actual, expected));
    // Flags through a transform iterator: counted by an int init, a running OR without one.
    const auto flags = thrust::make_transform_iterator(in.begin(), flag_of{threshold});
    thrust::exclusive_scan(thrust::device, flags, flags + n, expected.begin(), 0);
    const auto end = via_predix("exclusive_scan", [&] {
      return thrust::exclusive_scan(par, flags, flags + n, actual.begin(), 0);
    });
    EXPECT_EQ(end - actual.begin(), n);
    EXPECT_TRUE(same_range(actual, expected));
    // Without init the scan accumulates in bool: a running OR (DESIGN.md §1). Thrust's CUDA
    // system (CCCL 3.0.1) gives false at some positions after the first true (README, known
    // differences), so the reference is Thrust's host system over the same flags.
    const thrust::host_vector<int> host_in = in;
    thrust::host_vector<int> host_out(host_in.size());
    const auto host_flags = thrust::make_transform_iterator(host_in.begin(), flag_of{threshold});
    thrust::inclusive_scan(thrust::host, host_flags, host_flags + n, host_out.begin());
    expected = host_out;
    via_predix("inclusive_scan",
               [&] { return thrust::inclusive_scan(par, flags, flags + n, actual.begin()); });
    EXPECT_TRUE(same_range(actual, expected));
  });
}

TEST(ThrustScan, Reduce) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    EXPECT_EQ(via_predix("reduce", [&] { return thrust::reduce(par, in.begin(), in.end()); }),
              thrust::reduce(thrust::device, in.begin(), in.end()));
    EXPECT_EQ(via_predix("reduce",
                         [&] { return thrust::reduce(par, in.begin(), in.end(), threshold); }),
              thrust::reduce(thrust::device, in.begin(), in.end(), threshold));
    const auto max = [&](const auto& policy) {
      return thrust::reduce(policy, in.begin(), in.end(), -1, thrust::maximum<int>());
    };
    EXPECT_EQ(via_predix("reduce", [&] { return max(par); }), max(thrust::device));
    // A gather through a permutation iterator, summed in 64 bits.
    const ints index = random_ints(r, n);
    const ints values = random_ints(r, 1000);
    const auto gathered = thrust::make_permutation_iterator(values.begin(), index.begin());
    const auto sum = [&](const auto& policy) {
      return thrust::reduce(policy, gathered, gathered + n, 0LL);
    };
    EXPECT_EQ(via_predix("reduce", [&] { return sum(par); }), sum(thrust::device));
  });
}

}  // namespace
}  // namespace predix_test
