// predix::cub::DeviceHistogram against CUB's through CUB's two-phase protocol
// (expect_same_as_cub): HistogramEven of uint8 samples in 256 bins, of float samples in 1024
// bins and of int samples in 7 bins that do not divide their range; HistogramRange of int and
// float samples; samples spread evenly or a share of them (the case's threshold) in one bin,
// some outside the levels, every count equal to CUB's.
#include "cub_test.hpp"

namespace predix_test {
namespace {

/// n samples from make(r), a threshold / 1000 share of them `hot` instead.
template <class T, class Make>
dvec<T> samples(rng& r, std::ptrdiff_t n, int threshold, T hot, Make&& make) {
  thrust::host_vector<T> host(static_cast<std::size_t>(n));
  for (auto& x : host) x = r.below(1000) < static_cast<unsigned>(threshold) ? hot : make(r);
  return host;
}

TEST(CubHistogram, Even) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const auto bytes = samples<std::uint8_t>(r, n, threshold, 7, [](rng& g) {
      return static_cast<std::uint8_t>(g.next());
    });
    const std::tuple<ints> bins256{ints(256, poison)};
    expect_same_as_cub(bins256, [&](auto api, void* temp, std::size_t& size, auto& o) {
      return decltype(api)::Histogram::HistogramEven(temp, size, raw(bytes), raw(std::get<0>(o)),
                                                     257, 0, 256, static_cast<int>(n));
    });
    const auto floats = samples<float>(r, n, threshold, 0.5f, [](rng& g) {
      return static_cast<float>(static_cast<double>(g.below(1 << 24)) / (1 << 23) - 0.5);
    });
    const std::tuple<ints> bins1024{ints(1024, poison)};
    expect_same_as_cub(bins1024, [&](auto api, void* temp, std::size_t& size, auto& o) {
      return decltype(api)::Histogram::HistogramEven(temp, size, raw(floats), raw(std::get<0>(o)),
                                                     1025, 0.0f, 1.0f, n);
    });
    const auto numbers = random_ints(r, n);  // 0 … 999
    const std::tuple<dvec<unsigned long long>> bins7{dvec<unsigned long long>(7, 5)};
    expect_same_as_cub(bins7, [&](auto api, void* temp, std::size_t& size, auto& o) {
      return decltype(api)::Histogram::HistogramEven(temp, size, raw(numbers),
                                                     raw(std::get<0>(o)), 8, 100, 900, n);
    });
  });
}

TEST(CubHistogram, Range) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const auto numbers = samples<int>(r, n, threshold, 500, [](rng& g) {
      return static_cast<int>(g.below(1100)) - 50;
    });
    const dvec<int> int_levels(std::vector<int>{0, 1, 2, 10, 100, 499, 500, 501, 999, 1000});
    const std::tuple<ints> nine{ints(9, poison)};
    expect_same_as_cub(nine, [&](auto api, void* temp, std::size_t& size, auto& o) {
      return decltype(api)::Histogram::HistogramRange(temp, size, raw(numbers),
                                                      raw(std::get<0>(o)), 10, raw(int_levels), n);
    });
    const auto floats = samples<float>(r, n, threshold, 0.25f, [](rng& g) {
      return static_cast<float>(g.below(1 << 20)) / (1 << 20);
    });
    thrust::host_vector<float> levels(301);
    for (int i = 0; i < 301; ++i) levels[i] = static_cast<float>(i * i) / (300.0f * 300.0f);
    const dvec<float> float_levels = levels;
    const std::tuple<ints> three_hundred{ints(300, poison)};
    expect_same_as_cub(three_hundred, [&](auto api, void* temp, std::size_t& size, auto& o) {
      return decltype(api)::Histogram::HistogramRange(temp, size, raw(floats),
                                                      raw(std::get<0>(o)), 301, raw(float_levels),
                                                      n);
    });
  });
}

}  // namespace
}  // namespace predix_test
