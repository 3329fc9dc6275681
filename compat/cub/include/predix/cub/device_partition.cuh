#pragma once
// predix::cub::DevicePartition: cub::DevicePartition::If and Flagged (CUB 3.0.1 signatures) on
// predix's asynchronous core (select.cuh select_async). The selected items go to the front of
// d_out in order, the rejected ones to its back in reverse order; *d_num_selected_out receives
// the count of selected items.
//   in a b c d e, flags 1 0 1 0 0 → out a c e d b, count 2
// The three-way If: d_num_selected_out[0] and [1] count the first and second parts; all three
// outputs keep the input's order (as CUB 3.0.1 does; its documentation says the unselected
// items are reversed, its code writes them in order).
#include <thrust/iterator/reverse_iterator.h>

#include <cub/device/device_partition.cuh>

#include <predix/cub/device_select.cuh>

namespace predix::cub {
namespace detail {

/// The three-way If's second part: not in the first part, and selected by the second op.
template <class First, class Second>
struct second_part {
  mutable First first;
  mutable Second second;
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
    return !static_cast<bool>(first(x)) && static_cast<bool>(second(x));
  }
};

/// The three-way If's unselected items: in neither part.
template <class First, class Second>
struct unselected {
  second_part<First, Second> parts;
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
    return !static_cast<bool>(parts.first(x)) && !static_cast<bool>(parts.second(x));
  }
};

}  // namespace detail

namespace detail {

/// The two-way partition of [in, in + n) by pred on `tests` into out: the selected items to
/// its front in order, the others to its back in reverse order; the count to *num_out.
template <class In, class Tests, class Out, class NumOut, class Pred>
void partition(void* storage, std::size_t& bytes, In in, Tests tests, Out out, NumOut num_out,
               long long n, Pred pred, cudaStream_t stream, const char* algorithm) {
  gpu::select_async<gpu::rejected_to::forward, false>(
      storage, bytes, in, n, tests, out, ::thrust::make_reverse_iterator(out + n), pred, num_out,
      stream, algorithm);
}

}  // namespace detail

struct DevicePartition {
  template <class InputIteratorT, class FlagIterator, class OutputIteratorT,
            class NumSelectedIteratorT, class NumItemsT>
  static cudaError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes,
                             InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out,
                             NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                             cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<InputIteratorT>) {
      return ::cub::DevicePartition::Flagged(d_temp_storage, temp_storage_bytes, d_in, d_flags,
                                             d_out, d_num_selected_out, num_items, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::partition(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out,
                          d_num_selected_out, n, detail::flag_is_set{}, stream,
                          "DevicePartition::Flagged");
      });
    }
  }

  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT,
            class SelectOp, class NumItemsT>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                        OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                        NumItemsT num_items, SelectOp select_op, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<InputIteratorT>) {
      return ::cub::DevicePartition::If(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                        d_num_selected_out, num_items, select_op, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        detail::partition(d_temp_storage, temp_storage_bytes, d_in,
                          predix::detail::as_stencil(d_in), d_out, d_num_selected_out, n,
                          select_op, stream, "DevicePartition::If");
      });
    }
  }

  /// Three selections, one after another on the stream in the same storage (each zeroes its
  /// own part of it first): the first part, the second, the rest.
  template <class InputIteratorT, class FirstOutputIteratorT, class SecondOutputIteratorT,
            class UnselectedOutputIteratorT, class NumSelectedIteratorT, class SelectFirstPartOp,
            class SelectSecondPartOp, class NumItemsT>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                        FirstOutputIteratorT d_first_part_out,
                        SecondOutputIteratorT d_second_part_out,
                        UnselectedOutputIteratorT d_unselected_out,
                        NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                        SelectFirstPartOp select_first_part_op,
                        SelectSecondPartOp select_second_part_op, cudaStream_t stream = 0) {
    if constexpr (!detail::selects_natively_v<InputIteratorT>) {
      return ::cub::DevicePartition::If(d_temp_storage, temp_storage_bytes, d_in,
                                        d_first_part_out, d_second_part_out, d_unselected_out,
                                        d_num_selected_out, num_items, select_first_part_op,
                                        select_second_part_op, stream);
    } else {
      return detail::run(num_items, [&](long long n) {
        const char* algorithm = "DevicePartition::If";
        const detail::second_part<SelectFirstPartOp, SelectSecondPartOp> second{
            select_first_part_op, select_second_part_op};
        const detail::unselected<SelectFirstPartOp, SelectSecondPartOp> rest{second};
        const auto tests = predix::detail::as_stencil(d_in);
        auto each = [&](void* storage, std::size_t& bytes) {
          detail::select<false>(storage, bytes, d_in, tests, d_first_part_out, d_num_selected_out,
                                n, select_first_part_op, stream, algorithm);
          detail::select<false>(storage, bytes, d_in, tests, d_second_part_out,
                                d_num_selected_out + 1, n, second, stream, algorithm);
          detail::select<false>(storage, bytes, d_in, tests, d_unselected_out,
                                gpu::detail::no_count_out{}, n, rest, stream, algorithm);
        };
        if (d_temp_storage != nullptr) return each(d_temp_storage, temp_storage_bytes);
        std::size_t most = 0;  // the size query: the largest of the three
        auto largest = [&](std::size_t bytes) { most = bytes > most ? bytes : most; };
        std::size_t bytes = 0;
        detail::select<false>(nullptr, bytes, d_in, tests, d_first_part_out, d_num_selected_out,
                              n, select_first_part_op, stream, algorithm);
        largest(bytes);
        detail::select<false>(nullptr, bytes, d_in, tests, d_second_part_out,
                              d_num_selected_out + 1, n, second, stream, algorithm);
        largest(bytes);
        detail::select<false>(nullptr, bytes, d_in, tests, d_unselected_out,
                              gpu::detail::no_count_out{}, n, rest, stream, algorithm);
        largest(bytes);
        temp_storage_bytes = most;
      });
    }
  }
};

}  // namespace predix::cub
