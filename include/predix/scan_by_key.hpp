#pragma once
// inclusive_scan_by_key / exclusive_scan_by_key, as Thrust 3.0.1: a scan of the values that
// restarts where a key differs from the one before it (eq, defaulting to ==, compares
// adjacent keys); inclusive accumulates in the values' type, exclusive in init's (default: the
// values' type, 0) and starts each segment with init. Both run on each backend's scan core
// (detail/segments.hpp); values and result may be the same range.
//   keys 1 1 2 2 2, values 1 2 3 4 5  →  inclusive 1 3 3 7 12, exclusive(init 0) 0 1 0 3 7
#include <functional>

#include <predix/detail/portable.hpp>
#include <predix/detail/range.hpp>
#include <predix/detail/segments.hpp>

namespace predix {

template <class Policy, class Keys, class Values, class Out, class Eq, class Op>
detail::enable_if_policy_t<Policy, Out> inclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out, Eq eq, Op op) {
  const auto n = detail::checked_size(keys_first, keys_last, "inclusive_scan_by_key");
  const auto scan = detail::inclusive_scan_by_key_plan<detail::value_t<Values>>(
      keys_first, values, out, detail::portable(eq), detail::portable(op));
  impl::inclusive_scan(policy, scan.items, scan.items + n, scan.sink, scan.op,
                       "inclusive_scan_by_key");
  return out + n;
}

template <class Policy, class Keys, class Values, class Out, class Eq>
detail::enable_if_policy_t<Policy, Out> inclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out, Eq eq) {
  return predix::inclusive_scan_by_key(policy, keys_first, keys_last, values, out, eq,
                                       std::plus<>{});
}

template <class Policy, class Keys, class Values, class Out>
detail::enable_if_policy_t<Policy, Out> inclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out) {
  return predix::inclusive_scan_by_key(policy, keys_first, keys_last, values, out,
                                       detail::equal_to{}, std::plus<>{});
}

template <class Policy, class Keys, class Values, class Out, class T, class Eq, class Op>
detail::enable_if_policy_t<Policy, Out> exclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out, T init, Eq eq, Op op) {
  const auto n = detail::checked_size(keys_first, keys_last, "exclusive_scan_by_key");
  const auto scan = detail::exclusive_scan_by_key_plan(keys_first, values, out, init,
                                                       detail::portable(eq), detail::portable(op));
  impl::exclusive_scan(policy, scan.items, scan.items + n, scan.sink, scan.init, scan.op,
                       "exclusive_scan_by_key");
  return out + n;
}

template <class Policy, class Keys, class Values, class Out, class T, class Eq>
detail::enable_if_policy_t<Policy, Out> exclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out, T init, Eq eq) {
  return predix::exclusive_scan_by_key(policy, keys_first, keys_last, values, out, init, eq,
                                       std::plus<>{});
}

template <class Policy, class Keys, class Values, class Out, class T>
detail::enable_if_policy_t<Policy, Out> exclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out, T init) {
  return predix::exclusive_scan_by_key(policy, keys_first, keys_last, values, out, init,
                                       detail::equal_to{}, std::plus<>{});
}

template <class Policy, class Keys, class Values, class Out>
detail::enable_if_policy_t<Policy, Out> exclusive_scan_by_key(Policy&& policy, Keys keys_first,
                                                              Keys keys_last, Values values,
                                                              Out out) {
  return predix::exclusive_scan_by_key(policy, keys_first, keys_last, values, out,
                                       detail::value_t<Values>{}, detail::equal_to{},
                                       std::plus<>{});
}

}  // namespace predix
