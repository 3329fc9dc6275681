#pragma once
// Kokkos copy_if: flags by a Kokkos::parallel_for (each predicate once), then one
// Kokkos::parallel_scan of the flags that scatters selected elements to their rank.
//   in a b c d, stencil flags 1 0 1 1 → ranks 0 - 1 2 → out a c d
#include <string>

#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class In, class Out, class Flags>
struct select_functor {
  using value_type = index;  // selected elements before the chunk
  In first;
  Out out;
  Flags flags;
  index n;
  errors* errs;

  void operator()(const index c, index& rank, const bool final) const {
    const chunk part(c, n);
    if (!final) {
      rank += count_flags(flags, part.begin, part.end);
      return;
    }
    index i = part.begin;
    guarded(errs, i, [&] {
      index r = rank;
      for (; i < part.end; ++i) {
        if (flags(i)) at(out, r++) = at(first, i);
      }
      rank = r;
    });
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Stencil, class Out, class Pred>
Out copy_if(const kokkos_policy<Space>& policy, In first, In last, Stencil stencil, Out out,
            Pred pred) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, "copy_if");
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return out;
  const auto flags = evaluate_flags(space, "predix::copy_if::flags", stencil, n, pred);
  errors errs;
  index selected = 0;
  Kokkos::parallel_scan(std::string("predix::copy_if"), chunks(space, n),
                        select_functor<In, Out, decltype(flags)>{first, out, flags, n, &errs},
                        selected);
  space.fence();
  errs.rethrow();
  return out + static_cast<detail::diff_t<Out>>(selected);
}

}  // namespace impl
}  // namespace predix
