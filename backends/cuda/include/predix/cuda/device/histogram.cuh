#pragma once
// The histograms' dispatch: the asynchronous core and the synchronous form of predix::cuda on
// it. Counts in plain memory of 4- or 8-byte integers are zeroed and counted into directly (two
// launches, no storage, as CUB's); other counts through a zeroed 64-bit tally in the storage
// given, which a last kernel writes to them. The kernels: histogram_agent.cuh; the bin rule:
// predix/detail/bins.hpp.
#include <cstdint>
#include <iterator>
#include <type_traits>

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
  using input = histogram_input<In>;
  using C = typename std::iterator_traits<Counts>::value_type;
  constexpr bool DIRECT = std::is_pointer_v<Counts> && std::is_integral_v<C> &&
                          !std::is_same_v<C, bool> && (sizeof(C) == 4 || sizeof(C) == 8);
  using Word = std::conditional_t<DIRECT && sizeof(C) == 4, unsigned, unsigned long long>;
  constexpr bool BINNED = DIRECT || !input::raw_keys;  // the tally's words: one per bin
  const int width = BINNED ? bins.count() : 256;       // of the tally
  detail::storage_layout layout;
  const std::size_t tally_at = DIRECT ? 0 : layout.zeroed(sizeof(Word) * width);
  const detail::given_storage memory(storage, bytes, layout, stream, algorithm);
  if (!memory.ready()) return;
  detail::check_device_iterator(counts, algorithm, "counts");
  detail::check_bins(bins, algorithm);
  Word* tally;
  if constexpr (DIRECT) {
    tally = reinterpret_cast<Word*>(counts);
    detail::check(cudaMemsetAsync(tally, 0, sizeof(Word) * width, stream), algorithm,
                  "cudaMemsetAsync");
  } else {
    tally = memory.at<Word>(tally_at);
  }
  if (n > 0) {
    detail::check_device_iterator(first, algorithm, "input");
    // Raw keys always fit shared memory; other bins when at most shared_bins.
    const int keys = input::raw_keys ? 256 : width;  // of the block bins
    const bool shared = input::raw_keys || keys <= tuning::shared_bins;
    const std::size_t shared_bytes = shared ? sizeof(unsigned) * keys * input::copies : 0;
    const auto launch = [&](auto* kernel, int head, long long per_tile) {
      const long long tiles = (n + per_tile - 1) / per_tile;
      const long long resident =
          detail::resident_blocks(kernel, tuning::threads, algorithm, shared_bytes);
      const unsigned grid = static_cast<unsigned>(tiles < resident ? tiles : resident);
      kernel<<<grid, tuning::threads, shared_bytes, stream>>>(first, n, head, bins, tally);
      detail::check_launch(algorithm);
    };
    // The kernel of VECTORS, in shared memory or not.
    const auto launch_either = [&](auto vectors, int head, long long per_tile) {
      constexpr bool VECTORS = decltype(vectors)::value;
      if (shared) {
        launch(&histogram_kernel<In, Bins, VECTORS, true, BINNED, Word>, head, per_tile);
      } else if constexpr (!input::raw_keys) {
        launch(&histogram_kernel<In, Bins, VECTORS, false, BINNED, Word>, head, per_tile);
      }
    };
    bool vectors = false;
    if constexpr (input::vectors) {
      const auto address = reinterpret_cast<std::uintptr_t>(first);
      using T = typename input::T;
      if (address % sizeof(T) == 0) {
        const long long head = static_cast<long long>((16 - address % 16) % 16 / sizeof(T));
        launch_either(std::true_type{}, static_cast<int>(head < n ? head : n),
                      static_cast<long long>(tuning::threads) * tuning::vectors * input::V);
        vectors = true;
      }
    }
    if (!vectors) {
      launch_either(std::false_type{}, 0, static_cast<long long>(tuning::threads) * tuning::items);
    }
  }
  if constexpr (!DIRECT) {
    const int blocks = (bins.count() + 255) / 256;
    const unsigned grid = static_cast<unsigned>(blocks < 1024 ? blocks : 1024);
    if constexpr (input::raw_keys) {
      store_raw_counts_kernel<typename input::T><<<grid, 256, 0, stream>>>(tally, bins, counts);
    } else {
      store_counts_kernel<<<grid, 256, 0, stream>>>(tally, width, counts);
    }
    detail::check_launch(algorithm);
  }
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
