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

/// The predicate a kernel tests and whether its results are flipped afterwards: negate<Pred>
/// is tested as Pred, so a kernel that packs results into masks flips a whole mask with one
/// instruction instead of negating each item.
template <class Pred>
struct plain_predicate {
  static constexpr bool negated = false;
  PREDIX_HOST_DEVICE static Pred& of(Pred& pred) { return pred; }
};
template <class Pred>
struct plain_predicate<negate<Pred>> {
  static constexpr bool negated = true;
  PREDIX_HOST_DEVICE static Pred& of(negate<Pred>& pred) { return pred.pred; }
};

/// The predicate a kernel tests: the one negate<Pred> wraps when UNWRAP (the kernel then flips
/// the results it packed), else pred itself.
template <bool UNWRAP, class Pred>
PREDIX_HOST_DEVICE auto& tested_predicate(Pred& pred) {
  if constexpr (UNWRAP) {
    return plain_predicate<Pred>::of(pred);
  } else {
    return pred;
  }
}

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
