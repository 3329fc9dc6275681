#pragma once
// The plain loops the host backends (OpenMP, Kokkos) run on one piece of a range, apart from
// how they share the range among threads:
//   count_piece         count_if's count of a piece
//   fold, piece_total   a piece's total for a scan's first pass
//   scan_piece          a piece scanned from the value before it (second pass)
//   flag, scatter       a selection's flags and its branchless scatter from them
//   move_back           the in-place partitions' copy back from their buffer
// Hot loops live in functions that take iterators by value: a loop in a lambda that captures
// them by reference reloads them after every store of a char-sized element (it may alias them).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>

#include <predix/detail/functional.hpp>
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
/// The scans by key's (items whose heads are flags, segments.hpp): only the items from the
/// piece's last head on, found from its end (a later head restarts the value), so the first
/// pass reads about one segment instead of the whole piece.
template <class Acc, class Keys, class Values, class Eq, class V, class Op>
Acc piece_total(const segment_items<Keys, Values, Eq, V, bool>& first, std::ptrdiff_t begin,
                std::ptrdiff_t end, const segment_op<Op>& op) {
  std::ptrdiff_t last = end - 1;
  while (last > begin && !first.heads[last]) --last;
  return fold(first, last + 1, end, static_cast<Acc>(first[last]), op);
}

/// Scans first[begin, end) into out from acc (the value before first[begin]); returns the
/// value after first[end - 1]. In place (out == first) is safe.
template <bool Inclusive, class In, class Out, class Acc, class Op>
Acc scan_piece(In first, Out out, std::ptrdiff_t begin, std::ptrdiff_t end, Acc acc, Op op) {
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

/// first[begin + i] with flags[i] set goes to out_true[to_true++], the others to
/// out_false[to_false++]; `selected` of the piece's `len` flags are set. Elements are copied:
/// the input stays as it was.
template <class In, class OutTrue, class OutFalse>
void scatter(In first, std::ptrdiff_t begin, const std::uint8_t* flags, std::ptrdiff_t len,
             std::ptrdiff_t selected, std::ptrdiff_t to_true, std::ptrdiff_t to_false,
             OutTrue out_true, OutFalse out_false) {
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

/// Where the in-place forms put the rejected elements after the selected ones.
enum class rejected { reversed, in_order, dropped };

/// The in-place forms' last step, for positions [begin, end) of the input: their buffer of n
/// holds the k selected elements at its front and the rejected ones reversed at its back
/// (scatter to temp and a reverse iterator from temp + n).
///   buffer a c e d b, k = 2 → reversed: a c e d b; in_order: a c b d e; dropped: a c (end ≤ k)
template <rejected Order, class V, class It>
void move_back(V* temp, std::ptrdiff_t n, std::ptrdiff_t k, It first, std::ptrdiff_t begin,
               std::ptrdiff_t end) {
  const std::ptrdiff_t middle = std::max(begin, std::min(end, k));
  std::move(temp + begin, temp + middle, first + begin);
  if constexpr (Order == rejected::in_order) {  // undo the reversal: first[k + j] = temp[n-1-j]
    std::move(std::make_reverse_iterator(temp + n - (middle - k)),
              std::make_reverse_iterator(temp + n - (end - k)), first + middle);
  } else {
    std::move(temp + middle, temp + end, first + middle);
  }
}

}  // namespace predix::detail
