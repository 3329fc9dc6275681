// thrust::copy_if, remove_copy_if and remove_if on predix::thrust::par, with and without a
// stencil, over device_vector iterators, device_ptr, counting and zip iterators: each call
// reaches predix and gives the result of the same call on thrust::device.
#include <thrust/copy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/remove.h>

#include "compat_test.hpp"

namespace predix_test {
namespace {

struct both_less {
  int threshold;
  template <class Tuple>
  PREDIX_HOST_DEVICE bool operator()(const Tuple& t) const {
    return thrust::get<0>(t) < threshold && thrust::get<1>(t) % 2 == 0;
  }
};

TEST(ThrustCopyIf, CopyIf) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const ints stencil = random_ints(r, n);
    const less_than pred{threshold};
    ints expected(n, poison), actual(n, poison);
    // device_vector iterators
    auto e = thrust::copy_if(thrust::device, in.begin(), in.end(), expected.begin(), pred);
    auto a = via_predix("copy_if", [&] {
      return thrust::copy_if(par, in.begin(), in.end(), actual.begin(), pred);
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    // thrust::device_ptr, with a stencil
    const auto in_ptr = thrust::device_pointer_cast(thrust::raw_pointer_cast(in.data()));
    const auto out_ptr = thrust::device_pointer_cast(thrust::raw_pointer_cast(actual.data()));
    e = thrust::copy_if(thrust::device, in.begin(), in.end(), stencil.begin(), expected.begin(),
                        pred);
    const auto a_ptr = via_predix("copy_if", [&] {
      return thrust::copy_if(par, in_ptr, in_ptr + n, stencil.data(), out_ptr, pred);
    });
    EXPECT_EQ(a_ptr - out_ptr, e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    // the indices of the selected items: a counting iterator and a stencil
    const thrust::counting_iterator<int> index(0);
    e = thrust::copy_if(thrust::device, index, index + n, in.begin(), expected.begin(), pred);
    a = via_predix("copy_if", [&] {
      return thrust::copy_if(par, index, index + n, in.begin(), actual.begin(), pred);
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    // remove_copy_if, with and without a stencil
    e = thrust::remove_copy_if(thrust::device, in.begin(), in.end(), expected.begin(), pred);
    a = via_predix("remove_copy_if", [&] {
      return thrust::remove_copy_if(par, in.begin(), in.end(), actual.begin(), pred);
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
    e = thrust::remove_copy_if(thrust::device, in.begin(), in.end(), stencil.begin(),
                               expected.begin(), pred);
    a = via_predix("remove_copy_if", [&] {
      return thrust::remove_copy_if(par, in.begin(), in.end(), stencil.begin(), actual.begin(),
                                    pred);
    });
    EXPECT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(actual, expected));
  });
}

TEST(ThrustCopyIf, Zip) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints x = random_ints(r, n), y = random_ints(r, n);
    ints ex(n, poison), ey(n, poison), ax(n, poison), ay(n, poison);
    const auto in = thrust::make_zip_iterator(x.begin(), y.begin());
    const auto copy = [&](const auto& policy, ints& out_x, ints& out_y) {
      const auto out = thrust::make_zip_iterator(out_x.begin(), out_y.begin());
      return thrust::copy_if(policy, in, in + n, out, both_less{threshold}) - out;
    };
    EXPECT_EQ(via_predix("copy_if", [&] { return copy(par, ax, ay); }),
              copy(thrust::device, ex, ey));
    EXPECT_TRUE(same_range(ax, ex));
    EXPECT_TRUE(same_range(ay, ey));
  });
}

TEST(ThrustCopyIf, RemoveIf) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const ints stencil = random_ints(r, n);
    const less_than pred{threshold};
    ints expected = in, actual = in;
    auto e = thrust::remove_if(thrust::device, expected.begin(), expected.end(), pred);
    auto a = via_predix("remove_if", [&] {
      return thrust::remove_if(par, actual.begin(), actual.end(), pred);
    });
    ASSERT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(ints(actual.begin(), a), ints(expected.begin(), e)));
    expected = in;
    actual = in;
    e = thrust::remove_if(thrust::device, expected.begin(), expected.end(), stencil.begin(), pred);
    a = via_predix("remove_if", [&] {
      return thrust::remove_if(par, actual.begin(), actual.end(), stencil.begin(), pred);
    });
    ASSERT_EQ(a - actual.begin(), e - expected.begin());
    EXPECT_TRUE(same_range(ints(actual.begin(), a), ints(expected.begin(), e)));
  });
}

}  // namespace
}  // namespace predix_test
