#pragma once
// What a backend did with one decoded case, and the comparison of two such outcomes.
//   outcome  the scalar results (ends, counts, votes, positions) and every output array as
//            bytes, outputs poisoned first so that unwritten elements show; for out-of-place
//            forms also the input afterwards (it must not change)
//   compare  the first difference, described, or "" when they agree
//   same_elements_as  whether arrays hold the same elements in any order (the partition
//            family may not lose, duplicate or invent any)
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../support/memory.hpp"

namespace predix_test::fuzz {

struct array_result {
  const char* name;
  std::size_t element;  // bytes per element
  std::vector<std::uint8_t> bytes;
  std::string (*print)(const std::uint8_t*);
};

struct outcome {
  std::vector<std::pair<const char*, long long>> scalars;
  std::vector<array_result> arrays;
  std::string lost;  // set when a partition does not hold the input's elements

  void scalar(const char* name, long long value) { scalars.emplace_back(name, value); }

  /// The first `count` elements of `a` (all when count < 0).
  template <class U>
  void array(const char* name, const host_array<U>& a, std::ptrdiff_t count = -1) {
    const std::size_t n = static_cast<std::size_t>(count < 0 ? a.size() : count);
    array_result r{name, sizeof(U), std::vector<std::uint8_t>(n * sizeof(U)), &print_element<U>};
    if (n > 0) std::memcpy(r.bytes.data(), a.begin(), r.bytes.size());
    arrays.push_back(std::move(r));
  }

  template <class U>
  static std::string print_element(const std::uint8_t* p) {
    U x;
    std::memcpy(&x, p, sizeof(U));
    std::ostringstream os;
    if constexpr (sizeof(U) == 1) {
      os << +x;
    } else {
      os << x;
    }
    return os.str();
  }
};

/// "" when `actual` equals `expected`, else where they first differ.
inline std::string compare(const outcome& expected, const outcome& actual) {
  std::ostringstream os;
  if (!actual.lost.empty()) return actual.lost;
  for (std::size_t i = 0; i < expected.scalars.size() && i < actual.scalars.size(); ++i) {
    if (expected.scalars[i].second != actual.scalars[i].second) {
      os << expected.scalars[i].first << " " << actual.scalars[i].second << ", expected "
         << expected.scalars[i].second;
      return os.str();
    }
  }
  for (std::size_t i = 0; i < expected.arrays.size() && i < actual.arrays.size(); ++i) {
    const array_result& e = expected.arrays[i];
    const array_result& a = actual.arrays[i];
    if (e.bytes.size() != a.bytes.size()) {
      os << e.name << " has " << a.bytes.size() / a.element << " elements, expected "
         << e.bytes.size() / e.element;
      return os.str();
    }
    for (std::size_t at = 0; at < e.bytes.size(); at += e.element) {
      if (std::memcmp(&e.bytes[at], &a.bytes[at], e.element) != 0) {
        os << e.name << "[" << at / e.element << "] of " << e.bytes.size() / e.element << " is "
           << a.print(&a.bytes[at]) << ", expected " << e.print(&e.bytes[at]);
        return os.str();
      }
    }
  }
  if (expected.scalars.size() != actual.scalars.size() ||
      expected.arrays.size() != actual.arrays.size()) {
    return "a different number of results";
  }
  return "";
}

/// Whether the concatenation of `parts` holds the elements of `whole`, as many times each
/// (elements compared by their bytes).
template <class U>
bool same_elements_as(const host_array<U>& whole,
                      const std::vector<std::pair<const U*, std::ptrdiff_t>>& parts) {
  std::ptrdiff_t total = 0;
  for (const auto& part : parts) total += part.second;
  if (total != whole.size()) return false;
  host_array<U> a = whole, b(total);  // not std::vector: vector<bool> has no bytes to compare
  U* at = b.begin();
  for (const auto& part : parts) at = std::copy(part.first, part.first + part.second, at);
  const auto before = [](const U& l, const U& r) { return std::memcmp(&l, &r, sizeof(U)) < 0; };
  std::sort(a.begin(), a.end(), before);
  std::sort(b.begin(), b.end(), before);
  return std::equal(a.begin(), a.end(), b.begin(),
                    [](const U& l, const U& r) { return std::memcmp(&l, &r, sizeof(U)) == 0; });
}

}  // namespace predix_test::fuzz
