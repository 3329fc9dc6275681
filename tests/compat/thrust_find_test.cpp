// thrust::count_if, count, find_if, find_if_not, find, any_of, all_of and none_of on
// predix::thrust::par, over device_vector iterators, a transform iterator and a counting
// iterator: each call reaches predix and gives the result of the same call on thrust::device.
#include <thrust/count.h>
#include <thrust/find.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/logical.h>

#include "compat_test.hpp"

namespace predix_test {
namespace {

/// x / 10: a transform iterator of smaller values.
struct tenth {
  PREDIX_HOST_DEVICE int operator()(int x) const { return x / 10; }
};

TEST(ThrustFind, Counts) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const less_than pred{threshold};
    EXPECT_EQ(via_predix("count_if",
                         [&] { return thrust::count_if(par, in.begin(), in.end(), pred); }),
              thrust::count_if(thrust::device, in.begin(), in.end(), pred));
    EXPECT_EQ(via_predix("count", [&] { return thrust::count(par, in.begin(), in.end(), 7); }),
              thrust::count(thrust::device, in.begin(), in.end(), 7));
    const auto tenths = thrust::make_transform_iterator(in.begin(), tenth{});
    const int value = threshold / 10;
    EXPECT_EQ(via_predix("count", [&] { return thrust::count(par, tenths, tenths + n, value); }),
              thrust::count(thrust::device, tenths, tenths + n, value));
  });
}

TEST(ThrustFind, Finds) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const less_than pred{threshold};
    const auto offset = [&](auto it) { return it - in.begin(); };
    EXPECT_EQ(offset(via_predix("find_if",
                                [&] { return thrust::find_if(par, in.begin(), in.end(), pred); })),
              offset(thrust::find_if(thrust::device, in.begin(), in.end(), pred)));
    EXPECT_EQ(offset(via_predix("find_if_not", [&] {
                return thrust::find_if_not(par, in.begin(), in.end(), pred);
              })),
              offset(thrust::find_if_not(thrust::device, in.begin(), in.end(), pred)));
    const auto find = [&](const auto& policy) {
      return offset(thrust::find(policy, in.begin(), in.end(), threshold));
    };
    EXPECT_EQ(via_predix("find", [&] { return find(par); }), find(thrust::device));
    // The first counting number from 1 that is not below n - threshold.
    const thrust::counting_iterator<int> first(1);
    const less_than early{static_cast<int>(n) - threshold};
    EXPECT_EQ(via_predix("find_if_not",
                         [&] { return thrust::find_if_not(par, first, first + n, early); }) -
                  first,
              thrust::find_if_not(thrust::device, first, first + n, early) - first);
  });
}

TEST(ThrustFind, Votes) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const less_than pred{threshold};
    EXPECT_EQ(via_predix("any_of", [&] { return thrust::any_of(par, in.begin(), in.end(), pred); }),
              thrust::any_of(thrust::device, in.begin(), in.end(), pred));
    EXPECT_EQ(via_predix("all_of", [&] { return thrust::all_of(par, in.begin(), in.end(), pred); }),
              thrust::all_of(thrust::device, in.begin(), in.end(), pred));
    EXPECT_EQ(
        via_predix("none_of", [&] { return thrust::none_of(par, in.begin(), in.end(), pred); }),
        thrust::none_of(thrust::device, in.begin(), in.end(), pred));
  });
}

}  // namespace
}  // namespace predix_test
