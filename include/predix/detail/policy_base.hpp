#pragma once
#include <type_traits>
#include <utility>

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

/// The policy of a call that keeps order whatever policy it was given (stable_partition_copy,
/// unique): an unordered policy's ordered() (predix::cuda.unordered()), any other policy as it
/// is.
template <class Policy, class = void>
struct order_kept {
  static const Policy& of(const Policy& policy) { return policy; }
};
template <class Policy>
struct order_kept<Policy, std::void_t<decltype(std::declval<const Policy&>().ordered())>> {
  static auto of(const Policy& policy) { return policy.ordered(); }
};
template <class Policy>
decltype(auto) keeping_order(const Policy& policy) {
  return order_kept<std::remove_cv_t<std::remove_reference_t<Policy>>>::of(policy);
}
}  // namespace detail
}  // namespace predix
