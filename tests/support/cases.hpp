#pragma once
// The case matrix of DESIGN.md §7: sizes × selectivities, random inputs, poisoned outputs,
// and a comparison that names the first differing element.
#include <gtest/gtest.h>

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "memory.hpp"
#include "random.hpp"
#include "types.hpp"

namespace predix_test {

/// 0, 1, 2, 31, 32, 33, 1023, 1024, 1025, tile ± 1, 101513, 2^20 + 7; under PREDIX_TEST_QUICK
/// (sanitizer runs) up to tile + 1 only.
template <class Policy>
std::vector<std::ptrdiff_t> test_sizes() {
  const std::ptrdiff_t tile = backend_memory<Policy>::tile;
  std::vector<std::ptrdiff_t> sizes{0, 1, 2, 31, 32, 33, 1023, 1024, 1025, tile - 1, tile, tile + 1};
  if (!quick_mode()) sizes.insert(sizes.end(), {101513, (1 << 20) + 7});
  return sizes;
}

/// Fraction of selected elements; `clustered` draws runs of equal flags with mean length 200.
struct selectivity {
  double fraction;
  bool clustered;
  std::string name() const {
    return clustered ? std::string("clustered") : std::to_string(fraction * 100) + "%";
  }
};

inline std::vector<selectivity> test_selectivities() {
  return {{0.0, false}, {0.01, false}, {0.5, false}, {0.99, false}, {1.0, false}, {0.5, true}};
}

inline std::vector<bool> make_flags(rng& r, std::ptrdiff_t n, selectivity s) {
  std::vector<bool> flags(static_cast<std::size_t>(n));
  bool current = r.chance(0.5);
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (s.clustered) {
      if (r.chance(1.0 / 200)) current = !current;
      flags[i] = current;
    } else {
      flags[i] = r.chance(s.fraction);
    }
  }
  return flags;
}

/// Random values that is_selected accepts exactly where flags are set.
template <class T>
host_array<T> make_selection_input(rng& r, const std::vector<bool>& flags) {
  host_array<T> values(static_cast<std::ptrdiff_t>(flags.size()));
  for (std::ptrdiff_t i = 0; i < values.size(); ++i) {
    values[i] = value_traits<T>::make(r, flags[static_cast<std::size_t>(i)]);
  }
  return values;
}

template <class T>
host_array<T> make_selection_input(rng& r, std::ptrdiff_t n, selectivity s) {
  return make_selection_input<T>(r, make_flags(r, n, s));
}

template <class T>
host_array<T> make_scan_input(rng& r, std::ptrdiff_t n) {
  host_array<T> values(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) values[i] = value_traits<T>::small(r);
  return values;
}

template <class T>
host_array<T> poisoned(std::ptrdiff_t n) {
  return host_array<T>(n, value_traits<T>::poison());
}

/// Success, or the first index where the arrays differ, with both values.
template <class T>
::testing::AssertionResult same_elements(const host_array<T>& actual,
                                         const host_array<T>& expected) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure() << "size " << actual.size() << " != " << expected.size();
  }
  for (std::ptrdiff_t i = 0; i < actual.size(); ++i) {
    if (!(actual[i] == expected[i])) {
      std::ostringstream os;
      os << "first difference at index " << i << " of " << actual.size() << ": got ";
      if constexpr (sizeof(T) == 1) {
        os << +actual[i] << ", expected " << +expected[i];
      } else {
        os << actual[i] << ", expected " << expected[i];
      }
      return ::testing::AssertionFailure() << os.str();
    }
  }
  return ::testing::AssertionSuccess();
}

/// Runs body(type_tag, n, selectivity, rng) over every type × size × selectivity, with a
/// trace naming the case and the seed; stops at the first failing case.
template <class Policy, class Body>
void for_each_selection_case(Body&& body) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for_each_type([&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::ptrdiff_t n : test_sizes<Policy>()) {
      for (selectivity s : test_selectivities()) {
        if (::testing::Test::HasFailure()) return;
        SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n) +
                     ", selected " + s.name());
        body(tag, n, s, r);
      }
    }
  });
}

/// Runs body(type_tag, n, rng) over every type × size.
template <class Policy, class Body>
void for_each_size_case(Body&& body) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for_each_type([&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::ptrdiff_t n : test_sizes<Policy>()) {
      if (::testing::Test::HasFailure()) return;
      SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n));
      body(tag, n, r);
    }
  });
}

}  // namespace predix_test
