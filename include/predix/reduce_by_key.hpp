#pragma once
// reduce_by_key, as Thrust 3.0.1: for each segment of adjacent keys that eq (default ==)
// holds equal, its first key and the op-reduction (default plus) of its values, accumulated in
// the values' type; returns the ends of both outputs. One scan of the segment items that count
// heads writes both outputs as it goes (detail/segments.hpp), its last item the number of
// segments (impl::counted: where the backend's scans can store it).
//   keys 1 1 2 2 2 1, values 1 2 3 4 5 6  →  keys 1 2 1, values 3 12 6
#include <cstdint>
#include <functional>
#include <utility>

#include <predix/detail/portable.hpp>
#include <predix/detail/range.hpp>
#include <predix/detail/segments.hpp>

namespace predix {

template <class Policy, class Keys, class Values, class KeysOut, class ValuesOut, class Eq,
          class Op>
detail::enable_if_policy_t<Policy, std::pair<KeysOut, ValuesOut>> reduce_by_key(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values, KeysOut keys_out,
    ValuesOut values_out, Eq eq, Op op) {
  using D = detail::diff_t<Keys>;
  const D n = detail::checked_size(keys_first, keys_last, "reduce_by_key");
  if (n == 0) return {keys_out, values_out};
  // The scan's items count segments in C: 32 bits when n allows (CUDA: a look-back value of
  // 8 bytes for 4-byte values, docs/perf/by_key.md).
  const auto reduce = [&](auto counter) {
    using C = decltype(counter);
    return impl::counted<D>(
        policy,
        [&](auto count) {
          const auto scan = detail::reduce_by_key_plan<detail::value_t<Values>>(
              keys_first, values, static_cast<C>(n), keys_out, values_out, detail::portable(eq),
              detail::portable(op), count);
          impl::inclusive_scan(policy, scan.items, scan.items + n, scan.sink, scan.op,
                               "reduce_by_key");
        },
        "reduce_by_key");
  };
  const D segments = static_cast<std::uint64_t>(n) <= UINT32_MAX ? reduce(std::uint32_t{})
                                                                 : reduce(static_cast<D>(0));
  return {keys_out + segments, values_out + segments};
}

template <class Policy, class Keys, class Values, class KeysOut, class ValuesOut, class Eq>
detail::enable_if_policy_t<Policy, std::pair<KeysOut, ValuesOut>> reduce_by_key(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values, KeysOut keys_out,
    ValuesOut values_out, Eq eq) {
  return predix::reduce_by_key(policy, keys_first, keys_last, values, keys_out, values_out, eq,
                               std::plus<>{});
}

template <class Policy, class Keys, class Values, class KeysOut, class ValuesOut>
detail::enable_if_policy_t<Policy, std::pair<KeysOut, ValuesOut>> reduce_by_key(
    Policy&& policy, Keys keys_first, Keys keys_last, Values values, KeysOut keys_out,
    ValuesOut values_out) {
  return predix::reduce_by_key(policy, keys_first, keys_last, values, keys_out, values_out,
                               detail::equal_to{}, std::plus<>{});
}

}  // namespace predix
