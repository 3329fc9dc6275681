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
#include <type_traits>

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
    const V value = b.heads ? b.value : static_cast<V>(op(a.value, b.value));
    if constexpr (std::is_same_v<C, bool>) {
      return {value, static_cast<bool>(a.heads | b.heads)};  // an OR: one instruction a step
    } else {
      return {value, static_cast<C>(a.heads + b.heads)};
    }
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

/// Where the scan's last item leaves how many segments (or runs) it wrote: nowhere, or an
/// iterator (a variable of the caller's backend, predix::cub's d_num_runs_out), so that no
/// second pass counts them.
struct no_count {};
template <class Count, class K>
PREDIX_HOST_DEVICE void store_count(const Count& count, const K& k) {
  Count at = count;
  *at = k;
}
template <class K>
PREDIX_HOST_DEVICE void store_count(const no_count&, const K&) {}

/// reduce_by_key's outputs: item i's writes, given whether it heads and ends its segment, whether
/// it is the last item of all, and its key (s.heads: the segment's number, from 1).
template <class KeysOut, class ValuesOut, class Count>
struct segment_outputs {
  KeysOut keys_out;
  ValuesOut values_out;
  Count count;
  template <class S, class K>
  PREDIX_HOST_DEVICE void operator()(const S& s, bool head, bool tail, bool last,
                                     const K& key) const {
    const std::ptrdiff_t segment = static_cast<std::ptrdiff_t>(s.heads) - 1;
    if (head) keys_out[segment] = key;
    if (tail) values_out[segment] = s.value;
    if (last) store_count(count, s.heads);
  }
};

/// reduce_by_key, from the inclusive scan of segment items that count heads: each segment's
/// first key at its head, its total at its last item, and the number of segments at the last
/// item of all.
template <class Keys, class Eq, class KeysOut, class ValuesOut, class Count>
struct write_segment {
  head_flags<Keys, Eq> heads;
  std::ptrdiff_t n;
  segment_outputs<KeysOut, ValuesOut, Count> outputs;
  template <class S>
  PREDIX_HOST_DEVICE void operator()(std::ptrdiff_t i, const S& s) const {
    const bool last = i + 1 == n;
    outputs(s, heads[i], last || heads[i + 1], last, heads.items[i]);
  }
};

/// Heads of runs of one length at least two (predix::cub's NonTrivialRuns): every head
/// restarts a run (`any`), those of the longer runs are counted apart (`longer`).
struct run_heads {
  long long any;
  long long longer;
  PREDIX_HOST_DEVICE explicit operator bool() const { return any != 0; }
  PREDIX_HOST_DEVICE run_heads operator+(const run_heads& o) const {
    return {any + o.any, longer + o.longer};
  }
};

/// Item i of n as segment_value<L, run_heads>: length 1, and its heads.
template <class Keys, class Eq, class L>
struct run_items {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = segment_value<L, run_heads>;
  using difference_type = typename std::iterator_traits<Keys>::difference_type;
  using pointer = const value_type*;
  using reference = value_type;

  head_flags<Keys, Eq> heads;
  difference_type n;

  PREDIX_HOST_DEVICE value_type operator[](difference_type d) const {
    const bool head = heads[d];
    const bool longer = head && heads.at + d + 1 < n && !heads[d + 1];
    return {L(1), {head ? 1 : 0, longer ? 1 : 0}};
  }
  PREDIX_HOST_DEVICE value_type operator*() const { return (*this)[0]; }
  PREDIX_HOST_DEVICE run_items& operator++() { return *this += 1; }
  PREDIX_HOST_DEVICE run_items operator++(int) {
    run_items old = *this;
    *this += 1;
    return old;
  }
  PREDIX_HOST_DEVICE run_items& operator--() { return *this -= 1; }
  PREDIX_HOST_DEVICE run_items& operator+=(difference_type d) {
    heads += d;
    return *this;
  }
  PREDIX_HOST_DEVICE run_items& operator-=(difference_type d) { return *this += -d; }
  PREDIX_HOST_DEVICE run_items operator+(difference_type d) const {
    run_items r = *this;
    return r += d;
  }
  PREDIX_HOST_DEVICE run_items operator-(difference_type d) const { return *this + -d; }
  PREDIX_HOST_DEVICE difference_type operator-(const run_items& o) const {
    return heads - o.heads;
  }
  PREDIX_HOST_DEVICE bool operator==(const run_items& o) const { return heads == o.heads; }
  PREDIX_HOST_DEVICE bool operator!=(const run_items& o) const { return heads != o.heads; }
  PREDIX_HOST_DEVICE bool operator<(const run_items& o) const { return heads < o.heads; }
};

/// The runs of at least two items, from the scan of run_items: each one's offset at its head,
/// its length at its last item, at its number among them; their number at the last item.
template <class Keys, class Eq, class Offsets, class Lengths, class Count>
struct write_longer_runs {
  head_flags<Keys, Eq> heads;
  std::ptrdiff_t n;
  Offsets offsets;
  Lengths lengths;
  Count count;
  template <class S>
  PREDIX_HOST_DEVICE void operator()(std::ptrdiff_t i, const S& s) const {
    const std::ptrdiff_t run = static_cast<std::ptrdiff_t>(s.heads.longer) - 1;
    const bool last = i + 1 == n || heads[i + 1];
    if (heads[i] && !last) offsets[run] = i;
    if (last && s.value > 1) lengths[run] = s.value;
    if (i + 1 == n) store_count(count, s.heads.longer);
  }
};

template <class T, class Write>
position_sink<Write, T> position_sink_of(Write write) {
  return {write, 0};
}

/// A by-key algorithm as one scan (inclusive, or exclusive from init): its items, where its
/// results go and its op; the public algorithms and predix::cub run it on their scan cores.
template <class Items, class Sink, class Op>
struct segment_scan {
  using value_type = typename Items::value_type;
  Items items;
  Sink sink;
  segment_op<Op> op;
  value_type init;
};

template <class Items, class Sink, class Op>
segment_scan<Items, Sink, Op> segment_scan_of(Items items, Sink sink, Op op,
                                              typename Items::value_type init = {}) {
  return {items, sink, {op}, init};
}

/// inclusive_scan_by_key accumulating in V (inclusive).
template <class V, class Keys, class Values, class Out, class Eq, class Op>
auto inclusive_scan_by_key_plan(Keys keys, Values values, Out out, Eq eq, Op op) {
  using S = segment_value<V, bool>;
  return segment_scan_of(segment_items_of<V, bool>(keys, values, eq),
                         position_sink_of<S>(write_value<Out>{out}), op);
}

/// exclusive_scan_by_key from init (exclusive, from its init).
template <class Keys, class Values, class Out, class T, class Eq, class Op>
auto exclusive_scan_by_key_plan(Keys keys, Values values, Out out, T init, Eq eq, Op op) {
  using S = segment_value<T, bool>;
  return segment_scan_of(
      segment_items_of<T, bool>(keys, values, eq),
      position_sink_of<S>(write_exclusive<Keys, Eq, Out, T, Op>{head_flags_of(keys, eq), out,
                                                                 init, op}),
      op, S{init, false});
}

/// The runs of at least two items of n keys, their lengths in L, their number to count
/// (inclusive).
template <class L, class Keys, class Offsets, class Lengths, class Eq, class Plus,
          class Count = no_count>
auto longer_runs_plan(Keys keys, std::ptrdiff_t n, Offsets offsets, Lengths lengths, Eq eq,
                      Plus plus, Count count = {}) {
  using S = segment_value<L, run_heads>;
  const head_flags<Keys, Eq> heads = head_flags_of(keys, eq);
  return segment_scan_of(run_items<Keys, Eq, L>{heads, n},
                         position_sink_of<S>(write_longer_runs<Keys, Eq, Offsets, Lengths, Count>{
                             heads, n, offsets, lengths, count}),
                         plus);
}

/// reduce_by_key of n items accumulating in V (inclusive; the segments counted in D, their
/// number to count).
template <class V, class D, class Keys, class Values, class KeysOut, class ValuesOut, class Eq,
          class Op, class Count = no_count>
auto reduce_by_key_plan(Keys keys, Values values, D n, KeysOut keys_out, ValuesOut values_out,
                        Eq eq, Op op, Count count = {}) {
  using S = segment_value<V, D>;
  return segment_scan_of(segment_items_of<V, D>(keys, values, eq),
                         position_sink_of<S>(write_segment<Keys, Eq, KeysOut, ValuesOut, Count>{
                             head_flags_of(keys, eq), n, {keys_out, values_out, count}}),
                         op);
}

}  // namespace predix::detail
