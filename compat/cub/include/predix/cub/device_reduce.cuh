#pragma once
// predix::cub::DeviceReduce::Sum (CUB 3.0.1 signature) on predix's asynchronous core
// (reduce.cuh reduce_async): *d_out receives the sum, stored by predix's kernel,
// accumulated as CUB does (init: the output's value type, or the input's when the output
// has none; accumulator: the decayed result of plus(init, item)).
//   in 1 0 1 1 (bool), out int → 3
#include <iterator>
#include <type_traits>

#include <cuda/std/functional>

#include <predix/cub/detail/run.cuh>
#include <predix/cuda/device/reduce.cuh>

namespace predix::cub {
namespace detail {

/// The output's value type, or Fallback when it has none (void: discard-like iterators).
template <class Out, class Fallback>
using output_t = std::conditional_t<
    std::is_void_v<typename std::iterator_traits<Out>::value_type>, Fallback,
    typename std::iterator_traits<Out>::value_type>;

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
};

}  // namespace predix::cub
