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
  using V = detail::value_t<Values>;
  const auto items = detail::segment_items_of<V, bool>(keys_first, values, detail::portable(eq));
  const auto sink = detail::position_sink_of<detail::segment_value<V, bool>>(
      detail::write_value<Out>{out});
  impl::inclusive_scan(policy, items, items + n, sink,
                       detail::segment_op<decltype(detail::portable(op))>{detail::portable(op)},
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
  auto peq = detail::portable(eq);
  auto pop = detail::portable(op);
  using S = detail::segment_value<T, bool>;
  const auto items = detail::segment_items_of<T, bool>(keys_first, values, peq);
  const auto sink = detail::position_sink_of<S>(
      detail::write_exclusive<Keys, decltype(peq), Out, T, decltype(pop)>{
          detail::head_flags_of(keys_first, peq), out, init, pop});
  impl::exclusive_scan(policy, items, items + n, sink, S{init, false},
                       detail::segment_op<decltype(pop)>{pop}, "exclusive_scan_by_key");
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
