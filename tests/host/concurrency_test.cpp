// Host backends called from 8 std::threads at once, each thread on its own data, give what they
// give one call at a time: every thread runs its own list of decoded fuzz cases (tests/fuzz:
// every algorithm and form, int32 data, 32768 to 65535 items) ten times over (twice under
// PREDIX_TEST_QUICK), and each outcome is compared with the outcome of the same case run alone
// beforehand, on the same backend. The data are decoded before the threads start, so that the
// threads spend their time in the algorithms. And a stress: 8 threads that only scan and reduce,
// against the serial reference. Built per host backend.
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

#include "../conformance/suite.hpp"
#include "../fuzz/differential.hpp"

namespace predix_test {
namespace {

using namespace fuzz;

template <class Policy>
class Concurrency : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Concurrency);

/// A decoded case with int32 elements whatever type it names (one type keeps the build short;
/// sharing state between threads does not depend on it) and at least 32768 of them.
struct concurrent_case {
  std::vector<std::uint8_t> input;
  fuzz_case c;
  data<std::int32_t> d;
  explicit concurrent_case(std::vector<std::uint8_t> bytes)
      : input(std::move(bytes)), c(decode(input)) {
    c.s.type = index_of<std::int32_t>();
    c.s.n = 32768 + c.s.n % 32768;
    d = materialize<std::int32_t>(c);
  }
};

TYPED_TEST_P(Concurrency, EightThreadsGiveTheResultsOfOneAtATime) {
  constexpr int threads = 8, cases = 12;
  const int rounds = quick_mode() ? 2 : 10;
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  std::vector<std::vector<concurrent_case>> work(threads);
  std::vector<std::vector<outcome>> alone(threads), together(threads);
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < cases; ++i) {
      const concurrent_case& k = work[t].emplace_back(random_input(r));
      alone[t].push_back(run(this->policy, k.c.s, k.d));
    }
  }
  std::atomic<int> waiting{threads};
  std::vector<std::exception_ptr> errors(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      waiting.fetch_sub(1);
      while (waiting.load() > 0) std::this_thread::yield();  // start together
      try {
        for (int round = 0; round < rounds; ++round) {
          for (const auto& k : work[t]) together[t].push_back(run(this->policy, k.c.s, k.d));
        }
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  }
  for (auto& thread : pool) thread.join();
  for (int t = 0; t < threads; ++t) {
    if (errors[t]) std::rethrow_exception(errors[t]);
    ASSERT_EQ(together[t].size(), alone[t].size() * rounds);
    for (std::size_t j = 0; j < together[t].size(); ++j) {
      const concurrent_case& k = work[t][j % cases];
      const std::string difference = compare(alone[t][j % cases], together[t][j]);
      EXPECT_TRUE(difference.empty()) << "thread " << t << ", " << describe(k.c.s) << ": "
                                      << difference << "\ninput " << hex(k.input);
    }
  }
}

/// The stress the mix above rarely gives on few cores: 8 threads that do nothing but scan and
/// reduce their own 100000 items, over and over, compared with the serial reference.
TYPED_TEST_P(Concurrency, EightThreadsScanAndReduceAtOnce) {
  constexpr int threads = 8;
  const int rounds = quick_mode() ? 20 : 100;
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  std::vector<host_array<std::int64_t>> inputs, scans;
  std::vector<std::int64_t> sums;
  for (int t = 0; t < threads; ++t) {
    inputs.push_back(make_scan_input<std::int64_t>(r, 100000));
    scans.emplace_back(100000);
    predix::inclusive_scan(predix::seq, inputs[t].begin(), inputs[t].end(), scans[t].begin());
    sums.push_back(predix::reduce(predix::seq, inputs[t].begin(), inputs[t].end()));
  }
  std::vector<int> wrong(threads, 0);
  std::vector<std::exception_ptr> errors(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      try {
        host_array<std::int64_t> out(100000);
        for (int round = 0; round < rounds; ++round) {
          predix::inclusive_scan(this->policy, inputs[t].begin(), inputs[t].end(), out.begin());
          if (!same_elements(out, scans[t])) ++wrong[t];
          if (predix::reduce(this->policy, inputs[t].begin(), inputs[t].end()) != sums[t]) {
            ++wrong[t];
          }
        }
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  }
  for (auto& thread : pool) thread.join();
  for (int t = 0; t < threads; ++t) {
    if (errors[t]) std::rethrow_exception(errors[t]);
    EXPECT_EQ(wrong[t], 0) << "thread " << t << ": wrong results in " << rounds << " rounds";
  }
}

REGISTER_TYPED_TEST_SUITE_P(Concurrency, EightThreadsGiveTheResultsOfOneAtATime,
                           EightThreadsScanAndReduceAtOnce);
PREDIX_CONFORMANCE_INSTANTIATE(Concurrency);

}  // namespace
}  // namespace predix_test
