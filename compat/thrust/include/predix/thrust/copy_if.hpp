#pragma once
// thrust::copy_if / remove_copy_if on a predix::thrust policy, with and without a stencil.
#include <predix/copy_if.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class In, class Out, class Pred>
Out copy_if(execution_policy<D>& exec, In first, In last, Out out, Pred pred) {
  return detail::back(out, detail::run(exec, "copy_if", [&](const auto& p) {
                        return predix::copy_if(p, detail::raw(first), detail::raw(last),
                                               detail::raw(out), pred);
                      }));
}

template <class D, class In, class Stencil, class Out, class Pred>
Out copy_if(execution_policy<D>& exec, In first, In last, Stencil stencil, Out out, Pred pred) {
  return detail::back(out, detail::run(exec, "copy_if", [&](const auto& p) {
                        return predix::copy_if(p, detail::raw(first), detail::raw(last),
                                               detail::raw(stencil), detail::raw(out), pred);
                      }));
}

template <class D, class In, class Out, class Pred>
Out remove_copy_if(execution_policy<D>& exec, In first, In last, Out out, Pred pred) {
  return detail::back(out, detail::run(exec, "remove_copy_if", [&](const auto& p) {
                        return predix::remove_copy_if(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(out), pred);
                      }));
}

template <class D, class In, class Stencil, class Out, class Pred>
Out remove_copy_if(execution_policy<D>& exec, In first, In last, Stencil stencil, Out out,
                   Pred pred) {
  return detail::back(out, detail::run(exec, "remove_copy_if", [&](const auto& p) {
                        return predix::remove_copy_if(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(stencil), detail::raw(out), pred);
                      }));
}

}  // namespace predix::thrust
