#pragma once
// Kokkos reduce: one Kokkos::parallel_reduce. in 3 1 4 1 5, init 10, plus → 24.
// Each chunk folds into a kokkos_detail::partial in the init's type (no identity needed, order
// kept, so non-commutative operators work); the result is init op (x0 op ... op x[n-1]), the
// serial init op x0 op x1 ... by associativity.
#include <string>

#include <predix/kokkos/detail.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix {
namespace kokkos_detail {

template <class T, class In, class Op>
struct reduce_functor : partial_value<T, Op> {
  using typename partial_value<T, Op>::value_type;
  In first;
  index n;

  void operator()(const index c, value_type& acc) const {
    const chunk part(c, n);
    index i = part.begin;
    guarded(this->errs, i, [&] {
      T run = static_cast<T>(at(first, i));
      for (++i; i < part.end; ++i) run = this->op(run, at(first, i));
      kokkos_detail::join(acc, value_type{run, part.begin, part.end, false}, this->op);
    });
  }
};

}  // namespace kokkos_detail

namespace impl {

template <class Space, class In, class T, class Op>
T reduce(const kokkos_policy<Space>& policy, In first, In last, T init, Op op,
         const char* algorithm) {
  using namespace kokkos_detail;
  check_accumulator<T>();
  const Space space = space_of(policy, algorithm);
  const auto lock = launch_lock(space);
  const index n = last - first;
  if (n == 0) return init;
  errors errs;
  partial<T> total = empty_partial<T>();
  Kokkos::parallel_reduce(std::string("predix::reduce"), chunks(space, n),
                          reduce_functor<T, In, Op>{{op, &errs}, first, n}, total);
  space.fence();
  errs.rethrow();
  return total.empty ? init : static_cast<T>(op(init, total.value));
}

}  // namespace impl
}  // namespace predix
