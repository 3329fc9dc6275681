// find_if, find_if_not, find and the votes any_of / all_of / none_of.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Find : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Find);

TYPED_TEST_P(Find, FindIfAndVotes) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    const auto b = input.begin(), e = input.end();
    on_backend<M>(input, [&](auto& in) {
      const auto& p = this->policy;
      EXPECT_EQ(predix::find_if(p, in.begin(), in.end(), is_selected{}) - in.begin(),
                std::find_if(b, e, is_selected{}) - b);
      EXPECT_EQ(predix::find_if_not(p, in.begin(), in.end(), is_selected{}) - in.begin(),
                std::find_if_not(b, e, is_selected{}) - b);
      EXPECT_EQ(predix::any_of(p, in.begin(), in.end(), is_selected{}),
                std::any_of(b, e, is_selected{}));
      EXPECT_EQ(predix::all_of(p, in.begin(), in.end(), is_selected{}),
                std::all_of(b, e, is_selected{}));
      EXPECT_EQ(predix::none_of(p, in.begin(), in.end(), is_selected{}),
                std::none_of(b, e, is_selected{}));
      return 0;
    });
  });
}

/// One selected element at a chosen position (first, last, random) among rejected ones.
TYPED_TEST_P(Find, SingleMatch) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if (n == 0) return;
    for (const std::ptrdiff_t at : {std::ptrdiff_t(0), n - 1, std::ptrdiff_t(r.below(n))}) {
      std::vector<bool> flags(static_cast<std::size_t>(n), false);
      flags[static_cast<std::size_t>(at)] = true;
      const auto input = make_selection_input<T>(r, flags);
      on_backend<M>(input, [&](auto& in) {
        EXPECT_EQ(predix::find_if(this->policy, in.begin(), in.end(), is_selected{}) - in.begin(),
                  at);
        EXPECT_EQ(predix::find(this->policy, in.begin(), in.end(), input[at]) - in.begin(),
                  std::find(input.begin(), input.end(), input[at]) - input.begin());
        EXPECT_TRUE(predix::any_of(this->policy, in.begin(), in.end(), is_selected{}));
        return 0;
      });
    }
  });
}

/// find over every type: a present value and a value that may be absent.
TYPED_TEST_P(Find, FindValue) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    for (const T value : {n > 0 ? input[r.below(n)] : value_traits<T>::poison(),
                          value_traits<T>::make(r, false)}) {
      const auto expected = std::find(input.begin(), input.end(), value) - input.begin();
      on_backend<M>(input, [&](auto& in) {
        EXPECT_EQ(predix::find(this->policy, in.begin(), in.end(), value) - in.begin(), expected);
        return 0;
      });
    }
  });
}

TYPED_TEST_P(Find, CountingIterator) {
  TypeParam policy{};
  for (std::ptrdiff_t n : test_sizes<TypeParam>()) {
    const counting_iterator<std::int64_t> first(0);
    EXPECT_EQ(predix::find_if(policy, first, first + n, is_selected{}) - first, n > 1 ? 1 : n);
    EXPECT_EQ(predix::find(policy, first, first + n, n / 2) - first, n / 2 < n ? n / 2 : n);
    EXPECT_EQ(predix::all_of(policy, first, first + n, is_selected{}), n < 1);
  }
}

REGISTER_TYPED_TEST_SUITE_P(Find, FindIfAndVotes, SingleMatch, FindValue, CountingIterator);
PREDIX_CONFORMANCE_INSTANTIATE(Find);

}  // namespace
}  // namespace predix_test
