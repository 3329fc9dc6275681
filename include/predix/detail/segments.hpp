#pragma once
// Scans and reductions by key on every backend's scan core: each item becomes a
// segment_value (its value, and 1 where its key starts a segment: head_flags), and
// segment_op restarts the op at each head, an associative op over those pairs:
//   keys 1 1 2 2 2, values 1 2 3 4 5, plus  →  inclusive by key 1 3 3 7 12
// The scan's results go to a position_sink that writes what the algorithm wants at each
// position (the value; init or init·value for the exclusive scan; the segment's key and total
// at its head and tail for reduce_by_key), so no algorithm needs a temporary array.
#include <cstddef>
#include <iterator>

#include <predix/detail/head_flags.hpp>

namespace predix::detail {

/// A value and the heads of the items it covers (a count, or C = bool: whether any).
template <class V, class C>
struct segment_value {
  V value;
  C heads;
};

/// op within segments: b's value alone where b covers a head, else op(a, b); heads add up.
template <class Op>
struct segment_op {
  Op op;
  template <class V, class C>
  PREDIX_HOST_DEVICE segment_value<V, C> operator()(const segment_value<V, C>& a,
                                                    const segment_value<V, C>& b) const {
    return {b.heads ? b.value : static_cast<V>(op(a.value, b.value)),
            static_cast<C>(a.heads + b.heads)};
  }
};

/// Item i as segment_value<V, C>: values[i] and whether keys[i] starts a segment.
template <class Keys, class Values, class Eq, class V, class C>
struct segment_items {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = segment_value<V, C>;
  using difference_type = typename std::iterator_traits<Keys>::difference_type;
  using pointer = const value_type*;
  using reference = value_type;

  head_flags<Keys, Eq> heads;
  Values values;

  PREDIX_HOST_DEVICE value_type operator[](difference_type d) const {
    return {static_cast<V>(values[heads.at + d]), static_cast<C>(heads[d])};
  }
  PREDIX_HOST_DEVICE value_type operator*() const { return (*this)[0]; }
  PREDIX_HOST_DEVICE segment_items& operator++() { return *this += 1; }
  PREDIX_HOST_DEVICE segment_items operator++(int) {
    segment_items old = *this;
    *this += 1;
    return old;
  }
  PREDIX_HOST_DEVICE segment_items& operator--() { return *this -= 1; }
  PREDIX_HOST_DEVICE segment_items& operator+=(difference_type d) {
    heads += d;
    return *this;
  }
  PREDIX_HOST_DEVICE segment_items& operator-=(difference_type d) { return *this += -d; }
  PREDIX_HOST_DEVICE segment_items operator+(difference_type d) const {
    segment_items r = *this;
    return r += d;
  }
  PREDIX_HOST_DEVICE segment_items operator-(difference_type d) const { return *this + -d; }
  PREDIX_HOST_DEVICE difference_type operator-(const segment_items& o) const {
    return heads - o.heads;
  }
  PREDIX_HOST_DEVICE bool operator==(const segment_items& o) const { return heads == o.heads; }
  PREDIX_HOST_DEVICE bool operator!=(const segment_items& o) const { return heads != o.heads; }
  PREDIX_HOST_DEVICE bool operator<(const segment_items& o) const { return heads < o.heads; }
};

template <class V, class C, class Keys, class Values, class Eq>
segment_items<Keys, Values, Eq, V, C> segment_items_of(Keys keys, Values values, Eq eq) {
  return {head_flags_of(keys, eq), values};
}

/// An output iterator that hands the value assigned at position i to write(i, value): the
/// scans' results become the by-key algorithms' outputs.
template <class Write, class T>
struct position_sink {
  struct proxy {
    const Write* write;
    std::ptrdiff_t i;
    PREDIX_HOST_DEVICE const proxy& operator=(const T& value) const {
      (*write)(i, value);
      return *this;
    }
  };
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = proxy;

  Write write;
  difference_type at = 0;

  PREDIX_HOST_DEVICE proxy operator[](difference_type d) const { return {&write, at + d}; }
  PREDIX_HOST_DEVICE proxy operator*() const { return (*this)[0]; }
  PREDIX_HOST_DEVICE position_sink& operator++() { return *this += 1; }
  PREDIX_HOST_DEVICE position_sink operator++(int) {
    position_sink old = *this;
    ++at;
    return old;
  }
  PREDIX_HOST_DEVICE position_sink& operator--() { return *this += -1; }
  PREDIX_HOST_DEVICE position_sink& operator+=(difference_type d) {
    at += d;
    return *this;
  }
  PREDIX_HOST_DEVICE position_sink& operator-=(difference_type d) { return *this += -d; }
  PREDIX_HOST_DEVICE position_sink operator+(difference_type d) const {
    return {write, at + d};
  }
  PREDIX_HOST_DEVICE position_sink operator-(difference_type d) const { return *this + -d; }
  PREDIX_HOST_DEVICE difference_type operator-(const position_sink& o) const {
    return at - o.at;
  }
  PREDIX_HOST_DEVICE bool operator==(const position_sink& o) const { return at == o.at; }
  PREDIX_HOST_DEVICE bool operator!=(const position_sink& o) const { return at != o.at; }
};

/// inclusive_scan_by_key: out[i] = the segment's value through item i.
template <class Out>
struct write_value {
  Out out;
  template <class S>
  PREDIX_HOST_DEVICE void operator()(std::ptrdiff_t i, const S& s) const {
    out[i] = s.value;
  }
};

/// exclusive_scan_by_key, from the exclusive scan of the segment items: init at a head, else
/// init · (the segment's values before item i).
template <class Keys, class Eq, class Out, class T, class Op>
struct write_exclusive {
  head_flags<Keys, Eq> heads;
  Out out;
  T init;
  Op op;
  template <class S>
  PREDIX_HOST_DEVICE void operator()(std::ptrdiff_t i, const S& s) const {
    out[i] = heads[i] ? init : static_cast<T>(op(init, s.value));
  }
};

/// reduce_by_key, from the inclusive scan of segment items that count heads (s.heads: the
/// segment's number, from 1): its first key at its head, its total at its last item.
template <class Keys, class Eq, class KeysOut, class ValuesOut>
struct write_segment {
  head_flags<Keys, Eq> heads;
  std::ptrdiff_t n;
  KeysOut keys_out;
  ValuesOut values_out;
  template <class S>
  PREDIX_HOST_DEVICE void operator()(std::ptrdiff_t i, const S& s) const {
    const std::ptrdiff_t segment = static_cast<std::ptrdiff_t>(s.heads) - 1;
    if (heads[i]) keys_out[segment] = heads.items[i];
    if (i + 1 == n || heads[i + 1]) values_out[segment] = s.value;
  }
};

template <class T, class Write>
position_sink<Write, T> position_sink_of(Write write) {
  return {write, 0};
}

}  // namespace predix::detail
