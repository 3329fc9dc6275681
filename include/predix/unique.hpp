#pragma once
// The unique family. A segment is a run of consecutive items that eq holds equal (each item
// compared with the one before it; eq defaults to ==), its first item the head
// (detail::head_flags): unique_count counts the heads, unique_copy copies them in order and
// unique keeps them in place at the front, through each backend's count and selection cores.
//   3 3 5 5 5 2 3 → unique_copy 3 5 2 3 (returns out + 4), unique_count 4
#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/head_flags.hpp>
#include <predix/detail/range.hpp>

namespace predix {

template <class Policy, class It, class Eq>
detail::enable_if_policy_t<Policy, detail::diff_t<It>> unique_count(Policy&& policy, It first,
                                                                    It last, Eq eq) {
  detail::checked_size(first, last, "unique_count");
  const auto flags = detail::head_flags_of(first, eq);
  return impl::count_if(policy, flags, flags + (last - first), detail::flag_set{},
                        "unique_count");
}

template <class Policy, class It>
detail::enable_if_policy_t<Policy, detail::diff_t<It>> unique_count(Policy&& policy, It first,
                                                                    It last) {
  return predix::unique_count(policy, first, last, detail::equal_to{});
}

template <class Policy, class It, class Out, class Eq>
detail::enable_if_policy_t<Policy, Out> unique_copy(Policy&& policy, It first, It last, Out out,
                                                    Eq eq) {
  detail::checked_size(first, last, "unique_copy");
  return impl::copy_if(policy, first, last, detail::head_flags_of(first, eq), out,
                       detail::flag_set{}, "unique_copy");
}

template <class Policy, class It, class Out>
detail::enable_if_policy_t<Policy, Out> unique_copy(Policy&& policy, It first, It last, Out out) {
  return predix::unique_copy(policy, first, last, out, detail::equal_to{});
}

/// In place: the heads to the front in order, returning their end (the rest unspecified).
template <class Policy, class It, class Eq>
detail::enable_if_policy_t<Policy, It> unique(Policy&& policy, It first, It last, Eq eq) {
  detail::checked_size(first, last, "unique");
  return impl::remove_if(policy, first, last, detail::head_flags_of(first, eq),
                         detail::negate<detail::flag_set>{detail::flag_set{}}, "unique");
}

template <class Policy, class It>
detail::enable_if_policy_t<Policy, It> unique(Policy&& policy, It first, It last) {
  return predix::unique(policy, first, last, detail::equal_to{});
}

}  // namespace predix
