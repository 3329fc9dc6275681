#pragma once
// Cache-sized rounds of the two-pass algorithms (selections, scans), as the OpenMP backend's
// two_pass: the elements are cut into rounds of about round_bytes per thread, and each round is
// one Kokkos::parallel_scan over its chunks. The first (non-final) pass reads the round from
// memory — a selection's flags and counts, a scan's chunk totals — and the final pass finds it
// in cache: a selection scatters from its flags, a scan rescans its elements. One scan over the
// whole input would read it from memory twice and the flags once more.
//   2^25 int32 on 2 threads: selection rounds of 2 · 1 MiB / 5 B = 419 430 elements, 81 rounds
// Spaces that run the final pass alone (Kokkos::Serial) evaluate a chunk's flags there: a
// chunk's flags are evaluated once per round, whichever pass comes first (its stamp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/host_tuning.hpp>
#include <predix/kokkos/detail.hpp>

namespace predix::kokkos_detail {

using detail::round_bytes;  // a thread's part of a round (detail/host_tuning.hpp)

/// Rounds of [0, n) of at most `size` elements, nearly equal; round r is [begin(r), begin(r+1)).
struct rounds {
  index n;
  index count;
  rounds(index n_, index size) : n(n_), count((n_ + size - 1) / size) {}
  index begin(index r) const { return r * (n / count) + std::min(r, n % count); }
  index most() const { return count == 0 ? 0 : n / count + (n % count != 0); }  // the largest
};

/// The rounds of n elements of `bytes` each on `space`: about round_bytes per thread.
template <class Space>
rounds rounds_for(const Space& space, index n, std::size_t bytes) {
  const index per_thread = std::max(chunk_size, round_bytes / static_cast<index>(bytes));
  return rounds(n, per_thread * std::max(1, static_cast<int>(space.concurrency())));
}

/// A round's one Kokkos::parallel_scan: f over `chunks` chunks, its total into `total`.
template <class Space>
struct scan_launch {
  Space space;
  std::string label;
  template <class F>
  void operator()(index chunks, const F& f, typename F::value_type& total) const {
    Kokkos::parallel_scan(label, range_policy<Space>(space, 0, chunks), f, total);
    space.fence();
  }
};

/// A selection's round over elements [begin, end): chunk c is [begin + c·chunk_size, ...).
/// place(b, len, flags, set, set_before) scatters the chunk [b, b + len) whose `set` of
/// `len` flags are set, after `set_before` set flags in earlier chunks of the call.
template <class Stencil, class Pred, class Place>
struct select_round {
  using value_type = index;  // set flags in the round's chunks before this one
  Stencil stencil;
  Pred pred;
  Place place;
  index begin, end;
  index before;         // set flags in earlier rounds
  std::uint8_t* flags;  // chunk c's at c·chunk_size
  index* counts;        // chunk c's set flags, once stamps[c] == round
  index* stamps;
  index round;          // from 1
  errors* errs;

  void operator()(const index c, index& set, const bool final) const {
    const index b = begin + c * chunk_size, len = std::min(end - b, chunk_size);
    std::uint8_t* const f = flags + c * chunk_size;
    guarded(errs, b, [&] {
      if (stamps[c] != round) {
        counts[c] = detail::flag(stencil, b, len, f, pred);
        stamps[c] = round;
      }
      if (final) place(b, len, f, counts[c], before + set);
      set += counts[c];
    });
  }
};

/// The selection family's core over the rounds of `plan`, each one launch(chunks, round,
/// total) (scan_launch): each predicate runs once, its flags are counted and place() scatters
/// them. Returns the number of set flags; rethrows what pred or place threw (for the lowest
/// chunk). Buffers are allocated on `space`.
template <class Space, class Launch, class Stencil, class Pred, class Place>
index select_rounds(const Space& space, const rounds& plan, const Launch& launch,
                    Stencil stencil, const Pred& pred, const Place& place) {
  const index most_chunks = chunks_in(plan.most());
  const auto flags = make_view<std::uint8_t>(space, "predix::flags", plan.most());
  const auto counts = make_view<index>(space, "predix::counts", most_chunks);
  const auto stamps = make_view<index>(space, "predix::stamps", most_chunks);
  std::fill_n(stamps.data(), most_chunks, index{0});  // no round's (host memory: no launch)
  errors errs;
  index set = 0;
  for (index r = 0; r < plan.count && !errs.failed(); ++r) {
    const index b = plan.begin(r), e = plan.begin(r + 1);
    index in_round = 0;
    launch(chunks_in(e - b),
           select_round<Stencil, Pred, Place>{stencil, pred, place, b, e, set, flags.data(),
                                              counts.data(), stamps.data(), r + 1, &errs},
           in_round);
    set += in_round;
  }
  errs.rethrow();
  return set;
}

/// select_rounds over [0, n) of elements of `bytes` each, one Kokkos::parallel_scan a round.
template <class Space, class Stencil, class Pred, class Place>
index select_rounds(const Space& space, const std::string& label, index n, std::size_t bytes,
                    Stencil stencil, const Pred& pred, const Place& place) {
  return select_rounds(space, rounds_for(space, n, bytes + 1), scan_launch<Space>{space, label},
                       stencil, pred, place);
}

/// A scan's round over elements [begin, end) after `carry` (the earlier rounds' fold; an
/// exclusive scan's init stands before element 0, at -1). The final pass's prefix of a chunk
/// is carry ⊕ acc, or acc alone once it starts before the round (an earlier chunk of this
/// thread's final pass already took carry in).
template <bool Inclusive, class T, class In, class Out, class Op>
struct scan_round : partial_value<T, Op> {
  using typename partial_value<T, Op>::value_type;
  In first;
  Out out;
  partial<T> carry;
  index begin, end;

  void operator()(const index c, value_type& acc, const bool final) const {
    const index b = begin + c * chunk_size, e = std::min(end, b + chunk_size);
    guarded(this->errs, b, [&] {
      check_adjacent(acc, b);
      if (!final) {
        const T total = detail::piece_total<T>(first, b, e, this->op);
        acc = acc.empty
                  ? value_type{total, b, e, false}
                  : value_type{static_cast<T>(this->op(acc.value, total)), acc.begin, e, false};
        return;
      }
      value_type prefix = carry;
      if (acc.empty || acc.begin == begin) {
        kokkos_detail::join(prefix, acc, this->op);
      } else {
        prefix = acc;
      }
      index i = b;
      T run;
      if (prefix.empty) {  // an inclusive scan's first element: its own prefix
        run = static_cast<T>(first[i]);
        out[i] = run;
        ++i;
        prefix.begin = b;
      } else {
        run = prefix.value;
      }
      run = detail::scan_piece<Inclusive>(first, out, i, e, run, this->op);
      acc = value_type{run, prefix.begin, e, false};
    });
  }
};

/// An exclusive scan's init as the carry before element 0 (it stands at -1).
template <class T>
partial<T> leading(const T& init) {
  return partial<T>{init, -1, 0, false};
}

/// Scans the rounds of `plan` of [first, ...) into out after `carry` (exclusive: init at -1;
/// inclusive: empty), each round one launch(chunks, round, total) (scan_launch). Rethrows what
/// op or the iterators threw.
template <bool Inclusive, class T, class Launch, class In, class Out, class Op>
void scan_rounds(const rounds& plan, const Launch& launch, In first, Out out, partial<T> carry,
                 const Op& op) {
  errors errs;
  for (index r = 0; r < plan.count && !errs.failed(); ++r) {
    const index b = plan.begin(r), e = plan.begin(r + 1);
    partial<T> total = empty_partial<T>();
    launch(chunks_in(e - b),
           scan_round<Inclusive, T, In, Out, Op>{{op, &errs}, first, out, carry, b, e}, total);
    if (errs.failed() || total.empty) continue;
    if (total.begin == b) {  // the round's elements alone
      Op f = op;
      kokkos_detail::join(carry, total, f);
    } else {  // carry already in
      carry = total;
    }
  }
  errs.rethrow();
}

}  // namespace predix::kokkos_detail
