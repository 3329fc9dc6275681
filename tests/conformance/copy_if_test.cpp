// copy_if and remove_copy_if, with and without stencil, over every type, size and selectivity.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class CopyIf : public conformance<Policy> {};
TYPED_TEST_SUITE_P(CopyIf);

TYPED_TEST_P(CopyIf, Plain) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    auto expected = poisoned<T>(n);
    const auto end = std::copy_if(input.begin(), input.end(), expected.begin(), is_selected{});
    expect_output<M>(input, expected, end - expected.begin(), [&](auto& in, auto& out) {
      return predix::copy_if(this->policy, in.begin(), in.end(), out.begin(), is_selected{}) -
             out.begin();
    });
  });
}

TYPED_TEST_P(CopyIf, Stencil) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
    const auto stencil = make_stencil(r, n, s);
    const auto [expected, k] = picked_by_stencil(input, stencil, true);
    const auto d_stencil = M::upload(stencil);
    expect_output<M>(input, expected, k, [&](auto& in, auto& out) {
      return predix::copy_if(this->policy, in.begin(), in.end(), d_stencil.begin(), out.begin(),
                             stencil_selected{}) -
             out.begin();
    });
  });
}

TYPED_TEST_P(CopyIf, RemoveCopyIf) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    auto expected = poisoned<T>(n);
    const auto end =
        std::remove_copy_if(input.begin(), input.end(), expected.begin(), is_selected{});
    expect_output<M>(input, expected, end - expected.begin(), [&](auto& in, auto& out) {
      return predix::remove_copy_if(this->policy, in.begin(), in.end(), out.begin(),
                                    is_selected{}) -
             out.begin();
    });
  });
}

TYPED_TEST_P(CopyIf, RemoveCopyIfStencil) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
    const auto stencil = make_stencil(r, n, s);
    const auto [expected, k] = picked_by_stencil(input, stencil, false);
    const auto d_stencil = M::upload(stencil);
    expect_output<M>(input, expected, k, [&](auto& in, auto& out) {
      return predix::remove_copy_if(this->policy, in.begin(), in.end(), d_stencil.begin(),
                                    out.begin(), stencil_selected{}) -
             out.begin();
    });
  });
}

/// Input from a counting iterator: copy_if of the odd numbers below n.
TYPED_TEST_P(CopyIf, CountingIterator) {
  using M = typename TestFixture::memory;
  for (std::ptrdiff_t n : test_sizes<TypeParam>()) {
    SCOPED_TRACE("n = " + std::to_string(n));
    host_array<std::int64_t> expected = poisoned<std::int64_t>(n);
    std::ptrdiff_t k = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      if (i & 1) expected[k++] = i;
    }
    host_array<std::int64_t> none(0);
    expect_output<M>(none, expected, k, [&](auto&, auto& out) {
      const counting_iterator<std::int64_t> first(0);
      return predix::copy_if(this->policy, first, first + n, out.begin(), is_selected{}) -
             out.begin();
    });
  }
}

REGISTER_TYPED_TEST_SUITE_P(CopyIf, Plain, Stencil, RemoveCopyIf, RemoveCopyIfStencil,
                            CountingIterator);
PREDIX_CONFORMANCE_INSTANTIATE(CopyIf);

}  // namespace
}  // namespace predix_test
