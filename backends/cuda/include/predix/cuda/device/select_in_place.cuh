#pragma once
// Device-wide selection in place: remove_if, partition and stable_partition, on the kernel of
// select.cuh with the range as its output of selected items.
//   items a b c d e f, flags 1 0 1 1 0 1 → partition: a c d f e b; stable_partition: a c d f b e
// In place (out == first) the selected items are safe to write: a tile writes only below its
// own end, and only after its look-back has seen every earlier tile publish, which such a tile
// does with release semantics after a barrier that follows all of its threads' loads
// (tile_prefix IN_PLACE), so every earlier tile has read its items (docs/in_place.md).
// remove_if drops the rejected items; stable_partition puts them in temporary storage and
// copies them behind the selected ones, or, when a sample of the predicate says few are
// selected, sweeps from the end and puts the selected ones aside instead
// (device_stable_partition: the choice made on the device); partition writes those whose
// places lie below their tile's end in place too (select.cuh: store_backward) and puts only
// the others aside (a of them: those of the first tiles, about n/3 at 50% selected,
// n/2 at 1%, none at 100%):
//   remove_if          read n, write k                             (k selected)
//   stable_partition   read n, write k + (n − k) aside, read and write (n − k) back: 2n + 2(n − k)
//                      from the end: read n, write (n − k) + k aside, k back: 2n + 2k
//   partition          read n, write n, read and write a back: 2n + 2a
// No single pass does better with partition's order (DESIGN.md §1): reading [0, x) puts its
// rejected items at [n − R(x), n), unread while x < n − R(x) (R(x): those rejected in [0, x)).
#include <iterator>
#include <type_traits>

#include <thrust/iterator/reverse_iterator.h>
#include <thrust/memory.h>

#include <predix/cuda/block/block_reduce.cuh>
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

/// to[i] = from[i] for i < count, device to device, ordered on the stream.
template <class T>
void copy_items(T* to, const T* from, long long count, cudaStream_t stream,
                const char* algorithm) {
  detail::check(cudaMemcpyAsync(to, from, sizeof(T) * static_cast<std::size_t>(count),
                                cudaMemcpyDeviceToDevice, stream),
                algorithm, "cudaMemcpyAsync");
}

/// The in-place selection of [first, first + n): selected items to the front (in order), the
/// others behind them — REJECTED nowhere: dropped (remove_if); forward: in order; backward: in
/// reverse order, both through temporary storage. Returns the number selected.
template <rejected_to REJECTED, class It, class StencilIt, class Pred>
long long device_select_in_place(const cuda_policy& policy, It first, long long n,
                                 StencilIt stencil, Pred pred, const char* algorithm) {
  if constexpr (REJECTED == rejected_to::nowhere) {
    return device_select<REJECTED, true>(policy, first, n, stencil, first, first, pred, algorithm)
        .selected;
  } else {
    using T = typename std::iterator_traits<It>::value_type;
    const cudaStream_t stream = policy.stream();
    detail::temporary_storage aside(sizeof(T) * static_cast<std::size_t>(n), stream, algorithm);
    T* const rejected = aside.at<T>(0);
    const select_counts counts =
        device_select<REJECTED, true>(policy, first, n, stencil, first, rejected, pred, algorithm);
    const long long k = counts.selected, at = counts.aside_from;  // [at, n) lies aside
    if (at == n) return k;
    const T* const from = rejected + (REJECTED == rejected_to::forward ? 0 : at);
    const auto sink = detail::make_sink(first);
    if constexpr (std::is_same_v<std::decay_t<decltype(sink)>, detail::pointer_sink<T>>) {
      copy_items(sink.base + at, from, n - at, stream, algorithm);
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

/// The way stable_partition sweeps its range (device_stable_partition): as a sample of the
/// predicate chooses on the device, from the start, or from the end.
enum class sweep { choose, forward, backward };

/// One block: *backward = 1 when the predicate selects fewer than half of a sample of the
/// stencil's n items (sampled_selected, select_deferred.cuh), else 0; `forced` (0 or 1) is
/// stored instead when it is not −1. The choice also goes to *told (the call's result slot,
/// which the host reads after the call).
template <class Stencil, class Pred>
__global__ void __launch_bounds__(256)
    choose_sweep_kernel(Stencil tests, long long n, Pred pred, int forced, int* backward,
                        long long* told) {
  int choice = forced;
  if (forced < 0) {
    choice = 2 * sampled_selected<256>(tests, n, pred) < tuning::active::select::sample_items;
  }
  if (threadIdx.x == 0) {
    *backward = choice;
    *told = choice;
  }
}

/// stable_partition's two sweeps in one kernel: each block runs the one that
/// choose_sweep_kernel, launched before it, stored to *backward, so that no call waits on the
/// host for the choice. Both agents work on the same tiles of the same items.
template <class Forward, class Backward>
struct either_sweep {
  static_assert(Forward::TILE == Backward::TILE && Forward::THREADS == Backward::THREADS &&
                    Forward::MIN_BLOCKS == Backward::MIN_BLOCKS,
                "the two sweeps share their tiles and launch");
  using V = typename Forward::V;
  static constexpr int THREADS = Forward::THREADS;
  static constexpr int MIN_BLOCKS = Forward::MIN_BLOCKS;
  static constexpr long long TILE = Forward::TILE;
  union TempStorage {
    typename Forward::TempStorage forward;
    typename Backward::TempStorage backward;
  };
  Forward forward;
  Backward backward;
  const int* backward_chosen;

  template <bool WHOLE>
  __device__ __forceinline__ void run(TempStorage& storage, unsigned long long* counter,
                                      long long tiles) {
    if (*backward_chosen != 0) {
      Backward agent = backward;
      agent.template run<WHOLE>(storage.backward, counter, tiles);
    } else {
      Forward agent = forward;
      agent.template run<WHOLE>(storage.forward, counter, tiles);
    }
  }
};

template <class Forward, class Backward, class V>
void use_tile_states(either_sweep<Forward, Backward>& agent, const tile_state<V>& state) {
  use_tile_states(agent.forward, state);
  use_tile_states(agent.backward, state);
}

/// stable_partition in place; returns the number selected (and the sweep taken to *swept).
/// Swept forward (device_select_in_place), the selected items go to their places and the
/// rejected ones aside: 2n + 2(n − k) items moved. Swept from the end — the forward sweep of
/// the reversed range with the negated predicate, as
///   stable_partition(A, p) = reverse(stable_partition(reverse(A), not p))
/// — the rejected items go to their places (from the end, each at or after its own place) and
/// the k selected ones aside, in order at the end of the temporary storage, then to the front:
/// 2n + 2k. `choose` lets a sample choose on the device (choose_sweep_kernel, either_sweep)
/// for calls of at least tuning::select::choose_from_bytes whose two sweeps load alike (both
/// ends of the items and stencil 16-byte aligned, or neither), and sweeps forward otherwise.
/// Only contiguous items and stencils sweep from the end.
template <class It, class StencilIt, class Pred>
long long device_stable_partition(const cuda_policy& policy, It first, long long n,
                                  StencilIt stencil, Pred pred, const char* algorithm,
                                  sweep way = sweep::choose, sweep* swept = nullptr) {
  using T = typename std::iterator_traits<It>::value_type;
  using Tests = decltype(predix::detail::stencil_items(stencil));  // the stencil, or the items
  using S = std::remove_cv_t<typename std::iterator_traits<Tests>::value_type>;
  constexpr bool contiguous =
      std::is_same_v<detail::source_t<It>, detail::pointer_source<T>> &&
      std::is_same_v<detail::source_t<Tests>, detail::pointer_source<S>>;
  if constexpr (contiguous) {
    T* const data = ::thrust::raw_pointer_cast(&*first);
    const S* const tests = ::thrust::raw_pointer_cast(&*predix::detail::stencil_items(stencil));
    const cudaStream_t stream = policy.stream();
    std::size_t bytes = 0;
    const std::size_t aside_at = detail::temporary_storage::carve(bytes, sizeof(T) * n);
    const std::size_t choice_at = detail::temporary_storage::carve(bytes, sizeof(int));
    // Forward: the rejected items aside from its start. From the end: the items, stencil and
    // outputs reversed, the rejected items (the selected ones) aside from its end, reversed.
    const auto items = ::thrust::make_reverse_iterator(data + n);
    const auto reversed_tests = ::thrust::make_reverse_iterator(tests + n);
    const predix::detail::negate<Pred> rejects{pred};
    auto forward = make_select_agent<rejected_to::forward, true>(first, n, stencil, first,
                                                                 static_cast<T*>(nullptr), pred);
    const auto backward_tests = [&] {  // without a stencil, the reversed items themselves
      if constexpr (predix::detail::is_items_as_stencil_v<StencilIt>) {
        return predix::detail::as_stencil(items);
      } else {
        return reversed_tests;
      }
    }();
    auto backward = make_select_agent<rejected_to::forward, true>(
        items, n, backward_tests, items,
        ::thrust::make_reverse_iterator(static_cast<T*>(nullptr)), rejects);
    const bool alike = forward.vectors() == backward.vectors();
    using tuning = tuning::active::select;
    const bool pays = n * static_cast<long long>(sizeof(T)) >= tuning::choose_from_bytes &&
                      n >= tuning::sample_items;
    if (way != sweep::choose || (pays && alike)) {
      detail::temporary_storage aside(bytes, stream, algorithm);
      T* const aside_items = aside.at<T>(aside_at);
      int* const choice = aside.at<int>(choice_at);
      forward.rejected = detail::make_sink(aside_items);
      backward.rejected = detail::make_sink(::thrust::make_reverse_iterator(aside_items + n));
      either_sweep<decltype(forward), decltype(backward)> e{forward, backward, choice};
      detail::call_slots<select_counts> counts(stream, algorithm);  // to the host
      e.forward.counts = e.backward.counts = counts.result();
      const int forced = way == sweep::choose ? -1 : way == sweep::backward ? 1 : 0;
      choose_sweep_kernel<<<1, 256, 0, stream>>>(detail::make_source(tests), n, to_device(pred),
                                                 forced, choice, &counts.result()->aside_from);
      detail::check_launch(algorithm);
      using agent = decltype(e);
      const long long tiles = (n + agent::TILE - 1) / agent::TILE;
      const long long whole = alike && forward.vectors() ? n / agent::TILE : 0;
      look_back_storage<typename agent::V> look_back(tiles, stream, algorithm);
      launch_selection(e, tiles, whole, look_back.memory(), stream, algorithm);
      const select_counts got = counts.get(algorithm);
      look_back.done();
      const bool from_the_end = got.aside_from != 0;  // as choose_sweep_kernel told
      if (swept != nullptr) *swept = from_the_end ? sweep::backward : sweep::forward;
      const long long k = from_the_end ? n - got.selected : got.selected;
      // Forward: the n − k rejected items from aside_items[0] to data[k]; from the end: the k
      // selected ones from aside_items[n − k] to data[0].
      const long long count = from_the_end ? k : n - k;
      if (count > 0) {
        copy_items(data + (from_the_end ? 0 : k), aside_items + (from_the_end ? n - k : 0),
                   count, stream, algorithm);
        detail::synchronize(stream, algorithm);
      }
      return k;
    }
  }
  if (swept != nullptr) *swept = sweep::forward;
  return device_select_in_place<rejected_to::forward>(policy, first, n, stencil, pred,
                                                      algorithm);
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
    const long long n = last - first;
    if constexpr (REJECTED == rejected_to::forward) {  // stable_partition
      return first + device_stable_partition(policy, first, n, stencil, pred, algorithm);
    } else {
      return first + device_select_in_place<REJECTED>(policy, first, n, stencil, pred, algorithm);
    }
  }
}

}  // namespace predix::gpu

namespace predix::impl {

// remove_if keeps what the predicate rejects: the selection of its negation, in place.
template <class It, class Stencil, class Pred>
It remove_if(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  return gpu::select_in_place<gpu::rejected_to::nowhere>(
      policy, first, last, stencil, predix::detail::negate<Pred>{pred}, algorithm,
      [&](const auto& p) {
        return gpu::detail::thrust_remove_if(p, first, last, stencil, pred, algorithm);
      });
}

template <class It, class Stencil, class Pred>
It partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  return gpu::select_in_place<gpu::rejected_to::backward>(
      policy, first, last, stencil, pred, algorithm, [&](const auto& p) {
        return gpu::detail::thrust_partition(p, first, last, stencil, pred, algorithm);
      });
}

template <class It, class Stencil, class Pred>
It stable_partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred,
                    const char* algorithm) {
  return gpu::select_in_place<gpu::rejected_to::forward>(
      policy, first, last, stencil, pred, algorithm, [&](const auto& p) {
        return gpu::detail::thrust_stable_partition(p, first, last, stencil, pred, algorithm);
      });
}

}  // namespace predix::impl
