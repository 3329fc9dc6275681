#pragma once
// predix::cub::DeviceSelect: cub::DeviceSelect::If and Flagged (CUB 3.0.1 signatures, with
// and without a separate output) on predix's asynchronous core (select.cuh select_async).
// Stable: the selected items keep their order; *d_num_selected_out receives their count,
// stored by predix's last tile.
//   in a b c d, flags 1 0 1 1 → out a c d, count 3
// Items predix's kernel does not take (not trivially copyable) run CUB's own.
#include <iterator>

#include <cub/device/device_select.cuh>
#include <cuda/std/cstdint>

#include <predix/cub/detail/run.cuh>
#include <predix/cuda/device/select.cuh>

namespace predix::cub {
namespace detail {

/// The selection of [in, in + n) by pred on `tests` (items_as_stencil: the items) into out,
/// IN_PLACE when out is in; the count to *num_selected_out.
template <bool IN_PLACE, class In, class Tests, class Out, class NumOut, class Pred>
void select(void* storage, std::size_t& bytes, In in, Tests tests, Out out, NumOut num_out,
            long long n, Pred pred, cudaStream_t stream, const char* algorithm) {
  gpu::select_async<gpu::rejected_to::nowhere, IN_PLACE>(storage, bytes, in, n, tests, out, out,
                                                         pred, num_out, stream, algorithm);
}

template <class It>
inline constexpr bool selects_natively_v =
    gpu::selects_natively_v<typename std::iterator_traits<It>::value_type>;

}  // namespace detail

struct DeviceSelect {
  template <class InputIteratorT, class FlagIterator, class OutputIteratorT,
            class NumSelectedIteratorT>
  static cudaError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes,
                             InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out,
                             NumSelectedIteratorT d_num_selected_out,
                             ::cuda::std::int64_t num_items, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<InputIteratorT>) {
      return ::cub::DeviceSelect::Flagged(d_temp_storage, temp_storage_bytes, d_in, d_flags,
                                          d_out, d_num_selected_out, num_items, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::select<false>(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out,
                              d_num_selected_out, n, detail::flag_is_set{}, stream,
                              "DeviceSelect::Flagged");
      });
    }
  }

  /// In place: the flagged items of d_data move to its front.
  template <class IteratorT, class FlagIterator, class NumSelectedIteratorT>
  static cudaError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                             FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out,
                             ::cuda::std::int64_t num_items, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<IteratorT>) {
      return ::cub::DeviceSelect::Flagged(d_temp_storage, temp_storage_bytes, d_data, d_flags,
                                          d_num_selected_out, num_items, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::select<true>(d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data,
                             d_num_selected_out, n, detail::flag_is_set{}, stream,
                             "DeviceSelect::Flagged");
      });
    }
  }

  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT,
            class SelectOp>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                        OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                        ::cuda::std::int64_t num_items, SelectOp select_op,
                        cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<InputIteratorT>) {
      return ::cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                     d_num_selected_out, num_items, select_op, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::select<false>(d_temp_storage, temp_storage_bytes, d_in,
                              predix::detail::as_stencil(d_in), d_out, d_num_selected_out, n,
                              select_op, stream, "DeviceSelect::If");
      });
    }
  }

  /// In place: the selected items of d_data move to its front.
  template <class IteratorT, class NumSelectedIteratorT, class SelectOp>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                        NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
                        SelectOp select_op, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<IteratorT>) {
      return ::cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, d_data,
                                     d_num_selected_out, num_items, select_op, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::select<true>(d_temp_storage, temp_storage_bytes, d_data,
                             predix::detail::as_stencil(d_data), d_data, d_num_selected_out, n,
                             select_op, stream, "DeviceSelect::If");
      });
    }
  }
};

}  // namespace predix::cub
