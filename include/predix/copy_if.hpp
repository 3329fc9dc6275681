#pragma once
// copy_if and remove_copy_if, with and without a stencil. Return the end of the output.
//   in a b c d, flags 1 0 1 1 → copy_if: a c d; remove_copy_if: b
// Under predix::cuda.unordered() the same items in any order (a d c; docs/unordered.md).
#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/detail/stencil.hpp>

namespace predix {

template <class Policy, class In, class Stencil, class Out, class Pred>
detail::enable_if_policy_t<Policy, Out> copy_if(Policy&& policy, In first, In last, Stencil stencil,
                                                Out out, Pred pred) {
  detail::checked_size(first, last, "copy_if");
  return impl::copy_if(policy, first, last, stencil, out, pred, "copy_if");
}

template <class Policy, class In, class Out, class Pred>
detail::enable_if_policy_t<Policy, Out> copy_if(Policy&& policy, In first, In last, Out out,
                                                Pred pred) {
  return predix::copy_if(policy, first, last, detail::as_stencil(first), out, pred);
}

template <class Policy, class In, class Stencil, class Out, class Pred>
detail::enable_if_policy_t<Policy, Out> remove_copy_if(Policy&& policy, In first, In last,
                                                       Stencil stencil, Out out, Pred pred) {
  detail::checked_size(first, last, "remove_copy_if");
  return impl::copy_if(policy, first, last, stencil, out, detail::negate<Pred>{pred},
                       "remove_copy_if");
}

template <class Policy, class In, class Out, class Pred>
detail::enable_if_policy_t<Policy, Out> remove_copy_if(Policy&& policy, In first, In last, Out out,
                                                       Pred pred) {
  return predix::remove_copy_if(policy, first, last, detail::as_stencil(first), out, pred);
}

}  // namespace predix
