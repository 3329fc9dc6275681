#pragma once
// The partition family on a predix::thrust policy, with and without a stencil. partition
// leaves the rejected elements in reverse order, as Thrust's CUDA system does (DESIGN.md §1);
// partition_copy returns a thrust::pair. (Thrust's CUDA system has no partition_point of its
// own: in device code it runs Thrust's generic one.)
#include <thrust/pair.h>
#include <thrust/partition.h>  // and Thrust's generic partition_point

#include <predix/partition.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class It, class Pred>
It partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  return back(first, run(exec, "partition", [&](const auto& p) {
                return predix::partition(p, raw(first), raw(last), pred);
              }));
}

template <class D, class It, class Stencil, class Pred>
It partition(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return back(first, run(exec, "partition", [&](const auto& p) {
                return predix::partition(p, raw(first), raw(last), raw(stencil), pred);
              }));
}

template <class D, class It, class Pred>
It stable_partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  return back(first, run(exec, "stable_partition", [&](const auto& p) {
                return predix::stable_partition(p, raw(first), raw(last), pred);
              }));
}

template <class D, class It, class Stencil, class Pred>
It stable_partition(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return back(first, run(exec, "stable_partition", [&](const auto& p) {
                return predix::stable_partition(p, raw(first), raw(last), raw(stencil), pred);
              }));
}

/// The caller's output iterators moved to the ends predix returned over their raw forms.
template <class OutTrue, class OutFalse, class Ends>
::thrust::pair<OutTrue, OutFalse> back_pair(OutTrue out_true, OutFalse out_false, Ends ends) {
  return {back(out_true, ends.first), back(out_false, ends.second)};
}

template <class D, class In, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> partition_copy(execution_policy<D>& exec, In first, In last,
                                                 OutTrue out_true, OutFalse out_false,
                                                 Pred pred) {
  return back_pair(out_true, out_false, run(exec, "partition_copy", [&](const auto& p) {
                     return predix::partition_copy(p, raw(first), raw(last), raw(out_true),
                                                   raw(out_false), pred);
                   }));
}

template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> partition_copy(execution_policy<D>& exec, In first, In last,
                                                 Stencil stencil, OutTrue out_true,
                                                 OutFalse out_false, Pred pred) {
  return back_pair(out_true, out_false, run(exec, "partition_copy", [&](const auto& p) {
                     return predix::partition_copy(p, raw(first), raw(last), raw(stencil),
                                                   raw(out_true), raw(out_false), pred);
                   }));
}

template <class D, class In, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> stable_partition_copy(execution_policy<D>& exec, In first,
                                                        In last, OutTrue out_true,
                                                        OutFalse out_false, Pred pred) {
  return back_pair(out_true, out_false, run(exec, "stable_partition_copy", [&](const auto& p) {
                     return predix::stable_partition_copy(p, raw(first), raw(last),
                                                          raw(out_true), raw(out_false), pred);
                   }));
}

template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> stable_partition_copy(execution_policy<D>& exec, In first,
                                                        In last, Stencil stencil,
                                                        OutTrue out_true, OutFalse out_false,
                                                        Pred pred) {
  return back_pair(out_true, out_false, run(exec, "stable_partition_copy", [&](const auto& p) {
                     return predix::stable_partition_copy(p, raw(first), raw(last), raw(stencil),
                                                          raw(out_true), raw(out_false), pred);
                   }));
}

template <class D, class It, class Pred>
It partition_point(execution_policy<D>& exec, It first, It last, Pred pred) {
  return back(first, run(exec, "partition_point", [&](const auto& p) {
                return predix::partition_point(p, raw(first), raw(last), pred);
              }));
}

template <class D, class It, class Pred>
bool is_partitioned(execution_policy<D>& exec, It first, It last, Pred pred) {
  return run(exec, "is_partitioned", [&](const auto& p) {
    return predix::is_partitioned(p, raw(first), raw(last), pred);
  });
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE It partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::partition(exec, first, last, pred),
                       ::thrust::cuda_cub::partition(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Stencil, class Pred>
PREDIX_THRUST_HOST_DEVICE It partition(execution_policy<D>& exec, It first, It last,
                                       Stencil stencil, Pred pred) {
  PREDIX_THRUST_RETURN(detail::partition(exec, first, last, stencil, pred),
                       ::thrust::cuda_cub::partition(exec, first, last, stencil, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE It stable_partition(execution_policy<D>& exec, It first, It last,
                                              Pred pred) {
  PREDIX_THRUST_RETURN(detail::stable_partition(exec, first, last, pred),
                       ::thrust::cuda_cub::stable_partition(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Stencil, class Pred>
PREDIX_THRUST_HOST_DEVICE It stable_partition(execution_policy<D>& exec, It first, It last,
                                              Stencil stencil, Pred pred) {
  PREDIX_THRUST_RETURN(detail::stable_partition(exec, first, last, stencil, pred),
                       ::thrust::cuda_cub::stable_partition(exec, first, last, stencil, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class OutTrue, class OutFalse, class Pred>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<OutTrue, OutFalse> partition_copy(
    execution_policy<D>& exec, In first, In last, OutTrue out_true, OutFalse out_false,
    Pred pred) {
  PREDIX_THRUST_RETURN(
      detail::partition_copy(exec, first, last, out_true, out_false, pred),
      ::thrust::cuda_cub::partition_copy(exec, first, last, out_true, out_false, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<OutTrue, OutFalse> partition_copy(
    execution_policy<D>& exec, In first, In last, Stencil stencil, OutTrue out_true,
    OutFalse out_false, Pred pred) {
  PREDIX_THRUST_RETURN(
      detail::partition_copy(exec, first, last, stencil, out_true, out_false, pred),
      ::thrust::cuda_cub::partition_copy(exec, first, last, stencil, out_true, out_false, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class OutTrue, class OutFalse, class Pred>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<OutTrue, OutFalse> stable_partition_copy(
    execution_policy<D>& exec, In first, In last, OutTrue out_true, OutFalse out_false,
    Pred pred) {
  PREDIX_THRUST_RETURN(
      detail::stable_partition_copy(exec, first, last, out_true, out_false, pred),
      ::thrust::cuda_cub::stable_partition_copy(exec, first, last, out_true, out_false, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<OutTrue, OutFalse> stable_partition_copy(
    execution_policy<D>& exec, In first, In last, Stencil stencil, OutTrue out_true,
    OutFalse out_false, Pred pred) {
  PREDIX_THRUST_RETURN(
      detail::stable_partition_copy(exec, first, last, stencil, out_true, out_false, pred),
      ::thrust::cuda_cub::stable_partition_copy(exec, first, last, stencil, out_true, out_false,
                                                pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE It partition_point(execution_policy<D>& exec, It first, It last,
                                             Pred pred) {
  PREDIX_THRUST_RETURN(
      detail::partition_point(exec, first, last, pred),
      ::thrust::system::detail::generic::partition_point(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE bool is_partitioned(execution_policy<D>& exec, It first, It last,
                                              Pred pred) {
  PREDIX_THRUST_RETURN(detail::is_partitioned(exec, first, last, pred),
                       ::thrust::cuda_cub::is_partitioned(exec, first, last, pred));
}

}  // namespace predix::thrust
