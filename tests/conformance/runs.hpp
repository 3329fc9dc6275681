#pragma once
// Keys in runs for the unique family and the by-key algorithms: a run begins where make_flags
// sets a flag (0%: one run over the whole input, 100%: runs of one item, clustered: long runs
// beside long stretches of single items), and an equivalence coarser than ==.
#include "suite.hpp"

namespace predix_test {

/// Items equal when is_selected takes them alike (an equivalence coarser than ==).
struct same_selection {
  template <class T>
  PREDIX_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return (is_selected{}(a) != 0) == (is_selected{}(b) != 0);
  }
};

/// n items in runs: item i begins a run (a value unlike the one before) where starts[i].
template <class T>
host_array<T> make_runs(rng& r, const std::vector<bool>& starts) {
  host_array<T> items(static_cast<std::ptrdiff_t>(starts.size()));
  for (std::ptrdiff_t i = 0; i < items.size(); ++i) {
    if (i > 0 && !starts[static_cast<std::size_t>(i)]) {
      items[i] = items[i - 1];
      continue;
    }
    do {
      items[i] = value_traits<T>::make(r, r.chance(0.5));
    } while (i > 0 && items[i] == items[i - 1]);
  }
  return items;
}

/// Calls check(input, eq, name) for each case of the suite, with == and with same_selection.
template <class Policy, class Check>
void for_each_unique_case(Check&& check) {
  for_each_selection_case<Policy>([&](auto tag, std::ptrdiff_t n, selectivity s, rng& r) {
    using T = typename decltype(tag)::type;
    const auto input = make_runs<T>(r, make_flags(r, n, s));
    check(input, predix::detail::equal_to{}, "==");
    check(input, same_selection{}, "same_selection");
  });
}

}  // namespace predix_test
