#pragma once
// predix::cub::DeviceRunLengthEncode: Encode and NonTrivialRuns (CUB 3.0.1 signatures) on
// predix's asynchronous core, in the caller's storage: one scan of the keys' runs whose
// results are written where they belong (predix/detail/segments.hpp), the number of runs by
// its last item into *d_num_runs_out.
//   in 3 3 5 2 2 2 → Encode: unique 3 5 2, counts 2 1 3, runs 3;
//                    NonTrivialRuns: offsets 0 3, lengths 2 3, runs 2
#include <iterator>

#include <cuda/std/functional>
#include <thrust/iterator/constant_iterator.h>

#include <predix/cub/detail/run.cuh>
#include <predix/cub/device_reduce.cuh>
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
      detail::reduce_by_key<L, unsigned>(d_temp_storage, temp_storage_bytes, d_in, d_unique_out,
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
    return detail::run(num_items, [&](long long n) {
      detail::counted_scan(d_temp_storage, temp_storage_bytes,
                           predix::detail::longer_runs_plan<L>(
                               d_in, n, d_offsets_out, d_lengths_out, ::cuda::std::equal_to<>{},
                               ::cuda::std::plus<>{}, d_num_runs_out),
                           n, d_num_runs_out, stream, "DeviceRunLengthEncode::NonTrivialRuns");
    });
  }
};

}  // namespace predix::cub
