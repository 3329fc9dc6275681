#pragma once
// remove_if, in place, with and without a stencil: keeps the rejected elements in order at
// the front and returns their end. The input is unchanged if a predicate throws.
//   a b c d, flags 1 0 1 1 → b | (rest unspecified)
#include <predix/detail/backends.hpp>
#include <predix/detail/range.hpp>
#include <predix/detail/stencil.hpp>

namespace predix {

template <class Policy, class It, class Stencil, class Pred>
detail::enable_if_policy_t<Policy, It> remove_if(Policy&& policy, It first, It last, Stencil stencil,
                                                 Pred pred) {
  detail::checked_size(first, last, "remove_if");
  return impl::remove_if(policy, first, last, stencil, pred, "remove_if");
}

template <class Policy, class It, class Pred>
detail::enable_if_policy_t<Policy, It> remove_if(Policy&& policy, It first, It last, Pred pred) {
  return predix::remove_if(policy, first, last, detail::as_stencil(first), pred);
}

}  // namespace predix
