#pragma once
// Device-wide reduce: init · x0 · x1 · ... in the init's type T; op is associative and need
// not commute.
//   in 3 1 4 1 5, init 0, plus → 14      flags 1 0 1 1 (bool), init 0 → 3      no init → true
// Generic path, at most two launches of one kernel: the grid's warps each reduce their own
// contiguous run of warp tiles (32 lanes × ITEMS items) in order, by shuffles, with no
// barrier; each block joins its warps' totals in order into one partial; then the same
// kernel on one block joins the partials after init. When one block covers n, its first
// launch already writes init · total.
// Binary path (uses_binary_path_v, binary_path.cuh): the result is A(op(init, A(v))) with v
// the count of ones (sum, parity: count_if.cuh), or whether a 1 exists (any) or no 0 does
// (all), both by find_if.cuh, which stops at the first one.
#include <predix/cuda/binary_path.cuh>
#include <predix/cuda/device/find_if.cuh>

namespace predix::gpu {
namespace detail {
struct is_one {
  template <class T>
  __host__ __device__ bool operator()(const T& x) const { return static_cast<bool>(x); }
};
struct is_zero {
  template <class T>
  __host__ __device__ bool operator()(const T& x) const { return !static_cast<bool>(x); }
};
}  // namespace detail

template <class Source, class T, class Op>
__global__ void __launch_bounds__(stream_shape<Source>::THREADS)
    reduce_kernel(Source source, long long n, bool aligned, Op op, T init, T* out) {
  using shape = stream_shape<Source>;
  constexpr int WARPS = shape::THREADS / warp_threads;
  constexpr long long WARP_TILE = static_cast<long long>(warp_threads) * shape::ITEMS;
  __shared__ T warp_totals[WARPS];
  const int lane = static_cast<int>(lane_id());
  const int warp = threadIdx.x / warp_threads;
  // Warp w of the grid takes warp tiles [begin, end): an even share, the first r one more.
  const long long warp_tiles = (n + WARP_TILE - 1) / WARP_TILE;
  const long long warps = static_cast<long long>(gridDim.x) * WARPS;
  const long long q = warp_tiles / warps, r = warp_tiles % warps;
  const long long w = static_cast<long long>(blockIdx.x) * WARPS + warp;
  const long long begin = w * q + (w < r ? w : r);
  const long long end = begin + q + (w < r ? 1 : 0);
  T running;  // lane 0: the warp's run so far
  for (long long tile = begin; tile < end; ++tile) {
    const long long first = tile * WARP_TILE + static_cast<long long>(lane) * shape::ITEMS;
    const long long left = n - first;
    const int valid = left <= 0 ? 0 : left < shape::ITEMS ? static_cast<int>(left) : shape::ITEMS;
    T total;  // this lane's items in order (set when valid > 0)
    detail::load_items<shape::ITEMS>(source, first, valid, aligned, [&](int k, const auto& x) {
      if (k == 0) {
        total = static_cast<T>(x);
      } else {
        total = op(total, x);
      }
    });
    const long long in_tile = n - tile * WARP_TILE;  // lanes with items: a prefix of the warp
    const long long lanes_with_items = (in_tile + shape::ITEMS - 1) / shape::ITEMS;
    const int lanes =
        lanes_with_items < warp_threads ? static_cast<int>(lanes_with_items) : warp_threads;
    const T tile_total = detail::suffix_reduce_lanes(total, 0, lanes, op);
    if (lane == 0) running = tile == begin ? tile_total : static_cast<T>(op(running, tile_total));
  }
  // The warps with runs are a prefix of the grid's warps, so of this block's.
  if (lane == 0 && begin < end) warp_totals[warp] = running;
  __syncthreads();
  const long long with_runs = q > 0 ? WARPS : r - static_cast<long long>(blockIdx.x) * WARPS;
  const int block_warps = with_runs < WARPS ? static_cast<int>(with_runs) : WARPS;
  if (warp == 0) {
    const T total = detail::suffix_reduce_lanes(warp_totals[lane < block_warps ? lane : 0], 0,
                                                block_warps, op);
    if (lane == 0) {
      if (gridDim.x == 1) {
        *out = op(init, total);
      } else {
        out[blockIdx.x] = total;
      }
    }
  }
}

/// Launches reduce_kernel over n > 0 items of `source` into `out` (the result when it runs
/// as one block, else one partial per block); returns the number of blocks.
template <class Source, class T, class Op>
unsigned launch_reduce(const Source& source, long long n, const Op& op, const T& init, T* out,
                       unsigned most_blocks, cudaStream_t stream, const char* algorithm) {
  using shape = stream_shape<Source>;
  constexpr int WARPS = shape::THREADS / warp_threads;
  constexpr long long WARP_TILE = static_cast<long long>(warp_threads) * shape::ITEMS;
  const long long warp_tiles = (n + WARP_TILE - 1) / WARP_TILE;
  const long long needed = (warp_tiles + WARPS - 1) / WARPS;  // every block gets a warp tile
  const unsigned grid = static_cast<unsigned>(needed < most_blocks ? needed : most_blocks);
  reduce_kernel<<<grid, shape::THREADS, 0, stream>>>(source, n, source.is_aligned(), op, init, out);
  detail::check_launch(algorithm);
  return grid;
}

template <class In, class T, class Op>
T device_reduce(const cuda_policy& policy, In first, long long n, T init, Op op,
                const char* algorithm) {
  if constexpr (uses_binary_path_v<In, Op, T>) {
    constexpr binary_kind kind = binary_kind_v<Op>;
    long long v;
    if constexpr (kind == binary_kind::any) {
      v = device_find_if(policy, first, n, detail::is_one{}, algorithm) < n;
    } else if constexpr (kind == binary_kind::all) {
      v = device_find_if(policy, first, n, detail::is_zero{}, algorithm) == n;
    } else {
      const long long ones = device_count_if(policy, first, n, detail::is_one{}, algorithm);
      v = kind == binary_kind::sum ? ones : ones & 1;
    }
    return static_cast<T>(op(init, static_cast<T>(v)));
  } else {
    detail::check_device_iterator(first, algorithm, "input");
    using source_type = detail::source_t<In>;
    using dop_type = device_function_t<Op>;
    const dop_type dop = to_device(op);
    const unsigned resident = static_cast<unsigned>(detail::resident_blocks(
        &reduce_kernel<source_type, T, dop_type>, stream_shape<source_type>::THREADS, algorithm));
    const cudaStream_t stream = policy.stream();
    std::size_t bytes = 0;
    const std::size_t result_at = detail::temporary_storage::carve(bytes, sizeof(T));
    const std::size_t partials_at = detail::temporary_storage::carve(bytes, sizeof(T) * resident);
    detail::temporary_storage temp(bytes, stream, algorithm);
    T* result = temp.at<T>(result_at);
    T* partials = temp.at<T>(partials_at);
    const unsigned blocks = launch_reduce(detail::make_source(first), n, dop, init, partials,
                                          resident, stream, algorithm);
    if (blocks == 1) {
      result = partials;
    } else {
      launch_reduce(detail::pointer_source<T>{partials, {}}, blocks, dop, init, result, 1, stream,
                    algorithm);
    }
    T host = init;
    detail::check(cudaMemcpyAsync(&host, result, sizeof(T), cudaMemcpyDeviceToHost, stream),
                  algorithm, "cudaMemcpyAsync");
    detail::synchronize(stream, algorithm);
    return host;
  }
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class T, class Op>
T reduce(const cuda_policy& policy, In first, In last, T init, Op op) {
  const long long n = last - first;
  if (n == 0) return init;
  return gpu::device_reduce(policy, first, n, init, op, "reduce");
}

}  // namespace predix::impl
