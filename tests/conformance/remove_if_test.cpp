// remove_if in place, with and without stencil: the kept elements, in order, and their end.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class RemoveIf : public conformance<Policy> {};
TYPED_TEST_SUITE_P(RemoveIf);

TYPED_TEST_P(RemoveIf, Plain) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    auto expected = poisoned<T>(n);
    const auto kept =
        std::remove_copy_if(input.begin(), input.end(), expected.begin(), is_selected{}) -
        expected.begin();
    expect_in_place<M>(input, expected, kept, kept, [&](auto& data) {
      return predix::remove_if(this->policy, data.begin(), data.end(), is_selected{}) -
             data.begin();
    });
  });
}

TYPED_TEST_P(RemoveIf, Stencil) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
    const auto stencil = make_stencil(r, n, s);
    const auto [expected, kept] = picked_by_stencil(input, stencil, false);
    const auto d_stencil = M::upload(stencil);
    expect_in_place<M>(input, expected, kept, kept, [&](auto& data) {
      return predix::remove_if(this->policy, data.begin(), data.end(), d_stencil.begin(),
                               stencil_selected{}) -
             data.begin();
    });
  });
}

REGISTER_TYPED_TEST_SUITE_P(RemoveIf, Plain, Stencil);
PREDIX_CONFORMANCE_INSTANTIATE(RemoveIf);

}  // namespace
}  // namespace predix_test
