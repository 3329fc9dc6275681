#pragma once
// predix::cub::DevicePartition: cub::DevicePartition::If and Flagged (CUB 3.0.1 signatures) on
// predix. The selected items go to the front of d_out in order, the rejected ones to its back
// in reverse order; *d_num_selected_out receives the count of selected items.
//   in a b c d e, flags 1 0 1 0 0 → out a c e d b, count 2
// The three-way If: d_num_selected_out[0] and [1] count the first and second parts; all three
// outputs keep the input's order (as CUB 3.0.1 does; its documentation says the unselected
// items are reversed, its code writes them in order).
#include <thrust/iterator/reverse_iterator.h>

#include <predix/cub/detail/run.cuh>

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

struct DevicePartition {
  template <class InputIteratorT, class FlagIterator, class OutputIteratorT,
            class NumSelectedIteratorT, class NumItemsT>
  static cudaError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes,
                             InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out,
                             NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                             cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto ends = predix::stable_partition_copy(
          p, d_in, d_in + num_items, d_flags, d_out,
          ::thrust::make_reverse_iterator(d_out + num_items), detail::flag_is_set{});
      detail::store(d_num_selected_out, stream, "DevicePartition::Flagged",
                    static_cast<NumItemsT>(ends.first - d_out));
    });
  }

  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT,
            class SelectOp, class NumItemsT>
  static cudaError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                        OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                        NumItemsT num_items, SelectOp select_op, cudaStream_t stream = 0) {
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto ends = predix::stable_partition_copy(
          p, d_in, d_in + num_items, d_out, ::thrust::make_reverse_iterator(d_out + num_items),
          select_op);
      detail::store(d_num_selected_out, stream, "DevicePartition::If",
                    static_cast<NumItemsT>(ends.first - d_out));
    });
  }

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
    return detail::run(d_temp_storage, temp_storage_bytes, stream, [&](const auto& p) {
      const auto last = d_in + num_items;
      const detail::second_part<SelectFirstPartOp, SelectSecondPartOp> second{
          select_first_part_op, select_second_part_op};
      const auto first_count =
          predix::copy_if(p, d_in, last, d_first_part_out, select_first_part_op) -
          d_first_part_out;
      const auto second_count =
          predix::copy_if(p, d_in, last, d_second_part_out, second) - d_second_part_out;
      predix::copy_if(p, d_in, last, d_unselected_out,
                      detail::unselected<SelectFirstPartOp, SelectSecondPartOp>{second});
      detail::store(d_num_selected_out, stream, "DevicePartition::If",
                    static_cast<NumItemsT>(first_count), static_cast<NumItemsT>(second_count));
    });
  }
};

}  // namespace predix::cub
