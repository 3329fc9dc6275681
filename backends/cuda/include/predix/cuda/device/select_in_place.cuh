#pragma once
// Device-wide selection in place: remove_if, partition and stable_partition, on the kernel of
// select.cuh with the range as its output of selected items.
//   items a b c d e f, flags 1 0 1 1 0 1 → partition: a c d f e b; stable_partition: a c d f b e
// In place (out == first) the selected items are safe to write: a tile writes only below its
// own end, and only after its look-back has seen every earlier tile publish, which such a tile
// does with release semantics after a barrier that follows all of its threads' loads
// (tile_prefix IN_PLACE), so every earlier tile has read its items (docs/in_place.md).
// remove_if drops the rejected items; stable_partition puts them in temporary storage and
// a kernel of its own copies them behind the selected ones, or, when a sample of the predicate
// says few are selected, sweeps from the end and puts the selected ones aside instead
// (in_place_async: the choice made on the device); partition writes those whose places lie
// below their tile's end in place too (select_agent.cuh: store_backward) and puts only the
// others aside (a of them: those of the first tiles, about n/3 at 50% selected, n/2 at 1%,
// none at 100%):
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
#include <predix/cuda/detail/copy_bytes.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/select.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/thrust_fallback.hpp>
#include <predix/detail/functional.hpp>

namespace predix::gpu {

/// The way stable_partition sweeps its range (in_place_async): as a sample of the predicate
/// chooses on the device, from the start, or from the end.
enum class sweep { choose, forward, backward };

/// What an in-place selection that puts items aside publishes (put_back_kernel): the number
/// selected, and whether stable_partition swept from the end.
struct in_place_result {
  long long selected;
  long long from_the_end;
};

/// The number selected of an in_place_result (stored to a count iterator: stored_result).
struct selected_of {
  __host__ __device__ long long operator()(const in_place_result& r) const { return r.selected; }
};

/// out.put(at + i, from[i]) for i < count, by every thread of the grid (blocks of 256): into a
/// pointer as bytes (detail::copy_bytes: the items are trivially copyable); else in rounds of
/// 64 bytes a thread (a copy needs bytes in flight to reach the memory's bandwidth).
template <class T, class Sink>
__device__ __forceinline__ void copy_to_places(const T* from, Sink out, long long at,
                                               long long count) {
  const long long thread = blockIdx.x * 256ll + threadIdx.x, threads = gridDim.x * 256ll;
  if constexpr (std::is_same_v<Sink, detail::pointer_sink<T>>) {
    detail::copy_bytes(reinterpret_cast<const unsigned char*>(from),
                       reinterpret_cast<unsigned char*>(out.base + at),
                       count * static_cast<long long>(sizeof(T)), thread, threads);
  } else {
    constexpr int items = sizeof(T) >= 64 ? 1 : int(64 / sizeof(T));
    for (long long round = thread; round < count; round += items * threads) {
      T got[items];
#pragma unroll
      for (int j = 0; j < items; ++j) {
        if (round + j * threads < count) got[j] = from[round + j * threads];
      }
#pragma unroll
      for (int j = 0; j < items; ++j) {
        if (round + j * threads < count) out.put(at + round + j * threads, got[j]);
      }
    }
  }
}

/// After an in-place selection that put items aside (`aside`: n items of temporary storage),
/// moves them to their places in the range, as its counts and the sweep chosen (*from_the_end;
/// forward when null) say, and publishes the result — all from device memory, so that no call
/// waits on the host between the two kernels:
///   partition (REJECTED backward)   aside[at, n) → range[at, n)    at = counts->aside_from
///   stable_partition, forward       aside[0, n − k) → range[k, n)  k = counts->selected
///   stable_partition, from the end  aside[n − k, n) → range[0, k)  k = n − counts->selected
template <rejected_to REJECTED, class T, class Sink, class Result>
__global__ void __launch_bounds__(256)
    put_back_kernel(const T* aside, Sink range, long long n, const select_counts* counts,
                    const int* from_the_end, Result result) {
  const select_counts c = *counts;
  const bool backward = REJECTED == rejected_to::forward && from_the_end != nullptr &&
                        *from_the_end != 0;
  const long long k = backward ? n - c.selected : c.selected;
  long long to = k, from = 0;  // stable_partition, forward
  if (REJECTED == rejected_to::backward) {
    to = from = c.aside_from;
  } else if (backward) {
    to = 0;
    from = n - k;
  }
  const long long count = REJECTED == rejected_to::backward || !backward ? n - to : k;
  if (blockIdx.x == 0 && threadIdx.x == 0) result.publish(in_place_result{k, backward});
  copy_to_places(aside + from, range, to, count);
}

/// One block: *backward = 1 when the predicate selects fewer than `backward_below` items of a
/// sample of the stencil's n items (sampled_selected, select_deferred.cuh; none sampled below
/// a sample's size), else 0. To choose: half the sample (the sweep that moves fewer items);
/// (tests) the sample's size + 1 or 0 take the sweep from the end or forward whatever it holds.
template <class Stencil, class Pred>
__global__ void __launch_bounds__(256) choose_sweep_kernel(Stencil tests, long long n, Pred pred,
                                                           int backward_below, int* backward) {
  using tuning = tuning::active::select;
  const int selected = n >= tuning::sample_items ? sampled_selected<256>(tests, n, pred) : 0;
  if (threadIdx.x == 0) *backward = selected < backward_below;
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
void use_tile_states(either_sweep<Forward, Backward>& agent, const tile_state<V>& state,
                     const tuning::look_back_delays& delays) {
  use_tile_states(agent.forward, state, delays);
  use_tile_states(agent.backward, state, delays);
}

/// The asynchronous core of partition (REJECTED backward) and stable_partition (forward) of
/// [first, first + n), n >= 0, in place: the two-phase protocol (given_storage.cuh); the
/// rejected items go aside (or, for the tiles' places below their ends, straight to their
/// places: store_backward) and back behind the selected ones (put_back_kernel), which
/// publishes the result to `result`.
/// stable_partition swept forward moves 2n + 2(n − k) items; from the end — the forward sweep
/// of the reversed range with the negated predicate, as
///   stable_partition(A, p) = reverse(stable_partition(reverse(A), not p))
/// — the rejected items go to their places (from the end, each at or after its own place) and
/// the k selected ones aside, in order at the end of the temporary storage, then to the front:
/// 2n + 2k. `choose` lets a sample choose on the device (choose_sweep_kernel, either_sweep)
/// for calls of at least tuning::select::choose_from_bytes whose two sweeps load alike (both
/// ends of the items and stencil 16-byte aligned, or neither), and sweeps forward otherwise.
/// Only contiguous items and stencils sweep from the end.
template <rejected_to REJECTED, class It, class StencilIt, class Pred, class Result>
void in_place_async(void* storage, std::size_t& bytes, It first, long long n, StencilIt stencil,
                    Pred pred, Result result, cudaStream_t stream, const char* algorithm,
                    sweep way = sweep::choose) {
  static_assert(REJECTED != rejected_to::nowhere, "remove_if puts nothing aside");
  using T = typename std::iterator_traits<It>::value_type;
  using agent = decltype(make_select_agent<REJECTED, true>(first, n, stencil, first,
                                                           static_cast<T*>(nullptr), pred));
  using memory_type = typename select_parts<agent>::memory_type;
  detail::storage_layout layout;
  const select_parts<agent> parts(layout, n);
  const std::size_t choice_at = layout.plain(sizeof(int));
  const std::size_t aside_at = layout.plain(sizeof(T) * static_cast<std::size_t>(n));
  const detail::given_storage memory(storage, bytes, layout, stream, algorithm, true);
  if (!memory.ready()) return;
  if (n == 0) {
    detail::publish_on(result, in_place_result{0, 0}, stream, algorithm);
    return;
  }
  detail::check_device_iterator(first, algorithm, "input");
  detail::check_device_iterator(stencil, algorithm, "stencil");
  T* const aside = memory.at<T>(aside_at);
  select_counts* const counts = memory.at<select_counts>(parts.counts);
  int* from_the_end = nullptr;  // stable_partition's sweep, when chosen on the device
  char* const states = memory.at<char>(parts.states);
  bool chosen = false;
  if constexpr (REJECTED == rejected_to::forward) {
    using Tests = decltype(predix::detail::stencil_items(stencil));  // the stencil, or the items
    using S = std::remove_cv_t<typename std::iterator_traits<Tests>::value_type>;
    constexpr bool contiguous =
        std::is_same_v<detail::source_t<It>, detail::pointer_source<T>> &&
        std::is_same_v<detail::source_t<Tests>, detail::pointer_source<S>>;
    if constexpr (contiguous) {
      T* const data = ::thrust::raw_pointer_cast(&*first);
      const S* const tests = ::thrust::raw_pointer_cast(&*predix::detail::stencil_items(stencil));
      // From the end: the items, stencil and outputs reversed, the selected items aside from
      // the storage's end, reversed.
      const auto items = ::thrust::make_reverse_iterator(data + n);
      const auto backward_tests = [&] {  // without a stencil, the reversed items themselves
        if constexpr (predix::detail::is_items_as_stencil_v<StencilIt>) {
          return predix::detail::as_stencil(items);
        } else {
          return ::thrust::make_reverse_iterator(tests + n);
        }
      }();
      auto forward = make_select_agent<rejected_to::forward, true>(first, n, stencil, first,
                                                                   aside, pred);
      auto backward = make_select_agent<rejected_to::forward, true>(
          items, n, backward_tests, items, ::thrust::make_reverse_iterator(aside + n),
          predix::detail::negate<Pred>{pred});
      const bool alike = forward.vectors() == backward.vectors();
      using tuning = tuning::active::select;
      const bool pays = n * static_cast<long long>(sizeof(T)) >= tuning::choose_from_bytes &&
                        n >= tuning::sample_items;
      if (way != sweep::choose || (pays && alike)) {
        chosen = true;
        from_the_end = memory.at<int>(choice_at);
        either_sweep<decltype(forward), decltype(backward)> e{forward, backward, from_the_end};
        e.forward.counts = e.backward.counts = counts;
        const int backward_below = way == sweep::choose     ? tuning::sample_items / 2
                                   : way == sweep::backward ? tuning::sample_items + 1
                                                            : 0;
        choose_sweep_kernel<<<1, 256, 0, stream>>>(detail::make_source(tests), n,
                                                   to_device(pred), backward_below, from_the_end);
        detail::check_launch(algorithm);
        const long long tiles = (n + agent::TILE - 1) / agent::TILE;
        const long long whole = alike && forward.vectors() ? n / agent::TILE : 0;
        launch_selection(e, tiles, whole, memory_type::at(states, tiles), stream, algorithm);
      }
    }
  }
  if (!chosen) {
    auto launch = plan_select<REJECTED, true>(first, n, stencil, first, aside, pred, algorithm);
    launch.a.counts = counts;
    launch.a.head_count = memory.at<unsigned long long>(parts.head);
    launch(memory_type::at(states, launch.tiles), stream, algorithm, memory.zeroed());
  }
  // Blocks of 256 threads, 64 bytes a thread, for n items at most (the count is the device's),
  // at most four waves of resident blocks, each striding over the copy (one wave: 2% slower,
  // docs/async_core.md).
  const auto put_back = put_back_kernel<REJECTED, T, decltype(detail::make_sink(first)), Result>;
  const long long wave = detail::resident_blocks(put_back, 256, algorithm);
  const long long blocks = (n * static_cast<long long>(sizeof(T)) + 16383) / 16384;
  put_back<<<static_cast<unsigned>(blocks < 4 * wave ? blocks : 4 * wave), 256, 0, stream>>>(
      aside, detail::make_sink(first), n, counts, from_the_end, result);
  detail::check_launch(algorithm);
}

/// The asynchronous core of the in-place selections of [first, first + n), n >= 0: remove_if
/// (REJECTED nowhere: select.cuh select_async), partition (backward) and stable_partition
/// (forward); the number selected (the partition point) stored to *num_selected_out.
template <rejected_to REJECTED, class It, class StencilIt, class Pred, class NumOut>
void select_in_place_async(void* storage, std::size_t& bytes, It first, long long n,
                           StencilIt stencil, Pred pred, NumOut num_selected_out,
                           cudaStream_t stream, const char* algorithm) {
  if constexpr (REJECTED == rejected_to::nowhere) {
    select_async<REJECTED, true>(storage, bytes, first, n, stencil, first, first, pred,
                                 num_selected_out, stream, algorithm);
  } else {
    in_place_async<REJECTED>(storage, bytes, first, n, stencil, pred,
                             detail::stored_result<NumOut, selected_of>{num_selected_out, {}},
                             stream, algorithm);
  }
}

/// The in-place selection of [first, first + n), n > 0: selected items to the front (in order),
/// the others behind them — REJECTED nowhere: dropped (remove_if); forward: in order; backward:
/// in reverse order, through temporary storage (in_place_async). Returns the number selected
/// (and, for stable_partition, the sweep taken to *swept). Synchronous: the result read back
/// from a mapped result slot after the work is done.
template <rejected_to REJECTED, class It, class StencilIt, class Pred>
long long device_select_in_place(const cuda_policy& policy, It first, long long n,
                                 StencilIt stencil, Pred pred, const char* algorithm,
                                 sweep way = sweep::choose, sweep* swept = nullptr) {
  if constexpr (REJECTED == rejected_to::nowhere) {
    return device_select<REJECTED, true>(policy, first, n, stencil, first, first, pred, algorithm)
        .selected;
  } else {
    const cudaStream_t stream = policy.stream();
    detail::call_slots<in_place_result> slot(stream, algorithm);
    detail::on_temporary_storage(stream, algorithm, [&](void* storage, std::size_t& bytes) {
      in_place_async<REJECTED>(storage, bytes, first, n, stencil, pred,
                               detail::stored_result<in_place_result*>{slot.result(), {}}, stream,
                               algorithm, way);
    });
    const in_place_result got = slot.get(algorithm);
    if (swept != nullptr) *swept = got.from_the_end != 0 ? sweep::backward : sweep::forward;
    return got.selected;
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
    const long long n = last - first;
    return first + device_select_in_place<REJECTED>(policy, first, n, stencil, pred, algorithm);
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
