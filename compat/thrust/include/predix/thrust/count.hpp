#pragma once
// thrust::count_if / count on a predix::thrust policy.
#include <iterator>

#include <predix/count.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class It>
using difference_t = typename std::iterator_traits<It>::difference_type;

template <class D, class It, class Pred>
difference_t<It> count_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  return run(exec, "count_if",
             [&](const auto& p) { return predix::count_if(p, raw(first), raw(last), pred); });
}

template <class D, class It, class T>
difference_t<It> count(execution_policy<D>& exec, It first, It last, const T& value) {
  return run(exec, "count",
             [&](const auto& p) { return predix::count(p, raw(first), raw(last), value); });
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE detail::difference_t<It> count_if(execution_policy<D>& exec, It first,
                                                            It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::count_if(exec, first, last, pred),
                       ::thrust::cuda_cub::count_if(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class T>
PREDIX_THRUST_HOST_DEVICE detail::difference_t<It> count(execution_policy<D>& exec, It first,
                                                         It last, const T& value) {
  PREDIX_THRUST_RETURN(detail::count(exec, first, last, value),
                       ::thrust::cuda_cub::count(exec, first, last, value));
}

}  // namespace predix::thrust
