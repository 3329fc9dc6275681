// copy_if, remove_copy_if and partition_copy under policy.unordered(): the same items as std::
// in any order (each output's items compared sorted by their bytes), the ends exact, nothing
// written past them; sub-ranges on and off 16-byte boundaries (on CUDA the head of unaligned
// data goes first); and the algorithms that keep order under it (stable_partition_copy,
// unique_copy, unique_by_key_copy) in order.
#include <cstring>

#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Unordered : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Unordered);

/// x's bytes as a number (items of up to 8 bytes), to sort by.
template <class T>
std::uint64_t bytes_of(const T& x) {
  std::uint64_t v = 0;
  std::memcpy(&v, &x, sizeof(T));
  return v;
}

/// actual as expected: their first k items the same up to order, the rest the same.
template <class T>
::testing::AssertionResult same_items(host_array<T> actual, host_array<T> expected,
                                      std::ptrdiff_t k) {
  if (k > actual.size() || k > expected.size()) {
    return ::testing::AssertionFailure() << "end " << k << " past the output";
  }
  if (same_elements(actual, expected)) return ::testing::AssertionSuccess();  // in order
  const auto by_bytes = [](const T& a, const T& b) {
    if constexpr (sizeof(T) <= 8) {
      return bytes_of(a) < bytes_of(b);
    } else {
      return std::memcmp(&a, &b, sizeof(T)) < 0;
    }
  };
  std::sort(actual.begin(), actual.begin() + k, by_bytes);
  std::sort(expected.begin(), expected.begin() + k, by_bytes);
  return same_elements(actual, expected);
}

/// Runs body(tag, n, input, first, last) on `input` uploaded `off` items into its array, for
/// every offset 0 … 15 and for sizes of one tile and of several (the backend's tile).
template <class Policy, class T, class M, class Body>
void for_each_offset(rng& r, Body&& body) {
  const std::ptrdiff_t tile = backend_memory<Policy>::tile;
  for (const std::ptrdiff_t n : {std::ptrdiff_t{17}, 3 * tile + 1, std::ptrdiff_t{101513}}) {
    for (std::ptrdiff_t off = 0; off < 16; ++off) {
      if (::testing::Test::HasFailure()) return;
      SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n) + ", input at " +
                   std::to_string(off));
      const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
      auto all = poisoned<T>(n + 16);
      std::copy(input.begin(), input.end(), all.begin() + off);
      const auto d_all = M::upload(all);
      body(input, d_all.begin() + off, d_all.begin() + off + n);
    }
  }
}

TYPED_TEST_P(Unordered, CopyIf) {
  using M = typename TestFixture::memory;
  const auto p = this->policy.unordered();
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    const auto stencil = make_stencil(r, n, s);
    const auto d_in = M::upload(input);
    const auto d_stencil = M::upload(stencil);
    auto check = [&](const char* form, bool accepted, bool by_stencil, auto&& run) {
      SCOPED_TRACE(form);
      auto expected = poisoned<T>(n);
      std::ptrdiff_t k = 0;
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        const bool picked = by_stencil ? selected_flag{}(stencil[i]) : selected_flag{}(input[i]);
        if (picked == accepted) expected[k++] = input[i];
      }
      auto out = M::upload(poisoned<T>(n));
      EXPECT_EQ(run(out.begin()) - out.begin(), k);
      EXPECT_TRUE(same_items(M::download(out), expected, k));
    };
    check("copy_if", true, false, [&](T* out) {
      return predix::copy_if(p, d_in.begin(), d_in.end(), out, is_selected{});
    });
    check("copy_if, stencil", true, true, [&](T* out) {
      return predix::copy_if(p, d_in.begin(), d_in.end(), d_stencil.begin(), out,
                             stencil_selected{});
    });
    check("remove_copy_if", false, false, [&](T* out) {
      return predix::remove_copy_if(p, d_in.begin(), d_in.end(), out, is_selected{});
    });
    check("remove_copy_if, stencil", false, true, [&](T* out) {
      return predix::remove_copy_if(p, d_in.begin(), d_in.end(), d_stencil.begin(), out,
                                    stencil_selected{});
    });
  });
}

TYPED_TEST_P(Unordered, PartitionCopy) {
  using M = typename TestFixture::memory;
  const auto p = this->policy.unordered();
  for_each_selection_case<TypeParam>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, s);
    auto yes = poisoned<T>(n), no = poisoned<T>(n);
    const auto ends =
        std::partition_copy(input.begin(), input.end(), yes.begin(), no.begin(), is_selected{});
    const auto d_in = M::upload(input);
    auto d_yes = M::upload(poisoned<T>(n)), d_no = M::upload(poisoned<T>(n));
    const auto got = predix::partition_copy(p, d_in.begin(), d_in.end(), d_yes.begin(),
                                            d_no.begin(), is_selected{});
    EXPECT_EQ(got.first - d_yes.begin(), ends.first - yes.begin());
    EXPECT_EQ(got.second - d_no.begin(), ends.second - no.begin());
    EXPECT_TRUE(same_items(M::download(d_yes), yes, ends.first - yes.begin()));
    EXPECT_TRUE(same_items(M::download(d_no), no, ends.second - no.begin()));
  });
}

TYPED_TEST_P(Unordered, Subranges) {
  using M = typename TestFixture::memory;
  const auto p = this->policy.unordered();
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  auto run = [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_offset<TypeParam, T, M>(r, [&](const host_array<T>& input, const T* first,
                                            const T* last) {
      const std::ptrdiff_t n = input.size();
      auto yes = poisoned<T>(n), no = poisoned<T>(n);
      const auto ends = std::partition_copy(input.begin(), input.end(), yes.begin(), no.begin(),
                                            is_selected{});
      const std::ptrdiff_t k = ends.first - yes.begin();
      auto d_picked = M::upload(poisoned<T>(n));
      EXPECT_EQ(predix::copy_if(p, first, last, d_picked.begin(), is_selected{}) -
                    d_picked.begin(),
                k);
      EXPECT_TRUE(same_items(M::download(d_picked), yes, k));
      auto d_yes = M::upload(poisoned<T>(n)), d_no = M::upload(poisoned<T>(n));
      const auto got =
          predix::partition_copy(p, first, last, d_yes.begin(), d_no.begin(), is_selected{});
      EXPECT_EQ(got.first - d_yes.begin(), k);
      EXPECT_EQ(got.second - d_no.begin(), n - k);
      EXPECT_TRUE(same_items(M::download(d_yes), yes, k));
      EXPECT_TRUE(same_items(M::download(d_no), no, n - k));
    });
  };
  run(type_tag<std::uint8_t>{});
  run(type_tag<std::int32_t>{});
  run(type_tag<std::int64_t>{});
}

/// stable_partition_copy, unique_copy and unique_by_key_copy keep their order under it.
TYPED_TEST_P(Unordered, OrderKept) {
  using M = typename TestFixture::memory;
  const auto p = this->policy.unordered();
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for (const std::ptrdiff_t n : {std::ptrdiff_t{1025}, std::ptrdiff_t{101513}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    host_array<int> input(n), values(n);
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      input[i] = static_cast<int>(r.below(3));  // runs of equal keys, half selected
      values[i] = static_cast<int>(i);
    }
    const auto d_in = M::upload(input);
    const auto d_values = M::upload(values);
    auto yes = poisoned<int>(n), no = poisoned<int>(n);
    std::partition_copy(input.begin(), input.end(), yes.begin(), no.begin(), is_selected{});
    auto d_yes = M::upload(poisoned<int>(n)), d_no = M::upload(poisoned<int>(n));
    predix::stable_partition_copy(p, d_in.begin(), d_in.end(), d_yes.begin(), d_no.begin(),
                                  is_selected{});
    EXPECT_TRUE(same_elements(M::download(d_yes), yes));
    EXPECT_TRUE(same_elements(M::download(d_no), no));

    auto heads = poisoned<int>(n), head_values = poisoned<int>(n);
    std::ptrdiff_t k = 0;
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      if (i == 0 || input[i] != input[i - 1]) {
        heads[k] = input[i];
        head_values[k++] = values[i];
      }
    }
    auto d_heads = M::upload(poisoned<int>(n)), d_head_values = M::upload(poisoned<int>(n));
    EXPECT_EQ(predix::unique_copy(p, d_in.begin(), d_in.end(), d_heads.begin()) -
                  d_heads.begin(),
              k);
    EXPECT_TRUE(same_elements(M::download(d_heads), heads));
    auto d_keys = M::upload(poisoned<int>(n));
    const auto ends = predix::unique_by_key_copy(p, d_in.begin(), d_in.end(), d_values.begin(),
                                                 d_keys.begin(), d_head_values.begin());
    EXPECT_EQ(ends.first - d_keys.begin(), k);
    EXPECT_EQ(ends.second - d_head_values.begin(), k);
    EXPECT_TRUE(same_elements(M::download(d_keys), heads));
    EXPECT_TRUE(same_elements(M::download(d_head_values), head_values));
  }
}

REGISTER_TYPED_TEST_SUITE_P(Unordered, CopyIf, PartitionCopy, Subranges, OrderKept);
PREDIX_CONFORMANCE_INSTANTIATE(Unordered);

}  // namespace
}  // namespace predix_test
