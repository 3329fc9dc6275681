#pragma once
// Device-wide selection: copy_if (remove_copy_if through it, with the negated predicate),
// partition_copy, and the in-place remove_if, partition and stable_partition, in one pass over
// the data with the decoupled look-back of tile_state.cuh carrying the count of selected items.
//   items a b c d e f, flags 1 0 1 1 0 1 → selected a c d f; rejected b e (in order), or
//   written from the end of their range backwards: ... e b (DESIGN.md §1, unstable partition)
// One block per tile, its number taken from a counter when the block starts (as in scan.cuh).
// Per tile: each thread loads ITEMS consecutive items (16-byte vectors where tile_io.cuh
// allows) and evaluates the predicate once per item (on the stencil's item when there is
// one), keeping the results as a bit mask; a bit-plane warp scan (ballot + popc) of the
// threads' counts and the warps' counts (warp_offsets) give each thread the tile's selected
// items before it; warp 0's look-back gives the selected items before the tile, and the
// rejected items before the tile are the rest. The tile is staged in shared memory, selected
// items from the front and rejected items from the back, and written with consecutive threads
// on consecutive items. The last tile stores the total count.
//
// In place (out == first) the selected items are safe to write: a tile writes only below its
// own end, and only after its look-back has seen every earlier tile publish, that is, after
// every earlier tile has read its items. Rejected items go to temporary storage, from where
// they are copied behind the selected ones:
//   remove_if          read n, write k                             (k selected)
//   partition          read n, write k + (n − k) aside, read and write (n − k) back: 2n + 2(n − k)
//   stable_partition   the same; the rejected items kept in order instead of reversed
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/detail/warp_offsets.cuh>
#include <predix/cuda/device/tile_io.cuh>
#include <predix/cuda/device/tile_state.cuh>
#include <predix/cuda/functional.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/thrust_fallback.hpp>
#include <predix/cuda/tuning/tuning.cuh>
#include <predix/cuda/warp/warp_bit_plane_scan.cuh>
#include <predix/detail/functional.hpp>

namespace predix::gpu {

/// Where a selection writes the rejected items: nowhere (copy_if), forward from the start of
/// their output, or backward from the end of an n-item output.
enum class rejected_to { nowhere, forward, backward };

/// The look-back's operator: counts of selected items add.
struct count_plus {
  __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const {
    return a + b;
  }
};

/// Whether predix's own selection kernel takes items of type T (it stages them in shared
/// memory as bytes); other types run through Thrust (thrust_fallback.hpp).
template <class T>
inline constexpr bool selects_natively_v =
    std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>;

template <class Source, class Stencil, class Selected, class Rejected, class Pred,
          rejected_to REJECTED>
struct select_agent {
  using T = typename Source::value_type;
  using tuning = tuning::active::stream;
  static constexpr int THREADS = tuning::threads;
  static constexpr int ITEMS = tuning::items(
      Source::element_bytes > int(sizeof(T)) ? Source::element_bytes : int(sizeof(T)));
  static constexpr long long TILE = static_cast<long long>(THREADS) * ITEMS;
  static constexpr int WARPS = THREADS / warp_threads;
  static constexpr int COUNT_BITS =  // bits of a thread's count, 0..ITEMS
      ITEMS < 2 ? 1 : ITEMS < 4 ? 2 : ITEMS < 8 ? 3 : ITEMS < 16 ? 4 : ITEMS < 32 ? 5
      : ITEMS < 64 ? 6 : 7;
  using mask_t = std::conditional_t<(ITEMS > 32), unsigned long long, unsigned>;
  using V = unsigned long long;  // what the look-back carries: selected items
  static_assert(ITEMS <= 64, "a thread's flags fit one 64-bit mask");

  struct TempStorage {
    typename detail::warp_offsets<WARPS>::TempStorage offsets;
    V prefix;        // selected items before the tile, from the look-back warp
    long long tile;  // the tile the block works on
    alignas(T) unsigned char staged[TILE * sizeof(T)];  // the tile's items, sorted out
  };

  Source source;
  Stencil stencil;
  Selected selected;
  Rejected rejected;
  long long n;
  bool aligned_in, aligned_stencil;
  bool use_stencil;  // false: the predicate takes the items themselves
  Pred pred;
  tile_prefix<V, count_plus> prefix;
  unsigned long long* total;  // the count of selected items, stored by the last tile

  __device__ void run(TempStorage& storage, unsigned long long* counter, long long tiles) {
    long long tile = blockIdx.x;
    if (counter != nullptr) {
      if (threadIdx.x == 0) storage.tile = static_cast<long long>(atomicAdd(counter, 1ull));
      __syncthreads();
      tile = storage.tile;
    }
    const long long tile_first = tile * TILE;
    const int tile_items = n - tile_first < TILE ? static_cast<int>(n - tile_first) : int(TILE);
    const int offset = static_cast<int>(threadIdx.x) * ITEMS;  // the thread's first item
    const int valid = tile_items <= offset ? 0 : tile_items - offset < ITEMS ? tile_items - offset
                                                                               : ITEMS;
    T items[ITEMS];
    mask_t bits = 0;  // bit k: item k is selected
    detail::load_items<ITEMS>(source, tile_first + offset, valid, aligned_in,
                              [&](int k, const auto& x) { items[k] = x; });
    if (use_stencil) {
      detail::load_items<ITEMS>(stencil, tile_first + offset, valid, aligned_stencil,
                                [&](int k, const auto& s) {
                                  bits |= static_cast<mask_t>(predix::detail::test(pred, s)) << k;
                                });
    } else {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        if (k < valid) bits |= static_cast<mask_t>(predix::detail::test(pred, items[k])) << k;
      }
    }
    const int count = sizeof(mask_t) > 4 ? __popcll(bits) : __popc(static_cast<unsigned>(bits));
    const int warp = static_cast<int>(threadIdx.x / warp_threads);
    const scan_result<int> lanes =
        warp_bit_plane_scan<COUNT_BITS>::exclusive_sum(static_cast<unsigned>(count));
    const scan_result<int> warps =
        detail::warp_offsets<WARPS>::scan(storage.offsets, lanes.aggregate, warp);
    const int tile_selected = warps.aggregate;
    const bool last = tile + 1 == tiles;
    V before = 0;  // selected items before the tile
    if (tile == 0) {
      if (!last && threadIdx.x == 0) prefix.state.publish(0, tile_inclusive, V(tile_selected));
    } else {
      if (threadIdx.x < warp_threads) {
        const V p = prefix(tile, V(tile_selected), !last);
        if (threadIdx.x == 0) storage.prefix = p;
      }
      __syncthreads();
      before = storage.prefix;
    }
    if (last && threadIdx.x == 0) *total = before + static_cast<V>(tile_selected);

    T* const staged = reinterpret_cast<T*>(storage.staged);
    int sel = warps.value + lanes.value;  // the tile's selected items before this thread
    int rej = offset - sel;               // and its rejected ones
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      if (k < valid) {
        if ((bits >> k) & 1u) {
          staged[sel++] = items[k];
        } else if constexpr (REJECTED != rejected_to::nowhere) {
          staged[tile_items - 1 - rej++] = items[k];
        }
      }
    }
    __syncthreads();
    for (int i = static_cast<int>(threadIdx.x); i < tile_selected; i += THREADS) {
      selected.put(static_cast<long long>(before) + i, staged[i]);
    }
    if constexpr (REJECTED != rejected_to::nowhere) {
      const long long rejected_before = tile_first - static_cast<long long>(before);
      for (int i = static_cast<int>(threadIdx.x); i < tile_items - tile_selected; i += THREADS) {
        const long long r = rejected_before + i;
        rejected.put(REJECTED == rejected_to::forward ? r : n - 1 - r, staged[tile_items - 1 - i]);
      }
    }
  }
};

template <class Agent>
__global__ void __launch_bounds__(Agent::THREADS)
    select_kernel(Agent agent, unsigned long long* counter, long long tiles) {
  __shared__ typename Agent::TempStorage storage;
  agent.run(storage, counter, tiles);
}

/// Selects the items of [first, first + n) whose predicate (on the stencil's item, unless the
/// stencil is `first` itself) holds into out_selected, the others as REJECTED says into
/// out_rejected; returns the number selected. n > 0; returns after the work is done.
template <rejected_to REJECTED, class In, class StencilIt, class OutSel, class OutRej,
          class Pred>
long long device_select(const cuda_policy& policy, In first, long long n, StencilIt stencil,
                        OutSel out_selected, OutRej out_rejected, Pred pred,
                        const char* algorithm) {
  using agent = select_agent<detail::source_t<In>, detail::source_t<StencilIt>,
                             detail::sink_t<OutSel>, detail::sink_t<OutRej>,
                             device_function_t<Pred>, REJECTED>;
  const auto source = detail::make_source(first);
  const auto stencil_source = detail::make_source(stencil);
  agent a{source,
          stencil_source,
          detail::make_sink(out_selected),
          detail::make_sink(out_rejected),
          n,
          source.is_aligned(),
          stencil_source.is_aligned(),
          !detail::stencil_is_input(first, stencil),
          to_device(pred),
          {},
          nullptr};
  const long long tiles = (n + agent::TILE - 1) / agent::TILE;
  if (tiles > 0x7fffffffLL) {
    throw std::length_error(std::string("predix::") + algorithm +
                            ": too many items for one launch");
  }
  using state = tile_state<typename agent::V>;
  using storage = detail::temporary_storage;
  std::size_t bytes = 0;  // the count, the tile counter, the tile states; all but the count zeroed
  const std::size_t total_at = storage::carve(bytes, sizeof(unsigned long long));
  const std::size_t counter_at = storage::carve(bytes, sizeof(unsigned long long));
  const std::size_t state_at = storage::carve(bytes, tiles > 1 ? state::bytes(tiles) : 0);
  const cudaStream_t stream = policy.stream();
  storage temp(bytes, stream, algorithm);
  a.total = temp.at<unsigned long long>(total_at);
  unsigned long long* counter = nullptr;
  if (tiles > 1) {
    a.prefix.state = state::on(temp.at<char>(state_at), tiles);
    counter = temp.at<unsigned long long>(counter_at);
    detail::check(cudaMemsetAsync(counter, 0, state_at + state::zeroed_bytes(tiles) - counter_at,
                                  stream),
                  algorithm, "cudaMemsetAsync");
  }
  select_kernel<agent><<<static_cast<unsigned>(tiles), agent::THREADS, 0, stream>>>(a, counter,
                                                                                    tiles);
  detail::check_launch(algorithm);
  unsigned long long host = 0;
  detail::check(cudaMemcpyAsync(&host, a.total, sizeof host, cudaMemcpyDeviceToHost, stream),
                algorithm, "cudaMemcpyAsync");
  detail::synchronize(stream, algorithm);
  return static_cast<long long>(host);
}

/// out[at + i] = in[i] for i < n.
template <class T, class Sink>
__global__ void put_items_kernel(const T* in, Sink out, long long at, long long n) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    out.put(at + i, in[i]);
  }
}

/// The in-place selection of [first, first + n): selected items to the front (in order), the
/// others, through temporary storage, behind them (REJECTED forward: in order; backward: in
/// reverse order). Returns the number selected.
template <rejected_to REJECTED, class It, class StencilIt, class Pred>
long long device_partition_in_place(const cuda_policy& policy, It first, long long n,
                                    StencilIt stencil, Pred pred, const char* algorithm) {
  using T = typename std::iterator_traits<It>::value_type;
  const cudaStream_t stream = policy.stream();
  detail::temporary_storage aside(sizeof(T) * static_cast<std::size_t>(n), stream, algorithm);
  T* const rejected = aside.at<T>(0);
  const long long k =
      device_select<REJECTED>(policy, first, n, stencil, first, rejected, pred, algorithm);
  if (k == n) return k;
  const T* const from = rejected + (REJECTED == rejected_to::forward ? 0 : k);  // where they lie
  const auto sink = detail::make_sink(first);
  if constexpr (std::is_same_v<std::decay_t<decltype(sink)>, detail::pointer_sink<T>>) {
    detail::check(cudaMemcpyAsync(sink.base + k, from, sizeof(T) * static_cast<std::size_t>(n - k),
                                  cudaMemcpyDeviceToDevice, stream),
                  algorithm, "cudaMemcpyAsync");
  } else {
    const long long blocks = (n - k + 255) / 256;
    put_items_kernel<<<static_cast<unsigned>(blocks < 65536 ? blocks : 65536), 256, 0, stream>>>(
        from, sink, k, n - k);
    detail::check_launch(algorithm);
  }
  detail::synchronize(stream, algorithm);
  return k;
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Stencil, class Out, class Pred>
Out copy_if(const cuda_policy& policy, In first, In last, Stencil stencil, Out out, Pred pred) {
  if (first == last) return out;
  gpu::detail::check_device_iterator(first, "copy_if", "input");
  gpu::detail::check_device_iterator(stencil, "copy_if", "stencil");
  gpu::detail::check_device_iterator(out, "copy_if", "output");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<In>::value_type>) {
    return gpu::detail::thrust_copy_if(policy, first, last, stencil, out, pred);
  } else {
    return out + gpu::device_select<gpu::rejected_to::nowhere>(policy, first, last - first,
                                                               stencil, out, out, pred, "copy_if");
  }
}

template <class It, class Stencil, class Pred>
It remove_if(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred) {
  if (first == last) return last;
  gpu::detail::check_device_iterator(first, "remove_if", "input");
  gpu::detail::check_device_iterator(stencil, "remove_if", "stencil");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<It>::value_type>) {
    return gpu::detail::thrust_remove_if(policy, first, last, stencil, pred);
  } else {  // in place: see select.cuh
    return first + gpu::device_select<gpu::rejected_to::nowhere>(
                       policy, first, last - first, stencil, first, first,
                       predix::detail::negate<Pred>{pred}, "remove_if");
  }
}

template <class It, class Stencil, class Pred>
It partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred) {
  if (first == last) return last;
  gpu::detail::check_device_iterator(first, "partition", "input");
  gpu::detail::check_device_iterator(stencil, "partition", "stencil");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<It>::value_type>) {
    return gpu::detail::thrust_partition(policy, first, last, stencil, pred);
  } else {
    return first + gpu::device_partition_in_place<gpu::rejected_to::backward>(
                       policy, first, last - first, stencil, pred, "partition");
  }
}

template <class It, class Stencil, class Pred>
It stable_partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred) {
  if (first == last) return last;
  gpu::detail::check_device_iterator(first, "stable_partition", "input");
  gpu::detail::check_device_iterator(stencil, "stable_partition", "stencil");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<It>::value_type>) {
    return gpu::detail::thrust_stable_partition(policy, first, last, stencil, pred);
  } else {
    return first + gpu::device_partition_in_place<gpu::rejected_to::forward>(
                       policy, first, last - first, stencil, pred, "stable_partition");
  }
}

template <class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const cuda_policy& policy, In first, In last,
                                            Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred) {
  if (first == last) return {out_true, out_false};
  gpu::detail::check_device_iterator(first, "partition_copy", "input");
  gpu::detail::check_device_iterator(stencil, "partition_copy", "stencil");
  gpu::detail::check_device_iterator(out_true, "partition_copy", "output of selected items");
  gpu::detail::check_device_iterator(out_false, "partition_copy", "output of rejected items");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<In>::value_type>) {
    return gpu::detail::thrust_partition_copy(policy, first, last, stencil, out_true, out_false,
                                              pred);
  } else {
    const long long n = last - first;
    const long long k = gpu::device_select<gpu::rejected_to::forward>(
        policy, first, n, stencil, out_true, out_false, pred, "partition_copy");
    return {out_true + k, out_false + (n - k)};
  }
}

}  // namespace predix::impl
