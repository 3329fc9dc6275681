#pragma once
// find_if / find_if_not / find and the votes any_of / all_of / none_of.
//   flags 0 0 1 0 1 → find_if: index 2; any_of: true; all_of: false; none_of: false
// On an empty range: find* return last, any_of false, all_of and none_of true.
#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> find_if(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "find_if");
  return impl::find_if(policy, first, last, pred);
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> find_if_not(Policy&& policy, It first, It last, Pred pred) {
  detail::checked_size(first, last, "find_if_not");
  return impl::find_if(policy, first, last, detail::negate<Pred>{pred});
}

template <class Policy, class It, class T>
detail::enable_if_policy_t<Policy, It> find(Policy&& policy, It first, It last, const T& value) {
  detail::checked_size(first, last, "find");
  return impl::find_if(policy, first, last, detail::equal_to_value<T>{value});
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> any_of(Policy&& policy, It first, It last, Pred pred) {
  return predix::find_if(policy, first, last, pred) != last;
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> all_of(Policy&& policy, It first, It last, Pred pred) {
  return predix::find_if_not(policy, first, last, pred) == last;
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, bool> none_of(Policy&& policy, It first, It last, Pred pred) {
  return predix::find_if(policy, first, last, pred) == last;
}

}  // namespace predix
