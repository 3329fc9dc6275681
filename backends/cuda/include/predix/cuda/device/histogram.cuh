#pragma once
// The histograms' dispatch: the asynchronous core (storage given: the zeroed 64-bit tally of
// the bins; the counts written by the last kernel) and the synchronous form of predix::cuda on
// it. The kernels: histogram_agent.cuh; the bin rule: predix/detail/bins.hpp.
#include <iterator>

#include <predix/cuda/detail/given_storage.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/histogram_agent.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/detail/bins.hpp>

namespace predix::gpu {
namespace detail {
/// Throws std::invalid_argument when the levels of range bins are in host memory.
template <class Bins>
void check_bins(const Bins&, const char*) {}
template <class Levels>
void check_bins(const predix::detail::range_bins<Levels>& bins, const char* algorithm) {
  check_device_iterator(bins.levels, algorithm, "levels");
}
}  // namespace detail

/// Counts the samples of [first, first + n), n >= 0, into the bins of `bins`, writing
/// counts[0 .. bins.count()); the two-phase protocol (given_storage.cuh).
template <class In, class Counts, class Bins>
void histogram_async(void* storage, std::size_t& bytes, In first, long long n, Counts counts,
                     const Bins& bins, cudaStream_t stream, const char* algorithm) {
  using tuning = tuning::active::histogram;
  const int width = bins.count();
  detail::storage_layout layout;
  const std::size_t tally_at = layout.zeroed(sizeof(unsigned long long) * width);
  const detail::given_storage memory(storage, bytes, layout, stream, algorithm);
  if (!memory.ready()) return;
  detail::check_device_iterator(counts, algorithm, "counts");
  detail::check_bins(bins, algorithm);
  auto* tally = memory.at<unsigned long long>(tally_at);
  if (n > 0) {
    detail::check_device_iterator(first, algorithm, "input");
    auto* kernel = &histogram_kernel<In, Bins>;
    const bool shared = width <= tuning::shared_bins;
    const long long tiles = (n + tuning::threads * tuning::items - 1) /
                            (static_cast<long long>(tuning::threads) * tuning::items);
    const long long resident = detail::resident_blocks(kernel, tuning::threads, algorithm);
    const unsigned grid = static_cast<unsigned>(tiles < resident ? tiles : resident);
    kernel<<<grid, tuning::threads, shared ? sizeof(unsigned) * width : 0, stream>>>(
        first, n, bins, tally, shared);
    detail::check_launch(algorithm);
  }
  const int blocks = (width + 255) / 256;
  store_counts_kernel<<<static_cast<unsigned>(blocks < 1024 ? blocks : 1024), 256, 0, stream>>>(tally, width, counts);
  detail::check_launch(algorithm);
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Counts, class Bins>
Counts histogram(const cuda_policy& policy, In first, In last, Counts counts, const Bins& bins,
                 const char* algorithm) {
  const cudaStream_t stream = policy.stream();
  gpu::detail::on_temporary_storage(stream, algorithm, [&](void* storage, std::size_t& bytes) {
    gpu::histogram_async(storage, bytes, first, last - first, counts, bins, stream, algorithm);
  });
  if (policy.synchronizes()) gpu::detail::synchronize(stream, algorithm);
  return counts + bins.count();
}

}  // namespace predix::impl
