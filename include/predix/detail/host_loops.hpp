#pragma once
// The plain loops the host backends (OpenMP, Kokkos) run on one piece of a range, apart from
// how they share the range among threads:
//   count_piece         count_if's count of a piece
//   heads_in            the head flags of a piece (the unique family, the scans by key)
//   fold, piece_total   a piece's total for a scan's first pass
//   scan_piece          a piece scanned from the value before it (second pass; 1-byte
//                       integers added 16 at a time: byte_scan.hpp)
//   head_cursor         the head flags of a piece's by-key items in order, a key load an item
//   flag, scatter       a selection's flags and its scatter from them, in runs of equal
//                       flags where one kind is rare (copy_runs)
//   select_alone        a whole selection on one thread, in one pass
// Hot loops live in functions that take iterators by value: a loop in a lambda that captures
// them by reference reloads them after every store of a char-sized element (it may alias them).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <utility>

#include <predix/detail/byte_scan.hpp>
#include <predix/detail/functional.hpp>
#include <predix/detail/host_tuning.hpp>
#include <predix/detail/segments.hpp>

namespace predix::detail {

/// How many of first[begin, end) pass pred. Counts in blocks of at most 2^30 elements with a
/// 32-bit counter: g++ vectorizes the inner loop only when the counter is no wider than the
/// lanes (a 64-bit counter over int32 data ran at 83% of copy bandwidth on a 16-core Xeon,
/// Thrust's OMP reduce at 94%).
template <class In, class Pred>
std::ptrdiff_t count_piece(In first, std::ptrdiff_t begin, std::ptrdiff_t end, Pred pred) {
  constexpr std::ptrdiff_t block = std::ptrdiff_t(1) << 30;
  std::ptrdiff_t count = 0;
  while (begin < end) {
    const std::ptrdiff_t stop = end - begin > block ? begin + block : end;
    std::uint32_t in_block = 0;
    for (std::ptrdiff_t i = begin; i < stop; ++i) in_block += test(pred, first[i]);
    count += in_block;
    begin = stop;
  }
  return count;
}

/// Calls at(i, flag) for the head flags i of [begin, end) and returns how many are set: the
/// range's first item apart, then adjacent keys compared without the first-item test, a loop
/// g++ vectorizes for plain keys (the unique family and the by-key scans' first pass).
template <class Keys, class Eq, class At>
std::ptrdiff_t heads_in(const head_flags<Keys, Eq>& heads, std::ptrdiff_t begin,
                        std::ptrdiff_t end, At at) {
  std::ptrdiff_t count = 0;
  if (begin < end && heads.at + begin == 0) {
    at(begin, true);
    count = 1;
    ++begin;
  }
  const std::ptrdiff_t base = begin;
  const Keys items = heads.items + (heads.at + base);  // items[i - base] is key i
  Eq eq = heads.eq;
  constexpr std::ptrdiff_t block = std::ptrdiff_t(1) << 30;  // a 32-bit counter vectorizes
  while (begin < end) {
    const std::ptrdiff_t stop = end - begin > block ? begin + block : end;
    std::uint32_t in_block = 0;
    for (std::ptrdiff_t i = begin; i < stop; ++i) {
      const std::ptrdiff_t j = i - base;
      const bool head = !static_cast<bool>(eq(items[j - 1], items[j]));
      at(i, head);
      in_block += head;
    }
    count += in_block;
    begin = stop;
  }
  return count;
}

/// unique_count's: the heads, in heads_in's loop.
template <class Keys, class Eq>
std::ptrdiff_t count_piece(const head_flags<Keys, Eq>& first, std::ptrdiff_t begin,
                           std::ptrdiff_t end, flag_set) {
  return heads_in(first, begin, end, [](std::ptrdiff_t, bool) {});
}

/// acc op first[begin] op ... op first[end - 1], left to right.
template <class It, class Acc, class Op>
Acc fold(It first, std::ptrdiff_t begin, std::ptrdiff_t end, Acc acc, Op op) {
  for (std::ptrdiff_t i = begin; i < end; ++i) acc = op(acc, first[i]);
  return acc;
}

/// A piece's total: the fold of first[begin, end) (not empty).
template <class Acc, class In, class Op>
Acc piece_total(const In& first, std::ptrdiff_t begin, std::ptrdiff_t end, const Op& op) {
  return fold(first, begin + 1, end, static_cast<Acc>(first[begin]), op);
}
/// The by-key algorithms' (segment items, segments.hpp): the value from the piece's last head
/// on, found from its end (a later head restarts it), so the first pass reads about one
/// segment's values instead of the whole piece's; its heads (whether any, or how many:
/// reduce_by_key numbers the segments) from the keys alone, in the vectorized head loop.
template <class Acc, class Keys, class Values, class Eq, class V, class C, class Op>
Acc piece_total(const segment_items<Keys, Values, Eq, V, C>& first, std::ptrdiff_t begin,
                std::ptrdiff_t end, const segment_op<Op>& op) {
  std::ptrdiff_t last = end - 1;
  while (last > begin && !first.heads[last]) --last;
  Acc total = fold(first, last + 1, end, static_cast<Acc>(first[last]), op);
  if constexpr (!std::is_same_v<C, bool>)
    total.heads = static_cast<C>(heads_in(first.heads, begin, end, [](std::ptrdiff_t, bool) {}));
  return total;
}

/// Scans first[begin, end) into out from acc (the value before first[begin]); returns the
/// value after first[end - 1] (mod 256 where 1-byte integers are added: scan_bytes). In place
/// (out == first) is safe.
template <bool Inclusive, class In, class Out, class Acc, class Op>
Acc scan_piece(In first, Out out, std::ptrdiff_t begin, std::ptrdiff_t end, Acc acc, Op op) {
  if constexpr (byte_scan_v<In, Out, Acc, Op>) {
    if (begin == end) return acc;
    return static_cast<Acc>(scan_bytes<Inclusive>(byte_address(first + begin),
                                                  byte_address(out + begin), end - begin,
                                                  static_cast<std::uint8_t>(acc)));
  } else {
    for (std::ptrdiff_t i = begin; i < end; ++i) {
      if constexpr (Inclusive) {
        acc = op(acc, first[i]);
        out[i] = acc;
      } else {
        Acc next = op(acc, first[i]);  // read before the write
        out[i] = acc;
        acc = next;
      }
    }
    return acc;
  }
}

/// The head flags of a piece's items, asked in order (next(begin), next(begin + 1), …): the key
/// before each item kept here, so each item's key is loaded once, not twice. The cursor and the
/// scan loops that use it keep their state in variables of their own: state a lambda captures
/// by reference is reloaded after every store that may alias it (a float result, a char key).
template <class Keys, class Eq>
class head_cursor {
 public:
  using key_type = typename std::iterator_traits<Keys>::value_type;
  head_cursor(const head_flags<Keys, Eq>& heads, std::ptrdiff_t begin)
      : keys_(heads.items + heads.at),
        eq_(heads.eq),
        start_(-heads.at),
        before_(keys_[heads.at + begin > 0 ? begin - 1 : begin]) {}
  /// Whether item i starts a segment; then key() is its key.
  bool next(std::ptrdiff_t i) {
    key_type key = keys_[i];
    const bool head = i == start_ || !static_cast<bool>(eq_(before_, key));
    before_ = std::move(key);
    return head;
  }
  const key_type& key() const { return before_; }

 private:
  Keys keys_;  // keys_[i]: item i's key
  Eq eq_;
  std::ptrdiff_t start_;  // the range's first item
  key_type before_;
};

/// The scans by key's second pass: scan_piece over segment items, their heads from a
/// head_cursor.
template <bool Inclusive, class Keys, class Values, class Eq, class V, class C, class Out,
          class Acc, class Op>
Acc scan_piece(segment_items<Keys, Values, Eq, V, C> first, Out out, std::ptrdiff_t begin,
               std::ptrdiff_t end, Acc acc, segment_op<Op> op) {
  if (begin == end) return acc;
  head_cursor<Keys, Eq> heads(first.heads, begin);
  const Values values = first.values + first.heads.at;
  for (std::ptrdiff_t i = begin; i < end; ++i) {
    const Acc item{static_cast<V>(values[i]), static_cast<C>(heads.next(i))};
    if constexpr (Inclusive) {
      acc = op(acc, item);
      out[i] = acc;
    } else {
      Acc next = op(acc, item);  // read before the write
      out[i] = acc;
      acc = next;
    }
  }
  return acc;
}

/// reduce_by_key's second pass (the scan into write_segment's sink) as the serial loop: a
/// head writes the value of the segment before it when that one ended in this piece, and its
/// own key; the piece's end writes the value of a segment that ends there. One key load and one
/// comparison an item (head_cursor; the sink's writer compares three times), and no stores but
/// the outputs'.
template <bool Inclusive, class Keys, class Values, class Eq, class V, class C, class KeysOut,
          class ValuesOut, class Count, class Acc, class Op>
Acc scan_piece(segment_items<Keys, Values, Eq, V, C> first,
               position_sink<write_segment<Keys, Eq, KeysOut, ValuesOut, Count>, Acc> out,
               std::ptrdiff_t begin, std::ptrdiff_t end, Acc acc, segment_op<Op> op) {
  static_assert(Inclusive, "reduce_by_key scans inclusively");
  if (begin == end) return acc;
  const auto& write = out.write;
  const auto& keys_out = write.outputs.keys_out;
  const auto& values_out = write.outputs.values_out;
  head_cursor<Keys, Eq> heads(first.heads, begin);
  const Values values = first.values + first.heads.at;
  for (std::ptrdiff_t i = begin; i < end; ++i) {
    const V v = static_cast<V>(values[i]);
    if (heads.next(i)) {
      if (i > begin) values_out[static_cast<std::ptrdiff_t>(acc.heads) - 1] = acc.value;
      acc = {v, static_cast<C>(acc.heads + 1)};
      keys_out[static_cast<std::ptrdiff_t>(acc.heads) - 1] = heads.key();
    } else {
      acc.value = static_cast<V>(op.op(acc.value, v));
    }
  }
  const std::ptrdiff_t after = out.at + end;
  const bool last = after == write.n;
  if (last || write.heads[after]) {
    values_out[static_cast<std::ptrdiff_t>(acc.heads) - 1] = acc.value;
  }
  if (last) store_count(write.outputs.count, acc.heads);
  return acc;
}

/// An out_false that drops the rejected elements.
struct discard_output {};

/// Outputs whose elements are real objects of a trivially copyable type (pointers, vector and
/// reverse iterators, ...): a store that a later one overwrites is harmless, so the scatter may
/// write through them branchlessly. Proxy references (fancy outputs) get the branchy loop.
template <class Out, class = void>
struct plain_store : std::false_type {};
template <class Out>
struct plain_store<Out, std::void_t<typename std::iterator_traits<Out>::reference>> {
  using reference = typename std::iterator_traits<Out>::reference;
  using element = std::remove_reference_t<reference>;
  static constexpr bool value = std::is_lvalue_reference_v<reference> &&
                                !std::is_const_v<element> &&
                                std::is_trivially_copyable_v<element>;
};
template <>
struct plain_store<discard_output> : std::true_type {};

/// flags[i] = pred(stencil[begin + i]) for i in [0, len); returns how many are set.
template <class Stencil, class Pred>
std::ptrdiff_t flag(Stencil stencil, std::ptrdiff_t begin, std::ptrdiff_t len,
                    std::uint8_t* flags, Pred pred) {
  std::ptrdiff_t selected = 0;
  for (std::ptrdiff_t i = 0; i < len; ++i) {
    const bool f = test(pred, stencil[begin + i]);
    flags[i] = f;
    selected += f;
  }
  return selected;
}

/// The unique family's flags: the heads, in heads_in's loop.
template <class Keys, class Eq>
std::ptrdiff_t flag(const head_flags<Keys, Eq>& stencil, std::ptrdiff_t begin, std::ptrdiff_t len,
                    std::uint8_t* flags, flag_set) {
  return heads_in(stencil, begin, begin + len,
                  [flags, begin](std::ptrdiff_t i, bool head) { flags[i - begin] = head; });
}

/// out[to, to + len) = first[begin, begin + len).
template <class In, class Out>
void copy_run(In first, std::ptrdiff_t begin, std::ptrdiff_t len, Out out, std::ptrdiff_t to) {
  std::copy(first + begin, first + (begin + len), out + to);
}

/// scatter's result when the flags hold few of one kind (1% or 99% selected): at most 2 × that
/// many + 1 runs of equal flags, each found by memchr and copied whole (any output iterator).
///   flags 1 1 0 1 1 1 over a b c d e f → runs a b | c | d e f: a b d e f to out_true, c to
///   out_false
template <class In, class OutTrue, class OutFalse>
void copy_runs(In first, std::ptrdiff_t begin, const std::uint8_t* flags, std::ptrdiff_t len,
               std::ptrdiff_t to_true, std::ptrdiff_t to_false, OutTrue out_true,
               OutFalse out_false) {
  for (std::ptrdiff_t i = 0; i < len;) {
    const bool f = flags[i];
    const void* other = std::memchr(flags + i, !f, static_cast<std::size_t>(len - i));
    const std::ptrdiff_t end = other ? static_cast<const std::uint8_t*>(other) - flags : len;
    if (f) {
      copy_run(first, begin + i, end - i, out_true, to_true);
      to_true += end - i;
    } else if constexpr (!std::is_same_v<OutFalse, discard_output>) {
      copy_run(first, begin + i, end - i, out_false, to_false);
      to_false += end - i;
    }
    i = end;
  }
}

/// first[begin + i] with flags[i] set goes to out_true[to_true++], the others to
/// out_false[to_false++]; `selected` of the piece's `len` flags are set. Elements are copied:
/// the input stays as it was. Where one kind is at most 1 / few_of_a_kind of the piece (the
/// rows where std::copy_if's branch predicts well) in runs (copy_runs), else element by element.
template <class In, class OutTrue, class OutFalse>
void scatter(In first, std::ptrdiff_t begin, const std::uint8_t* flags, std::ptrdiff_t len,
             std::ptrdiff_t selected, std::ptrdiff_t to_true, std::ptrdiff_t to_false,
             OutTrue out_true, OutFalse out_false) {
  if (std::min(selected, len - selected) * few_of_a_kind <= len) {
    copy_runs(first, begin, flags, len, to_true, to_false, out_true, out_false);
    return;
  }
  constexpr bool keep_rejected = !std::is_same_v<OutFalse, discard_output>;
  std::ptrdiff_t i = 0;
  if constexpr (plain_store<OutTrue>::value && plain_store<OutFalse>::value) {
    // Branchless up to the last element of the rarer kind: every store then lands on a slot
    // of this piece that a later element of the same kind overwrites, never past its part
    // of the output (nor past the end of the user's range).
    std::ptrdiff_t stop = selected == 0 ? 0 : len;  // one past the last selected element
    while (stop > 0 && !flags[stop - 1]) --stop;
    if constexpr (keep_rejected) {
      std::ptrdiff_t last_rejected = selected == len ? 0 : len;  // one past it
      while (last_rejected > 0 && flags[last_rejected - 1]) --last_rejected;
      stop = std::min(stop, last_rejected);
    }
    for (; i < stop; ++i) {
      const auto& x = first[begin + i];
      out_true[to_true] = x;
      to_true += flags[i];
      if constexpr (keep_rejected) {
        out_false[to_false] = x;
        to_false += 1 - flags[i];
      }
    }
  }
  // The rest: after the branchless run all of one kind, so the branch predicts well.
  for (; i < len; ++i) {
    if (flags[i]) {
      out_true[to_true] = first[begin + i];
      ++to_true;
    } else if constexpr (keep_rejected) {
      out_false[to_false] = first[begin + i];
      ++to_false;
    }
  }
}

/// compact's selection on a team of one thread (cores held busy, small inputs): one pass of
/// blocks of `block` elements, each flagged into `flags` (a block's worth, in cache), then
/// scattered. Returns how many passed.
template <class In, class Stencil, class Pred, class OutTrue, class OutFalse>
std::ptrdiff_t select_alone(In first, std::ptrdiff_t n, Stencil stencil, const Pred& pred,
                            OutTrue out_true, OutFalse out_false, std::uint8_t* flags,
                            std::ptrdiff_t block) {
  std::ptrdiff_t to_true = 0, to_false = 0;
  for (std::ptrdiff_t begin = 0; begin < n; begin += block) {
    const std::ptrdiff_t len = std::min(block, n - begin);
    const std::ptrdiff_t selected = flag(stencil, begin, len, flags, pred);
    scatter(first, begin, flags, len, selected, to_true, to_false, out_true, out_false);
    to_true += selected;
    to_false += len - selected;
  }
  return to_true;
}

}  // namespace predix::detail
