#pragma once
// OpenMP find_if: flags 0 0 1 0 1 → iterator to index 2; last when nothing matches.
// Threads take blocks of find_block elements round robin (thread t: blocks t, t + T, ...) and
// share the smallest index known to end the search; a thread stops at its first block past it,
// so little work is done beyond the answer. A throwing predicate ends the search at its index
// too: the exception reaches the caller only if no match precedes it, as in a serial search.
#include <algorithm>
#include <atomic>
#include <cstddef>

#include <predix/detail/functional.hpp>
#include <predix/openmp/detail.hpp>
#include <predix/openmp/policy.hpp>

namespace predix::impl {

template <class In, class Pred>
In find_if(const openmp_policy&, In first, In last, Pred pred, const char*) {
  using namespace openmp_detail;
  const std::ptrdiff_t n = last - first;
  if (n == 0) return last;
  std::atomic<std::ptrdiff_t> end{n};  // smallest index of a match or a throw seen so far
  exception_slot errors;
#pragma omp parallel num_threads(team_for(n))
  {
    std::ptrdiff_t i = 0;  // the element under test if something throws
    try {
      Pred local = pred;
      const std::ptrdiff_t step = find_block * omp_get_num_threads();
      for (std::ptrdiff_t b = find_block * omp_get_thread_num();
           b < end.load(std::memory_order_relaxed); b += step) {
        const std::ptrdiff_t e = std::min(b + find_block, n);
        for (i = b; i < e; ++i) {
          if (detail::test(local, first[i])) break;
        }
        if (i < e) {
          lower(end, i);
          break;
        }
      }
    } catch (...) {
      errors.capture(i);
      lower(end, i);
    }
  }
  const std::ptrdiff_t found = end.load();
  if (errors.failed() && errors.position() == found) errors.rethrow();
  return first + found;
}

}  // namespace predix::impl
