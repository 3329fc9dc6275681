// The partition family on predix::thrust::par, with and without a stencil: each call reaches
// predix and gives the result of the same call on thrust::device. Unstable partition: the
// same partition everywhere, and exactly Thrust's order on CUDA (rejected items reversed, as
// predix does on every backend); Thrust's OMP and CPP systems order the rejected items
// differently, so there only the two parts' contents are compared.
#include <thrust/partition.h>

#include "compat_test.hpp"

namespace predix_test {
namespace {

TEST(ThrustPartition, InPlace) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const ints stencil = random_ints(r, n);
    const less_than pred{threshold};
    ints expected = in, actual = in;
    auto e = thrust::partition(thrust::device, expected.begin(), expected.end(), pred);
    auto a = via_predix("partition", [&] {
      return thrust::partition(par, actual.begin(), actual.end(), pred);
    });
    EXPECT_TRUE(same_partition(actual, a - actual.begin(), expected, e - expected.begin()));
    EXPECT_EQ(via_predix("partition_point", [&] {
                return thrust::partition_point(par, actual.begin(), actual.end(), pred);
              }) - actual.begin(),
              a - actual.begin());
    EXPECT_TRUE(via_predix("is_partitioned", [&] {
      return thrust::is_partitioned(par, actual.begin(), actual.end(), pred);
    }));
    EXPECT_EQ(via_predix("is_partitioned",
                         [&] { return thrust::is_partitioned(par, in.begin(), in.end(), pred); }),
              thrust::is_partitioned(thrust::device, in.begin(), in.end(), pred));
    expected = in;
    actual = in;
    e = thrust::partition(thrust::device, expected.begin(), expected.end(), stencil.begin(), pred);
    a = via_predix("partition", [&] {
      return thrust::partition(par, actual.begin(), actual.end(), stencil.begin(), pred);
    });
    EXPECT_TRUE(same_partition(actual, a - actual.begin(), expected, e - expected.begin()));
  });
}

TEST(ThrustPartition, Stable) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const ints stencil = random_ints(r, n);
    const less_than pred{threshold};
    ints expected = in, actual = in;
    auto e = thrust::stable_partition(thrust::device, expected.begin(), expected.end(), pred);
    auto a = via_predix("stable_partition", [&] {
      return thrust::stable_partition(par, actual.begin(), actual.end(), pred);
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    expected = in;
    actual = in;
    e = thrust::stable_partition(thrust::device, expected.begin(), expected.end(),
                                 stencil.begin(), pred);
    a = via_predix("stable_partition", [&] {
      return thrust::stable_partition(par, actual.begin(), actual.end(), stencil.begin(), pred);
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
  });
}

TEST(ThrustPartition, Copy) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const ints stencil = random_ints(r, n);
    const less_than pred{threshold};
    ints et(n, poison), ef(n, poison), at(n, poison), af(n, poison);
    const auto expect_same = [&](auto a, auto e) {
      EXPECT_EQ(a.first - at.begin(), e.first - et.begin());
      EXPECT_EQ(a.second - af.begin(), e.second - ef.begin());
      EXPECT_TRUE(same_range(at, et));
      EXPECT_TRUE(same_range(af, ef));
    };
    expect_same(via_predix("partition_copy",
                           [&] {
                             return thrust::partition_copy(par, in.begin(), in.end(), at.begin(),
                                                           af.begin(), pred);
                           }),
                thrust::partition_copy(thrust::device, in.begin(), in.end(), et.begin(),
                                       ef.begin(), pred));
    expect_same(via_predix("partition_copy",
                           [&] {
                             return thrust::partition_copy(par, in.begin(), in.end(),
                                                           stencil.begin(), at.begin(),
                                                           af.begin(), pred);
                           }),
                thrust::partition_copy(thrust::device, in.begin(), in.end(), stencil.begin(),
                                       et.begin(), ef.begin(), pred));
    expect_same(via_predix("stable_partition_copy",
                           [&] {
                             return thrust::stable_partition_copy(par, in.begin(), in.end(),
                                                                  at.begin(), af.begin(), pred);
                           }),
                thrust::stable_partition_copy(thrust::device, in.begin(), in.end(), et.begin(),
                                              ef.begin(), pred));
    expect_same(via_predix("stable_partition_copy",
                           [&] {
                             return thrust::stable_partition_copy(par, in.begin(), in.end(),
                                                                  stencil.begin(), at.begin(),
                                                                  af.begin(), pred);
                           }),
                thrust::stable_partition_copy(thrust::device, in.begin(), in.end(),
                                              stencil.begin(), et.begin(), ef.begin(), pred));
  });
}

}  // namespace
}  // namespace predix_test
