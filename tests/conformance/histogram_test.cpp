// histogram_even and histogram_range over every arithmetic sample type and size, against a
// reference computed here (exact arithmetic: 128-bit integers, floats on an exact grid);
// samples on every boundary, outside the levels and NaN; sub-ranges at every alignment; more
// bins than CUDA's shared memory holds; counts of several integer types,
// written into poisoned arrays; bad levels; 2^31+ samples on CUDA.
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "suite.hpp"

namespace predix_test {
namespace {

template <class Policy>
class Histogram : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Histogram);

template <class T>
constexpr bool arithmetic_sample = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

template <class Policy>
constexpr bool on_cuda() {
#if PREDIX_HAS_CUDA
  return std::is_same_v<Policy, predix::cuda_policy>;
#else
  return false;
#endif
}

/// Uploads the samples and bins + 1 poisoned counts, lets call(samples, counts) run the
/// algorithm, checks that it returned the end of the bins, and compares every count (the
/// poisoned one past the bins included) with `expected`.
template <class M, class C, class T, class Call>
void expect_counts(const host_array<T>& samples, const std::vector<std::uint64_t>& expected,
                   Call&& call) {
  const auto bins = static_cast<std::ptrdiff_t>(expected.size());
  auto in = M::upload(samples);
  auto counts = M::upload(poisoned<C>(bins + 1));
  const auto end = call(in, counts);
  EXPECT_EQ(end - counts.begin(), bins);
  host_array<C> want(bins + 1, value_traits<C>::poison());
  for (std::ptrdiff_t b = 0; b < bins; ++b) want[b] = static_cast<C>(expected[b]);
  EXPECT_TRUE(same_elements(M::download(counts), want));
}

/// An integer sample of T: from the whole type, or from [lower, upper], or a bin's edge.
template <class T>
T integer_sample(rng& r, T lower, T upper, int bins) {
  using U = std::make_unsigned_t<T>;
  const U range = static_cast<U>(static_cast<U>(upper) - static_cast<U>(lower));
  switch (r.below(4)) {
    case 0: return static_cast<T>(static_cast<U>(r.next()));
    case 1: return static_cast<T>(static_cast<U>(static_cast<U>(lower) + r.below(range) ));
    case 2: {  // the first sample of bin k: lower + ceil(k * range / bins)
      const unsigned __int128 k = r.below(static_cast<std::uint64_t>(bins) + 1);
      const auto step = static_cast<U>((k * range + bins - 1) / bins);
      return static_cast<T>(static_cast<U>(static_cast<U>(lower) + step));
    }
    default: return r.chance(0.5) ? lower : upper;
  }
}

TYPED_TEST_P(Histogram, EvenIntegers) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (arithmetic_sample<T> && std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      T lower = static_cast<T>(static_cast<U>(r.next()));
      T upper = static_cast<T>(static_cast<U>(r.next()));
      if (upper < lower) std::swap(lower, upper);
      if (lower == upper) {
        if (upper < std::numeric_limits<T>::max()) {
          ++upper;
        } else {
          --lower;
        }
      }
      const U range = static_cast<U>(static_cast<U>(upper) - static_cast<U>(lower));
      // At most 2^32 - 1 bins for 8-byte ranges so that range * bins fits in 64 bits.
      const std::uint64_t most = sizeof(T) == 8 ? (~std::uint64_t(0)) / range : 5000;
      const int bins = static_cast<int>(1 + r.below(std::min<std::uint64_t>(most, 5000)));
      host_array<T> samples(n);
      for (std::ptrdiff_t i = 0; i < n; ++i) samples[i] = integer_sample(r, lower, upper, bins);
      std::vector<std::uint64_t> expected(bins, 0);
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        if (samples[i] < lower || samples[i] >= upper) continue;
        const unsigned __int128 offset =
            static_cast<U>(static_cast<U>(samples[i]) - static_cast<U>(lower));
        ++expected[static_cast<std::size_t>(offset * bins / range)];
      }
      SCOPED_TRACE("levels " + std::to_string(bins + 1));
      expect_counts<M, int>(samples, expected, [&](auto& in, auto& counts) {
        return predix::histogram_even(this->policy, in.begin(), in.end(), counts.begin(),
                                      bins + 1, lower, upper);
      });
    }
  });
}

/// uint8 samples in 256 bins of int levels 0 … 256 (the benchmark's case), counts of several
/// integer types.
TYPED_TEST_P(Histogram, BytesInEveryCountType) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    if constexpr (std::is_same_v<typename decltype(tag)::type, std::uint8_t>) {
      host_array<std::uint8_t> samples(n);
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        samples[i] = static_cast<std::uint8_t>(r.chance(0.5) ? r.below(4) : r.next());
      }
      std::vector<std::uint64_t> expected(256, 0);
      for (const std::uint8_t s : samples) ++expected[s];
      auto run = [&](auto& in, auto& counts) {
        return predix::histogram_even(this->policy, in.begin(), in.end(), counts.begin(), 257, 0,
                                      256);
      };
      expect_counts<M, int>(samples, expected, run);
      expect_counts<M, std::uint64_t>(samples, expected, run);
      expect_counts<M, std::int16_t>(samples, expected, run);  // counts modulo 2^16
      expect_counts<M, std::uint32_t>(samples, expected, run);
    }
  });
}

/// Floating point on a grid where every step is exact: levels −64 … 64, 1 to 1024 bins
/// (powers of two), samples multiples of 1/8 from −75 to 75, the levels themselves, ±inf, NaN.
TYPED_TEST_P(Histogram, EvenFloatingPoint) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const int bins = 1 << r.below(11);
      host_array<T> samples(n);
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        switch (r.below(8)) {
          case 0: samples[i] = std::numeric_limits<T>::quiet_NaN(); break;
          case 1: samples[i] = (r.chance(0.5) ? 1 : -1) * std::numeric_limits<T>::infinity(); break;
          case 2: samples[i] = T(-64) + T(128) * static_cast<T>(r.below(bins + 1)) / T(bins); break;
          default: samples[i] = static_cast<T>(static_cast<int>(r.below(1201)) - 600) / T(8);
        }
      }
      std::vector<std::uint64_t> expected(bins, 0);
      for (const T s : samples) {
        if (s >= T(-64) && s < T(64)) {
          ++expected[static_cast<std::size_t>(std::floor((double(s) + 64) * bins / 128))];
        }
      }
      SCOPED_TRACE("bins " + std::to_string(bins));
      expect_counts<M, int>(samples, expected, [&](auto& in, auto& counts) {
        return predix::histogram_even(this->policy, in.begin(), in.end(), counts.begin(),
                                      bins + 1, T(-64), T(64));
      });
    }
  });
}

TYPED_TEST_P(Histogram, Range) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (arithmetic_sample<T>) {
      const int wanted = std::vector<int>{2, 3, 17, 300}[r.below(4)];
      std::vector<T> levels;
      for (int i = 0; i < wanted; ++i) levels.push_back(value_traits<T>::make(r, r.chance(0.5)));
      std::sort(levels.begin(), levels.end());
      levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
      if (levels.size() < 2) return;
      const int bins = static_cast<int>(levels.size()) - 1;
      host_array<T> samples(n);
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        const auto pick = r.below(8);
        samples[i] = pick == 0 && std::is_floating_point_v<T> ? std::numeric_limits<T>::quiet_NaN()
                     : pick < 3 ? levels[r.below(levels.size())]
                                : value_traits<T>::make(r, r.chance(0.5));
      }
      std::vector<std::uint64_t> expected(bins, 0);
      for (const T s : samples) {
        const auto bin = std::upper_bound(levels.begin(), levels.end(), s) - levels.begin() - 1;
        if (bin >= 0 && bin < bins) ++expected[static_cast<std::size_t>(bin)];
      }
      host_array<T> host_levels(static_cast<std::ptrdiff_t>(levels.size()));
      std::copy(levels.begin(), levels.end(), host_levels.begin());
      auto device_levels = M::upload(host_levels);
      SCOPED_TRACE("levels " + std::to_string(levels.size()));
      expect_counts<M, int>(samples, expected, [&](auto& in, auto& counts) {
        return predix::histogram_range(this->policy, in.begin(), in.end(), counts.begin(),
                                       device_levels.begin(), device_levels.end());
      });
    }
  });
}

/// Samples from 1, 3 and 7 items into the array (CUDA reads plain memory as 16-byte vectors
/// after the items before the first boundary): uint8 in 256 bins, float on the exact grid.
TYPED_TEST_P(Histogram, SubRanges) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, float>) {
      constexpr bool bytes = std::is_same_v<T, std::uint8_t>;
      host_array<T> samples(n);
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        samples[i] = bytes ? static_cast<T>(r.next())
                           : static_cast<T>(static_cast<int>(r.below(1201)) - 600) / T(8);
      }
      for (const std::ptrdiff_t k : {1, 3, 7}) {
        if (k > n) break;
        host_array<T> part(n - k);
        std::copy(samples.begin() + k, samples.end(), part.begin());
        std::vector<std::uint64_t> expected(bytes ? 256 : 64, 0);
        for (const T s : part) {
          if constexpr (bytes) {
            ++expected[s];
          } else if (s >= T(-64) && s < T(64)) {
            ++expected[static_cast<std::size_t>(std::floor((double(s) + 64) / 2))];
          }
        }
        SCOPED_TRACE("from item " + std::to_string(k));
        expect_counts<M, int>(samples, expected, [&](auto& in, auto& counts) {
          if constexpr (bytes) {
            return predix::histogram_even(this->policy, in.begin() + k, in.end(), counts.begin(),
                                          257, 0, 256);
          } else {
            return predix::histogram_even(this->policy, in.begin() + k, in.end(), counts.begin(),
                                          65, T(-64), T(64));
          }
        });
      }
    }
  });
}

/// 40000 bins, more than CUDA's block bins hold (its tally in global memory): one value a bin,
/// half the samples on a few values (colliding lanes).
TYPED_TEST_P(Histogram, ManyBins) {
  using M = typename TestFixture::memory;
  for_each_size_case<TypeParam>([&](auto tag, std::ptrdiff_t n, rng& r) {
    if constexpr (std::is_same_v<typename decltype(tag)::type, std::int32_t>) {
      constexpr int bins = 40000;
      host_array<std::int32_t> samples(n);
      for (std::ptrdiff_t i = 0; i < n; ++i) {
        samples[i] =
            static_cast<std::int32_t>(r.chance(0.5) ? r.below(3) * 17000 : r.below(bins + 100));
      }
      std::vector<std::uint64_t> expected(bins, 0);
      for (const std::int32_t s : samples) {
        if (s < bins) ++expected[static_cast<std::size_t>(s)];
      }
      expect_counts<M, std::uint32_t>(samples, expected, [&](auto& in, auto& counts) {
        return predix::histogram_even(this->policy, in.begin(), in.end(), counts.begin(),
                                      bins + 1, 0, bins);
      });
    }
  });
}

TYPED_TEST_P(Histogram, BadLevels) {
  using M = typename TestFixture::memory;
  auto samples = M::upload(host_array<int>(8, 1));
  auto counts = M::upload(poisoned<int>(4));
  auto levels = M::upload(host_array<int>(1, 0));
  const auto expect_throw = [](auto&& call, const char* name) {
    try {
      call();
      ADD_FAILURE() << name << ": no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  auto& p = this->policy;
  const auto b = samples.begin(), e = samples.end();
  const auto c = counts.begin();
  expect_throw([&] { predix::histogram_even(p, b, e, c, 1, 0, 9); }, "histogram_even");
  expect_throw([&] { predix::histogram_even(p, b, e, c, 3, 5, 5); }, "histogram_even");
  expect_throw([&] { predix::histogram_even(p, b, e, c, 3, 0.0, std::nan("")); }, "histogram_even");
  expect_throw([&] {  // (upper - lower) * bins past 64 bits
    predix::histogram_even(p, b, e, c, 1 << 30, std::int64_t(0),
                           std::numeric_limits<std::int64_t>::max());
  }, "histogram_even");
  expect_throw([&] {  // a scale of 1024 / 1e-45: infinite
    predix::histogram_even(p, b, e, c, 1025, 0.0f, 1e-45f);
  }, "histogram_even");
  expect_throw([&] {  // a range of 2 FLT_MAX: infinite
    predix::histogram_even(p, b, e, c, 3, -std::numeric_limits<float>::max(),
                           std::numeric_limits<float>::max());
  }, "histogram_even");
  expect_throw([&] { predix::histogram_range(p, b, e, c, levels.begin(), levels.end()); },
               "histogram_range");
  expect_throw([&] { predix::histogram_even(p, e, b, c, 3, 0, 9); }, "histogram_even");
  EXPECT_TRUE(same_elements(M::download(counts), poisoned<int>(4))) << "nothing written";
}

/// 2^31 + 5 samples (a counting iterator) in 4 bins: sizes and counts are 64-bit.
TYPED_TEST_P(Histogram, Above2To31) {
  if (!on_cuda<TypeParam>()) GTEST_SKIP() << "2^31 samples on CUDA only";
  if (quick_mode()) GTEST_SKIP() << "PREDIX_TEST_QUICK: no 2^31 samples";
  using M = typename TestFixture::memory;
  const std::int64_t n = (std::int64_t(1) << 31) + 5, width = std::int64_t(1) << 29;
  const counting_iterator<std::int64_t> first(0);
  auto counts = M::upload(poisoned<std::uint64_t>(5));
  predix::histogram_even(this->policy, first, first + n, counts.begin(), 5, std::int64_t(0),
                         4 * width);
  const auto got = M::download(counts);
  for (int b = 0; b < 4; ++b) EXPECT_EQ(got[b], static_cast<std::uint64_t>(width)) << "bin " << b;
  EXPECT_EQ(got[4], value_traits<std::uint64_t>::poison());
}

REGISTER_TYPED_TEST_SUITE_P(Histogram, EvenIntegers, BytesInEveryCountType, EvenFloatingPoint,
                            Range, SubRanges, ManyBins, BadLevels, Above2To31);
PREDIX_CONFORMANCE_INSTANTIATE(Histogram);

}  // namespace
}  // namespace predix_test
