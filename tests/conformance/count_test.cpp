// count_if and count over every type, size and selectivity; fancy iterators; 64-bit counts.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Count : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Count);

TYPED_TEST_P(Count, CountIf) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    const auto expected = std::count_if(input.begin(), input.end(), is_selected{});
    const auto actual = on_backend<M>(input, [&](auto& in) {
      return predix::count_if(this->policy, in.begin(), in.end(), is_selected{});
    });
    static_assert(std::is_same_v<decltype(actual), const std::ptrdiff_t>);
    EXPECT_EQ(actual, expected);
  });
}

TYPED_TEST_P(Count, CountValue) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    // A value that occurs (often, for narrow types) and one that may not.
    for (const T value : {n > 0 ? input[r.below(n)] : value_traits<T>::poison(),
                          value_traits<T>::make(r, true)}) {
      const auto expected = std::count(input.begin(), input.end(), value);
      EXPECT_EQ(on_backend<M>(input, [&](auto& in) {
                  return predix::count(this->policy, in.begin(), in.end(), value);
                }),
                expected);
    }
  });
}

/// count_if over a counting iterator and over a transform iterator returning bool.
TYPED_TEST_P(Count, FancyIterators) {
  TypeParam policy{};
  for (std::ptrdiff_t n : test_sizes<TypeParam>()) {
    const counting_iterator<std::int64_t> first(0);
    EXPECT_EQ(predix::count_if(policy, first, first + n, is_selected{}), n / 2);
    const auto flags = make_transform_iterator(first, is_selected{});
    EXPECT_EQ(predix::count_if(policy, flags, flags + n, is_selected{}), 0) << "2u has bit 0 clear";
    EXPECT_EQ(predix::count(policy, flags, flags + n, 2u), n / 2);
  }
}

/// A count above 2^31: sizes are 64-bit.
TYPED_TEST_P(Count, Above2To31) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2^31-item count";
  TypeParam policy{};
  const std::int64_t n = (std::int64_t(1) << 31) + 5;
  const counting_iterator<std::int64_t> first(0);
  EXPECT_EQ(predix::count_if(policy, first, first + n, is_selected{}), n / 2);
}

REGISTER_TYPED_TEST_SUITE_P(Count, CountIf, CountValue, FancyIterators, Above2To31);
PREDIX_CONFORMANCE_INSTANTIATE(Count);

}  // namespace
}  // namespace predix_test
