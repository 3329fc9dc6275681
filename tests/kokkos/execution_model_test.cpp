// The Kokkos backend's functors under the execution orders of multi-threaded spaces, which a
// Serial-only Kokkos (Debian's) never shows: a model of Kokkos's OpenMP/Threads parallel_scan
// (each thread folds its contiguous part with final = false, the per-thread sums are scanned
// with join, then each thread runs its part again with final = true from its base), and of
// parallel_reduce with the per-thread parts joined in random order, either side into the other.
// Non-commutative operators (affine composition) and the compaction scans must give the serial
// answers under every thread count; scattered parts must raise order_error, not a wrong answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

#include <predix/predix.hpp>

#include "../support/cases.hpp"

namespace predix_test {
namespace {

using predix::kokkos_detail::index;
namespace kd = predix::kokkos_detail;
using space = Kokkos::DefaultHostExecutionSpace;

template <class F, class V>
void init_value(const F& f, V& v) {
  if constexpr (std::is_same_v<V, index>) {
    v = 0;  // the functors without init/join are summed
  } else {
    f.init(v);
  }
}

template <class F, class V>
void join_values(const F& f, V& dst, const V& src) {
  if constexpr (std::is_same_v<V, index>) {
    dst += src;
  } else {
    f.join(dst, src);
  }
}

/// Thread t's part of the chunks of [0, n) under a static schedule.
std::pair<index, index> part(index n, int t, int threads) {
  const index chunks = (n + kd::chunk_size - 1) / kd::chunk_size;
  return {chunks * t / threads, chunks * (t + 1) / threads};
}

/// Kokkos's two-pass parallel_scan on `threads` threads; returns the total.
template <class F>
typename F::value_type model_scan(const F& f, index n, int threads) {
  using V = typename F::value_type;
  std::vector<V> sums(threads), bases(threads);
  for (int t = 0; t < threads; ++t) {
    init_value(f, sums[t]);
    for (index c = part(n, t, threads).first; c < part(n, t, threads).second; ++c) {
      f(c, sums[t], false);
    }
  }
  init_value(f, bases[0]);
  for (int t = 1; t < threads; ++t) {
    bases[t] = bases[t - 1];
    join_values(f, bases[t], sums[t - 1]);
  }
  V total = bases[0];
  for (int t = 0; t < threads; ++t) {
    V update = bases[t];
    for (index c = part(n, t, threads).first; c < part(n, t, threads).second; ++c) {
      f(c, update, true);
    }
    total = update;
  }
  return total;
}

/// Kokkos's parallel_reduce on `threads` threads, joining adjacent parts in random order.
template <class F>
typename F::value_type model_reduce(const F& f, index n, int threads, rng& r) {
  using V = typename F::value_type;
  std::vector<V> parts(threads);
  for (int t = 0; t < threads; ++t) {
    init_value(f, parts[t]);
    for (index c = part(n, t, threads).first; c < part(n, t, threads).second; ++c) f(c, parts[t]);
  }
  while (parts.size() > 1) {
    const std::size_t k = r.below(parts.size() - 1);
    if (r.chance(0.5)) {
      join_values(f, parts[k], parts[k + 1]);  // the later part into the earlier
    } else {
      join_values(f, parts[k + 1], parts[k]);  // the earlier part into the later
      parts[k] = parts[k + 1];
    }
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(k) + 1);
  }
  return parts[0];
}

/// Runs body(n, threads, r) over sizes and thread counts (more threads than elements too).
template <class Body>
void for_each_model_case(Body&& body) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for (index n : {index{0}, index{1}, kd::chunk_size - 1, kd::chunk_size + 1, 3 * kd::chunk_size,
                  index{101513}}) {
    for (int threads : {1, 2, 3, 7, 64}) {
      if (::testing::Test::HasFailure()) return;
      SCOPED_TRACE("n = " + std::to_string(n) + ", threads = " + std::to_string(threads));
      body(n, threads, r);
    }
  }
}

TEST(KokkosExecutionModel, ScansKeepOrder) {
  for_each_model_case([](index n, int threads, rng& r) {
    const auto input = make_scan_input<affine>(r, n);
    const affine init = value_traits<affine>::small(r);
    host_array<affine> expected(n), actual(n);
    kd::errors errs;
    std::inclusive_scan(input.begin(), input.end(), expected.begin(), compose{});
    model_scan(kd::scan_functor<true, affine, const affine*, affine*, compose>{
                   input.begin(), actual.begin(), compose{}, affine{}, n, &errs},
               n, threads);
    EXPECT_TRUE(same_elements(actual, expected)) << "inclusive";
    std::exclusive_scan(input.begin(), input.end(), expected.begin(), init, compose{});
    model_scan(kd::scan_functor<false, affine, const affine*, affine*, compose>{
                   input.begin(), actual.begin(), compose{}, init, n, &errs},
               n, threads);
    EXPECT_TRUE(same_elements(actual, expected)) << "exclusive";
    EXPECT_FALSE(errs.failed());
  });
}

TEST(KokkosExecutionModel, ReduceKeepsOrderWhateverTheJoinOrder) {
  for_each_model_case([](index n, int threads, rng& r) {
    const auto input = make_scan_input<affine>(r, n);
    kd::errors errs;
    const auto total = model_reduce(
        kd::reduce_functor<affine, const affine*, compose>{input.begin(), compose{}, n, &errs}, n,
        threads, r);
    EXPECT_FALSE(errs.failed());
    ASSERT_EQ(total.empty, n == 0);
    if (n > 0) {
      EXPECT_EQ(total.value, std::accumulate(input.begin() + 1, input.end(), input[0], compose{}));
      EXPECT_EQ(total.begin, 0);
      EXPECT_EQ(total.end, n);
    }
  });
}

TEST(KokkosExecutionModel, CompactionScans) {
  for_each_model_case([](index n, int threads, rng& r) {
    const auto input = make_selection_input<std::int32_t>(r, n, selectivity{0.5, true});
    is_selected pred{};
    auto flags = kd::evaluate_flags(space(), "flags", input.begin(), n, pred);
    kd::errors errs;

    host_array<std::int32_t> expected(n, 0), actual(n, 0), actual_false(n, 0);
    const auto k =
        predix::copy_if(predix::seq, input.begin(), input.end(), expected.begin(), pred) -
        expected.begin();
    using select = kd::select_place<const std::int32_t*, std::int32_t*>;
    EXPECT_EQ(model_scan(kd::flag_scan<decltype(flags), select>{
                             flags, {input.begin(), actual.begin()}, n, &errs},
                         n, threads),
              k);
    EXPECT_TRUE(same_elements(actual, expected)) << "copy_if";

    host_array<std::int32_t> expected_false(n, 0);
    predix::partition_copy(predix::seq, input.begin(), input.end(), expected.begin(),
                           expected_false.begin(), pred);
    using split = kd::partition_copy_place<const std::int32_t*, std::int32_t*, std::int32_t*>;
    model_scan(kd::flag_scan<decltype(flags), split>{
                   flags, {input.begin(), actual.begin(), actual_false.begin()}, n, &errs},
               n, threads);
    EXPECT_TRUE(same_elements(actual, expected)) << "partition_copy, selected";
    EXPECT_TRUE(same_elements(actual_false, expected_false)) << "partition_copy, rejected";

    for (bool stable : {false, true}) {
      host_array<std::int32_t> reference = input, data = input;
      if (stable) {
        predix::stable_partition(predix::seq, reference.begin(), reference.end(), pred);
      } else {
        predix::partition(predix::seq, reference.begin(), reference.end(), pred);
      }
      auto buffer = kd::make_view<std::int32_t, space>("buffer", n);
      using scatter = kd::partition_scatter_place<std::int32_t*, decltype(buffer)>;
      const index selected = model_scan(
          kd::flag_scan<decltype(flags), scatter>{flags, {data.begin(), buffer, n}, n, &errs}, n,
          threads);
      const kd::partition_gather<std::int32_t*, decltype(buffer)> gather{data.begin(), buffer, n,
                                                                         selected, stable};
      for (index p = n - 1; p >= 0; --p) gather(p);  // any order
      EXPECT_EQ(selected, k);
      EXPECT_TRUE(same_elements(data, reference)) << (stable ? "stable_partition" : "partition");
    }
    EXPECT_FALSE(errs.failed());
  });
}

TEST(KokkosExecutionModel, ScatteredPartsRaiseOrderError) {
  const index n = 4 * kd::chunk_size;
  host_array<affine> input(n, affine{3, 1});
  kd::errors errs;
  const kd::reduce_functor<affine, const affine*, compose> f{input.begin(), compose{}, n, &errs};
  kd::partial<affine> a, b;
  f.init(a);
  f.init(b);
  f(0, a);
  f(2, b);
  f.join(a, b);  // chunks 0 and 2: not adjacent
  ASSERT_TRUE(errs.failed());
  EXPECT_THROW(errs.rethrow(), kd::order_error);

  kd::errors errs2;
  const kd::reduce_functor<affine, const affine*, compose> g{input.begin(), compose{}, n, &errs2};
  g.init(a);
  g(1, a);
  g(3, a);  // one value folding scattered chunks
  EXPECT_THROW(errs2.rethrow(), kd::order_error);
}

}  // namespace
}  // namespace predix_test
