#pragma once
// Pieces shared by the Kokkos algorithms:
//   chunks       the RangePolicy (64-bit indices) on the policy's instance; a Kokkos index is a
//                chunk of chunk_size consecutive elements, so user code runs in plain loops
//                (vectorizable, bookkeeping once per chunk) and n / chunk_size indices still
//                spread over every thread
//   errors       user exceptions carried out of parallel regions (see below)
//   make_view    buffers in Kokkos Views on the policy's instance
//   for_each_chunk  a body per chunk (the selections' rounds and the scans: rounds.hpp)
//   partial      the accumulator of scans and reductions: no identity element needed, order kept
//   launch_lock  calls on Kokkos::Serial one at a time, where Kokkos (< 3.5) needs it
//
// Exceptions: user code (predicates, operators, iterators, element copies) inside a parallel
// region runs in `guarded`, which records the exception with its element's index (the lowest
// wins) and makes later chunks skip their work; the algorithm rethrows it once the region has
// ended. An exception must not leave an OpenMP or Threads region (std::terminate), and Kokkos's
// own state (profiling regions, instance locks) stays consistent on every space, Serial too.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <predix/detail/functional.hpp>
#include <predix/detail/host_tuning.hpp>
#include <predix/detail/range.hpp>
#include <predix/kokkos/policy.hpp>

namespace predix::kokkos_detail {

using index = std::int64_t;

inline constexpr index chunk_size = 2048;

/// Elements [begin, end) of chunk c of [0, n).
struct chunk {
  index begin;
  index end;
  chunk(index c, index n) : begin(c * chunk_size), end(std::min(n, begin + chunk_size)) {}
};

/// How many chunks n elements make.
inline index chunks_in(index n) { return (n + chunk_size - 1) / chunk_size; }

template <class Space>
using range_policy = Kokkos::RangePolicy<Space, Kokkos::IndexType<index>>;

/// The chunks of [0, n) on `space`.
template <class Space>
range_policy<Space> chunks(const Space& space, index n) {
  return range_policy<Space>(space, 0, chunks_in(n));
}

/// The chunks of [0, n) of `bytes` each on `space`, handed to the threads about block_bytes
/// (detail/host_tuning.hpp) at a time as they come free: a thread that lost its core delays
/// the call by little (count_if).
template <class Space>
auto dynamic_chunks(const Space& space, index n, std::size_t bytes) {
  using policy = Kokkos::RangePolicy<Space, Kokkos::IndexType<index>,
                                     Kokkos::Schedule<Kokkos::Dynamic>>;
  const index per =
      std::max<index>(1, detail::block_bytes / (chunk_size * static_cast<index>(bytes)));
  return policy(space, 0, chunks_in(n)).set_chunk_size(static_cast<int>(per));
}

/// The policy's instance, after checking that Kokkos is usable (std::runtime_error otherwise).
template <class Space>
Space space_of(const kokkos_policy<Space>& policy, const char* algorithm) {
  require_initialized((std::string("predix::") + algorithm + " on predix::kokkos").c_str());
  return policy.space();
}

/// Kokkos before 3.5 keeps the scratch memory of Serial's reductions and scans in one global,
/// so kernels run on Kokkos::Serial from two threads at once corrupt each other's results
/// (Kokkos 3.5 added a lock, kokkos/kokkos#4053). There every predix::kokkos call on Serial holds
/// this lock from its first kernel to its last: concurrent calls run one after the other.
/// Elsewhere it locks nothing.
template <class Space>
std::unique_lock<std::recursive_mutex> launch_lock(const Space&) {
#if KOKKOS_VERSION < 30500 && defined(KOKKOS_ENABLE_SERIAL)
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    static std::recursive_mutex serial;
    return std::unique_lock<std::recursive_mutex>(serial);
  }
#endif
  return {};
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

/// Runs body() unless an element has already failed; an exception is kept with the index that
/// `current` holds when it is thrown (body's loop variable).
template <class Body>
void guarded(errors* errs, const index& current, Body&& body) noexcept {
  if (errs->failed()) return;
  try {
    body();
  } catch (...) {
    errs->capture(current);
  }
}

template <class T, class Space>
using view = Kokkos::View<T*, typename Space::memory_space>;

/// n elements of T in `space`'s memory, allocated on that instance; left uninitialized where
/// T is trivial.
template <class T, class Space>
view<T, Space> make_view(const Space& space, const char* label, index n) {
  if constexpr (std::is_trivial_v<T>) {
    return view<T, Space>(
        Kokkos::view_alloc(space, Kokkos::WithoutInitializing, std::string(label)), n);
  } else {
    return view<T, Space>(Kokkos::view_alloc(space, std::string(label)), n);
  }
}

/// body(begin, end) for every chunk [begin, end) of [0, n), by a Kokkos::parallel_for;
/// rethrows what body() threw (for the lowest chunk, guarded).
template <class Space, class Body>
void for_each_chunk(const Space& space, const std::string& label, index n, const Body& body) {
  struct functor {
    Body body;
    index n;
    errors* errs;
    void operator()(const index c) const {
      const chunk part(c, n);
      guarded(errs, part.begin, [&] { body(part.begin, part.end); });
    }
  };
  errors errs;
  Kokkos::parallel_for(label, chunks(space, n), functor{body, n, &errs});
  space.fence();
  errs.rethrow();
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

/// Throws order_error unless acc is empty or ends where `begin` starts.
template <class T>
void check_adjacent(const partial<T>& acc, index begin) {
  if (!acc.empty && acc.end != begin) throw order_error();
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

/// The init and join of a scan's or reduction's functor, whose value is a partial<T>: the
/// functors derive from it and use its op and errs.
template <class T, class Op>
struct partial_value {
  using value_type = partial<T>;
  mutable Op op;
  errors* errs;

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

/// Scans and reductions keep user values in Kokkos's raw per-thread storage.
template <class T>
constexpr void check_accumulator() {
  static_assert(std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>,
                "predix::kokkos scans and reductions need a trivially copyable, default "
                "constructible accumulator type");
}

}  // namespace predix::kokkos_detail
