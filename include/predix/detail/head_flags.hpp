#pragma once
// The head flags of a range's segments, as a random-access iterator of bools (host and
// device): item i starts a segment when it is the range's first or eq(item i − 1, item i) is
// false, adjacent items compared as CUB's Unique does. The unique family selects and counts
// by these flags (unique.hpp), so every backend's selection and count cores serve it.
//   items 3 3 5 5 5 2, eq ==  →  flags 1 0 1 0 0 1
#include <iterator>

#include <predix/config.hpp>

namespace predix::detail {

/// eq's default: the items' operator==.
struct equal_to {
  template <class A, class B>
  PREDIX_HOST_DEVICE bool operator()(const A& a, const B& b) const {
    return static_cast<bool>(a == b);
  }
};

/// A set flag selects (the unique family's predicate over head_flags).
struct flag_set {
  PREDIX_HOST_DEVICE bool operator()(bool flag) const { return flag; }
};

/// Whether item i of the range that begins at `items` starts a segment.
template <class It, class Eq>
PREDIX_HOST_DEVICE bool starts_segment(const It& items,
                                       typename std::iterator_traits<It>::difference_type i,
                                       Eq& eq) {
  if (i == 0) return true;
  using T = typename std::iterator_traits<It>::value_type;
  const T before = items[i - 1];
  const T item = items[i];
  return !static_cast<bool>(eq(before, item));
}

template <class It, class Eq>
struct head_flags {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = bool;
  using difference_type = typename std::iterator_traits<It>::difference_type;
  using pointer = const bool*;
  using reference = bool;

  It items;            // the range's first item
  difference_type at;  // the item of this flag
  mutable Eq eq;       // called as the algorithms call user functors (not necessarily const)

  PREDIX_HOST_DEVICE bool operator[](difference_type d) const {
    return starts_segment(items, at + d, eq);
  }
  PREDIX_HOST_DEVICE bool operator*() const { return (*this)[0]; }
  PREDIX_HOST_DEVICE head_flags& operator++() {
    ++at;
    return *this;
  }
  PREDIX_HOST_DEVICE head_flags operator++(int) {
    head_flags old = *this;
    ++at;
    return old;
  }
  PREDIX_HOST_DEVICE head_flags& operator--() {
    --at;
    return *this;
  }
  PREDIX_HOST_DEVICE head_flags& operator+=(difference_type d) {
    at += d;
    return *this;
  }
  PREDIX_HOST_DEVICE head_flags& operator-=(difference_type d) {
    at -= d;
    return *this;
  }
  PREDIX_HOST_DEVICE head_flags operator+(difference_type d) const { return {items, at + d, eq}; }
  PREDIX_HOST_DEVICE head_flags operator-(difference_type d) const { return {items, at - d, eq}; }
  PREDIX_HOST_DEVICE difference_type operator-(const head_flags& o) const { return at - o.at; }
  PREDIX_HOST_DEVICE bool operator==(const head_flags& o) const { return at == o.at; }
  PREDIX_HOST_DEVICE bool operator!=(const head_flags& o) const { return at != o.at; }
  PREDIX_HOST_DEVICE bool operator<(const head_flags& o) const { return at < o.at; }
};

/// The head flags of the range that begins at `first`, from its first item on.
template <class It, class Eq>
head_flags<It, Eq> head_flags_of(It first, Eq eq) {
  return {first, 0, eq};
}

template <class It>
inline constexpr bool is_head_flags_v = false;
template <class It, class Eq>
inline constexpr bool is_head_flags_v<head_flags<It, Eq>> = true;

}  // namespace predix::detail
