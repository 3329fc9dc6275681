// The differential fuzzer's cases (tests/fuzz/decoder.hpp) on predix::cuda: every algorithm and
// form, every type of the suite, sizes up to 65535, decoded from random inputs drawn from the
// test seed, each run on the device and on the serial reference and compared exactly (outputs
// poisoned first, inputs of out-of-place forms unchanged, partitions keep every element); then
// the committed corpus. PREDIX_FUZZ_CASES sets the number of random inputs (default 10000; 100
// under PREDIX_TEST_QUICK). A failure names the seed, the case and its input in hex.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "fuzz_runner.cuh"

namespace {

using namespace predix_test;
using namespace predix_test::fuzz;

class Fuzz : public cuda_test {};

TEST_F(Fuzz, RandomCasesMatchTheSerialReference) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const char* count = std::getenv("PREDIX_FUZZ_CASES");
  const long cases = count != nullptr ? std::strtol(count, nullptr, 0) : quick_mode() ? 100 : 10000;
  stream_context context(false);
  for (long i = 0; i < cases; ++i) {
    const auto input = random_input(r);
    const std::string failure = differential(decode(input), cuda_backend{&context});
    ASSERT_TRUE(failure.empty()) << "case " << i << ": " << failure << "\ninput " << hex(input);
  }
  std::printf("%ld cases\n", cases);
}

TEST_F(Fuzz, Corpus) {
  stream_context context(false);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(PREDIX_FUZZ_CORPUS)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<std::uint8_t> input{std::istreambuf_iterator<char>(in),
                                          std::istreambuf_iterator<char>()};
    ++files;
    const std::string failure = differential(decode(input), cuda_backend{&context});
    EXPECT_TRUE(failure.empty()) << entry.path() << ": " << failure;
  }
  EXPECT_GE(files, form_count);
}

}  // namespace
