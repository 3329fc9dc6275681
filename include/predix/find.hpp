#pragma once
// find_if / find_if_not / find and the votes any_of / all_of / none_of.
//   flags 0 0 1 0 1 → find_if: index 2; any_of: true; all_of: false; none_of: false
// On an empty range: find* return last, any_of false, all_of and none_of true.
// Each calls the core find_if under its own name, the one its errors carry.
#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> find_if(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "find_if");
  return impl::find_if(policy, first, last, pred, "find_if");
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> find_if_not(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "find_if_not");
  return impl::find_if(policy, first, last, detail::negate<Pred>{pred}, "find_if_not");
}

template <class Policy, class It, class T>
detail::enable_if_policy_t<Policy, It> find(Policy&& policy, It first, It last, const T& value) {
  detail::checked_size(first, last, "find");
  return impl::find_if(policy, first, last, detail::equal_to_value<T>{value}, "find");
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> any_of(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "any_of");
  return impl::find_if(policy, first, last, pred, "any_of") != last;
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> all_of(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "all_of");
  return impl::find_if(policy, first, last, detail::negate<Pred>{pred}, "all_of") == last;
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> none_of(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "none_of");
  return impl::find_if(policy, first, last, pred, "none_of") == last;
}

}  // namespace predix
