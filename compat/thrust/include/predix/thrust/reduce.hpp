#pragma once
// thrust::reduce on a predix::thrust policy: predix::reduce (same forms and result types).
#include <iterator>

#include <predix/reduce.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class In>
typename std::iterator_traits<In>::value_type reduce(execution_policy<D>& exec, In first,
                                                     In last) {
  return detail::run(exec, "reduce",
                     [&](const auto& p) { return predix::reduce(p, first, last); });
}

template <class D, class In, class T>
T reduce(execution_policy<D>& exec, In first, In last, T init) {
  return detail::run(exec, "reduce",
                     [&](const auto& p) { return predix::reduce(p, first, last, init); });
}

template <class D, class In, class T, class Op>
T reduce(execution_policy<D>& exec, In first, In last, T init, Op op) {
  return detail::run(exec, "reduce",
                     [&](const auto& p) { return predix::reduce(p, first, last, init, op); });
}

}  // namespace predix::thrust
