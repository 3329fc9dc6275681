#pragma once
// thrust::remove_if on a predix::thrust policy, with and without a stencil.
#include <predix/remove_if.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class It, class Pred>
It remove_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  return back(first, run(exec, "remove_if", [&](const auto& p) {
                return predix::remove_if(p, raw(first), raw(last), pred);
              }));
}

template <class D, class It, class Stencil, class Pred>
It remove_if(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return back(first, run(exec, "remove_if", [&](const auto& p) {
                return predix::remove_if(p, raw(first), raw(last), raw(stencil), pred);
              }));
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Pred>
PREDIX_THRUST_HOST_DEVICE It remove_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  PREDIX_THRUST_RETURN(detail::remove_if(exec, first, last, pred),
                       ::thrust::cuda_cub::remove_if(exec, first, last, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class It, class Stencil, class Pred>
PREDIX_THRUST_HOST_DEVICE It remove_if(execution_policy<D>& exec, It first, It last,
                                       Stencil stencil, Pred pred) {
  PREDIX_THRUST_RETURN(detail::remove_if(exec, first, last, stencil, pred),
                       ::thrust::cuda_cub::remove_if(exec, first, last, stencil, pred));
}

}  // namespace predix::thrust
