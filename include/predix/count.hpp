#pragma once
// count_if and count, in the iterator's difference type (64-bit for pointers).
//   flags 1 0 1 1 → 3
#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, detail::diff_t<It>> count_if(Policy&& policy, It first, It last,
                                                                Pred pred) {
  detail::checked_size(first, last, "count_if");
  return impl::count_if(policy, first, last, pred, "count_if");
}

template <class Policy, class It, class T>
detail::enable_if_policy_t<Policy, detail::diff_t<It>> count(Policy&& policy, It first, It last,
                                                             const T& value) {
  detail::checked_size(first, last, "count");
  return impl::count_if(policy, first, last, detail::equal_to_value<T>{value}, "count");
}

}  // namespace predix
