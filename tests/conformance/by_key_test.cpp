// The by-key algorithms — inclusive_scan_by_key, exclusive_scan_by_key, reduce_by_key,
// unique_by_key_copy, unique_by_key — over keys in runs (runs.hpp) with == and with an
// equivalence coarser than ==, against plain loops: affine values under composition (an
// associative op that does not commute, so a segment's order shows), outputs poisoned; then
// int values (whole, and from item 1 on: off the memory's alignment) and 0/1 values (a
// parity, and counts: CUDA's segmented binary path; reduce_by_key's parities too); the forms
// without predicate, op or init over int values, the scans in place.
#include "../support/by_key.hpp"
#include "runs.hpp"

namespace predix_test {
namespace {

/// Values that differ item by item, so that a misplaced or reordered one shows.
host_array<affine> values_for(std::ptrdiff_t n) {
  host_array<affine> v(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    v[i] = {2 * static_cast<std::uint64_t>(i) + 3, 7 * static_cast<std::uint64_t>(i) + 1};
  }
  return v;
}

template <class Policy>
class ByKey : public conformance<Policy> {};
TYPED_TEST_SUITE_P(ByKey);

TYPED_TEST_P(ByKey, Scans) {
  using M = typename TestFixture::memory;
  for_each_unique_case<TypeParam>([&](const auto& keys, auto eq, const char* name) {
    SCOPED_TRACE(name);
    const std::ptrdiff_t n = keys.size();
    const auto values = values_for(n);
    const affine init{5, 9};
    auto k = M::upload(keys);
    auto v = M::upload(values);
    auto out = M::upload(poisoned<affine>(n));
    auto end = predix::inclusive_scan_by_key(this->policy, k.begin(), k.end(), v.begin(),
                                             out.begin(), eq, compose{});
    EXPECT_EQ(end - out.begin(), n);
    EXPECT_TRUE(same_elements(M::download(out), inclusive_by_key(keys, values, eq, compose{})));
    auto out_exclusive = M::upload(poisoned<affine>(n));
    end = predix::exclusive_scan_by_key(this->policy, k.begin(), k.end(), v.begin(),
                                        out_exclusive.begin(), init, eq, compose{});
    EXPECT_EQ(end - out_exclusive.begin(), n);
    EXPECT_TRUE(same_elements(M::download(out_exclusive),
                              exclusive_by_key(keys, values, init, eq, compose{})));
    // int values, inclusive and exclusive (CUDA: keys and values loaded and results stored as
    // vectors), and the same from item 1 on (memory off its alignment: item by item)
    host_array<int> ints(n);
    for (std::ptrdiff_t i = 0; i < n; ++i) ints[i] = static_cast<int>(i % 13) - 6;
    auto w = M::upload(ints);
    auto out_ints = M::upload(poisoned<int>(n));
    predix::inclusive_scan_by_key(this->policy, k.begin(), k.end(), w.begin(), out_ints.begin(),
                                  eq, std::plus<>{});
    EXPECT_TRUE(
        same_elements(M::download(out_ints), inclusive_by_key(keys, ints, eq, std::plus<>{})));
    auto out_ints_exclusive = M::upload(poisoned<int>(n));
    predix::exclusive_scan_by_key(this->policy, k.begin(), k.end(), w.begin(),
                                  out_ints_exclusive.begin(), 3, eq, std::plus<>{});
    EXPECT_TRUE(same_elements(M::download(out_ints_exclusive),
                              exclusive_by_key(keys, ints, 3, eq, std::plus<>{})));
    // 0/1 values (CUDA: the segmented binary path): a running parity, and counts from 3
    host_array<bool> bits(n);
    for (std::ptrdiff_t i = 0; i < n; ++i) bits[i] = (i * 7 + i / 5) % 3 == 0;
    auto b = M::upload(bits);
    auto out_parity = M::upload(poisoned<bool>(n));
    predix::inclusive_scan_by_key(this->policy, k.begin(), k.end(), b.begin(), out_parity.begin(),
                                  eq, std::bit_xor<>{});
    EXPECT_TRUE(same_elements(M::download(out_parity),
                              inclusive_by_key(keys, bits, eq, std::bit_xor<>{})));
    auto out_counts = M::upload(poisoned<int>(n));
    predix::exclusive_scan_by_key(this->policy, k.begin(), k.end(), b.begin(), out_counts.begin(),
                                  3, eq, std::plus<>{});
    host_array<int> widened(n);
    std::copy(bits.begin(), bits.end(), widened.begin());
    EXPECT_TRUE(same_elements(M::download(out_counts),
                              exclusive_by_key(keys, widened, 3, eq, std::plus<>{})));
    if (n < 2) return;
    auto out_after = M::upload(poisoned<int>(n));
    predix::inclusive_scan_by_key(this->policy, k.begin() + 1, k.end(), w.begin() + 1,
                                  out_after.begin() + 1, eq, std::plus<>{});
    auto expected = poisoned<int>(n);
    const auto after = inclusive_by_key(from(keys, 1), from(ints, 1), eq, std::plus<>{});
    std::copy(after.begin(), after.end(), expected.begin() + 1);
    EXPECT_TRUE(same_elements(M::download(out_after), expected));
    auto out_after_exclusive = M::upload(poisoned<int>(n));
    predix::exclusive_scan_by_key(this->policy, k.begin() + 1, k.end(), w.begin() + 1,
                                  out_after_exclusive.begin() + 1, 3, eq, std::plus<>{});
    auto expected_exclusive = poisoned<int>(n);
    const auto after_exclusive =
        exclusive_by_key(from(keys, 1), from(ints, 1), 3, eq, std::plus<>{});
    std::copy(after_exclusive.begin(), after_exclusive.end(), expected_exclusive.begin() + 1);
    EXPECT_TRUE(same_elements(M::download(out_after_exclusive), expected_exclusive));
  });
}

TYPED_TEST_P(ByKey, Reduce) {
  using M = typename TestFixture::memory;
  for_each_unique_case<TypeParam>([&](const auto& keys, auto eq, const char* name) {
    SCOPED_TRACE(name);
    using K = std::decay_t<decltype(keys[0])>;
    const std::ptrdiff_t n = keys.size();
    const auto values = values_for(n);
    const auto [keys_expected, values_expected, m] = reduce_by_key_of(keys, values, eq, compose{});
    auto k = M::upload(keys);
    auto v = M::upload(values);
    auto keys_out = M::upload(poisoned<K>(n));
    auto values_out = M::upload(poisoned<affine>(n));
    const auto ends = predix::reduce_by_key(this->policy, k.begin(), k.end(), v.begin(),
                                            keys_out.begin(), values_out.begin(), eq, compose{});
    EXPECT_EQ(ends.first - keys_out.begin(), m);
    EXPECT_EQ(ends.second - values_out.begin(), m);
    EXPECT_TRUE(same_elements(M::download(keys_out), keys_expected));
    EXPECT_TRUE(same_elements(M::download(values_out), values_expected));
    // 0/1 values (CUDA: the segmented binary path, heads counted): each segment's parity
    host_array<bool> bits(n);
    for (std::ptrdiff_t i = 0; i < n; ++i) bits[i] = (i * 7 + i / 5) % 3 == 0;
    const auto [bit_keys, parities, segments] = reduce_by_key_of(keys, bits, eq, std::bit_xor<>{});
    auto b = M::upload(bits);
    auto bit_keys_out = M::upload(poisoned<K>(n));
    auto parities_out = M::upload(poisoned<bool>(n));
    const auto bit_ends =
        predix::reduce_by_key(this->policy, k.begin(), k.end(), b.begin(), bit_keys_out.begin(),
                              parities_out.begin(), eq, std::bit_xor<>{});
    EXPECT_EQ(bit_ends.first - bit_keys_out.begin(), segments);
    EXPECT_TRUE(same_elements(M::download(bit_keys_out), bit_keys));
    EXPECT_TRUE(same_elements(M::download(parities_out), parities));
  });
}

TYPED_TEST_P(ByKey, Unique) {
  using M = typename TestFixture::memory;
  for_each_unique_case<TypeParam>([&](const auto& keys, auto eq, const char* name) {
    SCOPED_TRACE(name);
    using K = std::decay_t<decltype(keys[0])>;
    const std::ptrdiff_t n = keys.size();
    const auto values = values_for(n);
    auto keys_expected = poisoned<K>(n);
    auto values_expected = poisoned<affine>(n);
    std::ptrdiff_t m = 0;
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      if (starts(keys, i, eq)) {
        keys_expected[m] = keys[i];
        values_expected[m++] = values[i];
      }
    }
    auto k = M::upload(keys);
    auto v = M::upload(values);
    auto keys_out = M::upload(poisoned<K>(n));
    auto values_out = M::upload(poisoned<affine>(n));
    const auto ends = predix::unique_by_key_copy(this->policy, k.begin(), k.end(), v.begin(),
                                                 keys_out.begin(), values_out.begin(), eq);
    EXPECT_EQ(ends.first - keys_out.begin(), m);
    EXPECT_EQ(ends.second - values_out.begin(), m);
    EXPECT_TRUE(same_elements(M::download(keys_out), keys_expected));
    EXPECT_TRUE(same_elements(M::download(values_out), values_expected));
    // In place: the first m of each compared.
    const auto in_place = predix::unique_by_key(this->policy, k.begin(), k.end(), v.begin(), eq);
    EXPECT_EQ(in_place.first - k.begin(), m);
    EXPECT_EQ(in_place.second - v.begin(), m);
    const auto keys_now = M::download(k);
    const auto values_now = M::download(v);
    for (std::ptrdiff_t i = 0; i < m && !::testing::Test::HasFailure(); ++i) {
      EXPECT_TRUE(keys_now[i] == keys_expected[i]) << "key " << i;
      EXPECT_TRUE(values_now[i] == values_expected[i]) << "value " << i;
    }
  });
}

TYPED_TEST_P(ByKey, DefaultsAndInPlace) {  // ==, plus, init 0; the scans in place
  using M = typename TestFixture::memory;
  rng r(test_seed());
  const std::ptrdiff_t n = 5000;
  const auto keys = make_runs<int>(r, make_flags(r, n, {0.1, false}));
  const auto values = make_scan_input<int>(r, n);
  const std::equal_to<> eq;
  const std::plus<> plus;
  const auto& p = this->policy;
  auto k = M::upload(keys);
  auto inclusive = M::upload(values);
  predix::inclusive_scan_by_key(p, k.begin(), k.end(), inclusive.begin(), inclusive.begin());
  EXPECT_TRUE(same_elements(M::download(inclusive), inclusive_by_key(keys, values, eq, plus)));
  auto exclusive0 = M::upload(values);
  predix::exclusive_scan_by_key(p, k.begin(), k.end(), exclusive0.begin(), exclusive0.begin());
  EXPECT_TRUE(same_elements(M::download(exclusive0), exclusive_by_key(keys, values, 0, eq, plus)));
  auto exclusive7 = M::upload(values);
  predix::exclusive_scan_by_key(p, k.begin(), k.end(), exclusive7.begin(), exclusive7.begin(), 7);
  EXPECT_TRUE(same_elements(M::download(exclusive7), exclusive_by_key(keys, values, 7, eq, plus)));
  const auto [keys_expected, values_expected, m] = reduce_by_key_of(keys, values, eq, plus);
  auto v = M::upload(values);
  auto keys_out = M::upload(poisoned<int>(n));
  auto values_out = M::upload(poisoned<int>(n));
  const auto ends =
      predix::reduce_by_key(p, k.begin(), k.end(), v.begin(), keys_out.begin(), values_out.begin());
  EXPECT_EQ(ends.first - keys_out.begin(), m);
  EXPECT_TRUE(same_elements(M::download(keys_out), keys_expected));
  EXPECT_TRUE(same_elements(M::download(values_out), values_expected));
  const auto in_place = predix::unique_by_key(p, k.begin(), k.end(), v.begin());
  EXPECT_EQ(in_place.first - k.begin(), m);
  const auto keys_now = M::download(k);
  for (std::ptrdiff_t i = 0; i < m; ++i) ASSERT_EQ(keys_now[i], keys_expected[i]) << i;
}

REGISTER_TYPED_TEST_SUITE_P(ByKey, Scans, Reduce, Unique, DefaultsAndInPlace);
PREDIX_CONFORMANCE_INSTANTIATE(ByKey);

}  // namespace
}  // namespace predix_test
