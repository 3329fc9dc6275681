#pragma once
// The partition family on a predix::thrust policy, with and without a stencil. partition
// leaves the rejected elements in reverse order, as Thrust's CUDA system does (DESIGN.md §1);
// partition_copy returns a thrust::pair.
#include <thrust/pair.h>

#include <predix/partition.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

namespace detail {

/// The caller's output iterators moved to the ends predix returned over their raw forms.
template <class OutTrue, class OutFalse, class Ends>
::thrust::pair<OutTrue, OutFalse> back_pair(OutTrue out_true, OutFalse out_false, Ends ends) {
  return {back(out_true, ends.first), back(out_false, ends.second)};
}

}  // namespace detail

template <class D, class It, class Pred>
It partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::back(first, detail::run(exec, "partition", [&](const auto& p) {
                        return predix::partition(p, detail::raw(first), detail::raw(last), pred);
                      }));
}

template <class D, class It, class Stencil, class Pred>
It partition(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return detail::back(first, detail::run(exec, "partition", [&](const auto& p) {
                        return predix::partition(p, detail::raw(first), detail::raw(last),
                                                 detail::raw(stencil), pred);
                      }));
}

template <class D, class It, class Pred>
It stable_partition(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::back(first, detail::run(exec, "stable_partition", [&](const auto& p) {
                        return predix::stable_partition(p, detail::raw(first), detail::raw(last),
                                                        pred);
                      }));
}

template <class D, class It, class Stencil, class Pred>
It stable_partition(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return detail::back(first, detail::run(exec, "stable_partition", [&](const auto& p) {
                        return predix::stable_partition(p, detail::raw(first), detail::raw(last),
                                                        detail::raw(stencil), pred);
                      }));
}

template <class D, class In, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> partition_copy(execution_policy<D>& exec, In first, In last,
                                                 OutTrue out_true, OutFalse out_false, Pred pred) {
  return detail::back_pair(
      out_true, out_false, detail::run(exec, "partition_copy", [&](const auto& p) {
        return predix::partition_copy(p, detail::raw(first), detail::raw(last),
                                      detail::raw(out_true), detail::raw(out_false), pred);
      }));
}

template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> partition_copy(execution_policy<D>& exec, In first, In last,
                                                 Stencil stencil, OutTrue out_true,
                                                 OutFalse out_false, Pred pred) {
  return detail::back_pair(
      out_true, out_false, detail::run(exec, "partition_copy", [&](const auto& p) {
        return predix::partition_copy(p, detail::raw(first), detail::raw(last),
                                      detail::raw(stencil), detail::raw(out_true),
                                      detail::raw(out_false), pred);
      }));
}

template <class D, class In, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> stable_partition_copy(execution_policy<D>& exec, In first,
                                                        In last, OutTrue out_true,
                                                        OutFalse out_false, Pred pred) {
  return detail::back_pair(
      out_true, out_false, detail::run(exec, "stable_partition_copy", [&](const auto& p) {
        return predix::stable_partition_copy(p, detail::raw(first), detail::raw(last),
                                             detail::raw(out_true), detail::raw(out_false), pred);
      }));
}

template <class D, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
::thrust::pair<OutTrue, OutFalse> stable_partition_copy(execution_policy<D>& exec, In first,
                                                        In last, Stencil stencil, OutTrue out_true,
                                                        OutFalse out_false, Pred pred) {
  return detail::back_pair(
      out_true, out_false, detail::run(exec, "stable_partition_copy", [&](const auto& p) {
        return predix::stable_partition_copy(p, detail::raw(first), detail::raw(last),
                                             detail::raw(stencil), detail::raw(out_true),
                                             detail::raw(out_false), pred);
      }));
}

template <class D, class It, class Pred>
It partition_point(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::back(first, detail::run(exec, "partition_point", [&](const auto& p) {
                        return predix::partition_point(p, detail::raw(first), detail::raw(last),
                                                       pred);
                      }));
}

template <class D, class It, class Pred>
bool is_partitioned(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "is_partitioned", [&](const auto& p) {
    return predix::is_partitioned(p, detail::raw(first), detail::raw(last), pred);
  });
}

}  // namespace predix::thrust
