// Host backends called from 8 std::threads at once, each thread on its own data, give what they
// give one call at a time: every thread runs its own list of decoded fuzz cases (tests/fuzz: every
// algorithm and form, int32 data, sizes up to 65535), and each outcome is compared with the
// outcome of the same case run alone beforehand, on the same backend. Built per host backend.
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

/// The decoded case, with int32 elements whatever type it names (one type keeps the build
/// short; sharing state between threads does not depend on it).
fuzz_case decode_int32(const std::vector<std::uint8_t>& input) {
  fuzz_case c = decode(input);
  c.s.type = index_of<std::int32_t>();
  return c;
}

template <class Policy>
outcome run_input(const Policy& policy, const std::vector<std::uint8_t>& input) {
  const fuzz_case c = decode_int32(input);
  return run(policy, c.s, materialize<std::int32_t>(c));
}

TYPED_TEST_P(Concurrency, EightThreadsGiveTheResultsOfOneAtATime) {
  constexpr int threads = 8, cases = 24;
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  std::vector<std::vector<std::vector<std::uint8_t>>> inputs(threads);
  std::vector<std::vector<outcome>> alone(threads), together(threads);
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < cases; ++i) {
      inputs[t].push_back(random_input(r));
      alone[t].push_back(run_input(this->policy, inputs[t].back()));
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
        for (const auto& input : inputs[t]) together[t].push_back(run_input(this->policy, input));
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  }
  for (auto& thread : pool) thread.join();
  for (int t = 0; t < threads; ++t) {
    if (errors[t]) std::rethrow_exception(errors[t]);
    ASSERT_EQ(together[t].size(), alone[t].size());
    for (int i = 0; i < cases; ++i) {
      const std::string difference = compare(alone[t][i], together[t][i]);
      EXPECT_TRUE(difference.empty()) << "thread " << t << ", " << describe(decode_int32(inputs[t][i]).s)
                                      << ": " << difference << "\ninput " << hex(inputs[t][i]);
    }
  }
}

REGISTER_TYPED_TEST_SUITE_P(Concurrency, EightThreadsGiveTheResultsOfOneAtATime);
PREDIX_CONFORMANCE_INSTANTIATE(Concurrency);

}  // namespace
}  // namespace predix_test
