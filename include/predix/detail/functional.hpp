#pragma once
#include <predix/config.hpp>

namespace predix::detail {

/// The predicate rule shared by every backend: a result is converted with static_cast<bool>.
template <class Pred, class T>
PREDIX_HOST_DEVICE bool test(Pred& pred, T&& value) {
  return static_cast<bool>(pred(static_cast<T&&>(value)));
}

/// not_fn for predicates, callable on host and device.
template <class Pred>
struct negate {
  Pred pred;
  template <class T>
  PREDIX_HOST_DEVICE bool operator()(T&& value) {
    return !static_cast<bool>(pred(static_cast<T&&>(value)));
  }
};

/// x == value, the predicate behind count and find.
template <class T>
struct equal_to_value {
  T value;
  template <class U>
  PREDIX_HOST_DEVICE bool operator()(const U& x) const {
    return static_cast<bool>(x == value);
  }
};

}  // namespace predix::detail
