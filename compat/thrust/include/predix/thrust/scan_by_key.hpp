#pragma once
// thrust::inclusive_scan_by_key / exclusive_scan_by_key on a predix::thrust policy, every form
// (with and without init, binary predicate and op; Thrust's defaults: equal_to<>, plus<>, the
// values' type for init).
#include <iterator>

#include <thrust/functional.h>
#include <thrust/scan.h>

#include <predix/scan_by_key.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class Keys, class Values, class Out, class Eq, class Op>
Out inclusive_scan_by_key(execution_policy<D>& exec, Keys first, Keys last, Values values,
                          Out out, Eq eq, Op op) {
  return back(out, run(exec, "inclusive_scan_by_key", [&](const auto& p) {
                return predix::inclusive_scan_by_key(p, raw(first), raw(last), raw(values),
                                                     raw(out), eq, op);
              }));
}

template <class D, class Keys, class Values, class Out, class T, class Eq, class Op>
Out exclusive_scan_by_key(execution_policy<D>& exec, Keys first, Keys last, Values values,
                          Out out, T init, Eq eq, Op op) {
  return back(out, run(exec, "exclusive_scan_by_key", [&](const auto& p) {
                return predix::exclusive_scan_by_key(p, raw(first), raw(last), raw(values),
                                                     raw(out), init, eq, op);
              }));
}

template <class It>
using value_of = typename std::iterator_traits<It>::value_type;

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out, class Eq, class Op>
PREDIX_THRUST_HOST_DEVICE Out inclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out, Eq eq,
                                                    Op op) {
  PREDIX_THRUST_RETURN(
      detail::inclusive_scan_by_key(exec, first, last, values, out, eq, op),
      ::thrust::cuda_cub::inclusive_scan_by_key(exec, first, last, values, out, eq, op));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out, class Eq>
PREDIX_THRUST_HOST_DEVICE Out inclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out, Eq eq) {
  PREDIX_THRUST_RETURN(
      detail::inclusive_scan_by_key(exec, first, last, values, out, eq, ::thrust::plus<>{}),
      ::thrust::cuda_cub::inclusive_scan_by_key(exec, first, last, values, out, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out>
PREDIX_THRUST_HOST_DEVICE Out inclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out) {
  PREDIX_THRUST_RETURN(detail::inclusive_scan_by_key(exec, first, last, values, out,
                                                     ::thrust::equal_to<>{}, ::thrust::plus<>{}),
                       ::thrust::cuda_cub::inclusive_scan_by_key(exec, first, last, values, out));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out, class T, class Eq, class Op>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out, T init,
                                                    Eq eq, Op op) {
  PREDIX_THRUST_RETURN(
      detail::exclusive_scan_by_key(exec, first, last, values, out, init, eq, op),
      ::thrust::cuda_cub::exclusive_scan_by_key(exec, first, last, values, out, init, eq, op));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out, class T, class Eq>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out, T init,
                                                    Eq eq) {
  PREDIX_THRUST_RETURN(
      detail::exclusive_scan_by_key(exec, first, last, values, out, init, eq, ::thrust::plus<>{}),
      ::thrust::cuda_cub::exclusive_scan_by_key(exec, first, last, values, out, init, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out, class T>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out, T init) {
  PREDIX_THRUST_RETURN(
      detail::exclusive_scan_by_key(exec, first, last, values, out, init, ::thrust::equal_to<>{},
                                    ::thrust::plus<>{}),
      ::thrust::cuda_cub::exclusive_scan_by_key(exec, first, last, values, out, init));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Out>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan_by_key(execution_policy<D>& exec, Keys first,
                                                    Keys last, Values values, Out out) {
  PREDIX_THRUST_RETURN(
      detail::exclusive_scan_by_key(exec, first, last, values, out,
                                    detail::value_of<Values>{}, ::thrust::equal_to<>{},
                                    ::thrust::plus<>{}),
      ::thrust::cuda_cub::exclusive_scan_by_key(exec, first, last, values, out));
}

}  // namespace predix::thrust
