#pragma once
// thrust::copy_if / remove_copy_if on a predix::thrust policy, with and without a stencil.
#include <predix/copy_if.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class In, class Out, class Pred>
Out copy_if(execution_policy<D>& exec, In first, In last, Out out, Pred pred) {
  return back(out, run(exec, "copy_if", [&](const auto& p) {
                return predix::copy_if(p, raw(first), raw(last), raw(out), pred);
              }));
}

template <class D, class In, class Stencil, class Out, class Pred>
Out copy_if(execution_policy<D>& exec, In first, In last, Stencil stencil, Out out, Pred pred) {
  return back(out, run(exec, "copy_if", [&](const auto& p) {
                return predix::copy_if(p, raw(first), raw(last), raw(stencil), raw(out), pred);
              }));
}

template <class D, class In, class Out, class Pred>
Out remove_copy_if(execution_policy<D>& exec, In first, In last, Out out, Pred pred) {
  return back(out, run(exec, "remove_copy_if", [&](const auto& p) {
                return predix::remove_copy_if(p, raw(first), raw(last), raw(out), pred);
              }));
}

template <class D, class In, class Stencil, class Out, class Pred>
Out remove_copy_if(execution_policy<D>& exec, In first, In last, Stencil stencil, Out out,
                   Pred pred) {
  return back(out, run(exec, "remove_copy_if", [&](const auto& p) {
                return predix::remove_copy_if(p, raw(first), raw(last), raw(stencil), raw(out),
                                              pred);
              }));
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out, class Pred>
PREDIX_THRUST_HOST_DEVICE Out copy_if(execution_policy<D>& exec, In first, In last, Out out,
                                      Pred pred) {
  PREDIX_THRUST_RETURN(detail::copy_if(exec, first, last, out, pred),
                       ::thrust::cuda_cub::copy_if(exec, first, last, out, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Stencil, class Out, class Pred>
PREDIX_THRUST_HOST_DEVICE Out copy_if(execution_policy<D>& exec, In first, In last,
                                      Stencil stencil, Out out, Pred pred) {
  PREDIX_THRUST_RETURN(detail::copy_if(exec, first, last, stencil, out, pred),
                       ::thrust::cuda_cub::copy_if(exec, first, last, stencil, out, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out, class Pred>
PREDIX_THRUST_HOST_DEVICE Out remove_copy_if(execution_policy<D>& exec, In first, In last,
                                             Out out, Pred pred) {
  PREDIX_THRUST_RETURN(detail::remove_copy_if(exec, first, last, out, pred),
                       ::thrust::cuda_cub::remove_copy_if(exec, first, last, out, pred));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Stencil, class Out, class Pred>
PREDIX_THRUST_HOST_DEVICE Out remove_copy_if(execution_policy<D>& exec, In first, In last,
                                             Stencil stencil, Out out, Pred pred) {
  PREDIX_THRUST_RETURN(
      detail::remove_copy_if(exec, first, last, stencil, out, pred),
      ::thrust::cuda_cub::remove_copy_if(exec, first, last, stencil, out, pred));
}

}  // namespace predix::thrust
