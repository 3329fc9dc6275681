#pragma once
// The stencil of a selection form that has none: the items themselves, as an iterator of a type
// of its own, so that a backend knows at compile time which items the predicate takes. Thrust
// calls a stencil form's predicate on the stencil's items only, so that predicate may accept
// nothing else (a uint8 flag over 16-byte items); the CUDA kernels compile it for those alone.
//   copy_if(p, first, last, out, pred) → copy_if(p, first, last, as_stencil(first), out, pred)
// Host backends read it as any random-access iterator: stencil[i] is first[i]; the CUDA backend
// unwraps it on the host (stencil_items) and compiles its kernels without a stencil.
#include <iterator>
#include <type_traits>

namespace predix::detail {

template <class It>
struct items_as_stencil {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = typename std::iterator_traits<It>::value_type;
  using difference_type = typename std::iterator_traits<It>::difference_type;
  using pointer = typename std::iterator_traits<It>::pointer;
  using reference = typename std::iterator_traits<It>::reference;

  It items;

  reference operator*() const { return *items; }
  reference operator[](difference_type i) const { return items[i]; }
  items_as_stencil& operator++() {
    ++items;
    return *this;
  }
  items_as_stencil operator++(int) { return {items++}; }
  items_as_stencil& operator+=(difference_type d) {
    items += d;
    return *this;
  }
  items_as_stencil operator+(difference_type d) const { return {items + d}; }
  difference_type operator-(const items_as_stencil& o) const {
    return items - o.items;
  }
  bool operator==(const items_as_stencil& o) const { return items == o.items; }
  bool operator!=(const items_as_stencil& o) const { return items != o.items; }
};

/// The stencil of a plain form over the items from `items` on.
template <class It>
items_as_stencil<It> as_stencil(It items) {
  return {items};
}

template <class It>
inline constexpr bool is_items_as_stencil_v = false;
template <class It>
inline constexpr bool is_items_as_stencil_v<items_as_stencil<It>> = true;

/// What a stencil argument reads: a stencil itself, or the items that stand for a missing one.
template <class It>
It stencil_items(const It& stencil) {
  return stencil;
}
template <class It>
It stencil_items(const items_as_stencil<It>& stencil) {
  return stencil.items;
}

}  // namespace predix::detail
