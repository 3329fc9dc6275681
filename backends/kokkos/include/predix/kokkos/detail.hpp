#pragma once
// Pieces shared by the Kokkos algorithms:
//   range        a RangePolicy with 64-bit indices on the policy's execution space instance
//   errors       user exceptions carried out of parallel regions (see below)
//   make_view    flags and element buffers in Kokkos Views
//   partial      the accumulator of scans and reductions: no identity element needed, order kept
//
// Exceptions: every call into user code (predicates, operators, iterators, element copies)
// inside a parallel region is wrapped by `guarded`, which records the exception of the lowest
// failing index and makes later elements skip their work; the algorithm rethrows it once the
// region has ended. An exception must not leave an OpenMP or Threads region (std::terminate),
// and Kokkos's own state (profiling regions, instance locks) stays consistent on every space,
// Serial included.
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <predix/detail/functional.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix::kokkos_detail {

using index = std::int64_t;

template <class Space>
using range_policy = Kokkos::RangePolicy<Space, Kokkos::IndexType<index>>;

/// [0, n) on `space`.
template <class Space>
range_policy<Space> range(const Space& space, index n) {
  return range_policy<Space>(space, 0, n);
}

/// The policy's instance, after checking that Kokkos is usable (std::runtime_error otherwise).
template <class Space>
Space space_of(const kokkos_policy<Space>& policy, const char* algorithm) {
  require_initialized((std::string("predix::") + algorithm + " on predix::kokkos").c_str());
  return policy.space();
}

/// it[i] with the iterator's own difference type.
template <class It>
decltype(auto) at(const It& it, index i) {
  return it[static_cast<detail::diff_t<It>>(i)];
}

/// The exception of the lowest failing index, kept until the parallel region has ended.
class errors {
 public:
  bool failed() const noexcept { return failed_.load(std::memory_order_relaxed); }
  index where() const noexcept { return where_; }
  /// Inside a catch block: keeps the current exception if i is the lowest failure so far.
  void capture(index i) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_ || i < where_) {
      error_ = std::current_exception();
      where_ = i;
    }
    failed_.store(true, std::memory_order_relaxed);
  }
  /// After the region (and a fence): rethrows the kept exception, if any.
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::exception_ptr error_;
  index where_ = 0;
};

/// Runs body() for element i unless an element has already failed; keeps its exception.
template <class Body>
void guarded(errors* errs, index i, Body&& body) noexcept {
  if (errs->failed()) return;
  try {
    body();
  } catch (...) {
    errs->capture(i);
  }
}

template <class T, class Space>
using view = Kokkos::View<T*, typename Space::memory_space>;

/// n elements of T; left uninitialized where T is trivial.
template <class T, class Space>
view<T, Space> make_view(const char* label, index n) {
  if constexpr (std::is_trivial_v<T>) {
    return view<T, Space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), n);
  } else {
    return view<T, Space>(std::string(label), n);
  }
}

/// flags(i) = pred(stencil[i]) for i in [0, n): each predicate runs once, all before the caller
/// writes anything. Rethrows a predicate's exception.
template <class Space, class Stencil, class Pred>
view<unsigned char, Space> evaluate_flags(const Space& space, const char* label, Stencil stencil,
                                          index n, Pred& pred) {
  struct functor {
    Stencil stencil;
    mutable Pred pred;
    view<unsigned char, Space> flags;
    errors* errs;
    void operator()(const index i) const {
      guarded(errs, i, [&] { flags(i) = detail::test(pred, at(stencil, i)) ? 1 : 0; });
    }
  };
  errors errs;
  auto flags = make_view<unsigned char, Space>("predix::flags", n);
  Kokkos::parallel_for(label, range(space, n), functor{stencil, pred, flags, &errs});
  space.fence();
  errs.rethrow();
  return flags;
}

/// A scan or reduction accumulator: empty, or `value`, the fold of the elements [begin, end) in
/// order. Kokkos needs an identity for its per-thread starting values and a user operator has
/// none; `empty` stands for it. The range lets join() put the earlier part on the left however
/// the execution space orders its joins, so non-commutative operators work; parts that are not
/// adjacent (a space that folds scattered chunks into one value) raise order_error rather than
/// give a wrong answer. Serial, OpenMP and Threads fold one contiguous range per thread.
template <class T>
struct partial {
  T value;
  index begin;
  index end;
  bool empty;
};

template <class T>
partial<T> empty_partial() {
  return partial<T>{T{}, 0, 0, true};
}

struct order_error : std::logic_error {
  order_error()
      : std::logic_error(
            "predix::kokkos: the execution space combined non-adjacent parts of a scan or "
            "reduction, so their order is lost") {}
};

/// acc op x, where x is element i (x itself, converted to T, when acc is empty).
template <class T, class Op, class X>
void fold(partial<T>& acc, Op& op, X&& x, index i) {
  if (acc.empty) {
    acc.value = static_cast<T>(static_cast<X&&>(x));
    acc.begin = i;
    acc.empty = false;
  } else if (i == acc.end) {
    acc.value = op(acc.value, static_cast<X&&>(x));
  } else {
    throw order_error();
  }
  acc.end = i + 1;
}

/// dst = (earlier of dst, src) op (later of dst, src); they must be adjacent.
template <class T, class Op>
void join(partial<T>& dst, const partial<T>& src, Op& op) {
  if (src.empty) return;
  if (dst.empty) {
    dst = src;
  } else if (dst.end == src.begin) {
    dst.value = op(dst.value, src.value);
    dst.end = src.end;
  } else if (src.end == dst.begin) {
    dst.value = op(src.value, dst.value);
    dst.begin = src.begin;
  } else {
    throw order_error();
  }
}

/// Scans and reductions keep user values in Kokkos's raw per-thread storage.
template <class T>
constexpr void check_accumulator() {
  static_assert(std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>,
                "predix::kokkos scans and reductions need a trivially copyable, default "
                "constructible accumulator type");
}

}  // namespace predix::kokkos_detail
