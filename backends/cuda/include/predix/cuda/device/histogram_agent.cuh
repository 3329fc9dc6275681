#pragma once
// The histograms' kernels.
//   samples 3 15 20 9 | 12 12 (two blocks), bins [0, 10) [10, 20)
//   block 0 counts 2 1, block 1 counts 0 2 in shared memory → tally 2 3 → counts 2 3
// histogram_kernel: the blocks stride over tiles of THREADS × ITEMS samples, loaded striped
// (coalesced; samples past n have no bin, so every warp stays converged), each sample's bin
// (detail/bins.hpp) counted into the block's bins in shared memory by plain atomics (on sm_90
// as fast for colliding lanes as warp_aggregated_atomic, 10× faster for distinct ones:
// docs/perf/histogram.md), which are added to the zeroed 64-bit tally in global memory at the
// end (one atomic per non-empty bin and block), or, bins too many for shared memory, into the
// tally directly through warp_aggregated_atomic (up to 11× faster where lanes collide).
// A block counts at most n / grid samples in 32 bits: below 2^32 for any n memory holds.
// store_counts_kernel then writes counts[b] = tally[b] in the counts' type.
#include <predix/cuda/tuning/tuning.cuh>
#include <predix/cuda/warp/warp_aggregated_atomic.cuh>

namespace predix::gpu {

template <class In, class Bins, class Tuning = tuning::active::histogram>
__global__ void __launch_bounds__(Tuning::threads)
    histogram_kernel(In first, long long n, Bins bins, unsigned long long* tally, bool shared) {
  constexpr int THREADS = Tuning::threads, ITEMS = Tuning::items;
  constexpr long long TILE = static_cast<long long>(THREADS) * ITEMS;
  extern __shared__ unsigned block_bins[];
  const int width = bins.count();
  if (shared) {
    for (int b = threadIdx.x; b < width; b += THREADS) block_bins[b] = 0;
    __syncthreads();
  }
  for (long long tile = blockIdx.x * TILE; tile < n; tile += gridDim.x * TILE) {
    int key[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      const long long i = tile + j * THREADS + threadIdx.x;
      key[j] = i < n ? bins(first[i]) : -1;
    }
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      if (shared) {
        if (key[j] >= 0) atomicAdd(block_bins + key[j], 1u);
      } else {
        warp_aggregated_atomic::increment(tally, key[j]);
      }
    }
  }
  if (shared) {
    __syncthreads();
    for (int b = threadIdx.x; b < width; b += THREADS) {
      if (block_bins[b] != 0) atomicAdd(tally + b, static_cast<unsigned long long>(block_bins[b]));
    }
  }
}

template <class Counts>
__global__ void __launch_bounds__(256)
    store_counts_kernel(const unsigned long long* tally, int width, Counts counts) {
  using C = typename std::iterator_traits<Counts>::value_type;
  for (int b = blockIdx.x * 256 + threadIdx.x; b < width; b += gridDim.x * 256) {
    counts[b] = static_cast<C>(tally[b]);
  }
}

}  // namespace predix::gpu
