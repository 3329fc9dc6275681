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

#include <predix/detail/host_loops.hpp>
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
    detail::move_back<Order>(temp, n, k, first, p.begin, p.end);
  });
  return first + k;
}

}  // namespace predix::impl::openmp_detail
