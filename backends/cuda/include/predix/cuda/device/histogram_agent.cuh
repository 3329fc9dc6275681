#pragma once
// The histograms' kernels.
//   samples 3 15 20 9 | 12 12 (two blocks), bins [0, 10) [10, 20)
//   block 0 counts 2 1, block 1 counts 0 2 in shared memory → tally 2 3 → counts 2 3
// histogram_kernel: the blocks stride over tiles of samples, each sample's key counted into the
// block's bins in shared memory by plain atomics, which are added to the zeroed 64-bit tally in
// global memory at the end (one atomic per non-empty bin and block), or, bins too many for
// shared memory, into the tally directly through warp_aggregated_atomic (aggregation pays in
// global memory only: docs/perf/histogram.md). Samples past n have no key, so every warp stays
// converged where it counts into the tally.
// - Samples in plain memory (pointers to arithmetic types) are read as 16-byte vectors, the
//   items before the first 16-byte boundary (`head`) and after the last whole vector by block 0,
//   one per thread; other iterators item by item, striped.
// - 1-byte integer samples are counted by their raw value (raw_keys: 256 keys, no arithmetic a
//   sample, as CUB does); the block folds its raw counts into the bins as it adds them (BINNED),
//   or store_raw_counts_kernel folds the 256 raw counts of the tally.
//   Their block bins are held once per lane (histogram_input::copies, 32 KiB): key k of lane l
//   at k·32 + l, so that no two lanes of a warp meet in one bank or address, whatever the data.
// A block counts at most n / grid samples in 32 bits: below 2^32 for any n memory holds.
#include <cstring>
#include <iterator>
#include <type_traits>

#include <predix/cuda/tuning/tuning.cuh>
#include <predix/cuda/warp/warp_aggregated_atomic.cuh>

namespace predix::gpu {

/// How histogram_kernel reads the samples of In and what it counts.
template <class In>
struct histogram_input {
  using T = typename std::iterator_traits<In>::value_type;
  /// Counted by raw value: 1-byte integers.
  static constexpr bool raw_keys =
      std::is_integral_v<T> && sizeof(T) == 1 && !std::is_same_v<T, bool>;
  /// Read as 16-byte vectors of V items.
  static constexpr bool vectors =
      std::is_pointer_v<In> && std::is_arithmetic_v<T> && 16 % sizeof(T) == 0;
  static constexpr int V = vectors ? 16 / static_cast<int>(sizeof(T)) : 1;
  /// Copies of the block bins in shared memory, one per lane (raw keys) or one.
  static constexpr int copies = raw_keys ? warp_threads : 1;
};

/// VECTORS: read as vectors (histogram_input::vectors, and the samples aligned to their size).
/// SHARED: counted in the block's bins in shared memory (histogram_input::copies of them), else
/// into the tally directly. The tally: zeroed words of 4 or 8 bytes, one per bin (BINNED), or
/// one per raw key.
template <class In, class Bins, bool VECTORS, bool SHARED, bool BINNED, class Word,
          class Tuning = tuning::active::histogram>
__global__ void __launch_bounds__(Tuning::threads)
    histogram_kernel(In first, long long n, int head, Bins bins, Word* tally) {
  using input = histogram_input<In>;
  using T = typename input::T;
  constexpr int THREADS = Tuning::threads, COPIES = input::copies;
  extern __shared__ unsigned block_bins[];
  const int width = input::raw_keys ? 256 : bins.count();
  unsigned* const my_bins = block_bins + (COPIES > 1 ? lane_id() : 0);  // key k at k·COPIES
  if constexpr (SHARED) {
    for (int b = threadIdx.x; b < width * COPIES; b += THREADS) block_bins[b] = 0;
    __syncthreads();
  }
  auto key_of = [&](const T& x) {
    if constexpr (input::raw_keys) {
      return static_cast<int>(static_cast<unsigned char>(x));
    } else {
      return bins(x);
    }
  };
  auto count = [&](int key) {
    if constexpr (SHARED) {
      if (key >= 0) atomicAdd(my_bins + key * COPIES, 1u);
    } else {
      warp_aggregated_atomic::increment(tally, key);
    }
  };
  if constexpr (VECTORS) {
    constexpr int V = input::V, PER_TILE = Tuning::vectors;
    constexpr long long TILE = static_cast<long long>(THREADS) * PER_TILE;
    const uint4* body = reinterpret_cast<const uint4*>(first + head);
    const long long whole = (n - head) / V;
    for (long long tile = blockIdx.x * TILE; tile < whole; tile += gridDim.x * TILE) {
      uint4 raw[PER_TILE];
#pragma unroll
      for (int k = 0; k < PER_TILE; ++k) {
        const long long v = tile + k * THREADS + threadIdx.x;
        raw[k] = v < whole ? body[v] : uint4{};
      }
#pragma unroll
      for (int k = 0; k < PER_TILE; ++k) {
        const bool in_range = tile + k * THREADS + threadIdx.x < whole;
        if (SHARED && !in_range) continue;  // (the last tile alone; the global count needs all)
        T items[V];
        std::memcpy(items, &raw[k], sizeof(raw[k]));
#pragma unroll
        for (int i = 0; i < V; ++i) count(SHARED || in_range ? key_of(items[i]) : -1);
      }
    }
    if (blockIdx.x == 0) {  // the head and the tail: fewer than 2 V items, one a thread
      static_assert(2 * V <= THREADS, "an item of the head or tail a thread");
      const int t = threadIdx.x;
      const long long after = head + whole * V;
      const long long i = t < head ? t : after + (t - head);
      count(t < head || i < n ? key_of(first[i]) : -1);
    }
  } else {
    constexpr int ITEMS = Tuning::items;
    constexpr long long TILE = static_cast<long long>(THREADS) * ITEMS;
    for (long long tile = blockIdx.x * TILE; tile < n; tile += gridDim.x * TILE) {
      int key[ITEMS];
#pragma unroll
      for (int j = 0; j < ITEMS; ++j) {
        const long long i = tile + j * THREADS + threadIdx.x;
        key[j] = i < n ? key_of(first[i]) : -1;
      }
#pragma unroll
      for (int j = 0; j < ITEMS; ++j) count(key[j]);
    }
  }
  if constexpr (SHARED) {
    __syncthreads();
    for (int b = threadIdx.x; b < width; b += THREADS) {
      unsigned sum = 0;  // the copies from copy b on (consecutive threads, other banks)
#pragma unroll
      for (int c = 0; c < COPIES; ++c) sum += block_bins[b * COPIES + (b + c) % COPIES];
      int to = b;
      if constexpr (input::raw_keys && BINNED) {
        to = bins(static_cast<T>(static_cast<unsigned char>(b)));
      }
      if (sum != 0 && to >= 0) atomicAdd(tally + to, static_cast<Word>(sum));
    }
  }
}

/// counts[b] = tally[b] in the counts' type, b < width.
template <class Counts>
__global__ void __launch_bounds__(256)
    store_counts_kernel(const unsigned long long* tally, int width, Counts counts) {
  using C = typename std::iterator_traits<Counts>::value_type;
  for (int b = blockIdx.x * 256 + threadIdx.x; b < width; b += gridDim.x * 256) {
    counts[b] = static_cast<C>(tally[b]);
  }
}

/// counts[b] = the raw counts of the 1-byte values T whose bin is b, b < bins.count().
template <class T, class Bins, class Counts>
__global__ void __launch_bounds__(256)
    store_raw_counts_kernel(const unsigned long long* raw, Bins bins, Counts counts) {
  using C = typename std::iterator_traits<Counts>::value_type;
  __shared__ int bin_of[256];
  bin_of[threadIdx.x] = bins(static_cast<T>(static_cast<unsigned char>(threadIdx.x)));
  __syncthreads();
  for (int b = blockIdx.x * 256 + threadIdx.x; b < bins.count(); b += gridDim.x * 256) {
    unsigned long long sum = 0;
    for (int v = 0; v < 256; ++v) sum += bin_of[v] == b ? raw[v] : 0;
    counts[b] = static_cast<C>(sum);
  }
}

}  // namespace predix::gpu
