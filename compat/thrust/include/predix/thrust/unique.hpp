#pragma once
// thrust::unique / unique_copy / unique_count on a predix::thrust policy, with and without a
// binary predicate.
#include <iterator>

#include <thrust/functional.h>
#include <thrust/unique.h>

#include <predix/thrust/detail/run.hpp>
#include <predix/unique.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class It, class Eq>
It unique(execution_policy<D>& exec, It first, It last, Eq eq) {
  return back(first, run(exec, "unique", [&](const auto& p) {
                return predix::unique(p, raw(first), raw(last), eq);
              }));
}

template <class D, class In, class Out, class Eq>
Out unique_copy(execution_policy<D>& exec, In first, In last, Out out, Eq eq) {
  return back(out, run(exec, "unique_copy", [&](const auto& p) {
                return predix::unique_copy(p, raw(first), raw(last), raw(out), eq);
              }));
}

template <class D, class It, class Eq>
typename std::iterator_traits<It>::difference_type unique_count(execution_policy<D>& exec,
                                                                It first, It last, Eq eq) {
  return run(exec, "unique_count", [&](const auto& p) {
    return predix::unique_count(p, raw(first), raw(last), eq);
  });
}

/// Thrust's default: equal_to of the items' value type.
template <class It>
using equal_items = ::thrust::equal_to<typename std::iterator_traits<It>::value_type>;

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Eq>
PREDIX_THRUST_HOST_DEVICE It unique(execution_policy<D>& exec, It first, It last, Eq eq) {
  PREDIX_THRUST_RETURN(detail::unique(exec, first, last, eq),
                       ::thrust::cuda_cub::unique(exec, first, last, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It>
PREDIX_THRUST_HOST_DEVICE It unique(execution_policy<D>& exec, It first, It last) {
  PREDIX_THRUST_RETURN(detail::unique(exec, first, last, detail::equal_items<It>{}),
                       ::thrust::cuda_cub::unique(exec, first, last));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out, class Eq>
PREDIX_THRUST_HOST_DEVICE Out unique_copy(execution_policy<D>& exec, In first, In last, Out out,
                                          Eq eq) {
  PREDIX_THRUST_RETURN(detail::unique_copy(exec, first, last, out, eq),
                       ::thrust::cuda_cub::unique_copy(exec, first, last, out, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out>
PREDIX_THRUST_HOST_DEVICE Out unique_copy(execution_policy<D>& exec, In first, In last, Out out) {
  PREDIX_THRUST_RETURN(detail::unique_copy(exec, first, last, out, detail::equal_items<In>{}),
                       ::thrust::cuda_cub::unique_copy(exec, first, last, out));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Eq>
PREDIX_THRUST_HOST_DEVICE typename std::iterator_traits<It>::difference_type unique_count(
    execution_policy<D>& exec, It first, It last, Eq eq) {
  PREDIX_THRUST_RETURN(detail::unique_count(exec, first, last, eq),
                       ::thrust::cuda_cub::unique_count(exec, first, last, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It>
PREDIX_THRUST_HOST_DEVICE typename std::iterator_traits<It>::difference_type unique_count(
    execution_policy<D>& exec, It first, It last) {
  PREDIX_THRUST_RETURN(detail::unique_count(exec, first, last, detail::equal_items<It>{}),
                       ::thrust::cuda_cub::unique_count(exec, first, last,
                                                        detail::equal_items<It>{}));
}

}  // namespace predix::thrust
