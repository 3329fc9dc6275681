// inclusive_scan / exclusive_scan: every form, every type and operator (compose: not
// commutative), in place, 0/1 data through transform iterators, accumulator types.
#include <cmath>

#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Scan : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Scan);

TYPED_TEST_P(Scan, InclusiveWithOp) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_scan_input<T>(r, n);
    for_each_op<T>([&](auto op, const char* name) {
      SCOPED_TRACE(name);
      auto expected = poisoned<T>(n);
      std::inclusive_scan(input.begin(), input.end(), expected.begin(), op);
      expect_output<M>(input, expected, n, [&](auto& in, auto& out) {
        return predix::inclusive_scan(this->policy, in.begin(), in.end(), out.begin(), op) -
               out.begin();
      });
    });
  });
}

TYPED_TEST_P(Scan, ExclusiveWithInitAndOp) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_scan_input<T>(r, n);
    for_each_op<T>([&](auto op, const char* name) {
      SCOPED_TRACE(name);
      const T init = value_traits<T>::small(r);
      auto expected = poisoned<T>(n);
      std::exclusive_scan(input.begin(), input.end(), expected.begin(), init, op);
      expect_output<M>(input, expected, n, [&](auto& in, auto& out) {
        return predix::exclusive_scan(this->policy, in.begin(), in.end(), out.begin(), init, op) -
               out.begin();
      });
    });
  });
}

/// The forms without op (plus) and without init (value_type{}), and both in place.
TYPED_TEST_P(Scan, DefaultsAndInPlace) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, affine>) {
      const auto input = make_scan_input<T>(r, n);
      const T init = value_traits<T>::small(r);
      auto inclusive = poisoned<T>(n), exclusive = poisoned<T>(n), exclusive0 = poisoned<T>(n);
      std::inclusive_scan(input.begin(), input.end(), inclusive.begin(), std::plus<>{});
      std::exclusive_scan(input.begin(), input.end(), exclusive.begin(), init, std::plus<>{});
      std::exclusive_scan(input.begin(), input.end(), exclusive0.begin(), T{}, std::plus<>{});
      const auto& p = this->policy;
      expect_output<M>(input, inclusive, n, [&](auto& in, auto& out) {
        return predix::inclusive_scan(p, in.begin(), in.end(), out.begin()) - out.begin();
      });
      expect_output<M>(input, exclusive, n, [&](auto& in, auto& out) {
        return predix::exclusive_scan(p, in.begin(), in.end(), out.begin(), init) - out.begin();
      });
      expect_output<M>(input, exclusive0, n, [&](auto& in, auto& out) {
        return predix::exclusive_scan(p, in.begin(), in.end(), out.begin()) - out.begin();
      });
      expect_in_place<M>(input, inclusive, n, -1, [&](auto& data) {
        return predix::inclusive_scan(p, data.begin(), data.end(), data.begin()) - data.begin();
      });
      expect_in_place<M>(input, exclusive, n, -1, [&](auto& data) {
        return predix::exclusive_scan(p, data.begin(), data.end(), data.begin(), init) -
               data.begin();
      });
    } else {
      const auto input = make_scan_input<T>(r, n);
      auto expected = poisoned<T>(n);
      std::inclusive_scan(input.begin(), input.end(), expected.begin(), compose{});
      expect_in_place<M>(input, expected, n, -1, [&](auto& data) {
        return predix::inclusive_scan(this->policy, data.begin(), data.end(), data.begin(),
                                      compose{}) -
               data.begin();
      });
    }
  });
}

/// Accumulator types: over bool, inclusive_scan is a running OR (value type bool) and
/// exclusive_scan with an int init counts; the same through a transform iterator of flags.
TYPED_TEST_P(Scan, BooleanAccumulators) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    host_array<bool> flags(n);
    std::transform(input.begin(), input.end(), flags.begin(), selected_flag{});
    auto running_or = poisoned<bool>(n);
    auto counts = poisoned<std::int32_t>(n);
    std::inclusive_scan(flags.begin(), flags.end(), running_or.begin(), std::plus<>{});
    std::exclusive_scan(flags.begin(), flags.end(), counts.begin(), std::int32_t{0});
    const auto& p = this->policy;
    host_array<bool> none(0);
    auto in = M::upload(input);
    const auto first = make_transform_iterator(in.begin(), selected_flag{});
    expect_output<M>(none, running_or, n, [&](auto&, auto& out) {
      return predix::inclusive_scan(p, first, first + n, out.begin()) - out.begin();
    });
    expect_output<M>(none, counts, n, [&](auto&, auto& out) {
      return predix::exclusive_scan(p, first, first + n, out.begin(), std::int32_t{0}) -
             out.begin();
    });
    if constexpr (std::is_same_v<T, bool>) {
      expect_output<M>(flags, counts, n, [&](auto& f, auto& out) {
        return predix::exclusive_scan(p, f.begin(), f.end(), out.begin(), 0) - out.begin();
      });
    }
  });
}

/// Real-valued data: backends may associate differently, so results agree within rounding
/// (relative error bounded by n·epsilon of the running sum of magnitudes).
TYPED_TEST_P(Scan, FloatingPointWithinRounding) {
  using M = typename TestFixture::memory;
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  auto check = [&](auto zero) {
    using T = decltype(zero);
    for (std::ptrdiff_t n : test_sizes<TypeParam>()) {
      host_array<T> input(n);
      for (auto& x : input) x = static_cast<T>(static_cast<double>(r.next() >> 11) * 0x1.0p-53);
      host_array<double> exact(n);
      std::inclusive_scan(input.begin(), input.end(), exact.begin(), std::plus<>{});
      const auto actual = on_backend<M>(input, [&](auto& in) {
        auto out = M::upload(poisoned<T>(n));
        predix::inclusive_scan(this->policy, in.begin(), in.end(), out.begin());
        return M::download(out);
      });
      const double tolerance = 2.0 * static_cast<double>(n) * std::numeric_limits<T>::epsilon();
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        ASSERT_LE(std::fabs(actual[i] - exact[i]), tolerance * exact[i] + 1e-30)
            << "n = " << n << ", index " << i;
      }
    }
  };
  check(float{});
  check(double{});
}

REGISTER_TYPED_TEST_SUITE_P(Scan, InclusiveWithOp, ExclusiveWithInitAndOp, DefaultsAndInPlace,
                            BooleanAccumulators, FloatingPointWithinRounding);
PREDIX_CONFORMANCE_INSTANTIATE(Scan);

}  // namespace
}  // namespace predix_test
