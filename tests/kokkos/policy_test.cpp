// The Kokkos policy itself (built into conformance_kokkos, whose main initializes Kokkos):
// predix::kokkos and predix::kokkos.on(space), predicates evaluated once per element, and
// 64-bit sizes (n > 2^31 through counting iterators).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <Kokkos_Core.hpp>

#include <predix/predix.hpp>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"

namespace predix_test {
namespace {

using default_space = Kokkos::DefaultHostExecutionSpace;

static_assert(std::is_same_v<std::remove_cv_t<decltype(predix::kokkos)>,
                             predix::kokkos_policy<default_space>>);
static_assert(predix::is_execution_policy_v<decltype(predix::kokkos)>);
// predix::host: OpenMP when built, else Kokkos.
#if PREDIX_HAS_OPENMP
static_assert(std::is_same_v<predix::host_policy, predix::openmp_policy>);
#else
static_assert(std::is_same_v<predix::host_policy, predix::kokkos_policy<>>);
#endif

/// Every algorithm family on predix::kokkos.on(space) as on predix::seq.
template <class Space>
void expect_matches_serial(const Space& space) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const auto policy = predix::kokkos.on(space);
  static_assert(std::is_same_v<typename decltype(policy)::execution_space, Space>);
  EXPECT_EQ(policy.space().concurrency(), space.concurrency());

  const std::ptrdiff_t n = 100003;
  const auto input = make_selection_input<std::int32_t>(r, n, selectivity{0.5, false});
  host_array<std::int32_t> expected(n, 0), actual(n, 0), expected2(n, 0), actual2(n, 0);
  auto k = predix::copy_if(predix::seq, input.begin(), input.end(), expected.begin(),
                           is_selected{}) - expected.begin();
  EXPECT_EQ(predix::copy_if(policy, input.begin(), input.end(), actual.begin(), is_selected{}) -
                actual.begin(),
            k);
  EXPECT_TRUE(same_elements(actual, expected));
  predix::partition_copy(predix::seq, input.begin(), input.end(), expected.begin(),
                         expected2.begin(), is_selected{});
  predix::partition_copy(policy, input.begin(), input.end(), actual.begin(), actual2.begin(),
                         is_selected{});
  EXPECT_TRUE(same_elements(actual, expected));
  EXPECT_TRUE(same_elements(actual2, expected2));
  k = predix::unique_copy(predix::seq, input.begin(), input.end(), expected.begin()) -
      expected.begin();
  EXPECT_EQ(predix::unique_copy(policy, input.begin(), input.end(), actual.begin()) -
                actual.begin(),
            k);
  EXPECT_TRUE(same_elements(actual, expected));

  const auto small = make_scan_input<std::int32_t>(r, n);  // sums in range: no signed overflow
  predix::exclusive_scan(predix::seq, small.begin(), small.end(), expected.begin(), 7);
  predix::exclusive_scan(policy, small.begin(), small.end(), actual.begin(), 7);
  EXPECT_TRUE(same_elements(actual, expected));
  EXPECT_EQ(predix::reduce(policy, small.begin(), small.end()),
            predix::reduce(predix::seq, small.begin(), small.end()));
  EXPECT_EQ(predix::count_if(policy, input.begin(), input.end(), is_selected{}),
            predix::count_if(predix::seq, input.begin(), input.end(), is_selected{}));
  EXPECT_EQ(predix::find_if(policy, input.begin(), input.end(), is_selected{}) - input.begin(),
            predix::find_if(predix::seq, input.begin(), input.end(), is_selected{}) -
                input.begin());
  std::vector<int> bins(16), expected_bins(16);
  predix::histogram_even(predix::seq, small.begin(), small.end(), expected_bins.begin(), 17, 0,
                         64);
  predix::histogram_even(policy, small.begin(), small.end(), bins.begin(), 17, 0, 64);
  EXPECT_EQ(bins, expected_bins);

  host_array<std::int32_t> a = input, b = input;
  EXPECT_EQ(predix::partition(predix::seq, a.begin(), a.end(), is_selected{}) - a.begin(),
            predix::partition(policy, b.begin(), b.end(), is_selected{}) - b.begin());
  EXPECT_TRUE(same_elements(b, a));
  a = input;
  b = input;
  EXPECT_EQ(predix::stable_partition(predix::seq, a.begin(), a.end(), is_selected{}) - a.begin(),
            predix::stable_partition(policy, b.begin(), b.end(), is_selected{}) - b.begin());
  EXPECT_TRUE(same_elements(b, a));
}

TEST(KokkosPolicy, OnSpaceInstanceMatchesSerial) { expect_matches_serial(default_space()); }

/// kokkos.on(Kokkos::Serial()) in a build whose default space is a parallel one (OpenMP).
TEST(KokkosPolicy, OnSerialInstanceInAParallelBuild) {
#ifdef KOKKOS_ENABLE_SERIAL
  if constexpr (std::is_same_v<default_space, Kokkos::Serial>) {
    GTEST_SKIP() << "the default host space is Serial: OnSpaceInstanceMatchesSerial covers it";
  } else {
    expect_matches_serial(Kokkos::Serial());
  }
#else
  GTEST_SKIP() << "this Kokkos has no Serial space";
#endif
}

/// is_selected, counting its calls.
struct counting_pred {
  std::atomic<std::int64_t>* calls;
  bool operator()(std::int32_t x) const {
    calls->fetch_add(1, std::memory_order_relaxed);
    return is_selected{}(x) != 0;
  }
};

TEST(KokkosPolicy, PredicatesRunOncePerElement) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const auto& p = predix::kokkos;
  for (std::ptrdiff_t n : {1, 1025, 101513}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto input = make_selection_input<std::int32_t>(r, n, selectivity{0.5, false});
    host_array<std::int32_t> out(n), out2(n), data(n);
    std::atomic<std::int64_t> calls{0};
    const counting_pred pred{&calls};
    auto expect_calls = [&](const char* name, std::int64_t expected, auto&& call) {
      SCOPED_TRACE(name);
      data = input;
      calls = 0;
      call();
      EXPECT_EQ(calls.load(), expected);
    };
    const auto b = input.begin(), e = input.end();
    expect_calls("copy_if", n, [&] { predix::copy_if(p, b, e, out.begin(), pred); });
    expect_calls("copy_if stencil", n, [&] { predix::copy_if(p, b, e, b, out.begin(), pred); });
    expect_calls("remove_copy_if", n, [&] { predix::remove_copy_if(p, b, e, out.begin(), pred); });
    expect_calls("partition_copy", n,
                 [&] { predix::partition_copy(p, b, e, out.begin(), out2.begin(), pred); });
    expect_calls("count_if", n, [&] { predix::count_if(p, b, e, pred); });
    expect_calls("remove_if", n, [&] { predix::remove_if(p, data.begin(), data.end(), pred); });
    expect_calls("partition", n, [&] { predix::partition(p, data.begin(), data.end(), pred); });
    expect_calls("stable_partition", n,
                 [&] { predix::stable_partition(p, data.begin(), data.end(), pred); });
    // find_if stops at the first match; other threads may have looked further.
    const auto first_match = std::find_if(b, e, is_selected{}) - b;
    calls = 0;
    EXPECT_EQ(predix::find_if(p, b, e, pred) - b, first_match);
    const std::int64_t serial_calls = std::min<std::int64_t>(first_match + 1, n);
    EXPECT_GE(calls.load(), serial_calls);
    EXPECT_LE(calls.load(), n);
    if (default_space().concurrency() == 1) {
      EXPECT_EQ(calls.load(), serial_calls);
    }
  }
}

/// 64-bit sizes: n = 2^31 + 5 elements of a counting iterator (nothing is stored).
TEST(KokkosPolicy, SizesAbove2To31) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2^31-item count";
  const std::int64_t n = (std::int64_t{1} << 31) + 5;
  const counting_iterator<std::int64_t> first(0), last(n);
  const auto multiple_of_3 = [](std::int64_t x) { return x % 3 == 0; };
  EXPECT_EQ(predix::count_if(predix::kokkos, first, last, multiple_of_3), (n + 2) / 3);
  const std::int64_t target = (std::int64_t{1} << 31) + 2;
  EXPECT_EQ(predix::find_if(predix::kokkos, first, last,
                            [=](std::int64_t x) { return x == target; }) - first,
            target);
}

}  // namespace
}  // namespace predix_test
