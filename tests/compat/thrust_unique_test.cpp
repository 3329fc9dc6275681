// thrust::unique, unique_copy and unique_count on predix::thrust::par, with and without a
// binary predicate, over device_vector iterators: each call reaches predix and gives the
// result of the same call on thrust::device.
#include <thrust/unique.h>

#include "compat_test.hpp"

namespace predix_test {
namespace {

TEST(ThrustUnique, UniqueCopyAndCount) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = runs(r, n, threshold);
    ints expected(n, poison), actual(n, poison);
    auto e = thrust::unique_copy(thrust::device, in.begin(), in.end(), expected.begin());
    auto a = via_predix("unique_copy", [&] {
      return thrust::unique_copy(par, in.begin(), in.end(), actual.begin());
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    e = thrust::unique_copy(thrust::device, in.begin(), in.end(), expected.begin(),
                            same_parity{});
    a = via_predix("unique_copy", [&] {
      return thrust::unique_copy(par, in.begin(), in.end(), actual.begin(), same_parity{});
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    EXPECT_EQ(via_predix("unique_count",
                         [&] { return thrust::unique_count(par, in.begin(), in.end()); }),
              thrust::unique_count(thrust::device, in.begin(), in.end()));
    EXPECT_EQ(via_predix("unique_count",
                         [&] {
                           return thrust::unique_count(par, in.begin(), in.end(), same_parity{});
                         }),
              thrust::unique_count(thrust::device, in.begin(), in.end(), same_parity{}));
  });
}

TEST(ThrustUnique, UniqueInPlace) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = runs(r, n, threshold);
    for (const bool parity : {false, true}) {
      ints expected = in, actual = in;
      const auto e = parity ? thrust::unique(thrust::device, expected.begin(), expected.end(),
                                             same_parity{})
                            : thrust::unique(thrust::device, expected.begin(), expected.end());
      const auto a = via_predix("unique", [&] {
        return parity ? thrust::unique(par, actual.begin(), actual.end(), same_parity{})
                      : thrust::unique(par, actual.begin(), actual.end());
      });
      ASSERT_EQ(a - actual.begin(), e - expected.begin());
      actual.resize(static_cast<std::size_t>(a - actual.begin()));
      expected.resize(actual.size());
      EXPECT_TRUE(same_range(actual, expected));
    }
  });
}

}  // namespace
}  // namespace predix_test
