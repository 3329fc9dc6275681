#pragma once
// Host side of the harness: arrays generated in parallel, a steady-clock timer, the parallel
// copy bandwidth, and the executors every host row runs on:
//   std (serial std:: algorithm) and thrust_omp (Thrust's OpenMP backend) — baselines;
//   predix_seq, predix_omp, predix_kokkos — whichever predix backends this build has;
//   kokkos_std (Kokkos::Experimental's algorithms on DefaultHostExecutionSpace, Kokkos ≥ 4) —
//   a baseline for the algorithms it has, registered by those benches (add_kokkos_std).
// A bench source defines, per algorithm, a case type (`data<T>`, set up once per row) and one
// `call` overload per executor family, then registers all executors at once with add_host.
#include "harness.hpp"

#include <chrono>
#include <cstring>
#include <memory>

#include <predix/predix.hpp>
#ifdef _OPENMP
#include <omp.h>
#endif
#ifndef PERF_HAS_THRUST_OMP
#define PERF_HAS_THRUST_OMP 0
#endif
#if PERF_HAS_THRUST_OMP
#include <thrust/system/omp/execution_policy.h>
#endif
#if PREDIX_HAS_KOKKOS && KOKKOS_VERSION >= 40000
#define PERF_HAS_KOKKOS_STD 1
#include <Kokkos_StdAlgorithms.hpp>
#else
#define PERF_HAS_KOKKOS_STD 0
#endif

namespace perf {

/// n items, uninitialised (first touched by the parallel fill that follows).
template <class T>
struct host_array {
  std::int64_t n;
  std::unique_ptr<T[]> p;
  explicit host_array(std::int64_t n_) : n(n_), p(new T[std::size_t(n_)]) {}
  T* begin() const { return p.get(); }
  T* end() const { return p.get() + n; }
};

/// a[i] = f(i), in parallel.
template <class T, class F>
void generate(host_array<T>& a, F f) {
  T* p = a.begin();
  const std::int64_t n = a.n;
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) p[i] = f(i);
}

template <class T>
void parallel_copy(const T* from, std::int64_t n, T* to) {
#pragma omp parallel
  {
#ifdef _OPENMP
    const std::int64_t t = omp_get_thread_num(), nt = omp_get_num_threads();
#else
    const std::int64_t t = 0, nt = 1;
#endif
    const std::int64_t b = n * t / nt, e = n * (t + 1) / nt;
    std::memcpy(to + b, from + b, std::size_t(e - b) * sizeof(T));
  }
}

inline std::int64_t count_selected(const pattern& p, std::int64_t n) {
  std::int64_t k = 0;
#pragma omp parallel for reduction(+ : k) schedule(static)
  for (std::int64_t i = 0; i < n; ++i) k += selected(p, i);
  return k;
}

/// The input of a selection case (items and their selected count), shared by every executor.
template <class T>
struct host_items {
  std::int64_t n, k;
  host_array<T> in;
  explicit host_items(const case_spec& c) : n(c.n()), k(0), in(n) {
    const pattern p = pattern_of(c);
    generate(in, [&](std::int64_t i) { return item<T>(p, i); });
    k = count_selected(p, n);
  }
};

struct host_timer {
  std::chrono::steady_clock::time_point t0;
  void sync() {}
  void start() { t0 = std::chrono::steady_clock::now(); }
  double stop() { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
};

/// Times `run()` (after an untimed `prep()` per iteration) and fills the row's counters.
template <class Prep, class Run>
void host_run(benchmark::State& st, const case_spec& c, double bytes, Prep&& prep, Run&& run) {
  host_timer timer;
  time_loop(st, c, bytes, 1, timer, [&](int) { prep(); }, [&](int) { run(); });
}

/// Parallel std::memcpy of 256 MiB (one chunk per thread), median of 9: bytes read + written.
inline double measure_host_copy() {
  const std::int64_t n = std::int64_t(1) << 28;
  host_array<char> a(n), b(n);
  generate(a, [](std::int64_t i) { return char(i); });
  generate(b, [](std::int64_t) { return char(0); });
  std::vector<double> t;
  for (int r = 0; r < 10; ++r) {
    host_timer timer;
    timer.start();
    parallel_copy(a.begin(), n, b.begin());
    if (r > 0) t.push_back(timer.stop());
  }
  std::sort(t.begin(), t.end());
  return 2.0 * double(n) / t[t.size() / 2] * 1e-9;
}

/// "model name" of /proc/cpuinfo, or "" (Google Benchmark's context lacks the CPU's name).
inline std::string cpu_name() {
  std::FILE* f = std::fopen("/proc/cpuinfo", "r");
  if (!f) return "";
  char line[512];
  std::string name;
  while (name.empty() && std::fgets(line, sizeof line, f))
    if (std::strncmp(line, "model name", 10) == 0 && std::strchr(line, ':')) {
      name = std::strchr(line, ':') + 2;
      name.erase(name.find_last_not_of(" \n") + 1);
    }
  std::fclose(f);
  return name;
}

// ---------------------------------------------------------------- executors
struct std_tag {};         // serial std:: algorithms
struct thrust_omp_tag {};  // thrust::omp::par
struct kokkos_std_tag {};  // Kokkos::Experimental on DefaultHostExecutionSpace

template <class P>
using if_predix = std::enable_if_t<predix::is_execution_policy_v<P>, int>;

struct exec_std { static std_tag get() { return {}; } };
struct exec_thrust_omp { static thrust_omp_tag get() { return {}; } };
struct exec_kokkos_std { static kokkos_std_tag get() { return {}; } };
struct exec_seq { static const auto& get() { return predix::seq; } };
#if PREDIX_HAS_OPENMP
struct exec_omp { static const auto& get() { return predix::omp; } };
#endif
#if PREDIX_HAS_KOKKOS
struct exec_kokkos { static const auto& get() { return predix::kokkos; } };
#endif

/// One row: Bench::data<T> set up outside the timing, Bench::prep (untimed), Bench::call (timed).
template <class Bench, class Exec>
struct host_impl {
  template <class T>
  static void run(benchmark::State& st, const case_spec& c) {
    typename Bench::template data<T> d(c);
    host_run(st, c, d.bytes(), [&] { d.prep(); }, [&] {
      benchmark::DoNotOptimize(Bench::call(Exec::get(), d));
      benchmark::ClobberMemory();
    });
  }
};

/// Registers every executor of this build for Bench over the types Ts.
template <class Bench, class... Ts>
bool add_host(types<Ts...> ts, const char* algo, axis ax) {
  add<host_impl<Bench, exec_std>>(ts, algo, "std", ax);
#if PERF_HAS_THRUST_OMP
  add<host_impl<Bench, exec_thrust_omp>>(ts, algo, "thrust_omp", ax);
#endif
  add<host_impl<Bench, exec_seq>>(ts, algo, "predix_seq", ax);
#if PREDIX_HAS_OPENMP
  add<host_impl<Bench, exec_omp>>(ts, algo, "predix_omp", ax);
#endif
#if PREDIX_HAS_KOKKOS
  add<host_impl<Bench, exec_kokkos>>(ts, algo, "predix_kokkos", ax);
#endif
  return true;
}

#if PERF_HAS_KOKKOS_STD
/// Kokkos::Experimental's iterators take Views: an unmanaged one over a host array.
template <class T>
auto kokkos_view(const host_array<T>& a) {
  using space = Kokkos::DefaultHostExecutionSpace;
  return Kokkos::View<T*, space::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(a.begin(),
                                                                                       a.n);
}

/// Registers the kokkos_std row of Bench (which has a call for kokkos_std_tag).
template <class Bench, class... Ts>
bool add_kokkos_std(types<Ts...> ts, const char* algo, axis ax) {
  add<host_impl<Bench, exec_kokkos_std>>(ts, algo, "kokkos_std", ax);
  return true;
}
#endif

}  // namespace perf
