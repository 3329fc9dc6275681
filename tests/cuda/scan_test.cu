// device/scan.cuh beyond the conformance suite: sizes around each type's own tile and past
// the 32-tile look-back window, every binary op with integral accumulators of 1, 4 and 8
// bytes (8: the look-back's separate status and value arrays), vectorized and scalar loads
// and stores (aligned, unaligned, device_ptr, Thrust and predix_test iterators), a user
// stream, the look-back slots reused across calls and past their last epoch, and one in-place
// run above 2^31 items. Every result is compared with std::inclusive_scan / exclusive_scan
// (copy_if: std::copy_if) on the host.
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <numeric>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

/// Sizes around the tiles of a scan of In items into A accumulators: the general kernel's
/// tile (it alone runs the smaller calls, tuning scan) and the whole kernel's, 33 general
/// tiles (past the 32-tile look-back window), and `mixed`: whole tiles then a ragged tail of
/// general tiles (PREDIX_TEST_QUICK: 1, general tile + 1, 33 general tiles + 5, mixed).
template <class In, class A>
std::vector<std::ptrdiff_t> tile_sizes(bool with_mixed = true) {
  using tuning = predix::gpu::tuning::active::scan;
  const std::ptrdiff_t tile = tuning::threads * tuning::items(sizeof(In), sizeof(A));
  const std::ptrdiff_t general = tuning::threads * tuning::items(sizeof(In), sizeof(A), true);
  std::vector<std::ptrdiff_t> sizes{1, general + 1, 33 * general + 5};
  if (!quick_mode()) {
    sizes.insert(sizes.end(), {2, general - 1, general, tile + 1, 70 * tile + 1});
  }
  if (with_mixed) {
    const std::ptrdiff_t general_only = tuning::general_only_bytes(sizeof(In)) / std::ptrdiff_t(sizeof(In));
    sizes.push_back(general_only + 2 * tile + general + 3);
  }
  return sizes;
}

/// Runs predix's scan of `input` (in place when asked) and compares it with std::'s.
template <bool INCLUSIVE, class In, class Op, class Init>
void check_scan(const host_array<In>& input, Op op, Init init, bool in_place = false) {
  using Out = std::conditional_t<INCLUSIVE, In, Init>;
  const std::ptrdiff_t n = input.size();
  host_array<Out> expected(n);
  if constexpr (INCLUSIVE) {
    std::inclusive_scan(input.begin(), input.end(), expected.begin(), op);
  } else {
    std::exclusive_scan(input.begin(), input.end(), expected.begin(), init, op);
  }
  auto in = M::upload(input);
  if constexpr (std::is_same_v<In, Out>) {
    if (in_place) {
      if constexpr (INCLUSIVE) {
        predix::inclusive_scan(predix::cuda, in.begin(), in.end(), in.begin(), op);
      } else {
        predix::exclusive_scan(predix::cuda, in.begin(), in.end(), in.begin(), init, op);
      }
      EXPECT_TRUE(same_elements(M::download(in), expected)) << "in place";
      return;
    }
  }
  auto out = M::upload(poisoned<Out>(n));
  if constexpr (INCLUSIVE) {
    predix::inclusive_scan(predix::cuda, in.begin(), in.end(), out.begin(), op);
  } else {
    predix::exclusive_scan(predix::cuda, in.begin(), in.end(), out.begin(), init, op);
  }
  EXPECT_TRUE(same_elements(M::download(out), expected));
}

class Scan : public cuda_test {};

struct widen {
  __host__ __device__ std::int32_t operator()(std::uint8_t x) const { return x; }
};

TEST_F(Scan, GenericPathAroundEachTypesTile) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for_each_type([&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      using Op = std::conditional_t<std::is_same_v<T, affine>, compose, std::plus<>>;
      for (const std::ptrdiff_t n : tile_sizes<T, T>()) {
        if (::testing::Test::HasFailure()) return;
        SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n));
        const auto input = make_scan_input<T>(r, n);
        const T init = value_traits<T>::small(r);
        check_scan<true>(input, Op{}, init);
        check_scan<false>(input, Op{}, init);
        check_scan<true>(input, Op{}, init, true);
        check_scan<false>(input, Op{}, init, true);
      }
    }
  });
}

/// Flags of a chosen kind: random at `density`, or all ones with one zero at `hole`.
host_array<bool> make_bits(rng& r, std::ptrdiff_t n, double density, std::ptrdiff_t hole = -1) {
  host_array<bool> bits(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) bits[i] = hole >= 0 ? i != hole : r.chance(density);
  return bits;
}

TEST_F(Scan, BinaryPathEveryOpAndAccumulator) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  auto each_op = [](auto f) {
    f(std::plus<>{}, "plus"), f(std::logical_or<>{}, "logical_or"),
        f(std::logical_and<>{}, "logical_and");
    f(std::bit_or<>{}, "bit_or"), f(thrust::bit_and<>{}, "bit_and"), f(std::bit_xor<>{}, "bit_xor");
    f(cuda::maximum<>{}, "maximum"), f(thrust::minimum<>{}, "minimum");
  };
  struct pattern {
    double density, hole;  // hole >= 0: all ones but one zero, at that fraction of n
  };
  std::vector<pattern> patterns = {{0.5, -1}, {0, 0.7}};
  if (!quick_mode()) patterns.insert(patterns.end(), {{0.01, -1}, {1, -1}});
  for (const std::ptrdiff_t n : tile_sizes<bool, int>(!quick_mode())) {
    for (const pattern p : patterns) {
      if (::testing::Test::HasFailure()) return;
      const auto bits =
          make_bits(r, n, p.density, p.hole < 0 ? -1 : std::ptrdiff_t(p.hole * double(n)));
      SCOPED_TRACE("n = " + std::to_string(n) + ", density " + std::to_string(p.density) +
                   (p.hole >= 0 ? ", one zero" : ""));
      each_op([&](auto op, const char* name) {
        static_assert(predix::gpu::uses_binary_path_v<bool*, decltype(op), int>);
        SCOPED_TRACE(name);
        check_scan<true>(bits, op, false);
        check_scan<true>(bits, op, false, true);
        check_scan<false>(bits, op, std::int32_t{5});
        check_scan<false>(bits, op, std::int8_t{100});  // wraps: the count is kept mod 2^32
        check_scan<false>(bits, op, std::int64_t{-2});  // an 8-byte count
        check_scan<false>(bits, op, true);
      });
    }
  }
}

/// The same scans through every kind of iterator: 16-byte vectors where aligned, scalars
/// elsewhere; a Thrust transform iterator over uint8 is vectorized too.
TEST_F(Scan, LoadsAndStoresOfEveryIteratorKind) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const std::ptrdiff_t n = 3 * 8192 + 77;
  const auto bytes = make_scan_input<std::uint8_t>(r, n);
  host_array<std::int32_t> widened(n), expected(n);
  std::copy(bytes.begin(), bytes.end(), widened.begin());
  std::inclusive_scan(widened.begin(), widened.end(), expected.begin());
  const auto d_bytes = M::upload(bytes);
  const auto d_ints = M::upload(widened);
  auto out = M::upload(poisoned<std::int32_t>(n + 1));
  auto compare = [&](std::ptrdiff_t shift, const char* what) {
    SCOPED_TRACE(what);
    const auto all = M::download(out);
    host_array<std::int32_t> got(n);
    std::copy(all.begin() + shift, all.begin() + shift + n, got.begin());
    EXPECT_TRUE(same_elements(got, expected));
  };
  const auto through = thrust::make_transform_iterator(d_bytes.begin(), widen{});
  predix::inclusive_scan(predix::cuda, through, through + n, out.begin());
  compare(0, "thrust::transform_iterator over uint8, aligned");
  predix::inclusive_scan(predix::cuda, through, through + n, out.begin() + 1);
  compare(1, "thrust::transform_iterator over uint8, unaligned output");
  auto shifted = M::upload(host_array<std::int32_t>(n + 1, 0));
  PREDIX_CUDA_CHECK(
      cudaMemcpy(shifted.begin() + 1, d_ints.begin(), 4 * n, cudaMemcpyDeviceToDevice));
  predix::inclusive_scan(predix::cuda, shifted.begin() + 1, shifted.begin() + 1 + n, out.begin());
  compare(0, "unaligned int32 input");
  const auto p = thrust::device_pointer_cast(d_ints.begin());
  predix::inclusive_scan(predix::cuda, p, p + n, thrust::device_pointer_cast(out.begin()));
  compare(0, "thrust::device_ptr");
  thrust::device_vector<std::int32_t> vector(widened.begin(), widened.end()), result(n);
  predix::inclusive_scan(predix::cuda, vector.begin(), vector.end(), result.begin());
  PREDIX_CUDA_CHECK(cudaMemcpy(out.begin(), thrust::raw_pointer_cast(result.data()), 4 * n,
                               cudaMemcpyDeviceToDevice));
  compare(0, "thrust::device_vector iterators");
  const auto generic = make_transform_iterator(d_bytes.begin(), widen{});
  predix::inclusive_scan(predix::cuda, generic, generic + n, out.begin());
  compare(0, "predix_test::transform_iterator (item by item)");
}

/// Sub-ranges 1 and 16/s − 1 items off a 16-byte boundary, both sides alike, large enough for
/// the kernel of whole tiles (`mixed` of tile_sizes): with tuning aligned_head a head of
/// 16/s − 1 or 1 items, then aligned whole tiles; without it the general kernel throughout.
/// Inclusive (also in place) and exclusive, generic and binary (bool flags into int32).
TEST_F(Scan, UnalignedPastTheGeneralKernel) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  auto check = [&](auto in_tag, auto out_tag, std::ptrdiff_t off) {
    using In = decltype(in_tag);
    using Out = decltype(out_tag);
    const std::ptrdiff_t n = tile_sizes<In, Out>().back();
    SCOPED_TRACE(std::to_string(sizeof(In)) + "-byte items into " + std::to_string(sizeof(Out)) +
                 "-byte results, n = " + std::to_string(n) + ", " + std::to_string(off) +
                 " items off");
    host_array<In> input = make_scan_input<In>(r, n);
    auto placed = [&](const auto& values) {  // at `off` in an array 16 items longer
      using T = std::decay_t<decltype(values[0])>;
      host_array<T> all(n + 16, value_traits<T>::poison());
      std::copy(values.begin(), values.end(), all.begin() + off);
      return all;
    };
    auto d_in = M::upload(placed(input));
    host_array<Out> expected(n);
    auto out = M::upload(placed(poisoned<Out>(n)));
    std::exclusive_scan(input.begin(), input.end(), expected.begin(), Out{3});
    predix::exclusive_scan(predix::cuda, d_in.begin() + off, d_in.begin() + off + n,
                           out.begin() + off, Out{3});
    EXPECT_TRUE(same_elements(M::download(out), placed(expected))) << "exclusive";
    if constexpr (std::is_same_v<In, Out>) {
      std::inclusive_scan(input.begin(), input.end(), expected.begin());
      predix::inclusive_scan(predix::cuda, d_in.begin() + off, d_in.begin() + off + n,
                             out.begin() + off);
      EXPECT_TRUE(same_elements(M::download(out), placed(expected))) << "inclusive";
      predix::inclusive_scan(predix::cuda, d_in.begin() + off, d_in.begin() + off + n,
                             d_in.begin() + off);
      EXPECT_TRUE(same_elements(M::download(d_in), placed(expected))) << "inclusive in place";
    }
  };
  for (const std::ptrdiff_t off : {1, 15}) check(std::uint8_t{}, std::uint8_t{}, off);
  for (const std::ptrdiff_t off : {1, 3}) check(std::int32_t{}, std::int32_t{}, off);
  for (const std::ptrdiff_t off : {1, 3}) check(bool{}, std::int32_t{}, off);
}

TEST_F(Scan, OnAUserStream) {
  cudaStream_t stream;
  PREDIX_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  const std::ptrdiff_t n = 5 * 4096 + 1;
  const counting_iterator<std::int64_t> first(1);
  auto out = M::upload(poisoned<std::int64_t>(n));
  predix::exclusive_scan(predix::cuda.on(stream), first, first + n, out.begin(), std::int64_t{0});
  const auto got = M::download(out);
  PREDIX_CUDA_CHECK(cudaStreamDestroy(stream));
  for (std::ptrdiff_t i = 0; i < n; ++i) ASSERT_EQ(got[i], i * (i + 1) / 2) << "item " << i;
}

struct odd {
  __host__ __device__ bool operator()(std::int32_t x) const { return x & 1; }
};

/// copy_if of `input` (predicate odd) against std::copy_if.
void check_copy_if(const host_array<std::int32_t>& input) {
  host_array<std::int32_t> expected = poisoned<std::int32_t>(input.size());
  const auto expected_end = std::copy_if(input.begin(), input.end(), expected.begin(), odd{});
  auto in = M::upload(input);
  auto out = M::upload(poisoned<std::int32_t>(input.size()));
  const auto end = predix::copy_if(predix::cuda, in.begin(), in.end(), out.begin(), odd{});
  EXPECT_EQ(end - out.begin(), expected_end - expected.begin()) << "copy_if";
  EXPECT_TRUE(same_elements(M::download(out), expected)) << "copy_if";
}

/// Sets every free look-back slot of `device`, LAYOUT and size three epochs short of the limit,
/// and returns how many of them had been used since zeroed.
template <int LAYOUT, bool LARGE>
int set_free_epochs(int device) {
  using slots = predix::gpu::detail::look_back_slots<LAYOUT, LARGE>;
  auto& pool = slots::pool(device);
  int used = 0;
  for (auto& s : take_all(pool)) {
    used += s.epoch != 0;
    s.epoch = slots::slot::epoch_limit - 3;
    pool.give_back(s);
  }
  return used;
}

/// The look-back slots (call_slots.hpp) hold tile states that no call zeroes: calls of growing
/// and shrinking tile counts, on both state layouts (int32 scan: 8-byte words; int64 scan and
/// copy_if: 16-byte words) and both slot sizes (past 64 KiB of states: the large slots; not in
/// quick mode), one after another on the same slots; then the slots' epochs run past their
/// limit, where a slot is zeroed and starts again from epoch 1.
TEST_F(Scan, LookBackSlotsAcrossCallsAndEpochs) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using tuning = predix::gpu::tuning::active::scan;
  const std::ptrdiff_t tile32 = tuning::threads * tuning::items(4, 4);
  const std::ptrdiff_t tile64 = tuning::threads * tuning::items(8, 8);
  auto calls = [&](const char* when) {
    SCOPED_TRACE(when);
    // 4200 and 9000 tiles: 66 and 141 KiB of 16-byte states, 70 KiB of 8-byte ones
    std::vector<std::ptrdiff_t> counts{70, 3, 40, 2, 33};
    if (!quick_mode()) counts.insert(counts.begin() + 2, {4200, 9000, 5});
    for (const std::ptrdiff_t tiles : counts) {
      if (::testing::Test::HasFailure()) return;
      SCOPED_TRACE("tiles " + std::to_string(tiles));
      check_scan<true>(make_scan_input<std::int32_t>(r, tiles * tile32 - 5), std::plus<>{}, 0);
      check_scan<false>(make_scan_input<std::int64_t>(r, tiles * tile64 + 7), std::plus<>{},
                        std::int64_t{3});
      check_copy_if(make_scan_input<std::int32_t>(r, tiles * tile32 + 1));
    }
  };
  calls("first calls");
  int device = 0;
  PREDIX_CUDA_CHECK(cudaGetDevice(&device));
  const int small8 = set_free_epochs<0, false>(device);
  const int small16 = set_free_epochs<1, false>(device);
  const int large8 = set_free_epochs<0, true>(device);
  const int large16 = set_free_epochs<1, true>(device);
  EXPECT_GT(small8, 0) << "8-byte states";
  EXPECT_GT(small16, 0) << "16-byte states";
  if (!quick_mode()) {
    // the calls of states past 64 KiB took large slots
    EXPECT_GT(large8, 0) << "8-byte states past 64 KiB";
    EXPECT_GT(large16, 0) << "16-byte states past 64 KiB";
  }
  calls("through the last epochs");
  calls("after the slots were zeroed");
}

/// 2^31 + 77 ones, scanned in place as uint8: item i becomes (i + 1) mod 256.
TEST_F(Scan, InPlaceAbove2To31) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2 GiB scan";
  const std::ptrdiff_t n = (std::ptrdiff_t(1) << 31) + 77;
  device_array<std::uint8_t> data(n);
  PREDIX_CUDA_CHECK(cudaMemset(data.begin(), 1, data.bytes()));
  EXPECT_EQ(predix::inclusive_scan(predix::cuda, data.begin(), data.end(), data.begin()),
            data.end());
  const std::ptrdiff_t chunk = std::ptrdiff_t(1) << 28;
  std::vector<std::uint8_t> host(static_cast<std::size_t>(chunk));
  for (std::ptrdiff_t at = 0; at < n; at += chunk) {
    const std::ptrdiff_t m = std::min(chunk, n - at);
    PREDIX_CUDA_CHECK(cudaMemcpy(host.data(), data.begin() + at, m, cudaMemcpyDeviceToHost));
    for (std::ptrdiff_t i = 0; i < m; ++i) {
      if (host[i] != static_cast<std::uint8_t>(at + i + 1)) {
        FAIL() << "item " << at + i << ": got " << int(host[i]) << ", expected "
               << int(static_cast<std::uint8_t>(at + i + 1));
      }
    }
  }
}

}  // namespace
