#pragma once
// inclusive_scan / exclusive_scan, as Thrust 3.0.1:
//   inclusive_scan(p, first, last, out[, op])            accumulates in the input's value type
//   exclusive_scan(p, first, last, out[, init[, op]])    accumulates in the init's type
// in 1 0 1 1 (bool): inclusive → 1 1 1 1 (running OR); exclusive(init 0) → 0 1 1 2 (count).
#include <functional>

#include <predix/detail/backends.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class In, class Out, class Op>
detail::enable_if_policy_t<Policy, Out> inclusive_scan(Policy&& policy, In first, In last, Out out,
                                                       Op op) {
  detail::checked_size(first, last, "inclusive_scan");
  return impl::inclusive_scan(policy, first, last, out, op, "inclusive_scan");
}

template <class Policy, class In, class Out>
detail::enable_if_policy_t<Policy, Out> inclusive_scan(Policy&& policy, In first, In last, Out out) {
  return predix::inclusive_scan(policy, first, last, out, std::plus<>{});
}

template <class Policy, class In, class Out, class T, class Op>
detail::enable_if_policy_t<Policy, Out> exclusive_scan(Policy&& policy, In first, In last, Out out,
                                                       T init, Op op) {
  detail::checked_size(first, last, "exclusive_scan");
  return impl::exclusive_scan(policy, first, last, out, init, op, "exclusive_scan");
}

template <class Policy, class In, class Out, class T>
detail::enable_if_policy_t<Policy, Out> exclusive_scan(Policy&& policy, In first, In last, Out out,
                                                       T init) {
  return predix::exclusive_scan(policy, first, last, out, init, std::plus<>{});
}

template <class Policy, class In, class Out>
detail::enable_if_policy_t<Policy, Out> exclusive_scan(Policy&& policy, In first, In last, Out out) {
  return predix::exclusive_scan(policy, first, last, out, detail::value_t<In>{}, std::plus<>{});
}

}  // namespace predix
