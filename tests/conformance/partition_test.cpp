// The partition family: order rule of DESIGN.md §1 (unstable: rejected reversed), stencil
// forms, partition_copy, is_partitioned and partition_point.
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Partition : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Partition);

/// Reference in-place partition of `values` by `flags`: selected first in order, then the
/// rejected in order or reversed. Returns the number selected.
template <class T>
std::ptrdiff_t reference_partition(host_array<T>& values, const std::vector<bool>& flags,
                                   bool reverse_rejected) {
  std::vector<std::ptrdiff_t> order(static_cast<std::size_t>(values.size()));
  std::iota(order.begin(), order.end(), std::ptrdiff_t(0));
  const auto middle = std::stable_partition(order.begin(), order.end(), [&](std::ptrdiff_t i) {
    return flags[static_cast<std::size_t>(i)];
  });
  if (reverse_rejected) std::reverse(middle, order.end());
  const host_array<T> original = values;
  for (std::size_t i = 0; i < order.size(); ++i) {
    values[static_cast<std::ptrdiff_t>(i)] = original[order[i]];
  }
  return middle - order.begin();
}

template <class Stencil>
std::vector<bool> selected_flags(const host_array<Stencil>& stencil) {
  std::vector<bool> flags(static_cast<std::size_t>(stencil.size()));
  for (std::ptrdiff_t i = 0; i < stencil.size(); ++i) {
    flags[static_cast<std::size_t>(i)] = is_selected{}(stencil[i]);
  }
  return flags;
}

/// partition / stable_partition, plain (stencil = the values) or with a uint8 stencil.
template <class Policy, class M, bool stable, bool with_stencil>
void check_partition(const Policy& policy) {
  for_each_selection_case<Policy>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, with_stencil ? selectivity{0.5, false} : s);
    const auto stencil = make_stencil(r, n, s);
    auto expected = input;
    const auto k = with_stencil ? reference_partition(expected, selected_flags(stencil), !stable)
                                : reference_partition(expected, selected_flags(input), !stable);
    const auto d_stencil = M::upload(stencil);
    expect_in_place<M>(input, expected, k, -1, [&](auto& data) {
      if constexpr (with_stencil && stable) {
        return predix::stable_partition(policy, data.begin(), data.end(), d_stencil.begin(),
                                        stencil_selected{}) - data.begin();
      } else if constexpr (with_stencil) {
        return predix::partition(policy, data.begin(), data.end(), d_stencil.begin(),
                                 stencil_selected{}) - data.begin();
      } else if constexpr (stable) {
        return predix::stable_partition(policy, data.begin(), data.end(), is_selected{}) -
               data.begin();
      } else {
        return predix::partition(policy, data.begin(), data.end(), is_selected{}) - data.begin();
      }
    });
  });
}

TYPED_TEST_P(Partition, Unstable) {
  check_partition<TypeParam, typename TestFixture::memory, false, false>(this->policy);
}
TYPED_TEST_P(Partition, UnstableStencil) {
  check_partition<TypeParam, typename TestFixture::memory, false, true>(this->policy);
}
TYPED_TEST_P(Partition, Stable) {
  check_partition<TypeParam, typename TestFixture::memory, true, false>(this->policy);
}
TYPED_TEST_P(Partition, StableStencil) {
  check_partition<TypeParam, typename TestFixture::memory, true, true>(this->policy);
}

/// partition_copy and stable_partition_copy (same results: both keep order, as Thrust).
template <class Policy, class M, bool stable, bool with_stencil>
void check_partition_copy(const Policy& policy) {
  for_each_selection_case<Policy>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, with_stencil ? selectivity{0.5, false} : s);
    const auto stencil = make_stencil(r, n, s);
    const auto flags = with_stencil ? selected_flags(stencil) : selected_flags(input);
    auto expected_true = poisoned<T>(n), expected_false = poisoned<T>(n);
    std::ptrdiff_t k = 0, rejected = 0;
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      if (flags[static_cast<std::size_t>(i)]) {
        expected_true[k++] = input[i];
      } else {
        expected_false[rejected++] = input[i];
      }
    }
    auto in = M::upload(input);
    const auto d_stencil = M::upload(stencil);
    auto out_true = M::upload(poisoned<T>(n)), out_false = M::upload(poisoned<T>(n));
    const auto ends = [&] {
      auto t = out_true.begin();
      auto f = out_false.begin();
      if constexpr (with_stencil && stable) {
        return predix::stable_partition_copy(policy, in.begin(), in.end(), d_stencil.begin(), t, f,
                                             stencil_selected{});
      } else if constexpr (with_stencil) {
        return predix::partition_copy(policy, in.begin(), in.end(), d_stencil.begin(), t, f,
                                      stencil_selected{});
      } else if constexpr (stable) {
        return predix::stable_partition_copy(policy, in.begin(), in.end(), t, f, is_selected{});
      } else {
        return predix::partition_copy(policy, in.begin(), in.end(), t, f, is_selected{});
      }
    }();
    EXPECT_EQ(ends.first - out_true.begin(), k);
    EXPECT_EQ(ends.second - out_false.begin(), rejected);
    EXPECT_TRUE(same_elements(M::download(out_true), expected_true));
    EXPECT_TRUE(same_elements(M::download(out_false), expected_false));
  });
}

TYPED_TEST_P(Partition, Copy) {
  check_partition_copy<TypeParam, typename TestFixture::memory, false, false>(this->policy);
}
TYPED_TEST_P(Partition, CopyStencil) {
  check_partition_copy<TypeParam, typename TestFixture::memory, false, true>(this->policy);
}
TYPED_TEST_P(Partition, StableCopy) {
  check_partition_copy<TypeParam, typename TestFixture::memory, true, false>(this->policy);
}
TYPED_TEST_P(Partition, StableCopyStencil) {
  check_partition_copy<TypeParam, typename TestFixture::memory, true, true>(this->policy);
}

/// is_partitioned and partition_point on partitioned inputs, and on inputs with one
/// selected element moved behind the boundary (not partitioned).
TYPED_TEST_P(Partition, IsPartitionedAndPoint) {
  using M = typename TestFixture::memory;
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    auto input = make_selection_input<T>(r, n, s);
    auto partitioned = input;
    const auto k = reference_partition(partitioned, selected_flags(input), false);
    auto broken = partitioned;
    // Swap a random selected element with a random later rejected one.
    const bool can_break = k > 0 && k < n;
    if (can_break) std::swap(broken[r.below(k)], broken[k + r.below(n - k)]);
    for (const auto* values : {&partitioned, &broken}) {
      const bool expected = std::is_partitioned(values->begin(), values->end(), is_selected{});
      const auto expected_point =
          std::find_if_not(values->begin(), values->end(), is_selected{}) - values->begin();
      on_backend<M>(*values, [&](auto& data) {
        EXPECT_EQ(predix::is_partitioned(this->policy, data.begin(), data.end(), is_selected{}),
                  expected);
        EXPECT_EQ(predix::partition_point(this->policy, data.begin(), data.end(), is_selected{}) -
                      data.begin(),
                  expected_point);
        return 0;
      });
    }
    EXPECT_EQ(std::is_partitioned(broken.begin(), broken.end(), is_selected{}), !can_break);
  });
}

REGISTER_TYPED_TEST_SUITE_P(Partition, Unstable, UnstableStencil, Stable, StableStencil, Copy,
                            CopyStencil, StableCopy, StableCopyStencil, IsPartitionedAndPoint);
PREDIX_CONFORMANCE_INSTANTIATE(Partition);

}  // namespace
}  // namespace predix_test
