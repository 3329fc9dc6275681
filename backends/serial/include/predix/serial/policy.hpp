#pragma once
#include <predix/detail/policy_base.hpp>

namespace predix {
/// Serial reference backend: plain loops on the calling thread.
struct serial_policy : detail::policy_base {};
inline constexpr serial_policy seq{};
}  // namespace predix
