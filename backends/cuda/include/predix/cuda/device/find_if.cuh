#pragma once
// Device-wide find_if (and find_if_not, find, any_of, all_of, none_of, partition_point,
// is_partitioned through the public layer): one kernel that stops early.
//   flags 0 0 1 0 1  →  index 2
// Blocks stride over the tiles in order (block b: tiles b, b + grid, ...). Each thread
// evaluates its items into a bit mask; a warp's earliest match is the lowest lane of
// __ballot_sync and that lane's lowest bit (__ffsll), reported by atomicMax of ~index into
// one word (zero: "none"; the largest ~index is the smallest index). After each tile the
// block stops if it found a match (its later tiles can only be later) or if the word holds
// a match before its next tile: the work done grows with the position of the first match,
// not with n. Every tile before the first match is read, so the result is exact. The last
// block to stop (a second word counts them) stores the word where the host reads it and sets
// both words back to zero (call_slots.hpp scratch).
#include <cuda/atomic>

#include <predix/cuda/device/count_if.cuh>

namespace predix::gpu {

template <class Source>
using find_shape = stream_shape<Source, tuning::active::find>;

template <class Source, class Pred>
__global__ void __launch_bounds__(find_shape<Source>::THREADS)
    find_if_kernel(Source source, long long n, bool aligned, Pred pred, unsigned long long* words,
                   unsigned long long* result) {
  using shape = find_shape<Source>;
  static_assert(shape::ITEMS <= 64, "a thread's matches fit one 64-bit mask");
  // words[0]: the earliest match as ~index (0: none yet), words[1]: the blocks finished
  ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device> earliest(words[0]);
  const long long tiles = (n + shape::TILE - 1) / shape::TILE;
  for (long long tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    long long first;
    const int valid = shape::thread_items(tile, n, first);
    unsigned long long bits = 0;  // bit k: item k matches
    detail::load_items<shape::ITEMS>(source, first, valid, aligned, [&](int k, const auto& x) {
      bits |= static_cast<unsigned long long>(predix::detail::test(pred, x)) << k;
    });
    const bool hit = bits != 0;
    const unsigned lanes = __ballot_sync(full_warp_mask, hit);
    if (hit && lane_id() == static_cast<unsigned>(__ffs(lanes) - 1)) {
      earliest.fetch_max(~static_cast<unsigned long long>(first + __ffsll(bits) - 1),
                         ::cuda::memory_order_relaxed);
    }
    const unsigned long long next = static_cast<unsigned long long>(tile + gridDim.x) * shape::TILE;
    const bool known = threadIdx.x == 0 && ~earliest.load(::cuda::memory_order_relaxed) < next;
    if (__syncthreads_or(hit || known)) break;
  }
  if (threadIdx.x == 0) {  // the last block to finish: the answer out, both words back to zero
    __threadfence();
    if (atomicAdd(&words[1], 1ull) == gridDim.x - 1) {
      *result = earliest.exchange(0, ::cuda::memory_order_relaxed);
      words[1] = 0;
    }
  }
}

/// The index of the first item of [first, first + n) for which pred holds, or n; n > 0.
template <class In, class Pred>
long long device_find_if(const cuda_policy& policy, In first, long long n, Pred pred,
                         const char* algorithm) {
  detail::check_device_iterator(first, algorithm, "input");
  using source_type = detail::source_t<In>;
  using shape = find_shape<source_type>;
  auto* kernel = &find_if_kernel<source_type, device_function_t<Pred>>;
  const unsigned grid = shape::grid(kernel, n, algorithm);
  const cudaStream_t stream = policy.stream();
  detail::call_slots<unsigned long long> slots(stream, algorithm, true);
  const auto source = detail::make_source(first);
  kernel<<<grid, shape::THREADS, 0, stream>>>(source, n, source.is_aligned(), to_device(pred),
                                              slots.counters<unsigned long long>(), slots.result());
  detail::check_launch(algorithm);
  const unsigned long long earliest = slots.get(algorithm);
  return earliest == 0 ? n : static_cast<long long>(~earliest);
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Pred>
In find_if(const cuda_policy& policy, In first, In last, Pred pred) {
  const long long n = last - first;
  if (n == 0) return last;
  return first + gpu::device_find_if(policy, first, n, pred, "find_if");
}

}  // namespace predix::impl
