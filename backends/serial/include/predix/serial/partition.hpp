#pragma once
// Serial partition family. flags 1 0 1 0 0 over a b c d e:
//   stable_partition → a c | b d e     partition → a c | e d b (rejected reversed, as CUB)
//   partition_copy   → true: a c, false: b d e (both in order, as Thrust)
// In-place forms evaluate every predicate before the first write.
#include <utility>
#include <vector>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const serial_policy&, In first, In last,
                                            Stencil stencil, OutTrue out_true, OutFalse out_false,
                                            Pred pred, const char*) {
  for (; first != last; ++first, ++stencil) {
    if (detail::test(pred, *stencil)) {
      *out_true = *first;
      ++out_true;
    } else {
      *out_false = *first;
      ++out_false;
    }
  }
  return {out_true, out_false};
}

namespace serial_detail {
/// Selected to the front in order; rejected after them, reversed or in order.
template <class It, class Stencil, class Pred>
It partition_in_place(It first, It last, Stencil stencil, Pred& pred, bool reverse_rejected) {
  const auto n = last - first;
  std::vector<unsigned char> selected(static_cast<std::size_t>(n));
  detail::diff_t<It> k = 0;
  for (detail::diff_t<It> i = 0; i < n; ++i) {
    selected[i] = detail::test(pred, stencil[i]);
    k += selected[i];
  }
  std::vector<detail::value_t<It>> rejected;
  rejected.reserve(static_cast<std::size_t>(n - k));
  detail::diff_t<It> w = 0;
  for (detail::diff_t<It> i = 0; i < n; ++i) {
    if (!selected[i]) {
      rejected.push_back(std::move(first[i]));
    } else {
      if (w != i) first[w] = std::move(first[i]);
      ++w;
    }
  }
  for (std::size_t j = 0; j < rejected.size(); ++j) {
    const std::size_t from = reverse_rejected ? rejected.size() - 1 - j : j;
    first[k + static_cast<detail::diff_t<It>>(j)] = std::move(rejected[from]);
  }
  return first + k;
}
}  // namespace serial_detail

template <class It, class Stencil, class Pred>
It partition(const serial_policy&, It first, It last, Stencil stencil, Pred pred, const char*) {
  return serial_detail::partition_in_place(first, last, stencil, pred, true);
}

template <class It, class Stencil, class Pred>
It stable_partition(const serial_policy&, It first, It last, Stencil stencil, Pred pred,
                    const char*) {
  return serial_detail::partition_in_place(first, last, stencil, pred, false);
}

}  // namespace predix::impl
