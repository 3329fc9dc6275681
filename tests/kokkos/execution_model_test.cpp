// The Kokkos backend's functors under the execution orders of multi-threaded spaces, which a
// Serial-only Kokkos (Debian's) never shows: a model of Kokkos's OpenMP/Threads parallel_scan
// (each thread folds its contiguous part with final = false, the per-thread sums are scanned
// with join, then each thread runs its part again with final = true from its base), of
// Kokkos::Serial's (final passes only), and of parallel_reduce with the per-thread parts joined
// in random order, either side into the other. The scans and selections run through their
// rounds (rounds.hpp) with the model in place of Kokkos::parallel_scan, rounds of whole and
// partial chunks (the in-place selections: the same rounds on the default space).
// Non-commutative operators (affine composition) and the selections must give the serial
// answers under every thread count; scattered parts must raise order_error.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <iterator>
#include <numeric>
#include <string>
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

/// Thread t's part of `chunks` chunks under a static schedule.
std::pair<index, index> part(index chunks, int t, int threads) {
  return {chunks * t / threads, chunks * (t + 1) / threads};
}

/// Kokkos's two-pass parallel_scan over `chunks` chunks on `threads` threads, or Serial's
/// final passes alone (threads = 0); returns the total.
template <class F>
typename F::value_type model_scan(const F& f, index chunks, int threads) {
  using V = typename F::value_type;
  if (threads == 0) {
    V update;
    init_value(f, update);
    for (index c = 0; c < chunks; ++c) f(c, update, true);
    return update;
  }
  std::vector<V> sums(threads), bases(threads);
  for (int t = 0; t < threads; ++t) {
    init_value(f, sums[t]);
    for (index c = part(chunks, t, threads).first; c < part(chunks, t, threads).second; ++c) {
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
    for (index c = part(chunks, t, threads).first; c < part(chunks, t, threads).second; ++c) {
      f(c, update, true);
    }
    total = update;
  }
  return total;
}

/// A round's launch (kd::scan_launch) by model_scan.
struct model_launch {
  int threads;
  template <class F>
  void operator()(index chunks, const F& f, typename F::value_type& total) const {
    total = model_scan(f, chunks, threads);
  }
};

/// The rounds the tests cut n elements into: one round, rounds of 2.5 chunks, of half a chunk.
std::vector<kd::rounds> plans(index n) {
  return {kd::rounds(n, std::max(n, index{1})), kd::rounds(n, 5 * kd::chunk_size / 2),
          kd::rounds(n, kd::chunk_size / 2 + 1)};
}

/// "rounds of N elements"
std::string rounds_message(const kd::rounds& plan) {
  return "rounds of " + std::to_string(plan.most()) + " elements";
}

/// Kokkos's parallel_reduce on `threads` threads, joining adjacent parts in random order.
template <class F>
typename F::value_type model_reduce(const F& f, index n, int threads, rng& r) {
  using V = typename F::value_type;
  threads = std::max(threads, 1);
  const index chunks = (n + kd::chunk_size - 1) / kd::chunk_size;
  std::vector<V> parts(threads);
  for (int t = 0; t < threads; ++t) {
    init_value(f, parts[t]);
    for (index c = part(chunks, t, threads).first; c < part(chunks, t, threads).second; ++c) {
      f(c, parts[t]);
    }
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

/// Runs body(n, threads, r) over sizes and thread counts (more threads than elements too; 0:
/// Serial's final passes alone).
template <class Body>
void for_each_model_case(Body&& body) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for (index n : {index{0}, index{1}, kd::chunk_size - 1, kd::chunk_size + 1, 3 * kd::chunk_size,
                  index{101513}}) {
    for (int threads : {0, 1, 2, 3, 7, 64}) {
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
    host_array<affine> inclusive(n), exclusive(n);
    std::inclusive_scan(input.begin(), input.end(), inclusive.begin(), compose{});
    std::exclusive_scan(input.begin(), input.end(), exclusive.begin(), init, compose{});
    for (const kd::rounds& plan : plans(n)) {
      SCOPED_TRACE(rounds_message(plan));
      auto actual = poisoned<affine>(n);
      kd::scan_rounds<true>(plan, model_launch{threads}, input.begin(), actual.begin(),
                            kd::empty_partial<affine>(), compose{});
      EXPECT_TRUE(same_elements(actual, inclusive)) << "inclusive";
      actual = poisoned<affine>(n);
      kd::scan_rounds<false>(plan, model_launch{threads}, input.begin(), actual.begin(),
                             kd::leading(init), compose{});
      EXPECT_TRUE(same_elements(actual, exclusive)) << "exclusive";
      actual = input;
      kd::scan_rounds<false>(plan, model_launch{threads}, actual.begin(), actual.begin(),
                             kd::leading(init), compose{});
      EXPECT_TRUE(same_elements(actual, exclusive)) << "exclusive, in place";
    }
  });
}

TEST(KokkosExecutionModel, ReduceKeepsOrderWhateverTheJoinOrder) {
  for_each_model_case([](index n, int threads, rng& r) {
    const auto input = make_scan_input<affine>(r, n);
    kd::errors errs;
    const auto total = model_reduce(
        kd::reduce_functor<affine, const affine*, compose>{{compose{}, &errs}, input.begin(), n}, n,
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

/// Counts predicate calls, to check that each runs once.
struct counted_pred {
  std::atomic<index>* calls;
  bool operator()(std::int32_t x) const {
    calls->fetch_add(1, std::memory_order_relaxed);
    return is_selected{}(x);
  }
};

TEST(KokkosExecutionModel, Selections) {
  for_each_model_case([](index n, int threads, rng& r) {
    const auto input = make_selection_input<std::int32_t>(r, n, selectivity{0.5, true});
    const is_selected pred{};
    auto expected = poisoned<std::int32_t>(n), expected_false = poisoned<std::int32_t>(n);
    const index k = predix::partition_copy(predix::seq, input.begin(), input.end(),
                                           expected.begin(), expected_false.begin(), pred)
                        .first -
                    expected.begin();
    for (const kd::rounds& plan : plans(n)) {
      SCOPED_TRACE(rounds_message(plan));
      std::atomic<index> calls{0};
      auto actual = poisoned<std::int32_t>(n), actual_false = poisoned<std::int32_t>(n);
      using select = kd::select_place<const std::int32_t*, std::int32_t*>;
      EXPECT_EQ(kd::select_rounds(space(), plan, model_launch{threads}, input.begin(),
                                  counted_pred{&calls}, select{input.begin(), actual.begin()}),
                k);
      EXPECT_EQ(calls.load(), n) << "predicate calls";
      EXPECT_TRUE(std::equal(actual.begin(), actual.begin() + k, expected.begin())) << "copy_if";
      EXPECT_TRUE(std::all_of(actual.begin() + k, actual.end(), [](std::int32_t x) {
        return x == value_traits<std::int32_t>::poison();
      })) << "copy_if wrote past its end";

      actual = poisoned<std::int32_t>(n);
      using split = kd::partition_place<const std::int32_t*, std::int32_t*, std::int32_t*>;
      EXPECT_EQ(kd::select_rounds(space(), plan, model_launch{threads}, input.begin(), pred,
                                  split{input.begin(), actual.begin(), actual_false.begin()}),
                k);
      EXPECT_TRUE(std::equal(actual.begin(), actual.begin() + k, expected.begin()))
          << "partition_copy, selected";
      EXPECT_TRUE(std::equal(actual_false.begin(), actual_false.begin() + (n - k),
                             expected_false.begin()))
          << "partition_copy, rejected";

      for (bool stable : {false, true}) {
        host_array<std::int32_t> reference = input, data = input;
        if (stable) {
          predix::stable_partition(predix::seq, reference.begin(), reference.end(), pred);
        } else {
          predix::partition(predix::seq, reference.begin(), reference.end(), pred);
        }
        using predix::detail::rejected;
        const index selected =
            stable ? kd::in_place_rounds<rejected::in_order>(space(), "stable_partition", plan,
                                                             data.begin(), data.begin(), pred)
                   : kd::in_place_rounds<rejected::reversed>(space(), "partition", plan,
                                                             data.begin(), data.begin(), pred);
        EXPECT_EQ(selected, k);
        EXPECT_TRUE(same_elements(data, reference)) << (stable ? "stable_partition" : "partition");
      }
      host_array<std::int32_t> data = input;
      EXPECT_EQ(kd::in_place_rounds<predix::detail::rejected::dropped>(
                    space(), "remove_if", plan, data.begin(), data.begin(), pred),
                k);
      EXPECT_TRUE(std::equal(data.begin(), data.begin() + k, expected.begin())) << "kept in place";
    }
  });
}

TEST(KokkosExecutionModel, ScatteredPartsRaiseOrderError) {
  const index n = 4 * kd::chunk_size;
  host_array<affine> input(n, affine{3, 1});
  kd::errors errs;
  const kd::reduce_functor<affine, const affine*, compose> f{{compose{}, &errs}, input.begin(), n};
  kd::partial<affine> a, b;
  f.init(a);
  f.init(b);
  f(0, a);
  f(2, b);
  f.join(a, b);  // chunks 0 and 2: not adjacent
  ASSERT_TRUE(errs.failed());
  EXPECT_THROW(errs.rethrow(), kd::order_error);

  kd::errors errs2;
  const kd::reduce_functor<affine, const affine*, compose> g{{compose{}, &errs2}, input.begin(), n};
  g.init(a);
  g(1, a);
  g(3, a);  // one value folding scattered chunks
  EXPECT_THROW(errs2.rethrow(), kd::order_error);
}

}  // namespace
}  // namespace predix_test
