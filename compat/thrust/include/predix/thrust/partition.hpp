#pragma once
// The partition family on a predix::thrust policy, with and without a stencil. partition
// leaves the rejected elements in reverse order, as Thrust's CUDA system does (DESIGN.md §1);
// partition_copy returns a thrust::pair.
#include <thrust/pair.h>

#include <predix/partition.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class It, class Pred>
It partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "partition",
                     [&](const auto& p) { return predix::partition(p, first, last, pred); });
}

template <class D, class It, class Stencil, class Pred>
It partition(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return detail::run(exec, "partition", [&](const auto& p) {
    return predix::partition(p, first, last, stencil, pred);
  });
}

template <class D, class It, class Pred>
It stable_partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "stable_partition", [&](const auto& p) {
    return predix::stable_partition(p, first, last, pred);
  });
}

template <class D, class It, class Stencil, class Pred>
It stable_partition(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return detail::run(exec, "stable_partition", [&](const auto& p) {
    return predix::stable_partition(p, first, last, stencil, pred);
  });
}

template <class D, class In, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> partition_copy(execution_policy<D>& exec, In first, In last,
                                                 OutTrue out_true, OutFalse out_false,
                                                 Pred pred) {
  return detail::run(exec, "partition_copy", [&](const auto& p) {
    const auto ends = predix::partition_copy(p, first, last, out_true, out_false, pred);
    return ::thrust::pair<OutTrue, OutFalse>(ends.first, ends.second);
  });
}

template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> partition_copy(execution_policy<D>& exec, In first, In last,
                                                 Stencil stencil, OutTrue out_true,
                                                 OutFalse out_false, Pred pred) {
  return detail::run(exec, "partition_copy", [&](const auto& p) {
    const auto ends = predix::partition_copy(p, first, last, stencil, out_true, out_false, pred);
    return ::thrust::pair<OutTrue, OutFalse>(ends.first, ends.second);
  });
}

template <class D, class In, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> stable_partition_copy(execution_policy<D>& exec, In first,
                                                        In last, OutTrue out_true,
                                                        OutFalse out_false, Pred pred) {
  return detail::run(exec, "stable_partition_copy", [&](const auto& p) {
    const auto ends = predix::stable_partition_copy(p, first, last, out_true, out_false, pred);
    return ::thrust::pair<OutTrue, OutFalse>(ends.first, ends.second);
  });
}

template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> stable_partition_copy(execution_policy<D>& exec, In first,
                                                        In last, Stencil stencil,
                                                        OutTrue out_true, OutFalse out_false,
                                                        Pred pred) {
  return detail::run(exec, "stable_partition_copy", [&](const auto& p) {
    const auto ends =
        predix::stable_partition_copy(p, first, last, stencil, out_true, out_false, pred);
    return ::thrust::pair<OutTrue, OutFalse>(ends.first, ends.second);
  });
}

template <class D, class It, class Pred>
It partition_point(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "partition_point", [&](const auto& p) {
    return predix::partition_point(p, first, last, pred);
  });
}

template <class D, class It, class Pred>
bool is_partitioned(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "is_partitioned", [&](const auto& p) {
    return predix::is_partitioned(p, first, last, pred);
  });
}

}  // namespace predix::thrust
