// Sub-ranges that start 0 to 15 items into their arrays (on and off 16-byte boundaries, as
// v.begin() + k gives), with outputs at the same or another offset, for every algorithm of
// DESIGN.md §1 on the 1- to 8-byte types: the same results as std::, and nothing written
// outside the output's sub-range. On CUDA these are the heads of unaligned data
// (predix/cuda/detail/aligned_head.hpp).
#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Subrange : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Subrange);

/// x · y = y: associative and not commutative, so that scans and reductions over it show
/// whether every item came in order (a scan copies its input; a reduction gives the last item).
struct right {
  template <class T>
  PREDIX_HOST_DEVICE T operator()(const T&, const T& y) const {
    return y;
  }
};

/// `values` placed `off` items into a poisoned array 16 items longer.
template <class T>
host_array<T> placed(const host_array<T>& values, std::ptrdiff_t off) {
  auto all = poisoned<T>(values.size() + 16);
  std::copy(values.begin(), values.end(), all.begin() + off);
  return all;
}

/// Runs body(type_tag, n, off, out_off, rng) for uint8, int16, int32 and int64, sizes around
/// the backend's tile (under PREDIX_TEST_QUICK, for the sanitizers: two), every start offset
/// `off` of the input and an output offset equal to it or not (without a separate output:
/// out_off is off).
template <class Policy, class Body>
void for_each_subrange(Body&& body, bool separate_output = true) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const std::ptrdiff_t tile = backend_memory<Policy>::tile;
  std::vector<std::ptrdiff_t> sizes{17, tile + 5};
  if (!quick_mode()) sizes.insert(sizes.end(), {1, 2, 1025, tile - 1, 3 * tile + 1, 101513});
  using types = std::tuple<type_tag<std::uint8_t>, type_tag<std::int16_t>,
                           type_tag<std::int32_t>, type_tag<std::int64_t>>;
  std::apply([&](auto... tags) {
    ([&](auto tag) {
      for (const std::ptrdiff_t n : sizes) {
        for (std::ptrdiff_t off = 0; off < 16; ++off) {
          for (const std::ptrdiff_t out_off : {off, (off + 7) % 16}) {
            if (::testing::Test::HasFailure()) return;
            if (!separate_output && out_off != off) continue;
            SCOPED_TRACE(std::string(type_name<typename decltype(tag)::type>) + ", n = " +
                         std::to_string(n) + ", input at " + std::to_string(off) +
                         ", output at " + std::to_string(out_off));
            body(tag, n, off, out_off, r);
          }
        }
      }
    }(tags), ...);
  }, types{});
}

/// Uploads a poisoned output of n + 16 items, lets run(out) write at out + out_off and return
/// its end, and compares the end and the whole array with `expected` placed at out_off.
template <class M, class T, class Run>
void expect_placed(const host_array<T>& expected, std::ptrdiff_t expected_end,
                   std::ptrdiff_t out_off, Run&& run) {
  auto out = M::upload(poisoned<T>(expected.size() + 16));
  EXPECT_EQ(run(out.begin() + out_off) - (out.begin() + out_off), expected_end);
  EXPECT_TRUE(same_elements(M::download(out), placed(expected, out_off)));
}

TYPED_TEST_P(Subrange, Selection) {
  using M = typename TestFixture::memory;
  const auto& p = this->policy;
  for_each_subrange<TypeParam>([&](auto tag, std::ptrdiff_t n, std::ptrdiff_t off,
                                   std::ptrdiff_t out_off, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
    const auto stencil = make_stencil(r, n, selectivity{0.5, false});
    const auto d_in = M::upload(placed(input, off));
    const auto d_stencil = M::upload(placed(stencil, off));
    const T* first = d_in.begin() + off;
    const T* last = first + n;
    const std::uint8_t* tests = d_stencil.begin() + off;
    auto expected = poisoned<T>(n);
    auto k = std::copy_if(input.begin(), input.end(), expected.begin(), is_selected{}) -
             expected.begin();
    expect_placed<M>(expected, k, out_off,
                     [&](T* out) { return predix::copy_if(p, first, last, out, is_selected{}); });
    expected = poisoned<T>(n);
    k = std::remove_copy_if(input.begin(), input.end(), expected.begin(), is_selected{}) -
        expected.begin();
    expect_placed<M>(expected, k, out_off, [&](T* out) {
      return predix::remove_copy_if(p, first, last, out, is_selected{});
    });
    expected = poisoned<T>(n);
    k = 0;
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      if (is_selected{}(stencil[i])) expected[k++] = input[i];
    }
    expect_placed<M>(expected, k, out_off, [&](T* out) {
      return predix::copy_if(p, first, last, tests, out, stencil_selected{});
    });
    // partition_copy and stable_partition_copy, the rejected items at another offset.
    auto yes = poisoned<T>(n), no = poisoned<T>(n);
    const auto ends =
        std::partition_copy(input.begin(), input.end(), yes.begin(), no.begin(), is_selected{});
    const std::ptrdiff_t no_off = 15 - out_off;
    for (const bool stable : {false, true}) {
      auto d_yes = M::upload(poisoned<T>(n + 16)), d_no = M::upload(poisoned<T>(n + 16));
      T* const to_yes = d_yes.begin() + out_off;
      T* const to_no = d_no.begin() + no_off;
      const auto got =
          stable ? predix::stable_partition_copy(p, first, last, to_yes, to_no, is_selected{})
                 : predix::partition_copy(p, first, last, to_yes, to_no, is_selected{});
      EXPECT_EQ(got.first - to_yes, ends.first - yes.begin()) << stable;
      EXPECT_EQ(got.second - to_no, ends.second - no.begin()) << stable;
      EXPECT_TRUE(same_elements(M::download(d_yes), placed(yes, out_off))) << stable;
      EXPECT_TRUE(same_elements(M::download(d_no), placed(no, no_off))) << stable;
    }
  });
}

TYPED_TEST_P(Subrange, InPlace) {
  using M = typename TestFixture::memory;
  const auto& p = this->policy;
  for_each_subrange<TypeParam>([&](auto tag, std::ptrdiff_t n, std::ptrdiff_t off,
                                   std::ptrdiff_t, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
    auto stable = input, kept = input;
    const auto k = std::stable_partition(stable.begin(), stable.end(), is_selected{}) -
                   stable.begin();
    auto unstable = stable;  // the rejected items reversed (DESIGN.md §1)
    std::reverse(unstable.begin() + k, unstable.end());
    const auto kept_end = std::remove_if(kept.begin(), kept.end(), is_selected{}) - kept.begin();
    auto check = [&](const host_array<T>& expected, std::ptrdiff_t end, std::ptrdiff_t compared,
                     auto&& run) {
      auto data = M::upload(placed(input, off));
      EXPECT_EQ(run(data.begin() + off, data.begin() + off + n) - (data.begin() + off), end);
      auto want = placed(input, off);  // outside the compared items: as they were
      std::copy(expected.begin(), expected.begin() + compared, want.begin() + off);
      auto got = M::download(data);
      std::copy(got.begin() + off + compared, got.begin() + off + n, want.begin() + off + compared);
      EXPECT_TRUE(same_elements(got, want));
    };
    check(stable, k, n,
          [&](T* b, T* e) { return predix::stable_partition(p, b, e, is_selected{}); });
    check(unstable, k, n, [&](T* b, T* e) { return predix::partition(p, b, e, is_selected{}); });
    check(kept, kept_end, kept_end,
          [&](T* b, T* e) { return predix::remove_if(p, b, e, is_selected{}); });
  }, false);
}

TYPED_TEST_P(Subrange, ScanAndReduce) {
  using M = typename TestFixture::memory;
  const auto& p = this->policy;
  for_each_subrange<TypeParam>([&](auto tag, std::ptrdiff_t n, std::ptrdiff_t off,
                                   std::ptrdiff_t out_off, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_scan_input<T>(r, n);
    const auto d_in = M::upload(placed(input, off));
    const T* first = d_in.begin() + off;
    const T* last = first + n;
    auto expected = poisoned<T>(n);
    std::inclusive_scan(input.begin(), input.end(), expected.begin(), std::plus<>{});
    expect_placed<M>(expected, n, out_off,
                     [&](T* out) { return predix::inclusive_scan(p, first, last, out); });
    expect_placed<M>(input, n, out_off, [&](T* out) {
      return predix::inclusive_scan(p, first, last, out, right{});
    });
    const T init = value_traits<T>::small(r);
    std::exclusive_scan(input.begin(), input.end(), expected.begin(), init, std::plus<>{});
    expect_placed<M>(expected, n, out_off,
                     [&](T* out) { return predix::exclusive_scan(p, first, last, out, init); });
    EXPECT_EQ(predix::reduce(p, first, last), std::reduce(input.begin(), input.end()));
    EXPECT_EQ(predix::reduce(p, first, last, init, right{}), input[n - 1]);
    if (out_off == off) {  // in place
      std::inclusive_scan(input.begin(), input.end(), expected.begin(), std::plus<>{});
      auto data = M::upload(placed(input, off));
      EXPECT_EQ(predix::inclusive_scan(p, data.begin() + off, data.begin() + off + n,
                                       data.begin() + off) -
                    (data.begin() + off),
                n);
      EXPECT_TRUE(same_elements(M::download(data), placed(expected, off)));
    }
    // 0/1 items (the binary path on CUDA): bool flags counted into int32 offsets, their running
    // OR (inclusive, in bool) and their running AND from true (exclusive: true first).
    host_array<bool> flags(n);
    const double ones = r.chance(0.5) ? 0.5 : 0.998;  // or runs of ones past any head
    for (std::ptrdiff_t i = 0; i < n; ++i) flags[i] = r.chance(ones);
    const auto d_flags = M::upload(placed(flags, off));
    const bool* b = d_flags.begin() + off;
    host_array<std::int32_t> offsets(n);
    std::exclusive_scan(flags.begin(), flags.end(), offsets.begin(), std::int32_t{0});
    expect_placed<M>(offsets, n, out_off, [&](std::int32_t* out) {
      return predix::exclusive_scan(p, b, b + n, out, std::int32_t{0});
    });
    host_array<bool> running(n);
    std::inclusive_scan(flags.begin(), flags.end(), running.begin(), std::logical_or<>{});
    expect_placed<M>(running, n, out_off,
                     [&](bool* out) { return predix::inclusive_scan(p, b, b + n, out); });
    std::exclusive_scan(flags.begin(), flags.end(), running.begin(), true, std::logical_and<>{});
    expect_placed<M>(running, n, out_off, [&](bool* out) {
      return predix::exclusive_scan(p, b, b + n, out, true, std::logical_and<>{});
    });
  });
}

TYPED_TEST_P(Subrange, CountAndFind) {
  using M = typename TestFixture::memory;
  const auto& p = this->policy;
  for_each_subrange<TypeParam>([&](auto tag, std::ptrdiff_t n, std::ptrdiff_t off,
                                   std::ptrdiff_t, rng& r) {
    using T = typename decltype(tag)::type;
    // One selected item: in the first 16 (a head's, on CUDA) or anywhere; none at all.
    for (const std::ptrdiff_t at : {std::ptrdiff_t(r.below(n < 16 ? n : 16)),
                                    std::ptrdiff_t(r.below(n)), n}) {
      std::vector<bool> flags(static_cast<std::size_t>(n), false);
      if (at < n) flags[static_cast<std::size_t>(at)] = true;
      const auto input = make_selection_input<T>(r, flags);
      const auto d_in = M::upload(placed(input, off));
      const T* first = d_in.begin() + off;
      const T* last = first + n;
      EXPECT_EQ(predix::find_if(p, first, last, is_selected{}) - first, at);
      EXPECT_EQ(predix::any_of(p, first, last, is_selected{}), at < n);
      EXPECT_EQ(predix::count_if(p, first, last, is_selected{}), at < n ? 1 : 0);
    }
    const auto input = make_selection_input<T>(r, n, selectivity{0.5, false});
    const auto d_in = M::upload(placed(input, off));
    const T* first = d_in.begin() + off;
    EXPECT_EQ(predix::count_if(p, first, first + n, is_selected{}),
              std::count_if(input.begin(), input.end(), is_selected{}));
    EXPECT_EQ(predix::find_if_not(p, first, first + n, is_selected{}) - first,
              std::find_if_not(input.begin(), input.end(), is_selected{}) - input.begin());
  }, false);
}

REGISTER_TYPED_TEST_SUITE_P(Subrange, Selection, InPlace, ScanAndReduce, CountAndFind);
PREDIX_CONFORMANCE_INSTANTIATE(Subrange);

}  // namespace
}  // namespace predix_test
