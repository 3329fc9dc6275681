// User functors on predix::thrust::par get the items as Thrust gives them (T&, const T&), not
// the thrust::device_reference<T> that a device_vector iterator dereferences to on Thrust's
// OMP and CPP systems: predix::thrust unwraps contiguous iterators to raw pointers as Thrust
// does, and returns the caller's iterator types. Every overloaded form, over device_vector
// iterators (and a device_ptr), with
//   - a user type that is true through its operator bool, under cuda::std::identity
//     (Thrust 3.0.1's identity: it forwards the item, so a device_reference would reach the
//     predicate's static_cast<bool>);
//   - binary functors over a cuda::std::tuple and a thrust::pair that deduce one T from both
//     arguments or read a member of each;
//   - the user type's own + and == where a form takes no functor.
// Each call reaches predix and gives the result of the same call on thrust::device. (On
// CUDA the scans over the tuple and the pair are left out for now: see BinaryOps.)
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/find.h>
#include <thrust/logical.h>
#include <thrust/pair.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scan.h>

#include <cuda/std/functional>
#include <cuda/std/tuple>
#include <ostream>
#include <utility>

#include "compat_test.hpp"

namespace predix_test {
namespace {

/// A user type as in Thrust's tests: true when non-zero, arithmetic and comparison as members.
struct custom_numeric {
  int value;
  custom_numeric() = default;
  PREDIX_HOST_DEVICE custom_numeric(int v) : value(v) {}
  PREDIX_HOST_DEVICE operator bool() const { return value != 0; }
  PREDIX_HOST_DEVICE custom_numeric operator+(const custom_numeric& other) const {
    return value + other.value;
  }
  PREDIX_HOST_DEVICE bool operator==(const custom_numeric& other) const {
    return value == other.value;
  }
#if !PREDIX_THRUST_CUDA  // for same_partition's sort
  bool operator<(const custom_numeric& other) const { return value < other.value; }
#endif
  friend std::ostream& operator<<(std::ostream& os, const custom_numeric& x) {
    return os << x.value;
  }
};
using customs = thrust::device_vector<custom_numeric>;

/// x + 1 where x < threshold, else 0: true exactly where less_than{threshold} is.
customs to_customs(const ints& in, int threshold) {
  const thrust::host_vector<int> host = in;
  thrust::host_vector<custom_numeric> out(host.size());
  for (std::size_t i = 0; i < host.size(); ++i) out[i] = host[i] < threshold ? host[i] + 1 : 0;
  return out;
}

using byte_tuple = cuda::std::tuple<char, char>;
using int_pair = thrust::pair<int, int>;

/// (a0 + b0, a1 ^ b1) in 8 bits, for one T deduced from both arguments.
struct tuple_op {
  template <class T>
  PREDIX_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return T(static_cast<char>(static_cast<unsigned char>(cuda::std::get<0>(a)) +
                               static_cast<unsigned char>(cuda::std::get<0>(b))),
             static_cast<char>(cuda::std::get<1>(a) ^ cuda::std::get<1>(b)));
  }
};

/// (a.first + b.first, max(a.second, b.second)), reading the members of each argument.
struct pair_op {
  template <class A, class B>
  PREDIX_HOST_DEVICE A operator()(const A& a, const B& b) const {
    return A(a.first + b.first, a.second < b.second ? b.second : a.second);
  }
};

/// The offset of `it` in v.
template <class Vector, class It>
std::ptrdiff_t offset(const Vector& v, It it) {
  return it - v.begin();
}

/// call(policy, out) on par, reaching predix as `algorithm`, and on thrust::device, each with
/// its own copy of `out`: the same result and the same out afterwards.
template <class Vector, class Call>
void expect_same(const char* algorithm, const Vector& out, Call&& call) {
  SCOPED_TRACE(algorithm);
  Vector actual = out, expected = out;
  EXPECT_EQ(via_predix(algorithm, [&] { return call(par, actual); }),
            call(thrust::device, expected));
  EXPECT_TRUE(same_range(actual, expected));
}

/// The copies, with and without a stencil (a user-type stencil over int items).
TEST(ThrustFunctors, IdentityCopies) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const customs c = to_customs(in, threshold);
    const customs stencil = to_customs(random_ints(r, n), threshold);
    const cuda::std::identity is_true{};
    const customs out(n, custom_numeric(poison));
    const ints int_out(n, poison);
    expect_same("copy_if", out, [&](const auto& p, customs& o) {
      return offset(o, thrust::copy_if(p, c.begin(), c.end(), o.begin(), is_true));
    });
    expect_same("copy_if", int_out, [&](const auto& p, ints& o) {
      return offset(o,
                    thrust::copy_if(p, in.begin(), in.end(), stencil.begin(), o.begin(), is_true));
    });
    expect_same("remove_copy_if", out, [&](const auto& p, customs& o) {
      return offset(o, thrust::remove_copy_if(p, c.begin(), c.end(), o.begin(), is_true));
    });
    expect_same("remove_copy_if", int_out, [&](const auto& p, ints& o) {
      return offset(
          o, thrust::remove_copy_if(p, in.begin(), in.end(), stencil.begin(), o.begin(), is_true));
    });
    // partition copies: the selected items to o[0, n), the rejected ones to o[n, 2n)
    const customs parts(2 * n, custom_numeric(poison));
    const ints int_parts(2 * n, poison);
    const auto ends = [&](const auto& o, const auto& pair) {
      return std::make_pair(offset(o, pair.first), offset(o, pair.second));
    };
    expect_same("partition_copy", parts, [&](const auto& p, customs& o) {
      return ends(o,
                  thrust::partition_copy(p, c.begin(), c.end(), o.begin(), o.begin() + n, is_true));
    });
    expect_same("partition_copy", int_parts, [&](const auto& p, ints& o) {
      return ends(o, thrust::partition_copy(p, in.begin(), in.end(), stencil.begin(), o.begin(),
                                            o.begin() + n, is_true));
    });
    expect_same("stable_partition_copy", parts, [&](const auto& p, customs& o) {
      return ends(o, thrust::stable_partition_copy(p, c.begin(), c.end(), o.begin(), o.begin() + n,
                                                   is_true));
    });
    expect_same("stable_partition_copy", int_parts, [&](const auto& p, ints& o) {
      return ends(o, thrust::stable_partition_copy(p, in.begin(), in.end(), stencil.begin(),
                                                   o.begin(), o.begin() + n, is_true));
    });
  });
}

/// The in-place forms, with and without a stencil, and the partition queries.
TEST(ThrustFunctors, IdentityInPlace) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const customs c = to_customs(in, threshold);
    const customs stencil = to_customs(random_ints(r, n), threshold);
    const cuda::std::identity is_true{};
    customs actual = c, expected = c;
    auto a = via_predix(
        "remove_if", [&] { return thrust::remove_if(par, actual.begin(), actual.end(), is_true); });
    auto e = thrust::remove_if(thrust::device, expected.begin(), expected.end(), is_true);
    ASSERT_EQ(offset(actual, a), offset(expected, e));
    EXPECT_TRUE(same_range(customs(actual.begin(), a), customs(expected.begin(), e)));
    ints int_actual = in, int_expected = in;
    auto int_a = via_predix("remove_if", [&] {
      return thrust::remove_if(par, int_actual.begin(), int_actual.end(), stencil.begin(), is_true);
    });
    auto int_e = thrust::remove_if(thrust::device, int_expected.begin(), int_expected.end(),
                                   stencil.begin(), is_true);
    ASSERT_EQ(offset(int_actual, int_a), offset(int_expected, int_e));
    EXPECT_TRUE(same_range(ints(int_actual.begin(), int_a), ints(int_expected.begin(), int_e)));
    actual = c;
    expected = c;
    a = via_predix("partition",
                   [&] { return thrust::partition(par, actual.begin(), actual.end(), is_true); });
    e = thrust::partition(thrust::device, expected.begin(), expected.end(), is_true);
    EXPECT_TRUE(same_partition(actual, offset(actual, a), expected, offset(expected, e)));
    EXPECT_EQ(offset(actual, via_predix("partition_point",
                                        [&] {
                                          return thrust::partition_point(par, actual.begin(),
                                                                         actual.end(), is_true);
                                        })),
              offset(actual, a));
    EXPECT_TRUE(via_predix("is_partitioned", [&] {
      return thrust::is_partitioned(par, actual.begin(), actual.end(), is_true);
    }));
    EXPECT_EQ(via_predix("is_partitioned",
                         [&] { return thrust::is_partitioned(par, c.begin(), c.end(), is_true); }),
              thrust::is_partitioned(thrust::device, c.begin(), c.end(), is_true));
    int_actual = in;
    int_expected = in;
    int_a = via_predix("partition", [&] {
      return thrust::partition(par, int_actual.begin(), int_actual.end(), stencil.begin(), is_true);
    });
    int_e = thrust::partition(thrust::device, int_expected.begin(), int_expected.end(),
                              stencil.begin(), is_true);
    EXPECT_TRUE(same_partition(int_actual, offset(int_actual, int_a), int_expected,
                               offset(int_expected, int_e)));
    expect_same("stable_partition", c, [&](const auto& p, customs& v) {
      return offset(v, thrust::stable_partition(p, v.begin(), v.end(), is_true));
    });
    expect_same("stable_partition", in, [&](const auto& p, ints& v) {
      return offset(v, thrust::stable_partition(p, v.begin(), v.end(), stencil.begin(), is_true));
    });
  });
}

/// Counts, finds and votes; find_if over a device_ptr as well (it returns a device_ptr).
TEST(ThrustFunctors, IdentityVotes) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const customs c = to_customs(random_ints(r, n), threshold);
    const cuda::std::identity is_true{};
    const custom_numeric value(threshold / 2 + 1);
    const auto same = [&](const char* algorithm, auto call) {
      EXPECT_EQ(via_predix(algorithm, [&] { return call(par); }), call(thrust::device))
          << algorithm;
    };
    const auto first = c.begin(), last = c.end();
    same("count_if", [&](const auto& p) { return thrust::count_if(p, first, last, is_true); });
    same("count", [&](const auto& p) { return thrust::count(p, first, last, value); });
    same("find_if",
         [&](const auto& p) { return offset(c, thrust::find_if(p, first, last, is_true)); });
    same("find_if_not",
         [&](const auto& p) { return offset(c, thrust::find_if_not(p, first, last, is_true)); });
    same("find", [&](const auto& p) { return offset(c, thrust::find(p, first, last, value)); });
    same("any_of", [&](const auto& p) { return thrust::any_of(p, first, last, is_true); });
    same("all_of", [&](const auto& p) { return thrust::all_of(p, first, last, is_true); });
    same("none_of", [&](const auto& p) { return thrust::none_of(p, first, last, is_true); });
    const thrust::device_ptr<const custom_numeric> ptr = c.data();
    same("find_if", [&](const auto& p) {
      const thrust::device_ptr<const custom_numeric> found =
          thrust::find_if(p, ptr, ptr + n, is_true);
      return found - ptr;
    });
  });
}

/// reduce(init, op), inclusive_scan(op) and exclusive_scan(init, op) over a tuple and a pair.
TEST(ThrustFunctors, BinaryOps) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const thrust::host_vector<int> a = random_ints(r, n), b = random_ints(r, n);
    thrust::host_vector<byte_tuple> host_tuples(a.size());
    thrust::host_vector<int_pair> host_pairs(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      host_tuples[i] = byte_tuple(static_cast<char>(a[i]), static_cast<char>(b[i]));
      host_pairs[i] = int_pair(a[i], b[i]);
    }
    const thrust::device_vector<byte_tuple> tuples = host_tuples;
    const thrust::device_vector<int_pair> pairs = host_pairs;
    const auto check = [&](const auto& in, auto init, auto op) {
      using Vector = std::decay_t<decltype(in)>;
      EXPECT_EQ(
          via_predix("reduce", [&] { return thrust::reduce(par, in.begin(), in.end(), init, op); }),
          thrust::reduce(thrust::device, in.begin(), in.end(), init, op));
      const Vector out(in.size(), init);
      expect_same("inclusive_scan", out, [&](const auto& p, Vector& o) {
        return offset(o, thrust::inclusive_scan(p, in.begin(), in.end(), o.begin(), op));
      });
      expect_same("exclusive_scan", out, [&](const auto& p, Vector& o) {
        return offset(o, thrust::exclusive_scan(p, in.begin(), in.end(), o.begin(), init, op));
      });
    };
    check(tuples, byte_tuple(static_cast<char>(threshold), 0), tuple_op{});
    check(pairs, int_pair(threshold, 0), pair_op{});
  });
}

/// The forms without a functor, over the user type's own + (and == in count and find above).
TEST(ThrustFunctors, OwnOperators) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const customs c = to_customs(random_ints(r, n), threshold);
    const custom_numeric init(threshold);
    EXPECT_EQ(via_predix("reduce", [&] { return thrust::reduce(par, c.begin(), c.end()); }),
              thrust::reduce(thrust::device, c.begin(), c.end()));
    EXPECT_EQ(via_predix("reduce", [&] { return thrust::reduce(par, c.begin(), c.end(), init); }),
              thrust::reduce(thrust::device, c.begin(), c.end(), init));
    const customs out(n, custom_numeric(poison));
    expect_same("inclusive_scan", out, [&](const auto& p, customs& o) {
      return offset(o, thrust::inclusive_scan(p, c.begin(), c.end(), o.begin()));
    });
    expect_same("exclusive_scan", out, [&](const auto& p, customs& o) {
      return offset(o, thrust::exclusive_scan(p, c.begin(), c.end(), o.begin()));
    });
    expect_same("exclusive_scan", out, [&](const auto& p, customs& o) {
      return offset(o, thrust::exclusive_scan(p, c.begin(), c.end(), o.begin(), init));
    });
  });
}

}  // namespace
}  // namespace predix_test
