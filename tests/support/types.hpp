#pragma once
// The element types of the conformance suite and, per type, how to make a value that the
// selection predicate accepts or rejects, small values for scans, and a poison value.
#include <cstdint>
#include <functional>
#include <ostream>
#include <tuple>
#include <type_traits>

#include <predix/config.hpp>

#include "random.hpp"

namespace predix_test {

/// The 16-byte struct: an affine map x → a·x + b over uint64 (wrapping). Composition is
/// associative and not commutative, so scans over it catch order bugs.
struct affine {
  std::uint64_t a;
  std::uint64_t b;
  PREDIX_HOST_DEVICE friend bool operator==(const affine& l, const affine& r) {
    return l.a == r.a && l.b == r.b;
  }
  PREDIX_HOST_DEVICE friend bool operator!=(const affine& l, const affine& r) { return !(l == r); }
  friend std::ostream& operator<<(std::ostream& os, const affine& f) {
    return os << '{' << f.a << ',' << f.b << '}';
  }
};
static_assert(sizeof(affine) == 16, "the struct type of the suite is 16 bytes");

/// Apply l, then r: (x → a_l·x + b_l) then (y → a_r·y + b_r).
struct compose {
  PREDIX_HOST_DEVICE affine operator()(const affine& l, const affine& r) const {
    return {l.a * r.a, l.b * r.a + r.b};
  }
};

/// The selection predicate of the suite. It returns an unsigned 2 or 0 rather than a bool,
/// so every backend must apply static_cast<bool> to predicate results.
struct is_selected {
  template <class T>
  PREDIX_HOST_DEVICE unsigned operator()(const T& x) const {
    if constexpr (std::is_same_v<T, affine>) {
      return static_cast<unsigned>(x.b & 1u) << 1;
    } else if constexpr (std::is_floating_point_v<T>) {
      return x > T(0) ? 2u : 0u;
    } else {
      return static_cast<unsigned>(x & 1) << 1;
    }
  }
};

/// is_selected of the suite's uint8 stencil items, callable with nothing else: Thrust calls a
/// stencil form's predicate on the stencil's items only, so such a predicate must compile and
/// select alike on every backend (over 16-byte items too).
struct stencil_selected {
  PREDIX_HOST_DEVICE unsigned operator()(std::uint8_t flag) const { return is_selected{}(flag); }
  template <class T>
  PREDIX_HOST_DEVICE unsigned operator()(const T&) const = delete;
};

/// is_selected as a bool: the functor of transform iterators that feed 0/1 scans.
struct selected_flag {
  template <class T>
  PREDIX_HOST_DEVICE bool operator()(const T& x) const {
    return is_selected{}(x) != 0;
  }
};

struct maximum {
  template <class T>
  PREDIX_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

struct minimum {
  template <class T>
  PREDIX_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};

/// Calls f(op, name) for the associative operators the suite scans and reduces T with.
template <class T, class F>
void for_each_op(F&& f) {
  if constexpr (std::is_same_v<T, affine>) {
    f(compose{}, "compose");
  } else {
    f(std::plus<>{}, "plus");
    f(maximum{}, "maximum");
    f(minimum{}, "minimum");
    if constexpr (std::is_integral_v<T>) {
      f(std::bit_xor<>{}, "bit_xor");
      f(std::bit_or<>{}, "bit_or");
      f(std::bit_and<>{}, "bit_and");
    }
    if constexpr (std::is_same_v<T, bool>) {
      f(std::logical_or<>{}, "logical_or");
      f(std::logical_and<>{}, "logical_and");
    }
  }
}

template <class T>
struct value_traits {
  static constexpr const char* name = "?";
  /// A random value that is_selected accepts (selected) or rejects.
  static T make(rng& r, bool selected) {
    if constexpr (std::is_same_v<T, bool>) {
      return selected;
    } else if constexpr (std::is_floating_point_v<T>) {
      const T magnitude = static_cast<T>(1 + r.below(1000)) / T(4);
      return selected ? magnitude : -magnitude;
    } else {
      using U = std::make_unsigned_t<T>;
      const U bits = static_cast<U>((static_cast<U>(r.next()) & ~U(1)) | U(selected));
      return static_cast<T>(bits);
    }
  }
  /// A small value for scans: sums over 2^21 of them stay exact (floats) and in range.
  static T small(rng& r) {
    if constexpr (std::is_same_v<T, bool>) {
      return r.chance(0.5);
    } else if constexpr (std::is_unsigned_v<T>) {
      return static_cast<T>(r.below(9));
    } else {
      return static_cast<T>(static_cast<int>(r.below(9)) - 4);
    }
  }
  static T poison() {
    if constexpr (std::is_same_v<T, bool>) {
      return true;
    } else {
      return static_cast<T>(0x5A);
    }
  }
};

template <>
struct value_traits<affine> {
  static affine make(rng& r, bool selected) {
    return {r.next() | 1u, (r.next() & ~std::uint64_t(1)) | std::uint64_t(selected)};
  }
  static affine small(rng& r) { return {r.next() | 1u, r.next()}; }
  static affine poison() { return {0x5A5A5A5A5A5A5A5Aull, 0xA5A5A5A5A5A5A5A5ull}; }
};

template <class T> inline constexpr const char* type_name = "affine";
template <> inline constexpr const char* type_name<bool> = "bool";
template <> inline constexpr const char* type_name<std::int8_t> = "int8";
template <> inline constexpr const char* type_name<std::uint8_t> = "uint8";
template <> inline constexpr const char* type_name<std::int16_t> = "int16";
template <> inline constexpr const char* type_name<std::uint16_t> = "uint16";
template <> inline constexpr const char* type_name<std::int32_t> = "int32";
template <> inline constexpr const char* type_name<std::uint32_t> = "uint32";
template <> inline constexpr const char* type_name<std::int64_t> = "int64";
template <> inline constexpr const char* type_name<float> = "float";
template <> inline constexpr const char* type_name<double> = "double";

template <class T>
struct type_tag {
  using type = T;
};

#ifndef PREDIX_TEST_ONE_TYPE_PER_SIZE
/// The element types of DESIGN.md §7.
using test_types = std::tuple<type_tag<bool>, type_tag<std::int8_t>, type_tag<std::uint8_t>,
                              type_tag<std::int16_t>, type_tag<std::int32_t>,
                              type_tag<std::int64_t>, type_tag<float>, type_tag<double>,
                              type_tag<affine>>;
#else
/// One element type per item size, for the builds that move a backend's pieces and rounds
/// (tests/CMakeLists.txt): where those fall depends on the items' size alone, and the other
/// types run in the backend's main build.
using test_types = std::tuple<type_tag<std::uint8_t>, type_tag<std::int16_t>,
                              type_tag<std::int32_t>, type_tag<std::int64_t>, type_tag<affine>>;
#endif

/// Calls f(type_tag<T>{}) for every element type of DESIGN.md §7.
template <class F>
void for_each_type(F&& f) {
  std::apply([&](auto... tags) { (f(tags), ...); }, test_types{});
}

}  // namespace predix_test
