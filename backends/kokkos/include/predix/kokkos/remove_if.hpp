#pragma once
// Kokkos remove_if, in place: flags by a Kokkos::parallel_for (every predicate runs before the
// first write, so a throwing predicate leaves the input unchanged), a Kokkos::parallel_scan that
// moves the kept elements to their rank in a buffer, and a Kokkos::parallel_for that moves them
// back (ranks ≤ indices: compacting in place in parallel would overwrite unread elements).
//   a b c d, stencil flags 1 0 1 1 → keep 0 1 0 0 → b | ...
#include <string>
#include <utility>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class It, class Flags, class Buffer>
struct keep_functor {
  using value_type = index;  // kept elements before the chunk
  It first;
  Flags keep;
  Buffer buffer;
  index n;
  errors* errs;

  void operator()(const index c, index& rank, const bool final) const {
    const chunk part(c, n);
    if (!final) {
      rank += count_flags(keep, part.begin, part.end);
      return;
    }
    index i = part.begin;
    guarded(errs, i, [&] {
      index r = rank;
      for (; i < part.end; ++i) {
        if (keep(i)) buffer(r++) = std::move(at(first, i));
      }
      rank = r;
    });
  }
};

template <class It, class Buffer>
struct move_back_functor {
  It first;
  Buffer buffer;
  index n;
  errors* errs;

  void operator()(const index c) const {
    const chunk part(c, n);
    index p = part.begin;
    guarded(errs, p, [&] {
      for (; p < part.end; ++p) at(first, p) = std::move(buffer(p));
    });
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class It, class Stencil, class Pred>
It remove_if(const kokkos_policy<Space>& policy, It first, It last, Stencil stencil, Pred pred) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, "remove_if");
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return first;
  auto buffer = make_view<detail::value_t<It>, Space>("predix::remove_if::buffer", n);
  detail::negate<Pred> reject{pred};
  const auto keep = evaluate_flags(space, "predix::remove_if::flags", stencil, n, reject);
  errors errs;
  index kept = 0;
  Kokkos::parallel_scan(std::string("predix::remove_if"), chunks(space, n),
                        keep_functor<It, decltype(keep), decltype(buffer)>{first, keep, buffer, n,
                                                                            &errs},
                        kept);
  space.fence();
  errs.rethrow();
  Kokkos::parallel_for(std::string("predix::remove_if::move_back"), chunks(space, kept),
                       move_back_functor<It, decltype(buffer)>{first, buffer, kept, &errs});
  space.fence();
  errs.rethrow();
  return first + static_cast<detail::diff_t<It>>(kept);
}

}  // namespace impl
}  // namespace predix
