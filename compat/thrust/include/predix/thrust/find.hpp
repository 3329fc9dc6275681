#pragma once
// thrust::find_if / find_if_not / find and the votes any_of / all_of / none_of on a
// predix::thrust policy.
#include <predix/find.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class It, class Pred>
It find_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::back(first, detail::run(exec, "find_if", [&](const auto& p) {
                        return predix::find_if(p, detail::raw(first), detail::raw(last), pred);
                      }));
}

template <class D, class It, class Pred>
It find_if_not(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::back(first, detail::run(exec, "find_if_not", [&](const auto& p) {
                        return predix::find_if_not(p, detail::raw(first), detail::raw(last), pred);
                      }));
}

template <class D, class It, class T>
It find(execution_policy<D>& exec, It first, It last, const T& value) {
  return detail::back(first, detail::run(exec, "find", [&](const auto& p) {
                        return predix::find(p, detail::raw(first), detail::raw(last), value);
                      }));
}

template <class D, class It, class Pred>
bool any_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "any_of", [&](const auto& p) {
    return predix::any_of(p, detail::raw(first), detail::raw(last), pred);
  });
}

template <class D, class It, class Pred>
bool all_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "all_of", [&](const auto& p) {
    return predix::all_of(p, detail::raw(first), detail::raw(last), pred);
  });
}

template <class D, class It, class Pred>
bool none_of(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::run(exec, "none_of", [&](const auto& p) {
    return predix::none_of(p, detail::raw(first), detail::raw(last), pred);
  });
}

}  // namespace predix::thrust
