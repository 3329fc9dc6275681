#pragma once
// thrust::count_if / count on a predix::thrust policy.
#include <iterator>

#include <predix/count.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

namespace detail {

template <class It>
using difference_t = typename std::iterator_traits<It>::difference_type;

}  // namespace detail

template <class D, class It, class Pred>
detail::difference_t<It> count_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "count_if", [&](const auto& p) {
    return predix::count_if(p, detail::raw(first), detail::raw(last), pred);
  });
}

template <class D, class It, class T>
detail::difference_t<It> count(execution_policy<D>& exec, It first, It last, const T& value) {
  return detail::run(exec, "count", [&](const auto& p) {
    return predix::count(p, detail::raw(first), detail::raw(last), value);
  });
}

}  // namespace predix::thrust
