#pragma once
// Host side of the harness: arrays generated in parallel, a steady-clock timer, the parallel
// copy bandwidth, and the executors every host row runs on:
//   baselines: std (serial std:: algorithm), std_par (std::execution::par, libstdc++ over TBB),
//   thrust_omp and thrust_tbb (Thrust's OpenMP and TBB backends), kokkos_std
//   (Kokkos::Experimental on DefaultHostExecutionSpace, Kokkos ≥ 4);
//   predix_seq, predix_omp, predix_kokkos — whichever predix backends this build has.
// A bench source defines, per algorithm, a case type (`data<T>`, set up once per row) and one
// `call` overload per executor family (std_run and thrust_policy let one overload serve std
// and std_par, thrust_omp and thrust_tbb); add_host registers every executor of this build
// that the bench has a call for. absent_baselines() names those this build lacks, and why.
#include "harness.hpp"

#include <chrono>
#include <cstring>
#include <memory>
#include <type_traits>

#include <predix/predix.hpp>
#ifdef _OPENMP
#include <omp.h>
#endif
#ifndef PERF_HAS_THRUST_OMP
#define PERF_HAS_THRUST_OMP 0
#endif
#ifndef PERF_HAS_TBB
#define PERF_HAS_TBB 0
#endif
#if PERF_HAS_TBB
#include <execution>
#endif
#if PERF_HAS_THRUST_OMP
#include <thrust/system/omp/execution_policy.h>
#if PERF_HAS_TBB
#include <thrust/system/tbb/execution_policy.h>
#endif
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
struct std_par_tag {};     // std::execution::par
struct thrust_omp_tag {};  // thrust::omp::par
struct thrust_tbb_tag {};  // thrust::tbb::par
struct kokkos_std_tag {};  // Kokkos::Experimental on DefaultHostExecutionSpace

template <class P>
using if_predix = std::enable_if_t<predix::is_execution_policy_v<P>, int>;
/// The std:: and Thrust executors of this build (a call overload taking X serves each of them).
template <class X>
using if_std = std::enable_if_t<
    std::is_same_v<X, std_tag> || (PERF_HAS_TBB && std::is_same_v<X, std_par_tag>), int>;
template <class X>
using if_thrust = std::enable_if_t<
    PERF_HAS_THRUST_OMP && (std::is_same_v<X, thrust_omp_tag> ||
                            (PERF_HAS_TBB && std::is_same_v<X, thrust_tbb_tag>)),
    int>;

/// f(a...) serially, f(std::execution::par, a...) for std_par: one call overload for both, as in
/// `perf::std_run(x, [](auto... a) { return std::count_if(a...); }, first, last, pred)`.
template <class F, class... A>
auto std_run(std_tag, F f, A... a) { return f(a...); }
#if PERF_HAS_TBB
template <class F, class... A>
auto std_run(std_par_tag, F f, A... a) { return f(std::execution::par, a...); }
#endif
#if PERF_HAS_THRUST_OMP
inline auto thrust_policy(thrust_omp_tag) { return thrust::omp::par; }
#endif
#if PERF_HAS_THRUST_OMP && PERF_HAS_TBB
inline auto thrust_policy(thrust_tbb_tag) { return thrust::tbb::par; }
#endif

struct exec_std { static std_tag get() { return {}; } };
struct exec_std_par { static std_par_tag get() { return {}; } };
struct exec_thrust_omp { static thrust_omp_tag get() { return {}; } };
struct exec_thrust_tbb { static thrust_tbb_tag get() { return {}; } };
struct exec_kokkos_std { static kokkos_std_tag get() { return {}; } };
struct exec_seq { static const auto& get() { return predix::seq; } };
#if PREDIX_HAS_OPENMP
struct exec_omp { static const auto& get() { return predix::omp; } };
#endif
#if PREDIX_HAS_KOKKOS
struct exec_kokkos { static const auto& get() { return predix::kokkos; } };
#endif

/// The baselines this build lacks and why, for the report ("" when none is missing).
inline std::string absent_baselines() {
  std::string s;
  if (!PERF_HAS_TBB) s += "std_par, thrust_tbb: no TBB (apt-get install libtbb-dev); ";
  if (!PERF_HAS_THRUST_OMP) s += "thrust_omp: needs OpenMP and CCCL headers; ";
  if (!PERF_HAS_KOKKOS_STD) s += "kokkos_std: needs the Kokkos backend on Kokkos >= 4; ";
  return s.empty() ? s : s.substr(0, s.size() - 2);
}

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

/// Whether Bench has a call for Exec's executor (tested on the first type of a row set).
template <class Bench, class Exec, class T, class = void>
struct has_call : std::false_type {};
template <class Bench, class Exec, class T>
struct has_call<Bench, Exec, T,
                std::void_t<decltype(Bench::call(
                    Exec::get(), std::declval<typename Bench::template data<T>&>()))>>
    : std::true_type {};

template <class Bench, class Exec, class T, class... Ts>
void add_if_called(types<T, Ts...> ts, const char* algo, const char* impl, axis ax) {
  if constexpr (has_call<Bench, Exec, T>::value) add<host_impl<Bench, Exec>>(ts, algo, impl, ax);
}

/// Registers every executor of this build that Bench has a call for, over the types Ts.
template <class Bench, class... Ts>
bool add_host(types<Ts...> ts, const char* algo, axis ax) {
  add_if_called<Bench, exec_std>(ts, algo, "std", ax);
  add_if_called<Bench, exec_std_par>(ts, algo, "std_par", ax);
  add_if_called<Bench, exec_thrust_omp>(ts, algo, "thrust_omp", ax);
  add_if_called<Bench, exec_thrust_tbb>(ts, algo, "thrust_tbb", ax);
  add_if_called<Bench, exec_kokkos_std>(ts, algo, "kokkos_std", ax);
  add_if_called<Bench, exec_seq>(ts, algo, "predix_seq", ax);
#if PREDIX_HAS_OPENMP
  add_if_called<Bench, exec_omp>(ts, algo, "predix_omp", ax);
#endif
#if PREDIX_HAS_KOKKOS
  add_if_called<Bench, exec_kokkos>(ts, algo, "predix_kokkos", ax);
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
#endif

}  // namespace perf
