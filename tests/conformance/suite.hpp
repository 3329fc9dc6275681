#pragma once
// The conformance suite: written once as typed tests over a policy type, instantiated per
// backend. CMake builds each *_test.cpp of this folder once per backend with
//   PREDIX_TEST_POLICY  — the policy type under test (predix::serial_policy, ...)
//   PREDIX_TEST_BACKEND — its name, the prefix of every test name (serial, ...)
// Every test compares with an independent reference (std:: algorithms) on fresh random data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>

#include <predix/predix.hpp>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"
#include "../support/memory.hpp"
#include "../support/types.hpp"

#ifndef PREDIX_TEST_POLICY
#error "PREDIX_TEST_POLICY must name the policy type under test"
#endif

#define PREDIX_CONFORMANCE_INSTANTIATE(suite) \
  INSTANTIATE_TYPED_TEST_SUITE_P(PREDIX_TEST_BACKEND, suite, ::testing::Types<PREDIX_TEST_POLICY>)

namespace predix_test {

template <class Policy>
class conformance : public ::testing::Test {
 protected:
  using memory = backend_memory<Policy>;
  Policy policy{};
};

/// Uploads input and a poisoned output, lets run(in, out) call the algorithm and return the
/// output's end offset, and compares offset and the whole output (poison included).
template <class M, class T, class U, class Run>
void expect_output(const host_array<T>& input, const host_array<U>& expected,
                   std::ptrdiff_t expected_end, Run&& run) {
  auto in = M::upload(input);
  auto out = M::upload(poisoned<U>(expected.size()));
  const std::ptrdiff_t end = run(in, out);
  EXPECT_EQ(end, expected_end);
  EXPECT_TRUE(same_elements(M::download(out), expected));
}

/// Uploads input, lets run(data) call an in-place algorithm and return an end offset, and
/// compares the offset and the first `compared` elements (all when compared < 0).
template <class M, class T, class Run>
void expect_in_place(const host_array<T>& input, const host_array<T>& expected,
                     std::ptrdiff_t expected_end, std::ptrdiff_t compared, Run&& run) {
  auto data = M::upload(input);
  const std::ptrdiff_t end = run(data);
  EXPECT_EQ(end, expected_end);
  auto actual = M::download(data);
  if (compared >= 0) {
    host_array<T> head(compared), expected_head(compared);
    std::copy(actual.begin(), actual.begin() + compared, head.begin());
    std::copy(expected.begin(), expected.begin() + compared, expected_head.begin());
    EXPECT_TRUE(same_elements(head, expected_head));
  } else {
    EXPECT_TRUE(same_elements(actual, expected));
  }
}

/// Uploads input and returns f(uploaded) — for algorithms that return a value only.
template <class M, class T, class F>
auto on_backend(const host_array<T>& input, F&& f) {
  auto in = M::upload(input);
  return f(in);
}

/// Stencils of the suite: uint8 flags, selected where is_selected accepts them.
inline host_array<std::uint8_t> make_stencil(rng& r, std::ptrdiff_t n, selectivity s) {
  return make_selection_input<std::uint8_t>(r, n, s);
}

/// The items of input whose stencil item is_selected accepts (`accepted`) or rejects, in
/// order, at the front of a poisoned array as long as input; and how many they are.
template <class T>
std::pair<host_array<T>, std::ptrdiff_t> picked_by_stencil(
    const host_array<T>& input, const host_array<std::uint8_t>& stencil, bool accepted) {
  auto picked = poisoned<T>(input.size());
  std::ptrdiff_t k = 0;
  for (std::ptrdiff_t i = 0; i < input.size(); ++i) {
    if (selected_flag{}(stencil[i]) == accepted) picked[k++] = input[i];
  }
  return {picked, k};
}

}  // namespace predix_test
