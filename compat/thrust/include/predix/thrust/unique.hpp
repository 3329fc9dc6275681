#pragma once
// thrust::unique / unique_copy / unique_count / unique_by_key / unique_by_key_copy on a
// predix::thrust policy, with and without a binary predicate (Thrust's default: equal_to of the
// items' value type); the _by_key forms return a thrust::pair.
#include <iterator>

#include <thrust/functional.h>
#include <thrust/pair.h>
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

template <class D, class Keys, class Values, class Eq>
::thrust::pair<Keys, Values> unique_by_key(execution_policy<D>& exec, Keys first, Keys last,
                                           Values values, Eq eq) {
  const auto ends = run(exec, "unique_by_key", [&](const auto& p) {
    return predix::unique_by_key(p, raw(first), raw(last), raw(values), eq);
  });
  return {back(first, ends.first), back(values, ends.second)};
}

template <class D, class Keys, class Values, class KeysOut, class ValuesOut, class Eq>
::thrust::pair<KeysOut, ValuesOut> unique_by_key_copy(execution_policy<D>& exec, Keys first,
                                                      Keys last, Values values, KeysOut keys_out,
                                                      ValuesOut values_out, Eq eq) {
  const auto ends = run(exec, "unique_by_key_copy", [&](const auto& p) {
    return predix::unique_by_key_copy(p, raw(first), raw(last), raw(values), raw(keys_out),
                                      raw(values_out), eq);
  });
  return {back(keys_out, ends.first), back(values_out, ends.second)};
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

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class Eq>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<Keys, Values> unique_by_key(execution_policy<D>& exec,
                                                                     Keys first, Keys last,
                                                                     Values values, Eq eq) {
  PREDIX_THRUST_RETURN(detail::unique_by_key(exec, first, last, values, eq),
                       ::thrust::cuda_cub::unique_by_key(exec, first, last, values, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<Keys, Values> unique_by_key(execution_policy<D>& exec,
                                                                     Keys first, Keys last,
                                                                     Values values) {
  PREDIX_THRUST_RETURN(
      detail::unique_by_key(exec, first, last, values, detail::equal_items<Keys>{}),
      ::thrust::cuda_cub::unique_by_key(exec, first, last, values));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class KeysOut, class ValuesOut, class Eq>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<KeysOut, ValuesOut> unique_by_key_copy(
    execution_policy<D>& exec, Keys first, Keys last, Values values, KeysOut keys_out,
    ValuesOut values_out, Eq eq) {
  PREDIX_THRUST_RETURN(
      detail::unique_by_key_copy(exec, first, last, values, keys_out, values_out, eq),
      ::thrust::cuda_cub::unique_by_key_copy(exec, first, last, values, keys_out, values_out,
                                             eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class KeysOut, class ValuesOut>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<KeysOut, ValuesOut> unique_by_key_copy(
    execution_policy<D>& exec, Keys first, Keys last, Values values, KeysOut keys_out,
    ValuesOut values_out) {
  PREDIX_THRUST_RETURN(detail::unique_by_key_copy(exec, first, last, values, keys_out,
                                                  values_out, detail::equal_items<Keys>{}),
                       ::thrust::cuda_cub::unique_by_key_copy(exec, first, last, values,
                                                              keys_out, values_out));
}

}  // namespace predix::thrust
