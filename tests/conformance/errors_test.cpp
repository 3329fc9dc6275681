// Bad input (DESIGN.md §6): last < first throws std::invalid_argument from every algorithm,
// before anything is written.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Errors : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Errors);

TYPED_TEST_P(Errors, NegativeRangeThrowsInvalidArgument) {
  using M = typename TestFixture::memory;
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const auto input = make_selection_input<std::int32_t>(r, 64, selectivity{0.5, false});
  auto data = M::upload(input);
  auto out = M::upload(poisoned<std::int32_t>(64)), out2 = M::upload(poisoned<std::int32_t>(64));
  const auto& p = this->policy;
  // Reversed range: first is past last.
  const auto f = data.begin() + 40, l = data.begin() + 8;
  const auto o = out.begin(), o2 = out2.begin();
  const auto s = data.begin() + 40;
  const is_selected pred{};
  EXPECT_THROW(predix::inclusive_scan(p, f, l, o), std::invalid_argument);
  EXPECT_THROW(predix::inclusive_scan(p, f, l, o, std::plus<>{}), std::invalid_argument);
  EXPECT_THROW(predix::exclusive_scan(p, f, l, o), std::invalid_argument);
  EXPECT_THROW(predix::exclusive_scan(p, f, l, o, 1), std::invalid_argument);
  EXPECT_THROW(predix::exclusive_scan(p, f, l, o, 1, std::plus<>{}), std::invalid_argument);
  EXPECT_THROW(predix::copy_if(p, f, l, o, pred), std::invalid_argument);
  EXPECT_THROW(predix::copy_if(p, f, l, s, o, pred), std::invalid_argument);
  EXPECT_THROW(predix::remove_copy_if(p, f, l, o, pred), std::invalid_argument);
  EXPECT_THROW(predix::remove_copy_if(p, f, l, s, o, pred), std::invalid_argument);
  EXPECT_THROW(predix::remove_if(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::remove_if(p, f, l, s, pred), std::invalid_argument);
  EXPECT_THROW(predix::partition(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::partition(p, f, l, s, pred), std::invalid_argument);
  EXPECT_THROW(predix::stable_partition(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::stable_partition(p, f, l, s, pred), std::invalid_argument);
  EXPECT_THROW(predix::partition_copy(p, f, l, o, o2, pred), std::invalid_argument);
  EXPECT_THROW(predix::partition_copy(p, f, l, s, o, o2, pred), std::invalid_argument);
  EXPECT_THROW(predix::stable_partition_copy(p, f, l, o, o2, pred), std::invalid_argument);
  EXPECT_THROW(predix::stable_partition_copy(p, f, l, s, o, o2, pred), std::invalid_argument);
  EXPECT_THROW(predix::is_partitioned(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::partition_point(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::count_if(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::count(p, f, l, 3), std::invalid_argument);
  EXPECT_THROW(predix::any_of(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::all_of(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::none_of(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::find_if(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::find_if_not(p, f, l, pred), std::invalid_argument);
  EXPECT_THROW(predix::find(p, f, l, 3), std::invalid_argument);
  EXPECT_THROW(predix::reduce(p, f, l), std::invalid_argument);
  EXPECT_THROW(predix::reduce(p, f, l, 0), std::invalid_argument);
  EXPECT_THROW(predix::reduce(p, f, l, 0, std::plus<>{}), std::invalid_argument);
  // Nothing was written.
  EXPECT_TRUE(same_elements(M::download(data), input));
  EXPECT_TRUE(same_elements(M::download(out), poisoned<std::int32_t>(64)));
  EXPECT_TRUE(same_elements(M::download(out2), poisoned<std::int32_t>(64)));
}

TYPED_TEST_P(Errors, MessageNamesTheAlgorithm) {
  using M = typename TestFixture::memory;
  auto data = M::upload(poisoned<std::int32_t>(4));
  try {
    predix::count_if(this->policy, data.end(), data.begin(), is_selected{});
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("count_if"), std::string::npos) << e.what();
  }
}

REGISTER_TYPED_TEST_SUITE_P(Errors, NegativeRangeThrowsInvalidArgument, MessageNamesTheAlgorithm);
PREDIX_CONFORMANCE_INSTANTIATE(Errors);

}  // namespace
}  // namespace predix_test
