#pragma once
// predix::cub::DeviceReduce::Sum and ReduceByKey (CUB 3.0.1 signatures) on predix's
// asynchronous core. Sum (reduce.cuh reduce_async): *d_out receives the sum, stored by
// predix's kernel, accumulated as CUB does (init: the output's value type, or the input's when
// the output has none; accumulator: the decayed result of plus(init, item)). ReduceByKey: the
// by-key plan of predix/detail/segments.hpp on the scan core, whose last item stores the
// number of runs into *d_num_runs_out.
//   in 1 0 1 1 (bool), out int → 3;  keys 1 1 2, values 1 2 3 → unique 1 2, aggregates 3 3
#include <iterator>
#include <type_traits>

#include <cuda/std/functional>

#include <predix/cub/detail/run.cuh>
#include <predix/cuda/device/reduce.cuh>
#include <predix/cuda/device/scan.cuh>
#include <predix/detail/segments.hpp>

namespace predix::cub {
namespace detail {

/// The output's value type, or Fallback when it has none (void: discard-like iterators).
template <class Out, class Fallback>
using output_t = std::conditional_t<
    std::is_void_v<typename std::iterator_traits<Out>::value_type>, Fallback,
    typename std::iterator_traits<Out>::value_type>;

/// A by-key plan's scan (inclusive) whose last item stores the number of runs (the plan's
/// count: num_runs); on an empty input a kernel stores 0 there.
template <class Plan, class NumRuns>
void counted_scan(void* storage, std::size_t& bytes, const Plan& plan, long long n,
                  NumRuns num_runs, cudaStream_t stream, const char* algorithm) {
  using S = typename Plan::value_type;
  gpu::scan_async<false, S>(storage, bytes, plan.items, n, plan.sink, S{}, plan.op, stream,
                            algorithm);
  if (storage != nullptr && n == 0) {
    gpu::detail::publish_on(gpu::detail::stored_result<NumRuns>{num_runs, {}}, 0ll, stream,
                            algorithm);
  }
}

/// reduce_by_key of n items accumulating in A into the caller's outputs, the number of runs to
/// *num_runs: one scan, its items counting runs in C (32 bits where CUB's item count has 32:
/// an 8-byte look-back value for 4-byte values, docs/perf/by_key.md).
template <class A, class C, class Keys, class Unique, class Values, class Aggregates,
          class NumRuns, class Eq, class Op>
void reduce_by_key(void* storage, std::size_t& bytes, Keys keys, Unique unique, Values values,
                   Aggregates aggregates, NumRuns num_runs, Eq eq, Op op, long long n,
                   cudaStream_t stream, const char* algorithm) {
  counted_scan(storage, bytes,
               predix::detail::reduce_by_key_plan<A>(keys, values, static_cast<C>(n), unique,
                                                     aggregates, eq, op, num_runs),
               n, num_runs, stream, algorithm);
}

/// Runs counted in 32 bits where CUB's item count has 32.
template <class NumItemsT>
using count_t = std::conditional_t<(sizeof(NumItemsT) <= 4), unsigned, long long>;

}  // namespace detail

struct DeviceReduce {
  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0) {
    using Item = typename std::iterator_traits<InputIteratorT>::value_type;
    using Init = detail::output_t<OutputIteratorT, Item>;
    using A = detail::accumulator_t<::cuda::std::plus<>, Item, Init>;
    return detail::run(num_items, [&](long long n) {
      gpu::reduce_async(d_temp_storage, temp_storage_bytes, d_in, n, A(Init{}),
                        ::cuda::std::plus<>{}, d_out, stream, "DeviceReduce::Sum");
    });
  }

  template <class KeysInputIteratorT, class UniqueOutputIteratorT, class ValuesInputIteratorT,
            class AggregatesOutputIteratorT, class NumRunsOutputIteratorT, class ReductionOpT,
            class NumItemsT>
  static cudaError_t ReduceByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                 KeysInputIteratorT d_keys_in, UniqueOutputIteratorT d_unique_out,
                                 ValuesInputIteratorT d_values_in,
                                 AggregatesOutputIteratorT d_aggregates_out,
                                 NumRunsOutputIteratorT d_num_runs_out,
                                 ReductionOpT reduction_op, NumItemsT num_items,
                                 cudaStream_t stream = 0) {
    using Item = typename std::iterator_traits<ValuesInputIteratorT>::value_type;
    using A = detail::accumulator_t<ReductionOpT, Item>;
    return detail::run(num_items, [&](long long n) {
      detail::reduce_by_key<A, detail::count_t<NumItemsT>>(
          d_temp_storage, temp_storage_bytes, d_keys_in, d_unique_out, d_values_in,
          d_aggregates_out, d_num_runs_out, ::cuda::std::equal_to<>{}, reduction_op, n, stream,
          "DeviceReduce::ReduceByKey");
    });
  }
};

}  // namespace predix::cub
