#pragma once
// predix::cub::DeviceScan: cub::DeviceScan::InclusiveSum, ExclusiveSum, InclusiveScan and
// ExclusiveScan (CUB 3.0.1 signatures, with a separate output or in place, and ExclusiveScan's
// cub::FutureValue initial value) on predix, accumulating in CUB's accumulator type: the
// decayed result of op(init, item) — so flags (bool, uint8) sum into int, as with CUB.
//   in 1 0 1 1 (bool) → InclusiveSum 1 1 2 3, ExclusiveSum 0 1 1 2
#include <iterator>
#include <type_traits>

#include <cub/util_type.cuh>
#include <cuda/std/functional>
#include <thrust/iterator/transform_iterator.h>

#include <predix/cub/detail/run.cuh>
#include <predix/cuda/detail/runtime.hpp>

namespace predix::cub {
namespace detail {

template <class It>
using item_t = typename std::iterator_traits<It>::value_type;

/// Inclusive scan accumulating in CUB's accumulator type (items converted when it differs).
template <class Policy, class In, class Out, class Op>
void inclusive_scan(const Policy& p, In in, Out out, Op op, std::ptrdiff_t n) {
  using A = accumulator_t<Op, item_t<In>>;
  if constexpr (std::is_same_v<A, item_t<In>>) {
    predix::inclusive_scan(p, in, in + n, out, op);
  } else {
    const auto items = ::thrust::make_transform_iterator(in, convert_to<A>{});
    predix::inclusive_scan(p, items, items + n, out, op);
  }
}

/// Exclusive scan accumulating in CUB's accumulator type (predix accumulates in init's).
template <class Policy, class In, class Out, class Op, class Init>
void exclusive_scan(const Policy& p, In in, Out out, Op op, const Init& init, std::ptrdiff_t n) {
  using A = accumulator_t<Op, item_t<In>, Init>;
  predix::exclusive_scan(p, in, in + n, out, static_cast<A>(init), op);
}

template <class T, class It>
__global__ void read_future_kernel(::cub::FutureValue<T, It> value, T* out) {
  *out = value;
}

/// The value a cub::FutureValue points to, read on the stream.
template <class T, class It>
T read_future(::cub::FutureValue<T, It> value, cudaStream_t stream) {
  const char* algorithm = "DeviceScan::ExclusiveScan";
  gpu::detail::temporary_storage storage(sizeof(T), stream, algorithm);
  read_future_kernel<<<1, 1, 0, stream>>>(value, storage.at<T>(0));
  gpu::detail::check_launch(algorithm);
  T host;
  gpu::detail::check(cudaMemcpyAsync(&host, storage.at<T>(0), sizeof(T), cudaMemcpyDeviceToHost,
                                     stream),
                     algorithm, "cudaMemcpyAsync");
  gpu::detail::synchronize(stream, algorithm);
  return host;
}

}  // namespace detail

using ::cub::FutureValue;

struct DeviceScan {
  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items,
                                  cudaStream_t stream = 0) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out,
                         ::cuda::std::plus<>{}, num_items, stream);
  }

  template <class IteratorT, class NumItemsT>
  static cudaError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                  IteratorT d_data, NumItemsT num_items, cudaStream_t stream = 0) {
    return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items,
                                  cudaStream_t stream = 0) {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, ::cuda::std::plus<>{},
                         detail::item_t<InputIteratorT>{}, num_items, stream);
  }

  template <class IteratorT, class NumItemsT>
  static cudaError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                  IteratorT d_data, NumItemsT num_items, cudaStream_t stream = 0) {
    return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class NumItemsT>
  static cudaError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                   InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                                   NumItemsT num_items, cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      detail::inclusive_scan(p, d_in, d_out, scan_op, static_cast<std::ptrdiff_t>(num_items));
    });
  }

  template <class IteratorT, class ScanOpT, class NumItemsT>
  static cudaError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                   IteratorT d_data, ScanOpT scan_op, NumItemsT num_items,
                                   cudaStream_t stream = 0) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, num_items,
                         stream);
  }

  template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class InitValueT,
            class NumItemsT>
  static cudaError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                   InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                                   InitValueT init_value, NumItemsT num_items,
                                   cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      detail::exclusive_scan(p, d_in, d_out, scan_op, init_value,
                             static_cast<std::ptrdiff_t>(num_items));
    });
  }

  template <class IteratorT, class ScanOpT, class InitValueT, class NumItemsT>
  static cudaError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                   IteratorT d_data, ScanOpT scan_op, InitValueT init_value,
                                   NumItemsT num_items, cudaStream_t stream = 0) {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value,
                         num_items, stream);
  }

  /// The initial value is read from device memory when the scan runs.
  template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class InitValueT,
            class InitValueIterT = InitValueT*, class NumItemsT = int>
  static cudaError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                   InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                                   FutureValue<InitValueT, InitValueIterT> init_value,
                                   NumItemsT num_items, cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      detail::exclusive_scan(p, d_in, d_out, scan_op, detail::read_future(init_value, stream),
                             static_cast<std::ptrdiff_t>(num_items));
    });
  }

  template <class IteratorT, class ScanOpT, class InitValueT, class InitValueIterT = InitValueT*,
            class NumItemsT = int>
  static cudaError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                   IteratorT d_data, ScanOpT scan_op,
                                   FutureValue<InitValueT, InitValueIterT> init_value,
                                   NumItemsT num_items, cudaStream_t stream = 0) {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value,
                         num_items, stream);
  }
};

}  // namespace predix::cub
