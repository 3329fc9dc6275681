#pragma once
// OpenMP scans, blocked in two passes (per round of two_pass, detail.hpp):
//   pass 1   each piece but the last reduces its elements to a total
//   thread 0 scans the totals in order, starting from the carry of earlier rounds
//   pass 2   each piece scans its elements from its prefix; the last piece's final value is
//            the carry of the next round
// in 3 1 4 1 5 9, 2 pieces, plus: totals 8 | - → prefixes - | 8 → inclusive 3 4 8 | 9 14 23,
// exclusive (init 0): prefixes 0 | 8 → 0 3 4 | 8 9 14.
// Totals are combined left to right, so op need be associative only (not commutative).
// inclusive_scan accumulates in the input's value type, exclusive_scan in the init's type
// (Thrust 3.0.1); a piece's total starts from its first element converted to that type. Both
// work in place (out == first). Memory: pass 2 reads a round from cache, so the input is read
// once from memory and the output written once; temporary storage is two values per thread.
// The scans by key read in pass 1 only each piece's last segment (piece_total).
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include <predix/detail/range.hpp>
#include <predix/detail/segments.hpp>
#include <predix/openmp/detail.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {
namespace openmp_detail {

using detail::piece_total;
using detail::scan_piece;

/// Scan of [first, first + n) into out; `carry` is what comes before the first element
/// (exclusive: init; inclusive: nothing).
template <bool Inclusive, class Acc, class In, class Out, class Op>
Out blocked_scan(In first, std::ptrdiff_t n, Out out, std::optional<Acc> carry, const Op& op) {
  if (n == 0) return out;
  const int team = team_for(n);
  std::vector<std::optional<Acc>> total(static_cast<std::size_t>(team));
  std::vector<std::optional<Acc>> prefix(static_cast<std::size_t>(team));
  two_pass(
      n, tile_for(sizeof(detail::value_t<In>)), team,
      [&](const piece& p) {
        total[p.index].reset();
        if (p.last() || p.size() == 0) return;  // the last piece's total is its pass 2's end
        total[p.index] = piece_total<Acc>(first, p.begin, p.end, op);
      },
      [&](int count) {
        Op f = op;
        std::optional<Acc> run = carry;
        for (int t = 0; t < count; ++t) {
          prefix[t] = run;
          if (!total[t]) continue;
          run = run ? static_cast<Acc>(f(*run, *total[t])) : *total[t];
        }
      },
      [&](const piece& p) {
        const std::optional<Acc>& start = prefix[p.index];
        if (p.size() == 0) {
          if (p.last()) carry = start;
          return;
        }
        std::optional<Acc> end;
        if (start) {
          end = scan_piece<Inclusive>(first, out, p.begin, p.end, *start, op);
        } else if constexpr (Inclusive) {  // nothing before: the first element is its own prefix
          const Acc head = first[p.begin];
          out[p.begin] = head;
          end = scan_piece<Inclusive>(first, out, p.begin + 1, p.end, head, op);
        }
        if (p.last()) carry = std::move(end);
      });
  return out + n;
}

}  // namespace openmp_detail

template <class In, class Out, class Op>
Out inclusive_scan(const openmp_policy&, In first, In last, Out out, Op op, const char*) {
  using V = detail::value_t<In>;
  return openmp_detail::blocked_scan<true, V>(first, last - first, out, std::optional<V>(), op);
}

template <class In, class Out, class T, class Op>
Out exclusive_scan(const openmp_policy&, In first, In last, Out out, T init, Op op, const char*) {
  return openmp_detail::blocked_scan<false, T>(first, last - first, out, std::optional<T>(init),
                                               op);
}

}  // namespace predix::impl
