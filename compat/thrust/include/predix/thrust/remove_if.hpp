#pragma once
// thrust::remove_if on a predix::thrust policy, with and without a stencil.
#include <predix/remove_if.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class It, class Pred>
It remove_if(execution_policy<D>& exec, It first, It last, Pred pred) {
  return detail::back(first, detail::run(exec, "remove_if", [&](const auto& p) {
                        return predix::remove_if(p, detail::raw(first), detail::raw(last), pred);
                      }));
}

template <class D, class It, class Stencil, class Pred>
It remove_if(execution_policy<D>& exec, It first, It last, Stencil stencil, Pred pred) {
  return detail::back(first, detail::run(exec, "remove_if", [&](const auto& p) {
                        return predix::remove_if(p, detail::raw(first), detail::raw(last),
                                                 detail::raw(stencil), pred);
                      }));
}

}  // namespace predix::thrust
