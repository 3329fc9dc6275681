#pragma once
// reduce(p, first, last[, init[, op]]), as Thrust 3.0.1: the result has the init's type;
// without init it is value_type{} and op is plus. op must be associative.
#include <functional>

#include <predix/detail/backends.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class In, class T, class Op>
detail::enable_if_policy_t<Policy, T> reduce(Policy&& policy, In first, In last, T init, Op op) {
  detail::checked_size(first, last, "reduce");
  return impl::reduce(policy, first, last, init, op, "reduce");
}

template <class Policy, class In, class T>
detail::enable_if_policy_t<Policy, T> reduce(Policy&& policy, In first, In last, T init) {
  return predix::reduce(policy, first, last, init, std::plus<>{});
}

template <class Policy, class In>
detail::enable_if_policy_t<Policy, detail::value_t<In>> reduce(Policy&& policy, In first, In last) {
  return predix::reduce(policy, first, last, detail::value_t<In>{}, std::plus<>{});
}

}  // namespace predix
