// predix::cuda used concurrently gives what it gives one call at a time: decoded fuzz cases
// (tests/fuzz: every algorithm and form, every type, sizes up to 65535) on 8 streams from one
// host thread, from 8 host threads each with its own stream, and from 8 host threads on the
// default stream, each outcome compared with that of the same case run alone beforehand. The
// data move stream-ordered (fuzz_runner.cuh): only the stream's order makes a call see its input.
#include <atomic>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

#include "fuzz_runner.cuh"

namespace {

using namespace predix_test;
using namespace predix_test::fuzz;
using input = std::vector<std::uint8_t>;

/// The outcome of one decoded input on predix::cuda, on the context's stream.
outcome run_input(stream_context& context, const input& bytes) {
  const fuzz_case c = decode(bytes);
  outcome o;
  visit_type(c.s.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    o = run(cuda_backend{&context}, c.s, materialize<T>(c));
  });
  return o;
}

class Concurrency : public cuda_test {
 protected:
  static constexpr int lanes = 8;  // streams or host threads
  int cases() const { return quick_mode() ? 4 : 32; }  // per lane

  /// inputs[lane]: random inputs; alone[lane]: their outcomes, one call at a time.
  void SetUp() override {
    cuda_test::SetUp();
    if (IsSkipped()) return;
    rng r(seed);
    stream_context context(false);
    inputs.assign(lanes, {});
    alone.assign(lanes, {});
    for (int lane = 0; lane < lanes; ++lane) {
      for (int i = 0; i < cases(); ++i) {
        inputs[lane].push_back(random_input(r));
        alone[lane].push_back(run_input(context, inputs[lane].back()));
      }
    }
  }

  void expect_as_alone(const std::vector<std::vector<outcome>>& together) {
    SCOPED_TRACE(seed_message(seed));
    for (int lane = 0; lane < lanes; ++lane) {
      ASSERT_EQ(together[lane].size(), alone[lane].size());
      for (std::size_t i = 0; i < alone[lane].size(); ++i) {
        const std::string difference = compare(alone[lane][i], together[lane][i]);
        EXPECT_TRUE(difference.empty())
            << "lane " << lane << ", " << describe(decode(inputs[lane][i]).s) << ": "
            << difference << "\ninput " << hex(inputs[lane][i]);
      }
    }
  }

  /// Every lane's inputs on its own host thread, all threads starting together, each with a
  /// context of its own: a non-blocking stream, or the default stream.
  std::vector<std::vector<outcome>> on_threads(bool own_streams) {
    std::vector<std::vector<outcome>> together(lanes);
    std::vector<std::exception_ptr> errors(lanes);
    std::atomic<int> waiting{lanes};
    std::vector<std::thread> threads;
    for (int lane = 0; lane < lanes; ++lane) {
      threads.emplace_back([&, lane] {
        try {
          stream_context context(own_streams);
          waiting.fetch_sub(1);
          while (waiting.load() > 0) std::this_thread::yield();
          for (const input& bytes : inputs[lane]) together[lane].push_back(run_input(context, bytes));
        } catch (...) {
          errors[lane] = std::current_exception();
        }
      });
    }
    for (auto& thread : threads) thread.join();
    for (const auto& error : errors) {
      if (error) std::rethrow_exception(error);
    }
    return together;
  }

  const std::uint64_t seed = test_seed();
  std::vector<std::vector<input>> inputs;
  std::vector<std::vector<outcome>> alone;
};

/// Round after round, every stream first gets a kernel that keeps it busy, then each gets a case
/// whose input is uploaded behind that kernel: a call that did not wait for its stream, or ran
/// on another one, would read its input before it arrives.
TEST_F(Concurrency, EightStreamsFromOneThreadKeepStreamOrder) {
  std::vector<std::unique_ptr<stream_context>> contexts;
  for (int lane = 0; lane < lanes; ++lane) contexts.push_back(std::make_unique<stream_context>());
  std::vector<std::vector<outcome>> together(lanes);
  for (int i = 0; i < cases(); ++i) {
    for (auto& c : contexts) spin(c->stream, 200000);
    PREDIX_CUDA_CHECK(cudaGetLastError());
    for (int lane = 0; lane < lanes; ++lane) {
      together[lane].push_back(run_input(*contexts[lane], inputs[lane][i]));
    }
  }
  expect_as_alone(together);
}

TEST_F(Concurrency, EightThreadsEachWithItsOwnStream) { expect_as_alone(on_threads(true)); }

TEST_F(Concurrency, EightThreadsOnTheDefaultStream) { expect_as_alone(on_threads(false)); }

}  // namespace
