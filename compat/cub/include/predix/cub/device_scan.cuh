#pragma once
// predix::cub::DeviceScan: cub::DeviceScan::InclusiveSum, ExclusiveSum, InclusiveScan and
// ExclusiveScan (CUB 3.0.1 signatures, with a separate output or in place, and ExclusiveScan's
// cub::FutureValue initial value, read on the device when the scan runs), and their *ByKey
// forms (the scan restarts where a key differs from the one before it: the by-key plans of
// predix/detail/segments.hpp) on predix's
// asynchronous core (scan.cuh scan_async), accumulating in CUB's accumulator type: the decayed
// result of op(init, item) — so flags (bool, uint8) sum into int, as with CUB.
//   in 1 0 1 1 (bool) → InclusiveSum 1 1 2 3, ExclusiveSum 0 1 1 2
#include <iterator>
#include <type_traits>

#include <cub/util_type.cuh>
#include <cuda/std/functional>

#include <predix/cub/detail/run.cuh>
#include <predix/cuda/device/scan.cuh>
#include <predix/detail/segments.hpp>

namespace predix::cub {
namespace detail {

template <class It>
using item_t = typename std::iterator_traits<It>::value_type;

/// The scan of [in, in + n) into out in CUB's accumulator type A (exclusive from init when
/// HAS_INIT: a value, or a cub::FutureValue read when the scan runs).
template <bool HAS_INIT, class A, class In, class Out, class Init, class Op>
cudaError_t scan(void* storage, std::size_t& bytes, In in, Out out, Init init, Op op,
                 long long num_items, cudaStream_t stream, const char* algorithm) {
  return run(num_items, [&](long long n) {
    gpu::scan_async<HAS_INIT, A>(storage, bytes, in, n, out, init, op, stream, algorithm);
  });
}

/// A by-key plan (segments.hpp segment_scan) of n items on the scan core, exclusive from its
/// init when HAS_INIT.
template <bool HAS_INIT, class Plan>
void scan_plan(void* storage, std::size_t& bytes, const Plan& plan, long long n,
               cudaStream_t stream, const char* algorithm) {
  gpu::scan_async<HAS_INIT, typename Plan::value_type>(storage, bytes, plan.items, n, plan.sink,
                                                        plan.init, plan.op, stream, algorithm);
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
    using A = detail::accumulator_t<ScanOpT, detail::item_t<InputIteratorT>>;
    return detail::scan<false, A>(d_temp_storage, temp_storage_bytes, d_in, d_out, A{}, scan_op,
                                  static_cast<long long>(num_items), stream,
                                  "DeviceScan::InclusiveScan");
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
    using A = detail::accumulator_t<ScanOpT, detail::item_t<InputIteratorT>, InitValueT>;
    return detail::scan<true, A>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                 static_cast<A>(init_value), scan_op,
                                 static_cast<long long>(num_items), stream,
                                 "DeviceScan::ExclusiveScan");
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
    using A = detail::accumulator_t<ScanOpT, detail::item_t<InputIteratorT>, InitValueT>;
    return detail::scan<true, A>(d_temp_storage, temp_storage_bytes, d_in, d_out, init_value,
                                 scan_op, static_cast<long long>(num_items), stream,
                                 "DeviceScan::ExclusiveScan");
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

  template <class KeysInputIteratorT, class ValuesInputIteratorT, class ValuesOutputIteratorT,
            class ScanOpT, class EqualityOpT = ::cuda::std::equal_to<>, class NumItemsT = int>
  static cudaError_t InclusiveScanByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                        KeysInputIteratorT d_keys_in,
                                        ValuesInputIteratorT d_values_in,
                                        ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
                                        NumItemsT num_items, EqualityOpT equality_op = {},
                                        cudaStream_t stream = 0) {
    using A = detail::accumulator_t<ScanOpT, detail::item_t<ValuesInputIteratorT>>;
    return detail::run(num_items, [&](long long n) {
      detail::scan_plan<false>(d_temp_storage, temp_storage_bytes,
                               predix::detail::inclusive_scan_by_key_plan<A>(
                                   d_keys_in, d_values_in, d_values_out, equality_op, scan_op),
                               n, stream, "DeviceScan::InclusiveScanByKey");
    });
  }

  template <class KeysInputIteratorT, class ValuesInputIteratorT, class ValuesOutputIteratorT,
            class ScanOpT, class InitValueT, class EqualityOpT = ::cuda::std::equal_to<>,
            class NumItemsT = int>
  static cudaError_t ExclusiveScanByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                        KeysInputIteratorT d_keys_in,
                                        ValuesInputIteratorT d_values_in,
                                        ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
                                        InitValueT init_value, NumItemsT num_items,
                                        EqualityOpT equality_op = {}, cudaStream_t stream = 0) {
    using A = detail::accumulator_t<ScanOpT, detail::item_t<ValuesInputIteratorT>, InitValueT>;
    return detail::run(num_items, [&](long long n) {
      detail::scan_plan<true>(d_temp_storage, temp_storage_bytes,
                              predix::detail::exclusive_scan_by_key_plan(
                                  d_keys_in, d_values_in, d_values_out,
                                  static_cast<A>(init_value), equality_op, scan_op),
                              n, stream, "DeviceScan::ExclusiveScanByKey");
    });
  }

  template <class KeysInputIteratorT, class ValuesInputIteratorT, class ValuesOutputIteratorT,
            class EqualityOpT = ::cuda::std::equal_to<>, class NumItemsT = int>
  static cudaError_t InclusiveSumByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                       KeysInputIteratorT d_keys_in,
                                       ValuesInputIteratorT d_values_in,
                                       ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                                       EqualityOpT equality_op = {}, cudaStream_t stream = 0) {
    return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in,
                              d_values_out, ::cuda::std::plus<>{}, num_items, equality_op,
                              stream);
  }

  template <class KeysInputIteratorT, class ValuesInputIteratorT, class ValuesOutputIteratorT,
            class EqualityOpT = ::cuda::std::equal_to<>, class NumItemsT = int>
  static cudaError_t ExclusiveSumByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                       KeysInputIteratorT d_keys_in,
                                       ValuesInputIteratorT d_values_in,
                                       ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                                       EqualityOpT equality_op = {}, cudaStream_t stream = 0) {
    return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in,
                              d_values_out, ::cuda::std::plus<>{},
                              detail::item_t<ValuesInputIteratorT>{}, num_items, equality_op,
                              stream);
  }
};

}  // namespace predix::cub
