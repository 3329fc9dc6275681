#pragma once
// predix::cub::DeviceSelect: cub::DeviceSelect::If and Flagged (CUB 3.0.1 signatures, with
// and without a separate output), Unique and UniqueByKey on predix's asynchronous core
// (select.cuh select_async; Unique selects by the head flags of adjacent items, as
// predix::unique_copy does). Stable: the selected items keep their order;
// *d_num_selected_out receives their count, stored by predix's last tile.
//   in a b c d, flags 1 0 1 1 → out a c d, count 3;  Unique of 3 3 5 5 2 → 3 5 2, count 3
// Items predix's kernel does not take (not trivially copyable) run CUB's own.
#include <iterator>

#include <cub/device/device_select.cuh>
#include <cuda/std/cstdint>
#include <cuda/std/functional>

#include <predix/cub/detail/run.cuh>
#include <predix/cuda/device/select.cuh>
#include <predix/detail/head_flags.hpp>

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

  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT>
  static cudaError_t Unique(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                            ::cuda::std::int64_t num_items, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<InputIteratorT>) {
      return ::cub::DeviceSelect::Unique(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                         d_num_selected_out, num_items, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::select<false>(d_temp_storage, temp_storage_bytes, d_in,
                              predix::detail::head_flags_of(d_in, ::cuda::std::equal_to<>{}),
                              d_out, d_num_selected_out, n, predix::detail::flag_set{}, stream,
                              "DeviceSelect::Unique");
      });
    }
  }

  /// The first key of each run of keys that equality_op holds equal, and its value: the
  /// values selected first, then the keys, in the same storage.
  template <class KeyInputIteratorT, class ValueInputIteratorT, class KeyOutputIteratorT,
            class ValueOutputIteratorT, class NumSelectedIteratorT, class NumItemsT,
            class EqualityOpT,
            class = std::enable_if_t<!std::is_convertible_v<EqualityOpT, cudaStream_t>>>
  static cudaError_t UniqueByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                 KeyInputIteratorT d_keys_in, ValueInputIteratorT d_values_in,
                                 KeyOutputIteratorT d_keys_out, ValueOutputIteratorT d_values_out,
                                 NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                 EqualityOpT equality_op, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<KeyInputIteratorT> ||
                  !detail::selects_natively_v<ValueInputIteratorT>) {
      return ::cub::DeviceSelect::UniqueByKey(d_temp_storage, temp_storage_bytes, d_keys_in,
                                              d_values_in, d_keys_out, d_values_out,
                                              d_num_selected_out, num_items, equality_op, stream);
    } else {
      constexpr const char* name = "DeviceSelect::UniqueByKey";
      return detail::run(num_items, [&](long long n) {
        const auto heads = predix::detail::head_flags_of(d_keys_in, equality_op);
        auto selection = [&](auto in, auto out) {
          return [=, &d_num_selected_out](void* storage, std::size_t& bytes) {
            detail::select<false>(storage, bytes, in, heads, out, d_num_selected_out, n,
                                  predix::detail::flag_set{}, stream, name);
          };
        };
        detail::in_turn(d_temp_storage, temp_storage_bytes, name,
                        selection(d_values_in, d_values_out), selection(d_keys_in, d_keys_out));
      });
    }
  }

  template <class KeyInputIteratorT, class ValueInputIteratorT, class KeyOutputIteratorT,
            class ValueOutputIteratorT, class NumSelectedIteratorT, class NumItemsT>
  static cudaError_t UniqueByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                 KeyInputIteratorT d_keys_in, ValueInputIteratorT d_values_in,
                                 KeyOutputIteratorT d_keys_out, ValueOutputIteratorT d_values_out,
                                 NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                 cudaStream_t stream = 0) {
    return UniqueByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_keys_out,
                       d_values_out, d_num_selected_out, num_items, ::cuda::std::equal_to<>{},
                       stream);
  }
};

}  // namespace predix::cub
