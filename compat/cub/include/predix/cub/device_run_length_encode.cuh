#pragma once
// predix::cub::DeviceRunLengthEncode: Encode and NonTrivialRuns (CUB 3.0.1 signatures) on
// predix's asynchronous core, in the caller's storage: one scan of the keys' runs whose
// results are written where they belong (predix/detail/segments.hpp), then the runs counted
// into *d_num_runs_out (count_if_async).
//   in 3 3 5 2 2 2 → Encode: unique 3 5 2, counts 2 1 3, runs 3;
//                    NonTrivialRuns: offsets 0 3, lengths 2 3, runs 2
#include <iterator>

#include <cuda/std/functional>
#include <thrust/iterator/constant_iterator.h>

#include <predix/cub/detail/run.cuh>
#include <predix/cub/device_reduce.cuh>
#include <predix/cuda/device/count_if.cuh>
#include <predix/cuda/device/scan.cuh>
#include <predix/detail/segments.hpp>

namespace predix::cub {

struct DeviceRunLengthEncode {
  template <class InputIteratorT, class UniqueOutputIteratorT, class LengthsOutputIteratorT,
            class NumRunsOutputIteratorT>
  static cudaError_t Encode(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            UniqueOutputIteratorT d_unique_out, LengthsOutputIteratorT d_counts_out,
                            NumRunsOutputIteratorT d_num_runs_out, int num_items,
                            cudaStream_t stream = 0) {
    using L = detail::output_t<LengthsOutputIteratorT, int>;
    return detail::run(num_items, [&](long long n) {
      detail::reduce_by_key<L>(d_temp_storage, temp_storage_bytes, d_in, d_unique_out,
                               ::thrust::make_constant_iterator(L(1)), d_counts_out,
                               d_num_runs_out, ::cuda::std::equal_to<>{}, ::cuda::std::plus<>{},
                               n, stream, "DeviceRunLengthEncode::Encode");
    });
  }

  template <class InputIteratorT, class OffsetsOutputIteratorT, class LengthsOutputIteratorT,
            class NumRunsOutputIteratorT>
  static cudaError_t NonTrivialRuns(void* d_temp_storage, size_t& temp_storage_bytes,
                                    InputIteratorT d_in, OffsetsOutputIteratorT d_offsets_out,
                                    LengthsOutputIteratorT d_lengths_out,
                                    NumRunsOutputIteratorT d_num_runs_out, int num_items,
                                    cudaStream_t stream = 0) {
    using L = detail::output_t<LengthsOutputIteratorT, int>;
    constexpr const char* name = "DeviceRunLengthEncode::NonTrivialRuns";
    return detail::run(num_items, [&](long long n) {
      const auto plan = predix::detail::longer_runs_plan<L>(
          d_in, n, d_offsets_out, d_lengths_out, ::cuda::std::equal_to<>{},
          ::cuda::std::plus<>{});
      using S = typename decltype(plan)::value_type;
      detail::in_turn(
          d_temp_storage, temp_storage_bytes, name,
          [&](void* s, std::size_t& b) {
            gpu::scan_async<false, S>(s, b, plan.items, n, plan.sink, S{}, plan.op, stream, name);
          },
          [&](void* s, std::size_t& b) {
            gpu::count_if_async(s, b, plan.items, n, predix::detail::heads_longer_run{},
                                d_num_runs_out, stream, name);
          });
    });
  }
};

}  // namespace predix::cub
