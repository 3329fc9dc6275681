#pragma once
// thrust::find_if / find_if_not / find and the votes any_of / all_of / none_of on a
// predix::thrust policy. (Thrust's CUDA system has no votes of its own: in device code they
// run Thrust's generic ones, which call thrust::find_if.)
#include <thrust/logical.h>  // and Thrust's generic votes

#include <predix/find.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class It, class Pred>
It find_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  return back(first, run(exec, "find_if", [&](const auto& p) {
                return predix::find_if(p, raw(first), raw(last), pred);
              }));
}

template <class D, class It, class Pred>
It find_if_not(execution_policy<D>& exec, It first, It last, Pred pred) {
  return back(first, run(exec, "find_if_not", [&](const auto& p) {
                return predix::find_if_not(p, raw(first), raw(last), pred);
              }));
}

template <class D, class It, class T>
It find(execution_policy<D>& exec, It first, It last, const T& value) {
  return back(first, run(exec, "find", [&](const auto& p) {
                return predix::find(p, raw(first), raw(last), value);
              }));
}

template <class D, class It, class Pred>
bool any_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  return run(exec, "any_of",
             [&](const auto& p) { return predix::any_of(p, raw(first), raw(last), pred); });
}

template <class D, class It, class Pred>
bool all_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  return run(exec, "all_of",
             [&](const auto& p) { return predix::all_of(p, raw(first), raw(last), pred); });
}

template <class D, class It, class Pred>
bool none_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  return run(exec, "none_of",
             [&](const auto& p) { return predix::none_of(p, raw(first), raw(last), pred); });
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE It find_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::find_if(exec, first, last, pred),
                       ::thrust::cuda_cub::find_if(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE It find_if_not(execution_policy<D>& exec, It first, It last,
                                         Pred pred) {
  PREDIX_THRUST_RETURN(detail::find_if_not(exec, first, last, pred),
                       ::thrust::cuda_cub::find_if_not(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class T>
PREDIX_THRUST_HOST_DEVICE It find(execution_policy<D>& exec, It first, It last, const T& value) {
  PREDIX_THRUST_RETURN(detail::find(exec, first, last, value),
                       ::thrust::cuda_cub::find(exec, first, last, value));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE bool any_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::any_of(exec, first, last, pred),
                       ::thrust::system::detail::generic::any_of(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE bool all_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::all_of(exec, first, last, pred),
                       ::thrust::system::detail::generic::all_of(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE bool none_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::none_of(exec, first, last, pred),
                       ::thrust::system::detail::generic::none_of(exec, first, last, pred));
}

}  // namespace predix::thrust
