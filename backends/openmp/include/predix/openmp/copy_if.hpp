#pragma once
// OpenMP copy_if (remove_copy_if passes a negated predicate): in a b c d, stencil flags
// 1 0 1 1 → out a c d. One predicate call per element; see compact.hpp.
#include <predix/openmp/compact.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class In, class Stencil, class Out, class Pred>
Out copy_if(const openmp_policy&, In first, In last, Stencil stencil, Out out, Pred pred,
            const char*) {
  return out + openmp_detail::compact(first, last - first, stencil, pred, out,
                                      openmp_detail::discard_output{});
}

}  // namespace predix::impl
