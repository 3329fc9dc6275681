#pragma once
// Minimal random-access fancy iterators for the suite, usable on host and device:
// counting_iterator (0, 1, 2, ...) and transform_iterator (f(*it)).
#include <cstddef>
#include <iterator>
#include <utility>

#include <predix/config.hpp>

namespace predix_test {

template <class Derived, class Value>
struct iterator_facade {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = Value;

  PREDIX_HOST_DEVICE Derived& self() { return static_cast<Derived&>(*this); }
  PREDIX_HOST_DEVICE const Derived& self() const { return static_cast<const Derived&>(*this); }
  PREDIX_HOST_DEVICE Value operator[](difference_type i) const { return *(self() + i); }
  PREDIX_HOST_DEVICE Derived& operator++() { return self() += 1; }
  PREDIX_HOST_DEVICE Derived operator++(int) {
    Derived old = self();
    self() += 1;
    return old;
  }
  PREDIX_HOST_DEVICE Derived& operator--() { return self() += -1; }
  PREDIX_HOST_DEVICE Derived& operator-=(difference_type d) { return self() += -d; }
  PREDIX_HOST_DEVICE friend Derived operator+(Derived it, difference_type d) { return it += d; }
  PREDIX_HOST_DEVICE friend Derived operator+(difference_type d, Derived it) { return it += d; }
  PREDIX_HOST_DEVICE friend Derived operator-(Derived it, difference_type d) { return it += -d; }
  PREDIX_HOST_DEVICE friend bool operator==(const Derived& l, const Derived& r) { return l - r == 0; }
  PREDIX_HOST_DEVICE friend bool operator!=(const Derived& l, const Derived& r) { return l - r != 0; }
  PREDIX_HOST_DEVICE friend bool operator<(const Derived& l, const Derived& r) { return l - r < 0; }
  PREDIX_HOST_DEVICE friend bool operator>(const Derived& l, const Derived& r) { return l - r > 0; }
  PREDIX_HOST_DEVICE friend bool operator<=(const Derived& l, const Derived& r) { return l - r <= 0; }
  PREDIX_HOST_DEVICE friend bool operator>=(const Derived& l, const Derived& r) { return l - r >= 0; }
};

template <class T>
struct counting_iterator : iterator_facade<counting_iterator<T>, T> {
  T value;
  PREDIX_HOST_DEVICE explicit counting_iterator(T v = T()) : value(v) {}
  PREDIX_HOST_DEVICE T operator*() const { return value; }
  PREDIX_HOST_DEVICE counting_iterator& operator+=(std::ptrdiff_t d) {
    value = static_cast<T>(value + d);
    return *this;
  }
  PREDIX_HOST_DEVICE friend std::ptrdiff_t operator-(const counting_iterator& l,
                                                     const counting_iterator& r) {
    return static_cast<std::ptrdiff_t>(l.value - r.value);
  }
};

template <class F, class It>
struct transform_iterator
    : iterator_facade<transform_iterator<F, It>,
                      decltype(std::declval<F&>()(*std::declval<It&>()))> {
  It base;
  F f;
  PREDIX_HOST_DEVICE transform_iterator(It b, F fn) : base(b), f(fn) {}
  PREDIX_HOST_DEVICE auto operator*() const { return f(*base); }
  PREDIX_HOST_DEVICE transform_iterator& operator+=(std::ptrdiff_t d) {
    base += d;
    return *this;
  }
  PREDIX_HOST_DEVICE friend std::ptrdiff_t operator-(const transform_iterator& l,
                                                     const transform_iterator& r) {
    return l.base - r.base;
  }
};

template <class F, class It>
PREDIX_HOST_DEVICE transform_iterator<F, It> make_transform_iterator(It it, F f) {
  return {it, f};
}

}  // namespace predix_test
