#pragma once
// thrust::inclusive_scan / exclusive_scan on a predix::thrust policy: predix::inclusive_scan /
// exclusive_scan (same forms, same accumulator types as Thrust). Thrust's inclusive_scan with
// an initial value is not in predix: it runs Thrust's own.
#include <predix/scan.hpp>
#include <predix/thrust/detail/run.hpp>

namespace predix::thrust {

template <class D, class In, class Out>
Out inclusive_scan(execution_policy<D>& exec, In first, In last, Out out) {
  return detail::back(out, detail::run(exec, "inclusive_scan", [&](const auto& p) {
                        return predix::inclusive_scan(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(out));
                      }));
}

template <class D, class In, class Out, class Op>
Out inclusive_scan(execution_policy<D>& exec, In first, In last, Out out, Op op) {
  return detail::back(out, detail::run(exec, "inclusive_scan", [&](const auto& p) {
                        return predix::inclusive_scan(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(out), op);
                      }));
}

template <class D, class In, class Out>
Out exclusive_scan(execution_policy<D>& exec, In first, In last, Out out) {
  return detail::back(out, detail::run(exec, "exclusive_scan", [&](const auto& p) {
                        return predix::exclusive_scan(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(out));
                      }));
}

template <class D, class In, class Out, class T>
Out exclusive_scan(execution_policy<D>& exec, In first, In last, Out out, T init) {
  return detail::back(out, detail::run(exec, "exclusive_scan", [&](const auto& p) {
                        return predix::exclusive_scan(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(out), init);
                      }));
}

template <class D, class In, class Out, class T, class Op>
Out exclusive_scan(execution_policy<D>& exec, In first, In last, Out out, T init, Op op) {
  return detail::back(out, detail::run(exec, "exclusive_scan", [&](const auto& p) {
                        return predix::exclusive_scan(p, detail::raw(first), detail::raw(last),
                                                      detail::raw(out), init, op);
                      }));
}

}  // namespace predix::thrust
