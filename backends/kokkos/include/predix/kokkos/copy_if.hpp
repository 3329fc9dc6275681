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
  using value_type = index;  // selected elements before i
  In first;
  Out out;
  Flags flags;
  errors* errs;

  void operator()(const index i, index& rank, const bool final) const {
    if (!flags(i)) return;
    if (final) guarded(errs, i, [&] { at(out, rank) = at(first, i); });
    ++rank;
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Stencil, class Out, class Pred>
Out copy_if(const kokkos_policy<Space>& policy, In first, In last, Stencil stencil, Out out,
            Pred pred) {
  using namespace kokkos_detail;
  const Space space = space_of(policy, "copy_if");
  const index n = last - first;
  if (n == 0) return out;
  const auto flags = evaluate_flags(space, "predix::copy_if::flags", stencil, n, pred);
  errors errs;
  index selected = 0;
  Kokkos::parallel_scan(std::string("predix::copy_if"), range(space, n),
                        select_functor<In, Out, decltype(flags)>{first, out, flags, &errs},
                        selected);
  space.fence();
  errs.rethrow();
  return out + static_cast<detail::diff_t<Out>>(selected);
}

}  // namespace impl
}  // namespace predix
