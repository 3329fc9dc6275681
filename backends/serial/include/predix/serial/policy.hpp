#pragma once
#include <predix/detail/policy_base.hpp>

namespace predix {
/// Serial reference backend: plain loops on the calling thread. unordered(), as
/// predix::cuda.unordered(), lets copy_if, remove_copy_if and partition_copy write in any order;
/// the host backends keep the order anyway.
struct serial_policy : detail::policy_base {
  constexpr serial_policy unordered() const { return *this; }
};
inline constexpr serial_policy seq{};
}  // namespace predix
