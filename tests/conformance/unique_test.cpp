// unique, unique_copy and unique_count, with and without a binary predicate: items in runs of
// equal values (runs.hpp), against std::unique_copy; the predicate that is not == holds items
// equal by is_selected alone, so that runs of different values merge.
#include "runs.hpp"

namespace predix_test {
namespace {

/// The heads of input's runs under eq (std::unique_copy) at the front of a poisoned array as
/// long as input, and how many they are.
template <class T, class Eq>
std::pair<host_array<T>, std::ptrdiff_t> heads_of(const host_array<T>& input, Eq eq) {
  auto heads = poisoned<T>(input.size());
  const auto k = std::unique_copy(input.begin(), input.end(), heads.begin(), eq) - heads.begin();
  return {heads, k};
}

template <class Policy>
class Unique : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Unique);

TYPED_TEST_P(Unique, Copy) {
  using M = typename TestFixture::memory;
  for_each_unique_case<TypeParam>([&](const auto& input, auto eq, const char* name) {
    SCOPED_TRACE(name);
    const auto [expected, k] = heads_of(input, eq);
    expect_output<M>(input, expected, k, [&](auto& in, auto& out) {
      return predix::unique_copy(this->policy, in.begin(), in.end(), out.begin(), eq) -
             out.begin();
    });
  });
}

TYPED_TEST_P(Unique, InPlace) {
  using M = typename TestFixture::memory;
  for_each_unique_case<TypeParam>([&](const auto& input, auto eq, const char* name) {
    SCOPED_TRACE(name);
    const auto [expected, k] = heads_of(input, eq);
    expect_in_place<M>(input, expected, k, k, [&](auto& data) {
      return predix::unique(this->policy, data.begin(), data.end(), eq) - data.begin();
    });
  });
}

TYPED_TEST_P(Unique, Count) {
  using M = typename TestFixture::memory;
  for_each_unique_case<TypeParam>([&](const auto& input, auto eq, const char* name) {
    SCOPED_TRACE(name);
    const auto k = heads_of(input, eq).second;
    EXPECT_EQ(on_backend<M>(input, [&](auto& in) {
                return predix::unique_count(this->policy, in.begin(), in.end(), eq);
              }),
              k);
  });
}

TYPED_TEST_P(Unique, DefaultPredicate) {  // the forms without eq: ==
  using M = typename TestFixture::memory;
  rng r(test_seed());
  const auto input = make_runs<int>(r, make_flags(r, 5000, {0.1, false}));
  const auto [expected, k] = heads_of(input, std::equal_to<>{});
  expect_output<M>(input, expected, k, [&](auto& in, auto& out) {
    return predix::unique_copy(this->policy, in.begin(), in.end(), out.begin()) - out.begin();
  });
  expect_in_place<M>(input, expected, k, k, [&](auto& data) {
    return predix::unique(this->policy, data.begin(), data.end()) - data.begin();
  });
  EXPECT_EQ(on_backend<M>(input,
                          [&](auto& in) {
                            return predix::unique_count(this->policy, in.begin(), in.end());
                          }),
            k);
}

REGISTER_TYPED_TEST_SUITE_P(Unique, Copy, InPlace, Count, DefaultPredicate);
PREDIX_CONFORMANCE_INSTANTIATE(Unique);

}  // namespace
}  // namespace predix_test
