// The fuzz harness's cases under CTest, with any compiler: the committed corpus (tests/fuzz/corpus)
// and PREDIX_FUZZ_CASES (default 2000) random inputs drawn from the test seed, each run by every
// host backend of the build against the serial reference (host_backends.hpp). A failing random
// input is printed in hex, ready to be kept in the corpus.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "host_backends.hpp"

namespace predix_test::fuzz {
namespace {

std::vector<std::uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(FuzzReplay, Corpus) {
  std::set<int> forms;
  for (const auto& entry : std::filesystem::directory_iterator(PREDIX_FUZZ_CORPUS)) {
    const fuzz_case c = decode(read_file(entry.path()));
    forms.insert(static_cast<int>(c.s.what));
    const std::string failure = check_host_backends(c);
    EXPECT_TRUE(failure.empty()) << entry.path() << ": " << failure;
  }
  EXPECT_EQ(static_cast<int>(forms.size()), form_count) << "the corpus has every form";
}

TEST(FuzzReplay, RandomInputs) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const char* count = std::getenv("PREDIX_FUZZ_CASES");
  const long cases = count != nullptr ? std::strtol(count, nullptr, 0) : 2000;
  std::set<int> forms, types;
  for (long i = 0; i < cases; ++i) {
    const auto input = random_input(r);
    const fuzz_case c = decode(input);
    forms.insert(static_cast<int>(c.s.what));
    types.insert(c.s.type);
    const std::string failure = check_host_backends(c);
    ASSERT_TRUE(failure.empty()) << "case " << i << ": " << failure << "\ninput " << hex(input);
  }
  if (cases >= 2000) {
    EXPECT_EQ(static_cast<int>(forms.size()), form_count) << "every form is drawn";
    EXPECT_EQ(static_cast<int>(types.size()), type_count()) << "every type is drawn";
  }
}

/// encode() writes a header that decode() reads back as the same shape.
TEST(FuzzReplay, EncodeDecodes) {
  rng r(test_seed());
  for (int f = 0; f < form_count; ++f) {
    for (int type = 0; type < type_count(); ++type) {
      shape s;
      s.what = static_cast<form>(f);
      s.type = type;
      s.pred.kind = static_cast<predicate::kind_t>(r.below(predicate_kinds));
      s.pred.k = static_cast<long long>(r.below(8)) + 1;
      s.pred.r = static_cast<long long>(r.below(static_cast<std::uint64_t>(s.pred.k)));
      s.op = static_cast<int>(r.below(256));
      s.arrangement = static_cast<layout>(r.below(4));
      s.in_place = r.chance(0.5);
      s.threads = static_cast<int>(r.below(8)) + 1;
      s.n = static_cast<std::ptrdiff_t>(r.below(max_size + 1));
      const shape d = decode(encode(s)).s;
      SCOPED_TRACE(describe(s));
      visit_type(type, [&](auto tag) {  // affine: the op forms (decode() says so)
        using T = typename decltype(tag)::type;
        const form expected = std::is_same_v<T, affine> ? with_op(s.what) : s.what;
        EXPECT_EQ(d.what, expected);
      });
      EXPECT_EQ(d.type, s.type);
      EXPECT_EQ(d.pred.kind, s.pred.kind);
      EXPECT_EQ(d.pred.k, s.pred.k);
      EXPECT_EQ(d.pred.r, s.pred.r);
      EXPECT_EQ(d.op, s.op);
      EXPECT_EQ(d.arrangement, s.arrangement);
      EXPECT_EQ(d.in_place, s.in_place);
      EXPECT_EQ(d.threads, s.threads);
      EXPECT_EQ(d.n, s.n);
    }
  }
}

}  // namespace
}  // namespace predix_test::fuzz
