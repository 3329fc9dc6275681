// OpenMP-specific behaviour that the conformance suite cannot see: every core operation runs on
// several threads, each predicate is called once per element, an exception thrown on a worker
// thread reaches the caller, find_if stops early and throws only as a serial search would, the
// algorithms work inside a user's parallel region, two_pass covers every index once in order,
// also with more threads than elements, the hold after busy cores, and the in-place forms on
// strings. Run at several OMP_NUM_THREADS.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bitset>
#include <chrono>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <predix/predix.hpp>

#include "../support/iterators.hpp"

namespace {

using predix_test::counting_iterator;
constexpr std::int64_t large = (std::int64_t(1) << 20) + 7;

std::vector<std::int64_t> iota_values(std::int64_t n) {
  std::vector<std::int64_t> values(static_cast<std::size_t>(n));
  std::iota(values.begin(), values.end(), std::int64_t(0));
  return values;
}

/// Calls f(name, call) for every core operation of the backend; call(pred, op) runs it over
/// `large` elements with a predicate and (scans, reduce) an operator.
template <class F>
void for_each_core_operation(F&& f) {
  f("inclusive_scan", [](auto pred, auto op) {
    auto in = iota_values(large), out = in;
    predix::inclusive_scan(predix::omp, in.begin(), in.end(), out.begin(), op);
    (void)pred;
  });
  f("exclusive_scan", [](auto pred, auto op) {
    auto in = iota_values(large), out = in;
    predix::exclusive_scan(predix::omp, in.begin(), in.end(), out.begin(), std::int64_t(0), op);
    (void)pred;
  });
  f("reduce", [](auto pred, auto op) {
    auto in = iota_values(large);
    predix::reduce(predix::omp, in.begin(), in.end(), std::int64_t(0), op);
    (void)pred;
  });
  f("copy_if", [](auto pred, auto) {
    auto in = iota_values(large), out = in;
    predix::copy_if(predix::omp, in.begin(), in.end(), out.begin(), pred);
  });
  f("partition_copy", [](auto pred, auto) {
    auto in = iota_values(large), a = in, b = in;
    predix::partition_copy(predix::omp, in.begin(), in.end(), a.begin(), b.begin(), pred);
  });
  f("remove_if", [](auto pred, auto) {
    auto data = iota_values(large);
    predix::remove_if(predix::omp, data.begin(), data.end(), pred);
  });
  f("partition", [](auto pred, auto) {
    auto data = iota_values(large);
    predix::partition(predix::omp, data.begin(), data.end(), pred);
  });
  f("stable_partition", [](auto pred, auto) {
    auto data = iota_values(large);
    predix::stable_partition(predix::omp, data.begin(), data.end(), pred);
  });
  f("count_if", [](auto pred, auto) {
    auto in = iota_values(large);
    predix::count_if(predix::omp, in.begin(), in.end(), pred);
  });
  f("find_if", [](auto pred, auto) {
    auto in = iota_values(large);
    predix::find_if(predix::omp, in.begin(), in.end(), [pred](std::int64_t x) mutable {
      pred(x);
      return false;  // no match: the whole range is searched
    });
  });
}

/// Records which threads call it (every 256th element, to keep contention low).
struct thread_recorder {
  std::atomic<std::uint64_t>* threads;
  void record(std::int64_t x) const {
    if (x % 256 == 0) threads->fetch_or(std::uint64_t(1) << (omp_get_thread_num() % 64));
  }
  bool operator()(std::int64_t x) const {
    record(x);
    return x % 3 == 0;
  }
  std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    record(b);
    return a + b;
  }
};

TEST(OpenMP, EveryCoreOperationRunsOnSeveralThreads) {
  if (omp_get_max_threads() < 2) GTEST_SKIP() << "needs OMP_NUM_THREADS >= 2";
  for_each_core_operation([](const char* name, auto call) {
    std::atomic<std::uint64_t> threads{0};
    const thread_recorder recorder{&threads};
    call(recorder, recorder);
    EXPECT_GE(std::bitset<64>(threads.load()).count(), 2u) << name << " ran on one thread";
  });
}

TEST(OpenMP, EachPredicateIsCalledOncePerElement) {
  const std::int64_t n = large;
  const std::unique_ptr<std::atomic<int>[]> calls(new std::atomic<int>[n]);
  // The stencil holds each element's index, so the predicate counts calls per element.
  const counting_iterator<std::int64_t> stencil(0);
  auto pred = [&](std::int64_t i) {
    calls[i].fetch_add(1, std::memory_order_relaxed);
    return i % 3 != 1;
  };
  auto check = [&](const char* name, auto&& run) {
    for (std::int64_t i = 0; i < n; ++i) calls[i].store(0);
    run();
    for (std::int64_t i = 0; i < n; ++i) {
      ASSERT_EQ(calls[i].load(), 1) << name << ": element " << i;
    }
  };
  auto data = iota_values(n), out = data, out2 = data;
  const auto b = data.begin(), e = data.end();
  check("copy_if", [&] { predix::copy_if(predix::omp, b, e, stencil, out.begin(), pred); });
  check("remove_copy_if",
        [&] { predix::remove_copy_if(predix::omp, b, e, stencil, out.begin(), pred); });
  check("partition_copy", [&] {
    predix::partition_copy(predix::omp, b, e, stencil, out.begin(), out2.begin(), pred);
  });
  check("remove_if", [&] { predix::remove_if(predix::omp, b, e, stencil, pred); });
  check("partition", [&] { predix::partition(predix::omp, b, e, stencil, pred); });
  check("stable_partition", [&] { predix::stable_partition(predix::omp, b, e, stencil, pred); });
  check("count_if", [&] { predix::count_if(predix::omp, stencil, stencil + n, pred); });
}

struct worker_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws on any thread but the master; remembers whether it did.
struct throws_on_worker {
  std::atomic<bool>* thrown;
  void check() const {
    if (omp_get_thread_num() != 0) {
      thrown->store(true);
      throw worker_error("thrown on a worker thread");
    }
  }
  bool operator()(std::int64_t x) const {
    check();
    return x % 2 == 0;
  }
  std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    check();
    return a + b;
  }
};

TEST(OpenMP, ExceptionsFromWorkerThreadsReachTheCaller) {
  if (omp_get_max_threads() < 2) GTEST_SKIP() << "needs OMP_NUM_THREADS >= 2";
  for_each_core_operation([](const char* name, auto call) {
    std::atomic<bool> thrown{false};
    const throws_on_worker f{&thrown};
    EXPECT_THROW(call(f, f), worker_error) << name;
    EXPECT_TRUE(thrown.load()) << name << ": nothing ran on a worker thread";
  });
  // In-place forms leave their input unchanged.
  std::atomic<bool> thrown{false};
  const throws_on_worker pred{&thrown};
  const auto input = iota_values(large);
  auto data = input;
  EXPECT_THROW(predix::remove_if(predix::omp, data.begin(), data.end(), pred), worker_error);
  EXPECT_EQ(data, input);
  EXPECT_THROW(predix::partition(predix::omp, data.begin(), data.end(), pred), worker_error);
  EXPECT_EQ(data, input);
  EXPECT_THROW(predix::stable_partition(predix::omp, data.begin(), data.end(), pred),
               worker_error);
  EXPECT_EQ(data, input);
}

TEST(OpenMP, FindIfStopsEarly) {
  const std::int64_t n = std::int64_t(1) << 26;
  for (const std::int64_t at : {std::int64_t(0), std::int64_t(5), std::int64_t(100000)}) {
    std::atomic<std::int64_t> calls{0};
    const counting_iterator<std::int64_t> first(0);
    const auto found = predix::find_if(predix::omp, first, first + n, [&](std::int64_t x) {
      calls.fetch_add(1, std::memory_order_relaxed);
      return x == at;  // one match: other threads find nothing and must be stopped
    });
    EXPECT_EQ(found - first, at);
    EXPECT_LT(calls.load(), n / 2) << "match at " << at << ": the search did not stop early";
  }
}

/// As a serial search: a throw after the first match is never seen, one before it is.
TEST(OpenMP, FindIfThrowsOnlyBeforeTheFirstMatch) {
  const std::int64_t n = large;
  const counting_iterator<std::int64_t> first(0);
  const std::int64_t block = predix::impl::openmp_detail::find_block;
  for (const std::int64_t match : {std::int64_t(5), n / 2, n - 2}) {
    // The blocks after the match's are searched at about the same time by other threads.
    for (std::int64_t throw_at : {std::int64_t(0), std::int64_t(3), match - 1, match + 1,
                                  match + block, match + 2 * block, n / 3, n - 1}) {
      throw_at = std::min(throw_at, n - 1);
      auto pred = [=](std::int64_t x) {
        if (x == throw_at) throw worker_error("predicate threw");
        return x == match;
      };
      SCOPED_TRACE("match " + std::to_string(match) + ", throw " + std::to_string(throw_at));
      if (throw_at < match) {
        EXPECT_THROW(predix::find_if(predix::omp, first, first + n, pred), worker_error);
      } else {
        EXPECT_EQ(predix::find_if(predix::omp, first, first + n, pred) - first, match);
      }
    }
  }
}

TEST(OpenMP, WorksInsideAUserParallelRegion) {
  const auto input = iota_values(100000);
  std::vector<std::int64_t> expected_scan(input.size()), expected_select(input.size());
  std::inclusive_scan(input.begin(), input.end(), expected_scan.begin());
  const auto pred = [](std::int64_t x) { return x % 7 < 3; };
  expected_select.resize(static_cast<std::size_t>(
      std::copy_if(input.begin(), input.end(), expected_select.begin(), pred) -
      expected_select.begin()));
  std::atomic<int> failures{0};
#pragma omp parallel num_threads(4)
  {
    std::vector<std::int64_t> scan(input.size()), select(input.size());
    predix::inclusive_scan(predix::omp, input.begin(), input.end(), scan.begin());
    select.resize(static_cast<std::size_t>(
        predix::copy_if(predix::omp, input.begin(), input.end(), select.begin(), pred) -
        select.begin()));
    if (scan != expected_scan || select != expected_select) ++failures;
  }
  EXPECT_EQ(failures.load(), 0);
}

/// The plumbing under scan and compaction: per round, every index is in exactly one piece, the
/// pieces are in thread order, combine runs after every first() of its round and before any
/// second(); also when there are more threads than elements (empty pieces).
TEST(OpenMP, TwoPassCoversEveryIndexOnceInOrder) {
  namespace d = predix::impl::openmp_detail;
  for (const std::ptrdiff_t n : {0, 1, 2, 3, 7, 100, 1000, 4099}) {
    for (const std::ptrdiff_t tile : {1, 3, 64, 100000}) {
      // At most ~100 rounds: each costs two barriers, slow when other processes take the cores.
      if (n > 100 * tile) continue;
      SCOPED_TRACE("n = " + std::to_string(n) + ", tile = " + std::to_string(tile));
      const int team = omp_get_max_threads();
      std::vector<int> first_visits(static_cast<std::size_t>(n)),
          second_visits(static_cast<std::size_t>(n));
      std::vector<d::piece> pieces(static_cast<std::size_t>(team));
      std::ptrdiff_t next = 0;  // the next index combine expects
      std::atomic<int> bad_rounds{0};
      d::two_pass(
          n, tile, team,
          [&](const d::piece& p) {
            pieces[p.index] = p;
            for (auto i = p.begin; i < p.end; ++i) ++first_visits[i];
          },
          [&](int count) {
            for (int t = 0; t < count; ++t) {
              if (pieces[t].begin != next || pieces[t].end < pieces[t].begin ||
                  pieces[t].size() > tile) {
                ++bad_rounds;
              }
              next = pieces[t].end;
              for (auto i = pieces[t].begin; i < pieces[t].end; ++i) {
                if (first_visits[i] != 1 || second_visits[i] != 0) ++bad_rounds;
              }
            }
          },
          [&](const d::piece& p) {
            for (auto i = p.begin; i < p.end; ++i) ++second_visits[i];
          });
      EXPECT_EQ(bad_rounds.load(), 0);
      EXPECT_EQ(next, n);
      const auto once = [](int visits) { return visits == 1; };
      EXPECT_TRUE(std::all_of(first_visits.begin(), first_visits.end(), once));
      EXPECT_TRUE(std::all_of(second_visits.begin(), second_visits.end(), once));
    }
  }
}

}  // namespace

/// Busy cores across calls (detail.hpp busy_cores): a region slower than thread 0 alone holds
/// the next calls on one thread, a hold that doubles while regions stay slow and restarts from
/// the first after a region that was not; regions shorter than judged_ns and teams of one are
/// not judged. (The built-in hold is off in this test: its teams must run on shared CI cores.)
TEST(OpenMP, BusyCoresHoldTheNextCallsAlone) {
  namespace d = predix::impl::openmp_detail;
  constexpr long long ms = 1000000;
  d::busy_cores busy{50 * ms};
  EXPECT_FALSE(busy.holding());
  busy.judge(100 * ms, 1 * ms, 1);  // a team of one
  busy.judge(d::judged_ns / 2, 0, 4);  // too short to tell
  EXPECT_FALSE(busy.holding());
  busy.judge(100 * ms, 1 * ms, 4);  // 100 ms where 4 ms would have done alone
  EXPECT_TRUE(busy.holding());
  const auto held = [&] {  // how long the hold lasts, in ms
    const long long start = d::wall_ns();
    while (busy.holding()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return (d::wall_ns() - start) / ms;
  };
  EXPECT_LT(held(), 90);
  busy.judge(100 * ms, 1 * ms, 4);  // still busy: 100 ms
  EXPECT_GE(held(), 90);
  busy.judge(10 * ms, 9 * ms, 4);  // idle: the next hold is the first again
  busy.judge(100 * ms, 1 * ms, 4);
  EXPECT_LT(held(), 90);
  d::busy_cores never{0};
  never.found();
  EXPECT_FALSE(never.holding());
}

/// The in-place forms on elements that are not trivially copyable (strings that own memory):
/// the one-thread sweep (teams of one: n ≤ min_piece, or OMP_NUM_THREADS=1) and the stash
/// rounds give std::'s results, at every share selected.
TEST(OpenMP, InPlaceFormsMoveStrings) {
  std::mt19937_64 r(7);
  for (const std::ptrdiff_t n : {0, 1, 63, 64, 65, 1025, 4096, 70001}) {
    for (const int percent : {0, 1, 50, 99, 100}) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", " + std::to_string(percent) + "%");
      std::vector<std::string> input(static_cast<std::size_t>(n));
      for (auto& s : input) s = std::to_string(r() % 100) + std::string(24, 'x');
      const auto pred = [percent](const std::string& s) { return std::stoi(s) < percent; };
      const auto selected = std::count_if(input.begin(), input.end(), pred);

      auto expected = input;
      std::stable_partition(expected.begin(), expected.end(), pred);
      auto data = input;
      auto mid = predix::stable_partition(predix::omp, data.begin(), data.end(), pred);
      EXPECT_EQ(mid - data.begin(), selected);
      EXPECT_EQ(data, expected);

      expected = input;
      expected.erase(std::remove_if(expected.begin(), expected.end(), pred), expected.end());
      data = input;
      data.erase(predix::remove_if(predix::omp, data.begin(), data.end(), pred), data.end());
      EXPECT_EQ(data, expected);

      data = input;
      mid = predix::partition(predix::omp, data.begin(), data.end(), pred);
      EXPECT_EQ(mid - data.begin(), selected);
      EXPECT_TRUE(std::all_of(data.begin(), mid, pred));
      EXPECT_TRUE(std::none_of(mid, data.end(), pred));
      std::sort(data.begin(), data.end());
      expected = input;
      std::sort(expected.begin(), expected.end());
      EXPECT_EQ(data, expected);
    }
  }
}
