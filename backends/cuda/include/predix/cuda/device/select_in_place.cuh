#pragma once
// Device-wide selection in place: remove_if, partition and stable_partition, on the kernel of
// select.cuh with the range as its output of selected items.
//   items a b c d e f, flags 1 0 1 1 0 1 → partition: a c d f e b; stable_partition: a c d f b e
// In place (out == first) the selected items are safe to write: a tile writes only below its
// own end, and only after its look-back has seen every earlier tile publish, that is, after
// every earlier tile has read its items. remove_if drops the rejected items; stable_partition
// puts them in temporary storage and copies them behind the selected ones; partition writes
// those whose places lie below their tile's end in place too (select.cuh: store_backward) and
// puts only the others aside (a of them: those of the first tiles, about n/3 at 50% selected,
// n/2 at 1%, none at 100%):
//   remove_if          read n, write k                             (k selected)
//   stable_partition   read n, write k + (n − k) aside, read and write (n − k) back: 2n + 2(n − k)
//   partition          read n, write n, read and write a back: 2n + 2a
// No single pass does better with partition's order (DESIGN.md §1): reading [0, x) puts its
// rejected items at [n − R(x), n), unread while x < n − R(x) (R(x): those rejected in [0, x)).
#include <iterator>
#include <type_traits>

#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/select.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/thrust_fallback.hpp>
#include <predix/detail/functional.hpp>

namespace predix::gpu {

/// out[at + i] = in[i] for i < n.
template <class T, class Sink>
__global__ void put_items_kernel(const T* in, Sink out, long long at, long long n) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    out.put(at + i, in[i]);
  }
}

/// The in-place selection of [first, first + n): selected items to the front (in order), the
/// others behind them — REJECTED nowhere: dropped (remove_if); forward: in order; backward: in
/// reverse order, both through temporary storage. Returns the number selected.
template <rejected_to REJECTED, class It, class StencilIt, class Pred>
long long device_select_in_place(const cuda_policy& policy, It first, long long n,
                                 StencilIt stencil, Pred pred, const char* algorithm) {
  if constexpr (REJECTED == rejected_to::nowhere) {
    return device_select<REJECTED>(policy, first, n, stencil, first, first, pred, algorithm)
        .selected;
  } else {
    using T = typename std::iterator_traits<It>::value_type;
    const cudaStream_t stream = policy.stream();
    detail::temporary_storage aside(sizeof(T) * static_cast<std::size_t>(n), stream, algorithm);
    T* const rejected = aside.at<T>(0);
    const select_counts counts =
        device_select<REJECTED>(policy, first, n, stencil, first, rejected, pred, algorithm);
    const long long k = counts.selected, at = counts.aside_from;  // [at, n) lies aside
    if (at == n) return k;
    const T* const from = rejected + (REJECTED == rejected_to::forward ? 0 : at);
    const auto sink = detail::make_sink(first);
    if constexpr (std::is_same_v<std::decay_t<decltype(sink)>, detail::pointer_sink<T>>) {
      detail::check(cudaMemcpyAsync(sink.base + at, from,
                                    sizeof(T) * static_cast<std::size_t>(n - at),
                                    cudaMemcpyDeviceToDevice, stream),
                    algorithm, "cudaMemcpyAsync");
    } else {
      const long long blocks = (n - at + 255) / 256;
      put_items_kernel<<<static_cast<unsigned>(blocks < 65536 ? blocks : 65536), 256, 0,
                         stream>>>(from, sink, at, n - at);
      detail::check_launch(algorithm);
    }
    detail::synchronize(stream, algorithm);
    return k;
  }
}

/// The in-place algorithms' shared front: an empty range, device iterators, and items the
/// kernel does not take (`thrust_call(policy)`, a generic lambda: instantiated only for those).
template <rejected_to REJECTED, class It, class Stencil, class Pred, class ThrustCall>
It select_in_place(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred,
                   const char* algorithm, ThrustCall&& thrust_call) {
  if (first == last) return last;
  detail::check_device_iterator(first, algorithm, "input");
  detail::check_device_iterator(stencil, algorithm, "stencil");
  if constexpr (!selects_natively_v<typename std::iterator_traits<It>::value_type>) {
    return thrust_call(policy);
  } else {
    return first + device_select_in_place<REJECTED>(policy, first, last - first, stencil, pred,
                                                    algorithm);
  }
}

}  // namespace predix::gpu

namespace predix::impl {

// remove_if keeps what the predicate rejects: the selection of its negation, in place.
template <class It, class Stencil, class Pred>
It remove_if(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred) {
  return gpu::select_in_place<gpu::rejected_to::nowhere>(
      policy, first, last, stencil, predix::detail::negate<Pred>{pred}, "remove_if",
      [&](const auto& p) { return gpu::detail::thrust_remove_if(p, first, last, stencil, pred); });
}

template <class It, class Stencil, class Pred>
It partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred) {
  return gpu::select_in_place<gpu::rejected_to::backward>(
      policy, first, last, stencil, pred, "partition",
      [&](const auto& p) { return gpu::detail::thrust_partition(p, first, last, stencil, pred); });
}

template <class It, class Stencil, class Pred>
It stable_partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred) {
  return gpu::select_in_place<gpu::rejected_to::forward>(
      policy, first, last, stencil, pred, "stable_partition", [&](const auto& p) {
        return gpu::detail::thrust_stable_partition(p, first, last, stencil, pred);
      });
}

}  // namespace predix::impl
