#pragma once
// thrust::reduce on a predix::thrust policy: predix::reduce (same forms and result types).
#include <iterator>

#include <predix/reduce.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

namespace detail {

template <class In>
using value_t = typename std::iterator_traits<In>::value_type;

}  // namespace detail

template <class D, class In>
detail::value_t<In> reduce(execution_policy<D>& exec, In first, In last) {
  return detail::run(exec, "reduce", [&](const auto& p) {
    return predix::reduce(p, detail::raw(first), detail::raw(last));
  });
}

template <class D, class In, class T>
T reduce(execution_policy<D>& exec, In first, In last, T init) {
  return detail::run(exec, "reduce", [&](const auto& p) {
    return predix::reduce(p, detail::raw(first), detail::raw(last), init);
  });
}

template <class D, class In, class T, class Op>
T reduce(execution_policy<D>& exec, In first, In last, T init, Op op) {
  return detail::run(exec, "reduce", [&](const auto& p) {
    return predix::reduce(p, detail::raw(first), detail::raw(last), init, op);
  });
}

}  // namespace predix::thrust
