#pragma once
// The compactions: copy_if, remove_copy_if and partition_copy (compact), and in place
// remove_if, partition and stable_partition (partition_in_place). Per round of two_pass, each
// thread of compact:
//   pass 1   flags of its piece, one predicate call per element, into its own uint8 buffer,
//            and their count
//   thread 0 exclusive scan of the counts: where each piece's selected and rejected go
//   pass 2   scatter from cache, branchless where the output allows: out[pos] = x; pos += flag;
//            in runs of equal flags copied whole where one kind is rare (1%, 99% selected)
// flags 1 0 1 1 0 over a b c d e, pieces [a b c | d e]: counts 2 1 → selected before 0 2,
// rejected before 0 1 → selected a c | d, rejected b | e.
// Memory: the input is read once from memory (pass 2 reads it from cache) and each output
// element written once; temporary storage is one tile of flags per thread: round_bytes /
// (sizeof(value) + 1) bytes, e.g. 205 KiB for int32. A team of one thread selects in one pass
// instead (detail::select_alone). The in-place forms have loops of their own
// (detail/in_place.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/in_place.hpp>
#include <predix/detail/range.hpp>
#include <predix/openmp/detail.hpp>

namespace predix::impl::openmp_detail {

using detail::discard_output;
using detail::flag;
using detail::rejected;
using detail::scatter;

/// Copies the elements of [first, first + n) whose stencil passes pred to out_true, the
/// others to out_false (unless it is discard_output), both in order; returns how many passed.
template <class In, class Stencil, class Pred, class OutTrue, class OutFalse>
std::ptrdiff_t compact(In first, std::ptrdiff_t n, Stencil stencil, const Pred& pred,
                       OutTrue out_true, OutFalse out_false) {
  if (n <= 0) return 0;  // (n < 0 never comes: checked_size threw)
  const int team = team_for(n);
  const std::ptrdiff_t tile = tile_for(sizeof(detail::value_t<In>) + 1);
  const std::ptrdiff_t flag_bytes = team == 1 ? std::min(n, tile) : team * tile;
  const std::unique_ptr<std::uint8_t[]> flags(
      new std::uint8_t[static_cast<std::size_t>(flag_bytes)]);
  if (team == 1) {
    return detail::select_alone(first, n, stencil, pred, out_true, out_false, flags.get(), tile);
  }
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

/// The in-place forms' placing (detail/in_place.hpp), once `bits` hold the n flags of which
/// k are set: rounds of two_pass that stash each piece and move it to its place (one sweep
/// without the stash on a team of one), then the rejected from the side buffer after the
/// selected.
template <rejected Order, class It, class V = detail::value_t<It>>
void place_in_place(It first, std::ptrdiff_t n, std::ptrdiff_t k, const std::uint64_t* bits,
                    int team) {
  const std::ptrdiff_t rest = Order == rejected::dropped ? 0 : n - k;
  const std::ptrdiff_t spare = team == 1 ? 1 : 0;  // place_alone's last store: side[n - k]
  const std::unique_ptr<V[]> side(new V[static_cast<std::size_t>(rest + spare)]);
  if (team == 1) {
    detail::place_alone<Order>(first, n, bits, side.get());
    detail::move_side<Order>(side.get(), rest, first + k, 0, rest);
    return;
  }
  const std::ptrdiff_t tile = tile_for(2 * sizeof(V));  // the piece and its stash in cache
  const std::unique_ptr<V[]> stashes(new V[static_cast<std::size_t>(team * tile)]);
  struct slot {
    std::ptrdiff_t size, set;                    // this round's piece
    std::ptrdiff_t set_before, rejected_before;  // in all earlier pieces
  };
  std::vector<slot> slots(static_cast<std::size_t>(team));
  std::ptrdiff_t set_total = 0, rejected_total = 0;
  two_pass(
      n, tile, team,
      [&](const piece& p) {
        slots[p.index].size = p.size();
        slots[p.index].set =
            detail::stash(first, p.begin, p.end, bits, stashes.get() + p.index * tile);
      },
      [&](int count) {
        for (int t = 0; t < count; ++t) {
          slots[t].set_before = set_total;
          slots[t].rejected_before = rejected_total;
          set_total += slots[t].set;
          rejected_total += slots[t].size - slots[t].set;
        }
      },
      [&](const piece& p) {
        const slot& s = slots[p.index];
        detail::unstash<Order>(stashes.get() + p.index * tile, s.size, s.set, first,
                               s.set_before, side.get(), s.rejected_before);
      });
  for_each_piece(rest, team, [&](const piece& p) {  // the call's team: a smaller one costs more
    detail::move_side<Order>(side.get(), rest, first + k, p.begin, p.end);
  });
}

/// The in-place forms: the flags of every element as bits, then their placing; stable_partition
/// with more rejected than selected places the range read from the end. Every buffer is
/// allocated, and every predicate has run, before the first write to the input.
template <rejected Order, class It, class Stencil, class Pred>
It partition_in_place(It first, It last, Stencil stencil, const Pred& pred) {
  const std::ptrdiff_t n = last - first;
  if (n == 0) return first;
  const int team = team_for(n);
  const std::ptrdiff_t words = detail::words_in(n);
  const std::unique_ptr<std::uint64_t[]> bits(new std::uint64_t[static_cast<std::size_t>(words)]);
  std::vector<std::ptrdiff_t> set_in(static_cast<std::size_t>(team), 0);
  for_each_piece(words, team, [&](const piece& w) {
    set_in[w.index] = detail::flag_words(stencil, n, w.begin, w.end, bits.get(), pred);
  });
  std::ptrdiff_t k = 0;
  for (const std::ptrdiff_t s : set_in) k += s;
  if (Order == rejected::in_order && k < n - k) {
    const std::unique_ptr<std::uint64_t[]> back(new std::uint64_t[static_cast<std::size_t>(words)]);
    for_each_piece(words, team, [&](const piece& w) {
      detail::reverse_flags(bits.get(), n, w.begin, w.end, back.get());
    });
    place_in_place<rejected::in_order>(std::make_reverse_iterator(last), n, n - k, back.get(),
                                       team);
  } else {
    place_in_place<Order>(first, n, k, bits.get(), team);
  }
  return first + k;
}

}  // namespace predix::impl::openmp_detail
