#pragma once
// Kokkos scans: one Kokkos::parallel_scan. in 3 1 4 1 5 with plus → inclusive 3 4 8 9 14,
// exclusive(init 0) 0 3 4 8 9.
// The running value is a kokkos_detail::partial (no identity needed, order kept): inclusive_scan
// accumulates in the input's value type, exclusive_scan in the init's type with the init on the
// left of each prefix, out[i] = init op (x0 op ... op x[i-1]), as serial by associativity.
// In place (out == first) is safe: iteration i reads element i before it writes out[i].
#include <predix/detail/range.hpp>
#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <bool inclusive, class T, class In, class Out, class Op>
struct scan_functor {
  using value_type = partial<T>;
  In first;
  Out out;
  mutable Op op;
  T initial;  // exclusive_scan's init
  errors* errs;

  void operator()(const index i, value_type& acc, const bool final) const {
    guarded(errs, i, [&] {
      if constexpr (inclusive) {
        fold(acc, op, at(first, i), i);
        if (final) at(out, i) = acc.value;
      } else {
        const detail::value_t<In> x = at(first, i);  // read before out[i] is written
        if (final) {
          if (acc.empty) {
            at(out, i) = initial;
          } else {
            at(out, i) = static_cast<T>(op(initial, acc.value));
          }
        }
        fold(acc, op, x, i);
      }
    });
  }
  void init(value_type& acc) const { acc = empty_partial<T>(); }
  void join(value_type& dst, const value_type& src) const {
    guarded(errs, src.begin, [&] { kokkos_detail::join(dst, src, op); });
  }
#if KOKKOS_VERSION < 30700  // older Kokkos calls join through volatile references only
  void join(volatile value_type& dst, const volatile value_type& src) const {
    join(const_cast<value_type&>(dst), const_cast<const value_type&>(src));
  }
#endif
};

template <bool inclusive, class Space, class In, class Out, class T, class Op>
Out scan(const kokkos_policy<Space>& policy, const char* name, In first, In last, Out out, T init,
         Op op) {
  check_accumulator<T>();
  const Space space = space_of(policy, name);
  const index n = last - first;
  if (n == 0) return out;
  errors errs;
  Kokkos::parallel_scan(std::string("predix::") + name, range(space, n),
                        scan_functor<inclusive, T, In, Out, Op>{first, out, op, init, &errs});
  space.fence();
  errs.rethrow();
  return out + static_cast<detail::diff_t<Out>>(n);
}

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Out, class Op>
Out inclusive_scan(const kokkos_policy<Space>& policy, In first, In last, Out out, Op op) {
  return kokkos_detail::scan<true>(policy, "inclusive_scan", first, last, out,
                                   detail::value_t<In>{}, op);
}

template <class Space, class In, class Out, class T, class Op>
Out exclusive_scan(const kokkos_policy<Space>& policy, In first, In last, Out out, T init, Op op) {
  return kokkos_detail::scan<false>(policy, "exclusive_scan", first, last, out, init, op);
}

}  // namespace impl
}  // namespace predix
