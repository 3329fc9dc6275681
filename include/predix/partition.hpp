#pragma once
// The partition family, with and without a stencil. flags 1 0 1 0 0 over a b c d e:
//   partition             → a c | e d b  (selected in order, rejected in reverse, as CUB)
//   stable_partition      → a c | b d e
//   partition_copy, stable_partition_copy → (a c, b d e), both in order as Thrust (partition_copy
//                         under predix::cuda.unordered(): the same items, in any order)
//   partition_point       → first element whose predicate is false (as Thrust: find_if_not)
//   is_partitioned        → no selected element follows a rejected one
// In-place forms leave the input unchanged if a predicate throws.
#include <utility>

#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/detail/stencil.hpp>

namespace predix {

template <class Policy, class It, class Stencil, class Pred>
detail::enable_if_policy_t<Policy, It> partition(Policy&& policy, It first, It last, Stencil stencil,
                                                 Pred pred) {
  detail::checked_size(first, last, "partition");
  return impl::partition(policy, first, last, stencil, pred, "partition");
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> partition(Policy&& policy, It first, It last, Pred pred) {
  return predix::partition(policy, first, last, detail::as_stencil(first), pred);
}

template <class Policy, class It, class Stencil, class Pred>
detail::enable_if_policy_t<Policy, It> stable_partition(Policy&& policy, It first, It last,
                                                        Stencil stencil, Pred pred) {
  detail::checked_size(first, last, "stable_partition");
  return impl::stable_partition(policy, first, last, stencil, pred, "stable_partition");
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> stable_partition(Policy&& policy, It first, It last,
                                                        Pred pred) {
  return predix::stable_partition(policy, first, last, detail::as_stencil(first), pred);
}

template <class Policy, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
detail::enable_if_policy_t<Policy, std::pair<OutTrue, OutFalse>> stable_partition_copy(
    Policy&& policy, In first, In last, Stencil stencil, OutTrue out_true, OutFalse out_false,
    Pred pred) {
  detail::checked_size(first, last, "stable_partition_copy");
  return impl::partition_copy(detail::keeping_order(policy), first, last, stencil, out_true,
                              out_false, pred, "stable_partition_copy");
}

template <class Policy, class In, class OutTrue, class OutFalse, class Pred>
detail::enable_if_policy_t<Policy, std::pair<OutTrue, OutFalse>> stable_partition_copy(
    Policy&& policy, In first, In last, OutTrue out_true, OutFalse out_false, Pred pred) {
  return predix::stable_partition_copy(policy, first, last, detail::as_stencil(first), out_true,
                                       out_false, pred);
}

/// Same as stable_partition_copy: Thrust's partition_copy keeps both outputs in order too.
template <class Policy, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
detail::enable_if_policy_t<Policy, std::pair<OutTrue, OutFalse>> partition_copy(
    Policy&& policy, In first, In last, Stencil stencil, OutTrue out_true, OutFalse out_false,
    Pred pred) {
  detail::checked_size(first, last, "partition_copy");
  return impl::partition_copy(policy, first, last, stencil, out_true, out_false, pred,
                              "partition_copy");
}

template <class Policy, class In, class OutTrue, class OutFalse, class Pred>
detail::enable_if_policy_t<Policy, std::pair<OutTrue, OutFalse>> partition_copy(
    Policy&& policy, In first, In last, OutTrue out_true, OutFalse out_false, Pred pred) {
  return predix::partition_copy(policy, first, last, detail::as_stencil(first), out_true,
                                out_false, pred);
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> partition_point(Policy&& policy, It first, It last,
                                                       Pred pred) {
  detail::checked_size(first, last, "partition_point");
  return impl::find_if(policy, first, last, detail::negate<Pred>{pred}, "partition_point");
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> is_partitioned(Policy&& policy, It first, It last,
                                                        Pred pred) {
  detail::checked_size(first, last, "is_partitioned");
  const It boundary = impl::find_if(policy, first, last, detail::negate<Pred>{pred},
                                    "is_partitioned");
  return impl::find_if(policy, boundary, last, pred, "is_partitioned") == last;
}

}  // namespace predix
