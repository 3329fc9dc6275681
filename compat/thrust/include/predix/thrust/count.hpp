#pragma once
// thrust::count_if / count on a predix::thrust policy.
#include <iterator>

#include <predix/count.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class It, class Pred>
typename std::iterator_traits<It>::difference_type count_if(execution_policy<D>& exec, It first,
                                                            It last, Pred pred) {
  return detail::run(exec, "count_if",
                     [&](const auto& p) { return predix::count_if(p, first, last, pred); });
}

template <class D, class It, class T>
typename std::iterator_traits<It>::difference_type count(execution_policy<D>& exec, It first,
                                                         It last, const T& value) {
  return detail::run(exec, "count",
                     [&](const auto& p) { return predix::count(p, first, last, value); });
}

}  // namespace predix::thrust
