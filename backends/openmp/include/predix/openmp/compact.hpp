#pragma once
// The one compaction behind copy_if, remove_copy_if, partition_copy and (through a temporary
// buffer) remove_if, partition and stable_partition. Per round of two_pass, each thread:
//   pass 1   flags of its piece, one predicate call per element, into its own uint8 buffer,
//            and their count
//   thread 0 exclusive scan of the counts: where each piece's selected and rejected go
//   pass 2   scatter from cache, branchless where the output allows: out[pos] = x; pos += flag;
// flags 1 0 1 1 0 over a b c d e, pieces [a b c | d e]: counts 2 1 → selected before 0 2,
// rejected before 0 1 → selected a c | d, rejected b | e.
// Memory: the input is read once from memory (pass 2 reads it from cache) and each output
// element written once; temporary storage is one tile of flags per thread: cache_bytes /
// (sizeof(value) + 1) bytes, e.g. 205 KiB for int32. The in-place forms add a buffer of n
// values: read n, write n (buffer), read n, write n (input) — 4n·s instead of the minimal 2n·s,
// the price of running every predicate before the first write to the input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/openmp/detail.hpp>

namespace predix::impl::openmp_detail {

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

/// Pass 1 for one piece: flags[i] = pred(stencil[begin + i]); returns how many are set.
template <class Stencil, class Pred>
std::ptrdiff_t flag(Stencil stencil, std::ptrdiff_t begin, std::ptrdiff_t len,
                    std::uint8_t* flags, Pred pred) {
  std::ptrdiff_t selected = 0;
  for (std::ptrdiff_t i = 0; i < len; ++i) {
    const bool f = detail::test(pred, stencil[begin + i]);
    flags[i] = f;
    selected += f;
  }
  return selected;
}

/// Pass 2 for one piece: first[begin + i] with flags[i] set goes to out_true[to_true++], the
/// others to out_false[to_false++]; `selected` of the piece's `len` flags are set.
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

/// Copies the elements of [first, first + n) whose stencil passes pred to out_true, the
/// others to out_false (unless it is discard_output), both in order; returns how many passed.
template <class In, class Stencil, class Pred, class OutTrue, class OutFalse>
std::ptrdiff_t compact(In first, std::ptrdiff_t n, Stencil stencil, const Pred& pred,
                       OutTrue out_true, OutFalse out_false) {
  if (n == 0) return 0;
  const int team = team_for(n);
  const std::ptrdiff_t tile = tile_for(sizeof(detail::value_t<In>) + 1);
  const std::unique_ptr<std::uint8_t[]> flags(
      new std::uint8_t[static_cast<std::size_t>(team * tile)]);
  struct slot {
    std::ptrdiff_t selected;         // in this round's piece
    std::ptrdiff_t selected_before;  // in all earlier pieces
  };
  std::vector<slot> slots(static_cast<std::size_t>(team));
  std::ptrdiff_t total = 0;  // selected in all pieces combined so far
  two_pass(
      n, tile, team,
      [&](const piece& p) {
        slots[p.index].selected =
            flag(stencil, p.begin, p.size(), flags.get() + p.index * tile, pred);
      },
      [&](int count) {
        for (int t = 0; t < count; ++t) {
          slots[t].selected_before = total;
          total += slots[t].selected;
        }
      },
      [&](const piece& p) {
        const slot& s = slots[p.index];
        scatter(first, p.begin, flags.get() + p.index * tile, p.size(), s.selected,
                s.selected_before, p.begin - s.selected_before, out_true, out_false);
      });
  return total;
}

/// Where the in-place forms put the rejected elements after the selected ones.
enum class rejected { reversed, in_order, dropped };

/// The in-place forms: compaction into a temporary buffer, the selected from its front and the
/// rejected from its back (so they arrive reversed), then a parallel copy back. The buffer is
/// allocated, and every predicate has run, before the first write to the input.
///   flags 1 0 1 0 0 over a b c d e → buffer a c e d b → reversed: a c e d b;
///   in_order: a c b d e; dropped (remove_if of the rejected): a c
template <rejected Order, class It, class Stencil, class Pred>
It partition_in_place(It first, It last, Stencil stencil, const Pred& pred) {
  using V = detail::value_t<It>;
  const std::ptrdiff_t n = last - first;
  if (n == 0) return first;
  const std::unique_ptr<V[]> buffer(new V[static_cast<std::size_t>(n)]);
  V* const temp = buffer.get();
  std::ptrdiff_t k = 0;
  if constexpr (Order == rejected::dropped) {
    k = compact(first, n, stencil, pred, temp, discard_output{});
  } else {
    k = compact(first, n, stencil, pred, temp, std::make_reverse_iterator(temp + n));
  }
  const std::ptrdiff_t end = Order == rejected::dropped ? k : n;
  for_each_piece(end, team_for(end), [&](const piece& p) {
    const std::ptrdiff_t middle = std::max(p.begin, std::min(p.end, k));
    std::move(temp + p.begin, temp + middle, first + p.begin);
    if constexpr (Order == rejected::in_order) {  // undo the reversal: first[k + j] = temp[n-1-j]
      std::move(std::make_reverse_iterator(temp + n - (middle - k)),
                std::make_reverse_iterator(temp + n - (p.end - k)), first + middle);
    } else {
      std::move(temp + middle, temp + p.end, first + middle);
    }
  });
  return first + k;
}

}  // namespace predix::impl::openmp_detail
