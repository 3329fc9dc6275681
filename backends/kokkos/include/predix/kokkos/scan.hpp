#pragma once
// Kokkos scans: the scan rounds of rounds.hpp — per round, one Kokkos::parallel_scan whose
// first pass folds each chunk to its total and whose final pass scans the chunk from its prefix,
// reading it from cache. in 3 1 4 1 5 with plus → inclusive 3 4 8 9 14, exclusive (init 0)
// 0 3 4 8 9. The running value is a kokkos_detail::partial (no identity needed, order kept).
// inclusive_scan accumulates in the input's value type, exclusive_scan in the init's type with
// the init on the left of each prefix, out[i] = init op (x0 op ... op x[i-1]), as serial by
// associativity. In place (out == first) is safe: element i is read before out[i] is written,
// by one thread.
#include <string>

#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>
#include <predix/kokkos/rounds.hpp>

namespace predix {
namespace kokkos_detail {

template <bool Inclusive, class Space, class In, class Out, class T, class Op>
Out scan(const kokkos_policy<Space>& policy, const char* name, In first, In last, Out out,
         partial<T> carry, Op op) {
  check_accumulator<T>();
  const Space space = space_of(policy, name);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return out;
  scan_rounds<Inclusive>(rounds_for(space, n, sizeof(detail::value_t<In>)),
                         scan_launch<Space>{space, std::string("predix::") + name}, first, out,
                         carry, op);
  return out + static_cast<detail::diff_t<Out>>(n);
}

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Out, class Op>
Out inclusive_scan(const kokkos_policy<Space>& policy, In first, In last, Out out, Op op,
                   const char* algorithm) {
  using T = detail::value_t<In>;
  return kokkos_detail::scan<true>(policy, algorithm, first, last, out,
                                   kokkos_detail::empty_partial<T>(), op);
}

template <class Space, class In, class Out, class T, class Op>
Out exclusive_scan(const kokkos_policy<Space>& policy, In first, In last, Out out, T init, Op op,
                   const char* algorithm) {
  return kokkos_detail::scan<false>(policy, algorithm, first, last, out,
                                    kokkos_detail::leading(init), op);
}

}  // namespace impl
}  // namespace predix
