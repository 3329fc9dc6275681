// unique, unique_copy and unique_count, with and without a binary predicate: items in runs of
// equal values (a run begins where make_flags sets a flag: 0% one run over the whole input,
// 100% runs of one item, clustered long runs beside long stretches of single items), against
// std::unique_copy; the predicate that is not == holds items equal by is_selected alone, so
// that runs of different values merge.
#include "suite.hpp"

namespace predix_test {
namespace {

/// Items equal when is_selected takes them alike (an equivalence coarser than ==).
struct same_selection {
  template <class T>
  PREDIX_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return (is_selected{}(a) != 0) == (is_selected{}(b) != 0);
  }
};

/// n items in runs: item i begins a run (a value unlike the one before) where starts[i].
template <class T>
host_array<T> make_runs(rng& r, const std::vector<bool>& starts) {
  host_array<T> items(static_cast<std::ptrdiff_t>(starts.size()));
  for (std::ptrdiff_t i = 0; i < items.size(); ++i) {
    if (i > 0 && !starts[static_cast<std::size_t>(i)]) {
      items[i] = items[i - 1];
      continue;
    }
    do {
      items[i] = value_traits<T>::make(r, r.chance(0.5));
    } while (i > 0 && items[i] == items[i - 1]);
  }
  return items;
}

/// The heads of input's runs under eq (std::unique_copy) at the front of a poisoned array as
/// long as input, and how many they are.
template <class T, class Eq>
std::pair<host_array<T>, std::ptrdiff_t> heads_of(const host_array<T>& input, Eq eq) {
  auto heads = poisoned<T>(input.size());
  const auto k = std::unique_copy(input.begin(), input.end(), heads.begin(), eq) - heads.begin();
  return {heads, k};
}

/// Calls check(input, eq, name) for each case of the suite, with == and with same_selection.
template <class Policy, class Check>
void for_each_unique_case(Check&& check) {
  for_each_selection_case<Policy>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_runs<T>(r, make_flags(r, n, s));
    check(input, predix::detail::equal_to{}, "==");
    check(input, same_selection{}, "same_selection");
  });
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
