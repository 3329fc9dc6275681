#pragma once
// thrust::reduce_by_key on a predix::thrust policy, every form (Thrust's defaults:
// equal_to<key type>, plus<value type>); returns a thrust::pair.
#include <iterator>

#include <thrust/functional.h>
#include <thrust/pair.h>
#include <thrust/reduce.h>

#include <predix/reduce_by_key.hpp>
#include <predix/thrust/detail/run.hpp>
#include <predix/thrust/unique.hpp>  // detail::equal_items

namespace predix::thrust {
namespace detail {  // in host code: predix, over raw pointers where Thrust unwraps (run.hpp)

template <class D, class Keys, class Values, class KeysOut, class ValuesOut, class Eq, class Op>
::thrust::pair<KeysOut, ValuesOut> reduce_by_key(execution_policy<D>& exec, Keys first,
                                                 Keys last, Values values, KeysOut keys_out,
                                                 ValuesOut values_out, Eq eq, Op op) {
  const auto ends = run(exec, "reduce_by_key", [&](const auto& p) {
    return predix::reduce_by_key(p, raw(first), raw(last), raw(values), raw(keys_out),
                                 raw(values_out), eq, op);
  });
  return {back(keys_out, ends.first), back(values_out, ends.second)};
}

template <class It>
using plus_items = ::thrust::plus<typename std::iterator_traits<It>::value_type>;

}  // namespace detail

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class KeysOut, class ValuesOut, class Eq, class Op>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<KeysOut, ValuesOut> reduce_by_key(
    execution_policy<D>& exec, Keys first, Keys last, Values values, KeysOut keys_out,
    ValuesOut values_out, Eq eq, Op op) {
  PREDIX_THRUST_RETURN(
      detail::reduce_by_key(exec, first, last, values, keys_out, values_out, eq, op),
      ::thrust::cuda_cub::reduce_by_key(exec, first, last, values, keys_out, values_out, eq, op));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class KeysOut, class ValuesOut, class Eq>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<KeysOut, ValuesOut> reduce_by_key(
    execution_policy<D>& exec, Keys first, Keys last, Values values, KeysOut keys_out,
    ValuesOut values_out, Eq eq) {
  PREDIX_THRUST_RETURN(detail::reduce_by_key(exec, first, last, values, keys_out, values_out, eq,
                                             detail::plus_items<Values>{}),
                       ::thrust::cuda_cub::reduce_by_key(exec, first, last, values, keys_out,
                                                         values_out, eq));
}

PREDIX_THRUST_OVERLOAD
template <class D, class Keys, class Values, class KeysOut, class ValuesOut>
PREDIX_THRUST_HOST_DEVICE ::thrust::pair<KeysOut, ValuesOut> reduce_by_key(
    execution_policy<D>& exec, Keys first, Keys last, Values values, KeysOut keys_out,
    ValuesOut values_out) {
  PREDIX_THRUST_RETURN(detail::reduce_by_key(exec, first, last, values, keys_out, values_out,
                                             detail::equal_items<Keys>{},
                                             detail::plus_items<Values>{}),
                       ::thrust::cuda_cub::reduce_by_key(exec, first, last, values, keys_out,
                                                         values_out));
}

}  // namespace predix::thrust
