#pragma once
// thrust::reduce on a predix::thrust policy: predix::reduce (same forms and result types).
#include <iterator>

#include <predix/reduce.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class In>
using value_t = typename std::iterator_traits<In>::value_type;

template <class D, class In>
value_t<In> reduce(execution_policy<D>& exec, In first, In last) {
  return run(exec, "reduce",
             [&](const auto& p) { return predix::reduce(p, raw(first), raw(last)); });
}

template <class D, class In, class T>
T reduce(execution_policy<D>& exec, In first, In last, T init) {
  return run(exec, "reduce",
             [&](const auto& p) { return predix::reduce(p, raw(first), raw(last), init); });
}

template <class D, class In, class T, class Op>
T reduce(execution_policy<D>& exec, In first, In last, T init, Op op) {
  return run(exec, "reduce",
             [&](const auto& p) { return predix::reduce(p, raw(first), raw(last), init, op); });
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class In>
PREDIX_THRUST_HOST_DEVICE detail::value_t<In> reduce(execution_policy<D>& exec, In first,
                                                     In last) {
  PREDIX_THRUST_RETURN(detail::reduce(exec, first, last),
                       ::thrust::cuda_cub::reduce(exec, first, last));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class T>
PREDIX_THRUST_HOST_DEVICE T reduce(execution_policy<D>& exec, In first, In last, T init) {
  PREDIX_THRUST_RETURN(detail::reduce(exec, first, last, init),
                       ::thrust::cuda_cub::reduce(exec, first, last, init));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class T, class Op>
PREDIX_THRUST_HOST_DEVICE T reduce(execution_policy<D>& exec, In first, In last, T init, Op op) {
  PREDIX_THRUST_RETURN(detail::reduce(exec, first, last, init, op),
                       ::thrust::cuda_cub::reduce(exec, first, last, init, op));
}

}  // namespace predix::thrust
