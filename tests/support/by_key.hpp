#pragma once
// The by-key algorithms' serial references (conformance ByKey, CUDA ScanByKey): plain loops
// over host arrays; a segment begins at item 0 and wherever eq fails on an item's key and the
// key before it.
#include <algorithm>
#include <cstddef>
#include <tuple>
#include <type_traits>

#include "cases.hpp"

namespace predix_test {

template <class K, class Eq>
bool starts(const host_array<K>& keys, std::ptrdiff_t i, Eq eq) {
  return i == 0 || !eq(keys[i - 1], keys[i]);
}

/// Items at, at + 1, ... of a.
template <class T>
host_array<T> from(const host_array<T>& a, std::ptrdiff_t at) {
  host_array<T> out(a.size() - at);
  std::copy(a.begin() + at, a.end(), out.begin());
  return out;
}

/// The inclusive scan by key, in T (void: the values' type).
template <class T = void, class K, class V, class Eq, class Op>
auto inclusive_by_key(const host_array<K>& keys, const host_array<V>& v, Eq eq, Op op) {
  using R = std::conditional_t<std::is_void_v<T>, V, T>;
  host_array<R> out(v.size());
  for (std::ptrdiff_t i = 0; i < v.size(); ++i) {
    out[i] = starts(keys, i, eq) ? static_cast<R>(v[i]) : static_cast<R>(op(out[i - 1], v[i]));
  }
  return out;
}

/// The exclusive scan by key from init, in init's type.
template <class K, class V, class T, class Eq, class Op>
host_array<T> exclusive_by_key(const host_array<K>& keys, const host_array<V>& v, T init, Eq eq,
                               Op op) {
  host_array<T> out(v.size());
  for (std::ptrdiff_t i = 0; i < v.size(); ++i) {
    out[i] = starts(keys, i, eq) ? init : static_cast<T>(op(out[i - 1], v[i - 1]));
  }
  return out;
}

/// Each segment's first key and the op-reduction of its values, at the front of poisoned arrays
/// as long as the input, and how many segments.
template <class K, class V, class Eq, class Op>
std::tuple<host_array<K>, host_array<V>, std::ptrdiff_t> reduce_by_key_of(
    const host_array<K>& keys, const host_array<V>& v, Eq eq, Op op) {
  auto keys_out = poisoned<K>(keys.size());
  auto values_out = poisoned<V>(keys.size());
  std::ptrdiff_t m = 0;
  for (std::ptrdiff_t i = 0; i < keys.size(); ++i) {
    if (starts(keys, i, eq)) {
      keys_out[m] = keys[i];
      values_out[m++] = v[i];
    } else {
      values_out[m - 1] = static_cast<V>(op(values_out[m - 1], v[i]));
    }
  }
  return {keys_out, values_out, m};
}

}  // namespace predix_test
