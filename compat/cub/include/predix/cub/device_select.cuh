#pragma once
// predix::cub::DeviceSelect: cub::DeviceSelect::If and Flagged (CUB 3.0.1 signatures, with
// and without a separate output) on predix. Stable: the selected items keep their order;
// *d_num_selected_out receives their count.
//   in a b c d, flags 1 0 1 1 → out a c d, count 3
#include <cuda/std/cstdint>

#include <predix/cub/detail/run.cuh>

namespace predix::cub {

struct DeviceSelect {
  template <class InputIteratorT, class FlagIterator, class OutputIteratorT,
            class NumSelectedIteratorT>
  static cudaError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes,
                             InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out,
                             NumSelectedIteratorT d_num_selected_out,
                             ::cuda::std::int64_t num_items, cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto end =
          predix::copy_if(p, d_in, d_in + num_items, d_flags, d_out, detail::flag_is_set{});
      detail::store(d_num_selected_out, stream, "DeviceSelect::Flagged",
                    static_cast<::cuda::std::int64_t>(end - d_out));
    });
  }

  /// In place: the flagged items of d_data move to its front.
  template <class IteratorT, class FlagIterator, class NumSelectedIteratorT>
  static cudaError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                             FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out,
                             ::cuda::std::int64_t num_items, cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto end = predix::remove_if(p, d_data, d_data + num_items, d_flags,
                                         predix::detail::negate<detail::flag_is_set>{});
      detail::store(d_num_selected_out, stream, "DeviceSelect::Flagged",
                    static_cast<::cuda::std::int64_t>(end - d_data));
    });
  }

  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT,
            class SelectOp>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                        OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                        ::cuda::std::int64_t num_items, SelectOp select_op,
                        cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto end = predix::copy_if(p, d_in, d_in + num_items, d_out, select_op);
      detail::store(d_num_selected_out, stream, "DeviceSelect::If",
                    static_cast<::cuda::std::int64_t>(end - d_out));
    });
  }

  /// In place: the selected items of d_data move to its front.
  template <class IteratorT, class NumSelectedIteratorT, class SelectOp>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                        NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
                        SelectOp select_op, cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto end = predix::remove_if(p, d_data, d_data + num_items,
                                         predix::detail::negate<SelectOp>{select_op});
      detail::store(d_num_selected_out, stream, "DeviceSelect::If",
                    static_cast<::cuda::std::int64_t>(end - d_data));
    });
  }
};

}  // namespace predix::cub
