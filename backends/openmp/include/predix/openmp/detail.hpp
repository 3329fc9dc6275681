#pragma once
// OpenMP plumbing shared by the backend's algorithms:
//   split          — cut a range into nearly equal pieces (64-bit sizes):
//                    10 elements, 3 threads → [0,4) [4,7) [7,10)
//   for_each_piece — one piece per thread, one parallel region (reduce, copies)
//   for_each_block — blocks handed to the threads as they come free (count_if)
//   two_pass       — rounds of  pass 1 on every thread | combine on thread 0 | pass 2 on every
//                    thread; a round is small enough that pass 2 finds its piece in cache
//                    (scan, compaction)
//   busy_cores     — after a team found the cores shared, the next calls run on the caller
//                    alone for a hold (team_for)
//   exception_slot — an exception thrown by a user functor is caught inside the region and
//                    rethrown on the caller after it (the one of the smallest position wins),
//                    never std::terminate.
// Chunking is explicit (omp_get_thread_num / omp_get_num_threads): `#pragma omp scan` is slow
// with g++ 12 and crashes clang 14. Every function works with any team size, including 1.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <chrono>
#include <exception>
#include <time.h>

#include <predix/detail/host_loops.hpp>
#include <predix/detail/host_tuning.hpp>

// Tuning. Tests may shrink these (for a whole executable) to stress the chunking.
#ifndef PREDIX_OPENMP_MIN_PIECE
#define PREDIX_OPENMP_MIN_PIECE 4096
#endif
#ifndef PREDIX_OPENMP_ROUND_BYTES
#define PREDIX_OPENMP_ROUND_BYTES ::predix::detail::round_bytes
#endif
#ifndef PREDIX_OPENMP_ALONE_RATIO
#define PREDIX_OPENMP_ALONE_RATIO 1
#endif
#ifndef PREDIX_OPENMP_BLOCK_BYTES
#define PREDIX_OPENMP_BLOCK_BYTES ::predix::detail::block_bytes
#endif
#ifndef PREDIX_OPENMP_HOLD_MS
#define PREDIX_OPENMP_HOLD_MS 10
#endif
#ifndef PREDIX_OPENMP_FIND_BLOCK
#define PREDIX_OPENMP_FIND_BLOCK 2048
#endif

namespace predix::impl::openmp_detail {

/// Fewest elements worth a thread of their own.
inline constexpr std::ptrdiff_t min_piece = PREDIX_OPENMP_MIN_PIECE;
/// What one thread's piece of a two-pass round may occupy (detail/host_tuning.hpp).
inline constexpr std::ptrdiff_t round_bytes = PREDIX_OPENMP_ROUND_BYTES;
/// What one for_each_block block reads (detail/host_tuning.hpp).
inline constexpr std::ptrdiff_t block_bytes = PREDIX_OPENMP_BLOCK_BYTES;
/// A two-pass team whose rounds take longer than alone_ratio × (threads) × thread 0's CPU time
/// in them, busy_rounds rounds in a row, would be slower than thread 0 alone: the cores are
/// shared, and a thread waits a scheduler's time slice at each barrier for one that lost its
/// core (two_pass). A one-off stall (a page fault, an interrupt) does not last two rounds.
inline constexpr long long alone_ratio = PREDIX_OPENMP_ALONE_RATIO;
inline constexpr int busy_rounds = 2;
/// Busy cores across calls (busy_cores): the first hold in ms (0: never hold), the longest,
/// and the shortest region judged (waking an idle team costs tens of µs; a busy core's time
/// slice, milliseconds).
inline constexpr long long hold_ns = PREDIX_OPENMP_HOLD_MS * 1000000ll;
inline constexpr long long hold_max_ns = 1000000000ll;
inline constexpr long long judged_ns = 1000000ll;
/// Elements find_if tests between two looks at the best index found so far.
inline constexpr std::ptrdiff_t find_block = PREDIX_OPENMP_FIND_BLOCK;
static_assert(min_piece >= 1 && round_bytes >= 1 && block_bytes >= 1 && find_block >= 1 &&
                  alone_ratio >= 0 && hold_ns >= 0,
              "bad OpenMP tuning");

inline long long wall_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline long long thread_cpu_ns() {  // the calling thread's
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/// Busy cores across calls: a parallel region that took its team longer than thread 0 would
/// have needed alone (wall > alone_ratio × threads × thread 0's CPU time in its work, and at
/// least judged_ns) found the cores shared; the calls of the next hold then run on the caller
/// alone (team_for: 1), for every region's end waits until each thread of the team has had a
/// time slice. The hold starts at hold_ns and doubles up to hold_max_ns while teams keep
/// finding the cores busy; a team that finds them idle resets it (docs/perf/host.md "Busy
/// cores across calls").
class busy_cores {
 public:
  explicit constexpr busy_cores(long long first_hold_ns) : first_(first_hold_ns), hold_(first_) {}
  bool holding() const noexcept {
    return first_ > 0 && wall_ns() < until_.load(std::memory_order_relaxed);
  }
  /// A region's verdict: its wall time, thread 0's CPU time in its work, its team's size.
  void judge(long long wall, long long cpu0, int threads) noexcept {
    if (threads < 2 || wall < judged_ns) return;
    if (wall <= alone_ratio * threads * cpu0) {
      hold_.store(first_, std::memory_order_relaxed);
    } else {
      found();
    }
  }
  void found() noexcept {  // the cores are busy
    if (first_ == 0) return;
    const long long h = hold_.load(std::memory_order_relaxed);
    until_.store(wall_ns() + h, std::memory_order_relaxed);
    hold_.store(std::min(2 * h, std::max(first_, hold_max_ns)), std::memory_order_relaxed);
  }

 private:
  const long long first_;
  std::atomic<long long> until_{0};
  std::atomic<long long> hold_;
};
inline busy_cores busy{hold_ns};

/// One region's measure for busy_cores (for_each_piece, for_each_block): its wall time, and
/// thread 0's CPU time between starts() and ends() when the team has two or more threads.
class region_clock {
 public:
  void starts(int t, int count) {
    if (t == 0 && count > 1) cpu0_ = thread_cpu_ns();
  }
  void ends(int t, int count) {
    if (t == 0 && count > 1) cpu0_ = thread_cpu_ns() - cpu0_, threads_ = count;
  }
  void judge() const { busy.judge(wall_ns() - start_, cpu0_, threads_); }  // after the region

 private:
  long long start_ = wall_ns(), cpu0_ = 0;
  int threads_ = 1;
};

/// Threads for n elements: one per min_piece elements, at most omp_get_max_threads(), at least
/// 1; 1 while the cores are held busy.
inline int team_for(std::ptrdiff_t n) {
  if (busy.holding()) return 1;
  const std::ptrdiff_t wanted = n / min_piece + (n % min_piece != 0);
  return static_cast<int>(std::clamp<std::ptrdiff_t>(wanted, 1, omp_get_max_threads()));
}

/// Elements per thread and round of a two-pass algorithm that keeps `bytes` per element.
constexpr std::ptrdiff_t tile_for(std::size_t bytes) {
  return std::max(min_piece, round_bytes / static_cast<std::ptrdiff_t>(bytes));
}

/// Elements of a for_each_block block of `bytes` each.
constexpr std::ptrdiff_t block_for(std::size_t bytes) {
  return std::max(min_piece, block_bytes / static_cast<std::ptrdiff_t>(bytes));
}

/// The part of a range one thread works on.
struct piece {
  int index;  // thread number
  int count;  // threads in the team
  std::ptrdiff_t begin, end;
  std::ptrdiff_t size() const { return end - begin; }
  bool last() const { return index == count - 1; }
};

/// Start of part `index` of `count` nearly equal parts of [0, len).
inline std::ptrdiff_t part_begin(std::ptrdiff_t len, std::ptrdiff_t index, std::ptrdiff_t count) {
  return index * (len / count) + std::min(index, len % count);
}

/// Piece `index` of `count` of [begin, begin + len).
inline piece split(std::ptrdiff_t begin, std::ptrdiff_t len, int index, int count) {
  return {index, count, begin + part_begin(len, index, count),
          begin + part_begin(len, index + 1, count)};
}

using detail::fold;

/// Thread 0's measure of a two-pass team (two_pass, busy cores): per round, its wall time from
/// round start to round start, and thread 0's CPU time in its two passes (not in the barriers,
/// where a waiting thread may spin); slow_rounds() counts the rounds in a row whose wall time
/// exceeded alone_ratio × threads × that CPU time.
class team_clock {
 public:
  void round_starts(int threads) {
    const long long now = wall_ns();
    if (started_) {
      const long long work = work_ns_ + (thread_cpu_ns() - resumed_);
      worked_ += work;
      slow_ = now - start_ > alone_ratio * threads * work ? slow_ + 1 : 0;
    }
    started_ = true;
    start_ = now;
    work_ns_ = 0;
    resumed_ = thread_cpu_ns();
  }
  void work_pauses() { work_ns_ += thread_cpu_ns() - resumed_; }
  void work_resumes() { resumed_ = thread_cpu_ns(); }
  int slow_rounds() const { return slow_; }
  long long worked_ns() const { return worked_ + work_ns_; }  // in all rounds, once paused

 private:
  bool started_ = false;
  int slow_ = 0;
  long long start_ = 0, work_ns_ = 0, resumed_ = 0, worked_ = 0;
};

/// value = min(value, candidate), atomically.
inline void lower(std::atomic<std::ptrdiff_t>& value, std::ptrdiff_t candidate) noexcept {
  std::ptrdiff_t current = value.load(std::memory_order_relaxed);
  while (candidate < current &&
         !value.compare_exchange_weak(current, candidate, std::memory_order_relaxed)) {
  }
}

/// Holds the exception of the smallest position thrown inside a parallel region.
class exception_slot {
 public:
  /// Runs f(); an exception it throws is kept, standing for position `at`, instead of escaping.
  template <class F>
  void run(std::ptrdiff_t at, F&& f) noexcept {
    try {
      f();
    } catch (...) {
      capture(at);
    }
  }
  /// From a catch block: keeps the current exception if none of a smaller position is kept.
  void capture(std::ptrdiff_t at) noexcept {
#pragma omp critical(predix_openmp_exception_slot)
    {
      if (!error_ || at < at_) {
        error_ = std::current_exception();
        at_ = at;
      }
    }
    failed_.store(true, std::memory_order_relaxed);
  }
  bool failed() const noexcept { return failed_.load(std::memory_order_relaxed); }
  std::ptrdiff_t position() const noexcept { return at_; }
  /// On the caller, after the region.
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::exception_ptr error_;
  std::ptrdiff_t at_ = 0;
  std::atomic<bool> failed_{false};
};

/// Runs body(piece) on each thread of one region of up to `team` threads; the pieces cut [0, n).
template <class Body>
void for_each_piece(std::ptrdiff_t n, int team, Body&& body) {
  exception_slot errors;
  region_clock clock;
#pragma omp parallel num_threads(team)
  {
    const int t = omp_get_thread_num(), count = omp_get_num_threads();
    clock.starts(t, count);
    const piece p = split(0, n, t, count);
    errors.run(p.begin, [&] { body(p); });
    clock.ends(t, count);
  }
  clock.judge();
  errors.rethrow();
}

/// Runs body(piece) over [0, n) cut into blocks of `block` elements in one region of up to
/// `team` threads (piece.index: the thread): thread t takes block t, then blocks in order as
/// it comes free; a thread that loses its core for a while delays the call by one block, not
/// by its whole share.
template <class Body>
void for_each_block(std::ptrdiff_t n, std::ptrdiff_t block, int team, Body&& body) {
  exception_slot errors;
  const std::ptrdiff_t blocks = n / block + (n % block != 0);
  std::atomic<std::ptrdiff_t> next{0};  // blocks handed out past each thread's first
  region_clock clock;
#pragma omp parallel num_threads(team)
  {
    const int t = omp_get_thread_num(), count = omp_get_num_threads();
    clock.starts(t, count);
    for (std::ptrdiff_t b = t; b < blocks && !errors.failed();
         b = count + next.fetch_add(1, std::memory_order_relaxed)) {
      const piece p{t, count, b * block, std::min(n, (b + 1) * block)};
      errors.run(p.begin, [&] { body(p); });
    }
    clock.ends(t, count);
  }
  clock.judge();
  errors.rethrow();
}

/// Cuts [0, n) into rounds of at most `tile` elements per thread, in one region of up to `team`
/// threads, and per round runs first(piece) on every thread, then combine(count) on thread 0
/// (count = threads in the team), then second(piece) on every thread. Barriers separate the
/// steps; after an exception every thread leaves together, at the next combine barrier.
/// Busy cores: once busy_rounds rounds in a row took the team longer than thread 0 would have
/// needed alone (alone_ratio), thread 0 does the rest by itself, in rounds of one piece
/// (combine(1)) without barriers (docs/perf/host.md "Busy cores"), and the next calls run
/// alone for a while (busy_cores).
template <class First, class Combine, class Second>
void two_pass(std::ptrdiff_t n, std::ptrdiff_t tile, int team, First&& first, Combine&& combine,
              Second&& second) {
  exception_slot errors;
  bool stop = false;   // thread 0 decides before the second barrier, all threads read after it
  bool alone = false;  // the same: thread 0 goes on by itself
  team_clock clock;    // thread 0's
  long long worked = 0;  // thread 0's CPU time in first() and second()
  int threads = 1;
  const long long start = wall_ns();
#pragma omp parallel num_threads(team)
  {
    const int t = omp_get_thread_num(), count = omp_get_num_threads();
    const std::ptrdiff_t per_round = tile * count;
    const std::ptrdiff_t rounds = n / per_round + (n % per_round != 0);
    for (std::ptrdiff_t r = 0; r < rounds; ++r) {
      const std::ptrdiff_t round_begin = part_begin(n, r, rounds);
      const piece p = split(round_begin, part_begin(n, r + 1, rounds) - round_begin, t, count);
      if (t == 0) clock.round_starts(count);
      errors.run(p.begin, [&] { first(p); });
      if (t == 0) clock.work_pauses();
#pragma omp barrier
      if (t == 0) {
        if (!errors.failed()) errors.run(round_begin, [&] { combine(count); });
        stop = errors.failed();
        alone = count > 1 && clock.slow_rounds() >= busy_rounds;
      }
#pragma omp barrier
      if (t == 0) clock.work_resumes();
      if (stop) break;  // not errors.failed(): a second() running meanwhile may set it
      errors.run(p.begin, [&] { second(p); });
      if (!alone) continue;
#pragma omp barrier
      if (t != 0) break;
      for (std::ptrdiff_t at = part_begin(n, r + 1, rounds); at < n && !errors.failed();
           at += tile) {
        const piece one{0, 1, at, std::min(at + tile, n)};
        errors.run(one.begin, [&] { first(one); });
        if (!errors.failed()) errors.run(one.begin, [&] { combine(1); });
        if (!errors.failed()) errors.run(one.begin, [&] { second(one); });
      }
      break;
    }
    if (t == 0 && count > 1) {
      clock.work_pauses();
      worked = clock.worked_ns();
      threads = count;
    }
  }
  if (alone) {
    busy.found();
  } else {
    busy.judge(wall_ns() - start, worked, threads);
  }
  errors.rethrow();
}

}  // namespace predix::impl::openmp_detail
