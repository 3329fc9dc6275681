// reduce: every form, every type and operator (compose: not commutative), bool accumulators.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Reduce : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Reduce);

TYPED_TEST_P(Reduce, WithInitAndOp) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_scan_input<T>(r, n);
    for_each_op<T>([&](auto op, const char* name) {
      SCOPED_TRACE(name);
      const T init = value_traits<T>::small(r);
      const T expected = std::accumulate(input.begin(), input.end(), init, op);
      EXPECT_EQ(on_backend<M>(input, [&](auto& in) {
                  return predix::reduce(this->policy, in.begin(), in.end(), init, op);
                }),
                expected);
    });
  });
}

TYPED_TEST_P(Reduce, Defaults) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, affine>) {
      const auto input = make_scan_input<T>(r, n);
      const T init = value_traits<T>::small(r);
      const T sum = std::accumulate(input.begin(), input.end(), T{}, std::plus<>{});
      const T sum_init = std::accumulate(input.begin(), input.end(), init, std::plus<>{});
      on_backend<M>(input, [&](auto& in) {
        const auto all = predix::reduce(this->policy, in.begin(), in.end());
        static_assert(std::is_same_v<decltype(all), const T>);
        EXPECT_EQ(all, sum);
        EXPECT_EQ(predix::reduce(this->policy, in.begin(), in.end(), init), sum_init);
        return 0;
      });
    }
  });
}

/// Over bool: without init the result is a bool (logical OR); an int init counts.
TYPED_TEST_P(Reduce, BooleanAccumulators) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      const auto input = make_selection_input<bool>(r, n, s);
      const auto ones = std::count(input.begin(), input.end(), true);
      on_backend<M>(input, [&](auto& in) {
        EXPECT_EQ(predix::reduce(this->policy, in.begin(), in.end()), ones > 0);
        EXPECT_EQ(predix::reduce(this->policy, in.begin(), in.end(), std::int64_t{0}), ones);
        return 0;
      });
    }
  });
}

REGISTER_TYPED_TEST_SUITE_P(Reduce, WithInitAndOp, Defaults, BooleanAccumulators);
PREDIX_CONFORMANCE_INSTANTIATE(Reduce);

}  // namespace
}  // namespace predix_test
