#pragma once
// Shared by the compat tests, which are written as Thrust users write code and built for
// Thrust's CUDA system (nvcc) and for its OMP and CPP systems (g++):
//   - the trace: PREDIX_THRUST_TRACE records every call that reaches predix through
//     predix::thrust, with the predix policy it runs on; via_predix() and via_thrust() check it;
//   - PREDIX_COMPAT_POLICY (set by CMake): the predix policy each build must reach;
//   - random device data and comparisons naming the first difference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <sstream>
#include <string>
#include <typeindex>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace predix_test {

struct traced_call {
  std::string algorithm;
  std::type_index policy;
};

inline std::vector<traced_call>& trace() {
  static std::vector<traced_call> calls;
  return calls;
}

template <class Policy>
void record(const char* algorithm, const Policy&) {
  trace().push_back({algorithm, std::type_index(typeid(Policy))});
}

}  // namespace predix_test

#define PREDIX_THRUST_TRACE(algorithm, policy) ::predix_test::record(algorithm, policy)
#include <predix/thrust.hpp>

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>

#include "../support/random.hpp"

#ifndef PREDIX_COMPAT_POLICY
#error "PREDIX_COMPAT_POLICY must name the predix policy this build of Thrust reaches"
#endif

namespace predix_test {

static_assert(std::is_same_v<predix::thrust::backend_policy, PREDIX_COMPAT_POLICY>,
              "predix::thrust::par runs on the predix policy of this build's device system");

/// call() reached predix exactly once, as `algorithm`, on this build's predix policy;
/// returns call()'s result.
template <class Call>
auto via_predix(const char* algorithm, Call&& call) {
  trace().clear();
  auto result = call();
  EXPECT_EQ(trace().size(), 1u) << algorithm << ": calls that reached predix";
  if (trace().size() == 1) {
    EXPECT_EQ(trace()[0].algorithm, algorithm);
    EXPECT_EQ(trace()[0].policy, std::type_index(typeid(PREDIX_COMPAT_POLICY)))
        << "reached predix on " << trace()[0].policy.name();
  }
  return result;
}

/// call() did not reach predix (thrust::device, or an algorithm predix does not implement).
template <class Call>
auto via_thrust(Call&& call) {
  trace().clear();
  auto result = call();
  EXPECT_TRUE(trace().empty()) << "reached predix: " << trace()[0].algorithm;
  return result;
}

/// n random ints in [0, 1000).
inline thrust::device_vector<int> random_ints(rng& r, std::ptrdiff_t n) {
  thrust::host_vector<int> host(static_cast<std::size_t>(n));
  for (auto& x : host) x = static_cast<int>(r.below(1000));
  return host;
}

/// Items equal when their difference is even (an equivalence coarser than ==).
struct same_parity {
  PREDIX_HOST_DEVICE bool operator()(int a, int b) const { return (a - b) % 2 == 0; }
};

/// n random ints in [0, 1 + threshold / 100): runs of equal items, longer as threshold falls
/// (one run at 0).
inline thrust::device_vector<int> runs(rng& r, std::ptrdiff_t n, int threshold) {
  thrust::host_vector<int> host(static_cast<std::size_t>(n));
  for (auto& x : host) x = static_cast<int>(r.below(1 + threshold / 100));
  return host;
}

/// Success, or the first index where the ranges differ.
template <class A, class B>
::testing::AssertionResult same_range(const A& actual, const B& expected) {
  using T = typename A::value_type;
  const thrust::host_vector<T> a(actual.begin(), actual.end());
  const thrust::host_vector<T> e(expected.begin(), expected.end());
  if (a.size() != e.size()) {
    return ::testing::AssertionFailure() << "size " << a.size() << " != " << e.size();
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == e[i])) {
      std::ostringstream os;
      os << "first difference at index " << i << " of " << a.size() << ": got "
         << ::testing::PrintToString(a[i]) << ", expected " << ::testing::PrintToString(e[i]);
      return ::testing::AssertionFailure() << os.str();
    }
  }
  return ::testing::AssertionSuccess();
}

/// actual and expected, partitioned at the given offsets, hold the same parts: exactly on
/// CUDA, as sorted sequences elsewhere (Thrust's OMP and CPP systems order the rejected items
/// of an unstable partition differently; predix reverses them on every backend, as Thrust's
/// CUDA system does).
template <class Vector>
::testing::AssertionResult same_partition(Vector actual, std::ptrdiff_t actual_mid,
                                          Vector expected, std::ptrdiff_t expected_mid) {
  if (actual_mid != expected_mid) {
    return ::testing::AssertionFailure() << "partition point " << actual_mid << " != "
                                         << expected_mid;
  }
#if !PREDIX_THRUST_CUDA
  for (Vector* v : {&actual, &expected}) {
    thrust::sort(thrust::device, v->begin(), v->begin() + actual_mid);
    thrust::sort(thrust::device, v->begin() + actual_mid, v->end());
  }
#endif
  return same_range(actual, expected);
}

/// Runs body(n, threshold, rng) for sizes around the backends' tiles and thresholds that
/// select 0%, 1%, 50%, 99% and 100% of random_ints with `x < threshold`.
template <class Body>
void for_each_case(Body&& body) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for (std::ptrdiff_t n : {0, 1, 33, 5000, 300007}) {
    for (int threshold : {0, 10, 500, 990, 1000}) {
      if (::testing::Test::HasFailure()) return;
      SCOPED_TRACE("n = " + std::to_string(n) + ", threshold " + std::to_string(threshold));
      body(n, threshold, r);
    }
  }
}

using ints = thrust::device_vector<int>;
using predix::thrust::par;

/// std::is_sorted over a host copy (Thrust's device is_sorted runs Thrust's find_if, whose
/// uninitialized tuple padding the GPU check's initcheck would report).
template <class Vector>
bool sorted_on_host(const Vector& v) {
  const thrust::host_vector<typename Vector::value_type> host(v.begin(), v.end());
  return std::is_sorted(host.begin(), host.end());
}

/// What outputs hold before an algorithm writes them (random_ints never makes it).
constexpr int poison = -7;

/// The predicates of the suite, as Thrust users write them.
struct less_than {
  int threshold;
  PREDIX_HOST_DEVICE bool operator()(int x) const { return x < threshold; }
};

struct is_odd {
  PREDIX_HOST_DEVICE bool operator()(int x) const { return (x & 1) != 0; }
};

}  // namespace predix_test
