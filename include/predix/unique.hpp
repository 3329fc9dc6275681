#pragma once
// The unique family. A segment is a run of consecutive items that eq holds equal (each item
// compared with the one before it; eq defaults to ==), its first item the head
// (detail::head_flags): unique_count counts the heads, unique_copy copies them in order and
// unique keeps them in place at the front, through each backend's count and selection cores;
// the _by_key forms select the values of the keys' heads too (the values first in place, while
// the keys that flag them are still whole).
//   3 3 5 5 5 2 3 → unique_copy 3 5 2 3 (returns out + 4), unique_count 4
//   keys 3 3 5, values a b c → unique_by_key_copy keys 3 5, values a c
#include <predix/detail/backends.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/head_flags.hpp>
#include <predix/detail/portable.hpp>
#include <predix/detail/range.hpp>

#include <utility>

namespace predix {

template <class Policy, class It, class Eq>
detail::enable_if_policy_t<Policy, detail::diff_t<It>> unique_count(Policy&& policy, It first,
                                                                    It last, Eq eq) {
  detail::checked_size(first, last, "unique_count");
  const auto flags = detail::head_flags_of(first, detail::portable(eq));
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
  const auto flags = detail::head_flags_of(first, detail::portable(eq));
  return impl::copy_if(detail::keeping_order(policy), first, last, flags, out,
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
  const auto flags = detail::head_flags_of(first, detail::portable(eq));
  return impl::remove_if(policy, first, last, flags,
                         detail::negate<detail::flag_set>{detail::flag_set{}}, "unique");
}

template <class Policy, class It>
detail::enable_if_policy_t<Policy, It> unique(Policy&& policy, It first, It last) {
  return predix::unique(policy, first, last, detail::equal_to{});
}

template <class Policy, class Keys, class Values, class KeysOut, class ValuesOut, class Eq>
detail::enable_if_policy_t<Policy, std::pair<KeysOut, ValuesOut>> unique_by_key_copy(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values, KeysOut keys_out,
    ValuesOut values_out, Eq eq) {
  const auto n = detail::checked_size(keys_first, keys_last, "unique_by_key_copy");
  const auto flags = detail::head_flags_of(keys_first, detail::portable(eq));
  const auto& ordered = detail::keeping_order(policy);
  const ValuesOut values_end = impl::copy_if(ordered, values, values + n, flags, values_out,
                                             detail::flag_set{}, "unique_by_key_copy");
  const KeysOut keys_end = impl::copy_if(ordered, keys_first, keys_last, flags, keys_out,
                                         detail::flag_set{}, "unique_by_key_copy");
  return {keys_end, values_end};
}

template <class Policy, class Keys, class Values, class KeysOut, class ValuesOut>
detail::enable_if_policy_t<Policy, std::pair<KeysOut, ValuesOut>> unique_by_key_copy(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values, KeysOut keys_out,
    ValuesOut values_out) {
  return predix::unique_by_key_copy(policy, keys_first, keys_last, values, keys_out, values_out,
                                    detail::equal_to{});
}

/// In place: each segment's first key and its value to the front in order, returning both ends.
template <class Policy, class Keys, class Values, class Eq>
detail::enable_if_policy_t<Policy, std::pair<Keys, Values>> unique_by_key(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values, Eq eq) {
  const auto n = detail::checked_size(keys_first, keys_last, "unique_by_key");
  const auto flags = detail::head_flags_of(keys_first, detail::portable(eq));
  const detail::negate<detail::flag_set> not_head{detail::flag_set{}};
  const Values values_end =
      impl::remove_if(policy, values, values + n, flags, not_head, "unique_by_key");
  const Keys keys_end =
      impl::remove_if(policy, keys_first, keys_last, flags, not_head, "unique_by_key");
  return {keys_end, values_end};
}

template <class Policy, class Keys, class Values>
detail::enable_if_policy_t<Policy, std::pair<Keys, Values>> unique_by_key(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values) {
  return predix::unique_by_key(policy, keys_first, keys_last, values, detail::equal_to{});
}

}  // namespace predix
