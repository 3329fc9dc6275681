#pragma once
// OpenMP reduce: init op x0 op x1 op ..., accumulated in the init's type. One piece per thread:
// piece 0 folds from init, piece t > 0 from its first element; the partials are combined in
// order on the caller, so op need be associative only (not commutative).
//   3 1 4 1 5 9, init 0, 2 pieces → (0+3+1+4) + (1+5+9) = 8 + 15 = 23
#include <cstddef>
#include <optional>
#include <vector>

#include <predix/openmp/detail.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class In, class T, class Op>
T reduce(const openmp_policy&, In first, In last, T init, Op op, const char*) {
  using namespace openmp_detail;
  const std::ptrdiff_t n = last - first;
  if (n == 0) return init;
  const int team = team_for(n);
  std::vector<std::optional<T>> partial(static_cast<std::size_t>(team));
  for_each_piece(n, team, [&](const piece& p) {
    if (p.index == 0) {
      partial[0] = fold(first, p.begin, p.end, init, op);
    } else if (p.size() > 0) {
      partial[p.index] = fold(first, p.begin + 1, p.end, static_cast<T>(first[p.begin]), op);
    }
  });
  T result = *partial[0];  // piece 0 is never empty when n > 0
  for (std::size_t t = 1; t < partial.size(); ++t) {
    if (partial[t]) result = op(result, *partial[t]);
  }
  return result;
}

}  // namespace predix::impl
