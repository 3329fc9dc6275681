#pragma once
// Kokkos partition family: the selection rounds of rounds.hpp (each predicate once, flags
// counted, then scattered from cache). flags 1 0 1 0 0 over a b c d e:
//   partition_copy   → true: a c, false: b d e (both in order, as Thrust)
//   stable_partition → a c | b d e     partition → a c | e d b (rejected reversed, as CUB)
// In place, as the OpenMP backend (detail/in_place.hpp): every flag as a bit, then rounds that
// stash each chunk and move it to its place. The input is only read until every predicate has
// run, so a throwing predicate leaves it as it was.
#include <iterator>
#include <string>
#include <utility>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/in_place.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>
#include <predix/kokkos/rounds.hpp>

namespace predix {
namespace kokkos_detail {

/// partition_copy's place in select_rounds(): a chunk's elements to their ranks on their sides.
template <class In, class OutTrue, class OutFalse>
struct partition_place {
  In first;
  OutTrue out_true;
  OutFalse out_false;
  void operator()(index b, index len, const std::uint8_t* flags, index set, index before) const {
    detail::scatter(first, b, flags, len, set, before, b - before, out_true, out_false);
  }
};

/// The in-place forms' placing (detail/in_place.hpp) over the rounds of `plan`, once `bits`
/// hold the flags of which k are set: per round one Kokkos::parallel_for stashing its chunks
/// and one moving them to their places, then one moving the rejected from the side buffer
/// after the selected.
template <detail::rejected Order, class Space, class It>
void place_rounds(const Space& space, const std::string& label, const rounds& plan, It first,
                  index k, const std::uint64_t* bits) {
  using V = detail::value_t<It>;
  const index rest = Order == detail::rejected::dropped ? 0 : plan.n - k;
  const auto side_view = make_view<V>(space, "predix::side", rest);
  const auto stash_view = make_view<V>(space, "predix::stash", plan.most());
  const index most_chunks = chunks_in(plan.most());
  const auto counts_view = make_view<index>(space, "predix::counts", 3 * most_chunks);
  V* const side = side_view.data();
  V* const temp = stash_view.data();
  index* const set = counts_view.data();  // per chunk of a round: selected, and before it
  index* const set_before = set + most_chunks;
  index* const rejected_before = set_before + most_chunks;
  index set_total = 0, rejected_total = 0;
  for (index r = 0; r < plan.count; ++r) {
    const index b = plan.begin(r), e = plan.begin(r + 1);
    for_each_chunk(space, label + "::stash", e - b, [=](index cb, index ce) {
      set[cb / chunk_size] = detail::stash(first, b + cb, b + ce, bits, temp + cb);
    });
    for (index c = 0; c < chunks_in(e - b); ++c) {
      set_before[c] = set_total;
      rejected_before[c] = rejected_total;
      set_total += set[c];
      rejected_total += std::min(e - b - c * chunk_size, chunk_size) - set[c];
    }
    for_each_chunk(space, label + "::place", e - b, [=](index cb, index ce) {
      const index c = cb / chunk_size;
      detail::unstash<Order>(temp + cb, ce - cb, set[c], first, set_before[c], side,
                             rejected_before[c]);
    });
  }
  const It rest_first = first + static_cast<detail::diff_t<It>>(k);
  for_each_chunk(space, label + "::side", rest, [=](index cb, index ce) {
    detail::move_side<Order>(side, rest, rest_first, cb, ce);
  });
}

/// The in-place forms over the rounds of `plan`: the flags as bits (one
/// Kokkos::parallel_reduce), then their placing; stable_partition with more rejected than
/// selected places the range read from the end. Returns how many were selected; Order says
/// where the rejected go.
template <detail::rejected Order, class Space, class It, class Stencil, class Pred>
index in_place_rounds(const Space& space, const std::string& label, const rounds& plan, It first,
                      Stencil stencil, const Pred& pred) {
  static_assert(chunk_size % detail::word_bits == 0, "a chunk's flags fill whole words");
  const index n = plan.n, words = detail::words_in(n);
  const auto bits_view = make_view<std::uint64_t>(space, "predix::bits", words);
  std::uint64_t* const bits = bits_view.data();
  index k = 0;
  {
    errors errs;
    Kokkos::parallel_reduce(
        label + "::flags", chunks(space, n),
        [=, &errs](const index c, index& set) {
          const chunk part(c, n);
          guarded(&errs, part.begin, [&] {
            set += detail::flag_words(stencil, n, part.begin / detail::word_bits,
                                      detail::words_in(part.end), bits, pred);
          });
        },
        k);
    space.fence();
    errs.rethrow();
  }
  if (Order == detail::rejected::in_order && k < n - k) {
    const auto back_view = make_view<std::uint64_t>(space, "predix::reversed_bits", words);
    std::uint64_t* const back = back_view.data();
    for_each_chunk(space, label + "::reverse_flags", words,
                   [=](index b, index e) { detail::reverse_flags(bits, n, b, e, back); });
    const It last = first + static_cast<detail::diff_t<It>>(n);
    place_rounds<detail::rejected::in_order>(space, label, plan, std::make_reverse_iterator(last),
                                             n - k, back);
  } else {
    place_rounds<Order>(space, label, plan, first, k, bits);
  }
  return k;
}

/// The in-place forms on the policy's space, in rounds of about round_bytes per thread.
template <detail::rejected Order, class Space, class It, class Stencil, class Pred>
It partition_in_place(const kokkos_policy<Space>& policy, const char* name, It first, It last,
                      Stencil stencil, const Pred& pred) {
  const Space space = space_of(policy, name);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return first;
  const index k = in_place_rounds<Order>(
      space, std::string("predix::") + name,
      rounds_for(space, n, 2 * sizeof(detail::value_t<It>)), first, stencil, pred);
  return first + static_cast<detail::diff_t<It>>(k);
}

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const kokkos_policy<Space>& policy, In first,
                                            In last, Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred, const char* algorithm) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return {out_true, out_false};
  using place = partition_place<In, OutTrue, OutFalse>;
  const index selected =
      select_rounds(space, "predix::partition_copy", n, sizeof(detail::value_t<In>), stencil, pred,
                    place{first, out_true, out_false});
  return {out_true + static_cast<detail::diff_t<OutTrue>>(selected),
          out_false + static_cast<detail::diff_t<OutFalse>>(n - selected)};
}

template <class Space, class It, class Stencil, class Pred>
It partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred,
             const char* algorithm) {
  return kokkos_detail::partition_in_place<detail::rejected::reversed>(policy, algorithm, first,
                                                                      last, stencil, pred);
}

template <class Space, class It, class Stencil, class Pred>
It stable_partition(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil,
                    Pred pred, const char* algorithm) {
  return kokkos_detail::partition_in_place<detail::rejected::in_order>(policy, algorithm, first,
                                                                      last, stencil, pred);
}

}  // namespace impl
}  // namespace predix
