#pragma once
#include <type_traits>

namespace predix {
namespace detail {
/// Every predix execution policy derives from this tag.
struct policy_base {};
}  // namespace detail

/// True for predix execution policy types (cv/ref-qualified too).
template <class T>
struct is_execution_policy
    : std::is_base_of<detail::policy_base, std::remove_cv_t<std::remove_reference_t<T>>> {};

template <class T>
inline constexpr bool is_execution_policy_v = is_execution_policy<T>::value;

namespace detail {
/// Enables a public algorithm only when its first argument is a predix policy.
template <class Policy, class R>
using enable_if_policy_t = std::enable_if_t<is_execution_policy_v<Policy>, R>;
}  // namespace detail
}  // namespace predix
