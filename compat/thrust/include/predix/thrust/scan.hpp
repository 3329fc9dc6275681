#pragma once
// thrust::inclusive_scan / exclusive_scan on a predix::thrust policy: predix::inclusive_scan /
// exclusive_scan (same forms, same accumulator types as Thrust). Thrust's inclusive_scan with
// an initial value is not in predix: it runs Thrust's own.
#include <predix/scan.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class In, class Out>
Out inclusive_scan(execution_policy<D>& exec, In first, In last, Out out) {
  return back(out, run(exec, "inclusive_scan", [&](const auto& p) {
                return predix::inclusive_scan(p, raw(first), raw(last), raw(out));
              }));
}

template <class D, class In, class Out, class Op>
Out inclusive_scan(execution_policy<D>& exec, In first, In last, Out out, Op op) {
  return back(out, run(exec, "inclusive_scan", [&](const auto& p) {
                return predix::inclusive_scan(p, raw(first), raw(last), raw(out), op);
              }));
}

template <class D, class In, class Out>
Out exclusive_scan(execution_policy<D>& exec, In first, In last, Out out) {
  return back(out, run(exec, "exclusive_scan", [&](const auto& p) {
                return predix::exclusive_scan(p, raw(first), raw(last), raw(out));
              }));
}

template <class D, class In, class Out, class T>
Out exclusive_scan(execution_policy<D>& exec, In first, In last, Out out, T init) {
  return back(out, run(exec, "exclusive_scan", [&](const auto& p) {
                return predix::exclusive_scan(p, raw(first), raw(last), raw(out), init);
              }));
}

template <class D, class In, class Out, class T, class Op>
Out exclusive_scan(execution_policy<D>& exec, In first, In last, Out out, T init, Op op) {
  return back(out, run(exec, "exclusive_scan", [&](const auto& p) {
                return predix::exclusive_scan(p, raw(first), raw(last), raw(out), init, op);
              }));
}

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out>
PREDIX_THRUST_HOST_DEVICE Out inclusive_scan(execution_policy<D>& exec, In first, In last,
                                             Out out) {
  PREDIX_THRUST_RETURN(detail::inclusive_scan(exec, first, last, out),
                       ::thrust::cuda_cub::inclusive_scan(exec, first, last, out));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out, class Op>
PREDIX_THRUST_HOST_DEVICE Out inclusive_scan(execution_policy<D>& exec, In first, In last,
                                             Out out, Op op) {
  PREDIX_THRUST_RETURN(detail::inclusive_scan(exec, first, last, out, op),
                       ::thrust::cuda_cub::inclusive_scan(exec, first, last, out, op));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan(execution_policy<D>& exec, In first, In last,
                                             Out out) {
  PREDIX_THRUST_RETURN(detail::exclusive_scan(exec, first, last, out),
                       ::thrust::cuda_cub::exclusive_scan(exec, first, last, out));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out, class T>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan(execution_policy<D>& exec, In first, In last,
                                             Out out, T init) {
  PREDIX_THRUST_RETURN(detail::exclusive_scan(exec, first, last, out, init),
                       ::thrust::cuda_cub::exclusive_scan(exec, first, last, out, init));
}

PREDIX_THRUST_OVERLOAD
template <class D, class In, class Out, class T, class Op>
PREDIX_THRUST_HOST_DEVICE Out exclusive_scan(execution_policy<D>& exec, In first, In last,
                                             Out out, T init, Op op) {
  PREDIX_THRUST_RETURN(detail::exclusive_scan(exec, first, last, out, init, op),
                       ::thrust::cuda_cub::exclusive_scan(exec, first, last, out, init, op));
}

}  // namespace predix::thrust
