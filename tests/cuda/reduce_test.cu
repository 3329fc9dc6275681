// device/reduce.cuh beyond the conformance suite: the generic path over sizes that give
// one block, several blocks and uneven shares of warp tiles, with the non-commutative affine
// composition (any reordering shows); the commuting ops (lane totals kept across a warp's
// run, packed sums of 1- and 2-byte integers) on every integer type, from aligned and
// unaligned starts, exactly; the binary path's every op and accumulator, with the
// deciding item at either end; results of every bit pattern, all ones included, through the
// polled ending (call_slots.hpp get_polled: the value, then the call's tag); and a reduction of
// more than 2^31 bools.
#include <thrust/functional.h>

#include <limits>
#include <numeric>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

class Reduce : public cuda_test {};

TEST_F(Reduce, GenericPathKeepsOrderAtEverySize) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using tuning = predix::gpu::tuning::active::stream;
  const std::ptrdiff_t warp_tile = 32 * tuning::items(sizeof(affine));
  std::vector<std::ptrdiff_t> sizes = {1, warp_tile - 1, warp_tile + 1, 8 * warp_tile + 1,
                                       100 * warp_tile + 31};
  if (!quick_mode()) sizes.insert(sizes.end(), {1 << 20, 3 * (1 << 20) + 999});
  for (const std::ptrdiff_t n : sizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto input = make_scan_input<affine>(r, n);
    const affine init = value_traits<affine>::small(r);
    const auto d = M::upload(input);
    EXPECT_EQ(predix::reduce(predix::cuda, d.begin(), d.end(), init, compose{}),
              std::accumulate(input.begin(), input.end(), init, compose{}));
    const auto small = make_scan_input<std::int16_t>(r, n);  // wraps in int16
    const auto d_small = M::upload(small);
    EXPECT_EQ(predix::reduce(predix::cuda, d_small.begin(), d_small.end(), std::int16_t{7},
                             std::plus<>{}),
              std::accumulate(small.begin(), small.end(), std::int16_t{7}, std::plus<>{}));
  }
}

TEST_F(Reduce, CommutingOpsEveryIntegerTypeExactly) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using tuning = predix::gpu::tuning::active::stream;
  std::vector<std::ptrdiff_t> sizes = {1, 33, 32 * tuning::items(1) + 1, 100003};
  if (!quick_mode()) sizes.insert(sizes.end(), {(1 << 22) + 5, 3 * (1 << 22) + 999});
  auto each_type = [](auto f) {
    f(std::int8_t{}), f(std::uint8_t{}), f(std::int16_t{}), f(std::uint16_t{}), f(std::int32_t{}),
        f(std::uint32_t{}), f(std::int64_t{});
  };
  for (const std::ptrdiff_t n : sizes) {
    for (const std::ptrdiff_t skip : {0, 1}) {  // 1: no 16-byte vectors
      SCOPED_TRACE("n = " + std::to_string(n) + ", skip = " + std::to_string(skip));
      each_type([&](auto zero) {
        using T = decltype(zero);
        SCOPED_TRACE(type_name<T>);
        host_array<T> input(n + skip);  // 1- and 2-byte items over their whole range
        for (T& x : input) {
          x = sizeof(T) <= 2 ? value_traits<T>::make(r, r.chance(0.5)) : value_traits<T>::small(r);
        }
        const auto d = M::upload(input);
        auto check = [&](auto op, T init, const char* name) {
          SCOPED_TRACE(name);
          EXPECT_EQ(predix::reduce(predix::cuda, d.begin() + skip, d.end(), init, op),
                    std::accumulate(input.begin() + skip, input.end(), init, op));
        };
        check(std::plus<>{}, T(7), "plus");
        check(thrust::plus<T>{}, T(7), "thrust::plus<T>");
        check(cuda::maximum<>{}, std::numeric_limits<T>::min(), "maximum");
        check(cuda::minimum<>{}, std::numeric_limits<T>::max(), "minimum");
        check(std::bit_xor<>{}, T(3), "bit_xor");
        if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint32_t>) {
          check(std::multiplies<>{}, T(3), "multiplies");  // no int overflow on the host
        }
      });
    }
  }
}

TEST_F(Reduce, BinaryPathEveryOpAndAccumulator) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  auto each_op = [](auto f) {
    f(std::plus<>{}, "plus"), f(std::logical_or<>{}, "logical_or"),
        f(std::logical_and<>{}, "logical_and");
    f(thrust::bit_or<>{}, "bit_or"), f(std::bit_and<>{}, "bit_and"), f(std::bit_xor<>{}, "bit_xor");
    f(cuda::maximum<>{}, "maximum"), f(cuda::minimum<>{}, "minimum");
  };
  const std::ptrdiff_t n = quick_mode() ? 100003 : 3 * 1000 * 1000 + 17;
  std::vector<std::ptrdiff_t> holes = {-1, n / 2};  // -1: random bits
  if (!quick_mode()) holes.insert(holes.end(), {0, n - 1});
  for (const std::ptrdiff_t hole : holes) {
    for (const bool fill : {false, true}) {
      host_array<bool> bits(n);  // random, or all `fill` but the one at `hole`
      for (std::ptrdiff_t i = 0; i < n; ++i)
        bits[i] = hole < 0 ? r.chance(0.5) : (i == hole) != fill;
      const auto d = M::upload(bits);
      SCOPED_TRACE(hole < 0 ? std::string("random")
                            : "all " + std::to_string(fill) + " but " + std::to_string(hole));
      each_op([&](auto op, const char* name) {
        SCOPED_TRACE(name);
        auto check = [&](auto init) {
          EXPECT_EQ(predix::reduce(predix::cuda, d.begin(), d.end(), init, op),
                    std::accumulate(bits.begin(), bits.end(), init, op));
        };
        check(false), check(true), check(std::int8_t{-3}), check(std::int32_t{6}),
            check(std::int64_t{5});
      });
    }
  }
}

/// Two 2-byte halves joined by their maxima: a 4-byte value of no arithmetic type (the generic
/// path).
struct halves {
  std::uint16_t lo, hi;
  friend bool operator==(const halves& a, const halves& b) { return a.lo == b.lo && a.hi == b.hi; }
};
struct max_halves {
  __host__ __device__ halves operator()(const halves& a, const halves& b) const {
    return {a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  }
};

/// reduce's kernel stores its value to the result slot, then the call's tag, which the host
/// polls for (count_if and find_if store one word the host set to all ones, which no count
/// equals: call_slots.hpp polled_count); a reduction's value of any bit pattern, none or all of
/// them set, must come back as it is, with calls of different widths sharing the slots back to
/// back.
TEST_F(Reduce, ResultsOfEveryBitPattern) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const std::vector<std::ptrdiff_t> sizes = {1, 100003};  // one block, several
  for (const std::ptrdiff_t n : sizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    auto check = [&](auto zero) {
      using T = decltype(zero);
      SCOPED_TRACE(type_name<T>);
      host_array<T> input(n);
      for (T& x : input) x = value_traits<T>::make(r, r.chance(0.5));
      const auto d = M::upload(input);
      for (const T init : {T(0), T(~T(0))}) {  // no bits, every bit
        EXPECT_EQ(predix::reduce(predix::cuda, d.begin(), d.end(), init, std::bit_or<>{}),
                  std::accumulate(input.begin(), input.end(), init, std::bit_or<>{}));
        EXPECT_EQ(predix::reduce(predix::cuda, d.begin(), d.end(), init, std::bit_and<>{}),
                  std::accumulate(input.begin(), input.end(), init, std::bit_and<>{}));
      }
    };
    check(std::uint8_t{}), check(std::int16_t{}), check(std::uint32_t{}), check(std::int32_t{}),
        check(std::uint64_t{}), check(std::int64_t{});
    host_array<halves> pairs(n);
    for (halves& h : pairs) {
      h.lo = static_cast<std::uint16_t>(r.below(0x10000));
      h.hi = static_cast<std::uint16_t>(r.below(0x10000));
    }
    const auto d = M::upload(pairs);
    for (const halves init : {halves{0, 0}, halves{0xffff, 0xffff}}) {
      EXPECT_EQ(predix::reduce(predix::cuda, d.begin(), d.end(), init, max_halves{}),
                std::accumulate(pairs.begin(), pairs.end(), init, max_halves{}));
    }
  }
}

TEST_F(Reduce, BoolsAbove2To31) {
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2 GiB reduction";
  const std::ptrdiff_t n = (std::ptrdiff_t(1) << 31) + 3;
  device_array<bool> data(n);
  PREDIX_CUDA_CHECK(cudaMemset(data.begin(), 1, data.bytes()));
  EXPECT_EQ(predix::reduce(predix::cuda, data.begin(), data.end(), std::int64_t{0}), n);
  EXPECT_TRUE(predix::reduce(predix::cuda, data.begin(), data.end(), true, std::logical_and<>{}));
  PREDIX_CUDA_CHECK(cudaMemset(data.begin() + (n - 2), 0, 1));
  EXPECT_FALSE(predix::reduce(predix::cuda, data.begin(), data.end(), true, std::logical_and<>{}));
  EXPECT_EQ(predix::reduce(predix::cuda, data.begin(), data.end(), std::int64_t{0}), n - 1);
  EXPECT_EQ(predix::reduce(predix::cuda, data.begin(), data.end(), false, std::bit_xor<>{}),
            (n - 1) % 2 == 1);
}

}  // namespace
