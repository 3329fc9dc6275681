#pragma once
// Kokkos scans: one Kokkos::parallel_scan. in 3 1 4 1 5 with plus → inclusive 3 4 8 9 14,
// exclusive(init 0) 0 3 4 8 9.
// Each Kokkos index is a chunk of elements, scanned by a plain loop from the running value, a
// kokkos_detail::partial (no identity needed, order kept). inclusive_scan accumulates in the
// input's value type, exclusive_scan in the init's type with the init on the left of each
// prefix, out[i] = init op (x0 op ... op x[i-1]), as serial by associativity.
// In place (out == first) is safe: element i is read before out[i] is written, by one thread.
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
  index n;
  errors* errs;

  // Chunk c: acc holds the elements before it (this thread's, or all of them when final).
  void operator()(const index c, value_type& acc, const bool final) const {
    const chunk part(c, n);
    index i = part.begin;
    guarded(errs, i, [&] {
      check_adjacent(acc, part.begin);
      if constexpr (inclusive) {
        T run = acc.empty ? static_cast<T>(at(first, i))
                          : static_cast<T>(op(acc.value, at(first, i)));
        if (final) at(out, i) = run;
        for (++i; i < part.end; ++i) {
          run = op(run, at(first, i));
          if (final) at(out, i) = run;
        }
        acc = value_type{run, acc.empty ? part.begin : acc.begin, part.end, false};
      } else {
        // run folds the elements (for acc); carry = init op (elements before i) is out[i].
        T run = acc.value;
        T carry = acc.empty ? initial : static_cast<T>(op(initial, acc.value));
        if (acc.empty) {
          const detail::value_t<In> x = at(first, i);  // read before out[i] is written
          if (final) {
            at(out, i) = carry;
            carry = op(carry, x);
          }
          run = static_cast<T>(x);
          ++i;
        }
        for (; i < part.end; ++i) {
          const detail::value_t<In> x = at(first, i);
          if (final) {
            at(out, i) = carry;
            carry = op(carry, x);
          }
          run = op(run, x);
        }
        acc = value_type{run, acc.empty ? part.begin : acc.begin, part.end, false};
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
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return out;
  errors errs;
  Kokkos::parallel_scan(std::string("predix::") + name, chunks(space, n),
                        scan_functor<inclusive, T, In, Out, Op>{first, out, op, init, n, &errs});
  space.fence();
  errs.rethrow();
  return out + static_cast<detail::diff_t<Out>>(n);
}

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class Out, class Op>
Out inclusive_scan(const kokkos_policy<Space>& policy, In first, In last, Out out, Op op,
                   const char* algorithm) {
  return kokkos_detail::scan<true>(policy, algorithm, first, last, out, detail::value_t<In>{}, op);
}

template <class Space, class In, class Out, class T, class Op>
Out exclusive_scan(const kokkos_policy<Space>& policy, In first, In last, Out out, T init, Op op,
                   const char* algorithm) {
  return kokkos_detail::scan<false>(policy, algorithm, first, last, out, init, op);
}

}  // namespace impl
}  // namespace predix
