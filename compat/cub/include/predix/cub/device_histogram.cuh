#pragma once
// predix::cub::DeviceHistogram::HistogramEven and HistogramRange, single channel (CUB 3.0.1
// signatures) on predix's asynchronous core (device/histogram.cuh): d_histogram[i] receives the
// number of samples in bin i, num_levels - 1 bins, the bin rule CUB's (predix/detail/bins.hpp).
// Levels that make no bin, or integer levels whose bin arithmetic would overflow, return
// cudaErrorInvalidValue, as CUB does for the latter.
//   samples 3 15 20 9, HistogramEven(..., num_levels 3, lower 0, upper 20, 4) → 2 1
#include <predix/cub/detail/run.cuh>
#include <predix/cuda/device/histogram.cuh>
#include <predix/detail/bins.hpp>

namespace predix::cub {

struct DeviceHistogram {
  template <class SampleIteratorT, class CounterT, class LevelT, class OffsetT>
  static cudaError_t HistogramEven(void* d_temp_storage, size_t& temp_storage_bytes,
                                   SampleIteratorT d_samples, CounterT* d_histogram,
                                   int num_levels, LevelT lower_level, LevelT upper_level,
                                   OffsetT num_samples, cudaStream_t stream = 0) {
    using Sample = typename std::iterator_traits<SampleIteratorT>::value_type;
    return detail::run(num_samples, [&](long long n) {
      const auto bins = predix::detail::make_even_bins<Sample>(
          num_levels, lower_level, upper_level, "DeviceHistogram::HistogramEven");
      gpu::histogram_async(d_temp_storage, temp_storage_bytes, d_samples, n, d_histogram, bins,
                           stream, "DeviceHistogram::HistogramEven");
    });
  }

  template <class SampleIteratorT, class CounterT, class LevelT, class OffsetT>
  static cudaError_t HistogramRange(void* d_temp_storage, size_t& temp_storage_bytes,
                                    SampleIteratorT d_samples, CounterT* d_histogram,
                                    int num_levels, const LevelT* d_levels, OffsetT num_samples,
                                    cudaStream_t stream = 0) {
    return detail::run(num_samples, [&](long long n) {
      const auto bins =
          predix::detail::make_range_bins(d_levels, num_levels, "DeviceHistogram::HistogramRange");
      gpu::histogram_async(d_temp_storage, temp_storage_bytes, d_samples, n, d_histogram, bins,
                           stream, "DeviceHistogram::HistogramRange");
    });
  }
};

}  // namespace predix::cub
