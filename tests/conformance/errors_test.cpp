// Bad input (DESIGN.md §6): last < first throws std::invalid_argument from every algorithm,
// naming that algorithm, before anything is written.
#include "../support/entry_points.hpp"
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Errors : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Errors);

/// Every form of every algorithm (support/entry_points.hpp) on a reversed range: each throws
/// std::invalid_argument whose message names the algorithm called ("predix::any_of: ...", not
/// the find_if it is built on), and nothing is written.
TYPED_TEST_P(Errors, NegativeRangeThrowsInvalidArgumentNamingTheAlgorithm) {
  using M = typename TestFixture::memory;
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const auto input = make_selection_input<std::int32_t>(r, 64, selectivity{0.5, false});
  auto data = M::upload(input);
  auto out = M::upload(poisoned<std::int32_t>(64)), out2 = M::upload(poisoned<std::int32_t>(64));
  // Reversed range: first is past last.
  const auto f = data.begin() + 40, l = data.begin() + 8;
  const auto entries =
      entry_points(this->policy, f, l, data.begin() + 40, out.begin(), out2.begin(), is_selected{});
  EXPECT_EQ(entries.size(), 32u);
  expect_every_entry_point_throws<std::invalid_argument>(entries, "last precedes first");
  // Nothing was written.
  EXPECT_TRUE(same_elements(M::download(data), input));
  EXPECT_TRUE(same_elements(M::download(out), poisoned<std::int32_t>(64)));
  EXPECT_TRUE(same_elements(M::download(out2), poisoned<std::int32_t>(64)));
}

/// The check of the message itself: the name must be the whole name, not a prefix of it.
TYPED_TEST_P(Errors, NamesAlgorithmTellsNamesApart) {
  EXPECT_TRUE(names_algorithm("predix::partition: last precedes first", "partition"));
  EXPECT_TRUE(names_algorithm("predix::any_of on predix::kokkos: ...", "any_of"));
  EXPECT_FALSE(names_algorithm("predix::partition_copy: last precedes first", "partition"));
  EXPECT_FALSE(names_algorithm("predix::find_if: last precedes first", "find"));
  EXPECT_FALSE(names_algorithm("predix::find_if: last precedes first", "any_of"));
  EXPECT_FALSE(names_algorithm("last precedes first (predix::any_of)", "any_of"));
}

REGISTER_TYPED_TEST_SUITE_P(Errors, NegativeRangeThrowsInvalidArgumentNamingTheAlgorithm,
                            NamesAlgorithmTellsNamesApart);
PREDIX_CONFORMANCE_INSTANTIATE(Errors);

}  // namespace
}  // namespace predix_test
