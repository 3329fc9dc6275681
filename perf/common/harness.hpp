#pragma once
// Plumbing shared by every benchmark, host (.cpp) and CUDA (.cu):
//   - the case matrix (types × sizes × selectivities) and its command-line / env choice,
//   - reproducible data: item i of a case is a pure function of (seed, i), so host threads
//     and CUDA threads generate it in parallel, and every implementation sees the same input,
//   - the byte counts of DESIGN.md §8 and the counters of every row (GB/s, fraction of the
//     measured copy bandwidth, speedup of predix rows over each baseline row of the same case),
//   - the registry: a bench source registers one implementation of one algorithm for a list
//     of types; main() expands it over the matrix, baselines before predix, so that a predix
//     row finds its baselines' times.
// Row names: ALGO/IMPL/TYPE/log2n:K[/sel:S | /hit:H | /run:R]   e.g. copy_if/cub/int32/log2n:28/sel:50
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__CUDACC__)
#define PERF_HD __host__ __device__
#else
#define PERF_HD
#endif

namespace perf {

// ---------------------------------------------------------------- data
/// Which items a case selects: each item by itself (random), in runs of 2^run_log2 items
/// drawn together (clustered), or a single index `hit` (find/any_of; -1: none).
struct pattern {
  enum mode_t : int { random, runs, single } mode = random;
  std::uint64_t seed = 0x5eed;
  std::uint32_t per_100k = 50000;  // selected fraction × 100000 (random and runs)
  std::uint32_t run_log2 = 12;
  std::int64_t hit = -1;
  std::uint32_t mean_run = 1;  // by-key cases: keys in runs of this mean length
};

PERF_HD inline std::uint64_t mix(std::uint64_t x) {  // splitmix64 finalizer
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

PERF_HD inline bool selected(const pattern& p, std::int64_t i) {
  if (p.mode == pattern::single) return i == p.hit;
  const std::uint64_t key = p.mode == pattern::runs ? std::uint64_t(i) >> p.run_log2 : std::uint64_t(i);
  return mix(p.seed ^ (key * 0xd1b54a32d192ed03ull)) % 100000u < p.per_100k;
}

/// By-key cases: item i starts a run of keys with probability 1/mean_run (item 0 always), so
/// runs have random lengths of mean p.mean_run.
PERF_HD inline bool run_head(const pattern& p, std::int64_t i) {
  return i == 0 || mix(p.seed ^ (std::uint64_t(i) * 0x9e6c63d0676a9a99ull)) % p.mean_run == 0;
}

/// The predicate of every selection benchmark: x < threshold<T>() (a stateful functor, as
/// CUB's own benchmarks use).
template <class T>
struct below {
  T limit;
  PERF_HD bool operator()(const T& x) const { return x < limit; }
};
/// Its negation: what remove_copy_if keeps, for baselines that only select.
template <class T>
struct at_least {
  T limit;
  PERF_HD bool operator()(const T& x) const { return !(x < limit); }
};

/// The predicate of the stencil (Flagged) forms.
struct nonzero {
  template <class T>
  PERF_HD bool operator()(const T& x) const { return x != 0; }
};

/// Converts to U (0/1 flags → counts; 0/1 per item for a count as a sum).
template <class U>
struct widen {
  template <class T>
  PERF_HD U operator()(const T& x) const { return U(x); }
};

template <class T>
PERF_HD T threshold() {
  if constexpr (std::is_floating_point_v<T>) return T(1);
  else return T(std::uint64_t(1) << (8 * sizeof(T) - 1 - std::is_signed_v<T>));  // 128, 2^14, 2^30, 2^62
}
template <class T>
below<T> predicate() { return below<T>{threshold<T>()}; }
template <class T>
at_least<T> rejects() { return at_least<T>{threshold<T>()}; }

/// Item i of a selection case: never zero; below the threshold exactly when selected.
template <class T>
PERF_HD T item(const pattern& p, std::int64_t i) {
  const std::uint64_t h = mix(p.seed + 0x632be59bd9b4e019ull * std::uint64_t(i + 1));
  const bool sel = selected(p, i);
  if constexpr (std::is_floating_point_v<T>) {
    const T u = T((h >> 40) | 1) * T(1.0 / 16777216.0);  // (0, 1)
    return sel ? u : T(1) + u;
  } else {
    const std::uint64_t m = std::uint64_t(threshold<T>());
    return T(sel ? 1 + h % (m - 1) : m + h % m);
  }
}

/// Scans: `flags_i32` is the 0/1 flags → int32 offsets case (uint8 in, int32 out; a generic
/// scan), `bools_i32` the same flags as bool (the binary path of DESIGN.md §2, exclusive_scan
/// only: an inclusive scan of bool accumulates in bool); any other type scans small random
/// non-zero values into the same type (bool: random 0/1).
struct flags_i32 {};
struct bools_i32 {};
/// By-key cases: keys K and values V (type name "K+V"); a plain type T: keys T, values int32.
template <class K, class V> struct keyed {};
template <class T> struct key_of { using type = T; };
template <class K, class V> struct key_of<keyed<K, V>> { using type = K; };
template <class T> struct value_of { using type = std::int32_t; };
template <class K, class V> struct value_of<keyed<K, V>> { using type = V; };
template <class T> struct io { using in = T; using out = T; };
template <> struct io<flags_i32> { using in = std::uint8_t; using out = std::int32_t; };
template <> struct io<bools_i32> { using in = bool; using out = std::int32_t; };

template <class T>
PERF_HD typename io<T>::in scan_item(const pattern& p, std::int64_t i) {
  if constexpr (std::is_same_v<T, flags_i32> || std::is_same_v<T, bools_i32>) {
    return selected(p, i) ? 1 : 0;
  } else if constexpr (std::is_same_v<T, bool>) {  // by-key values: random 0/1
    return (mix(p.seed + std::uint64_t(i)) & 1) != 0;
  } else {
    return T(1 + (mix(p.seed + std::uint64_t(i)) & 3));
  }
}

template <class T> constexpr const char* type_name();
template <> constexpr const char* type_name<std::uint8_t>() { return "uint8"; }
template <> constexpr const char* type_name<std::int16_t>() { return "int16"; }
template <> constexpr const char* type_name<std::int32_t>() { return "int32"; }
template <> constexpr const char* type_name<std::int64_t>() { return "int64"; }
template <> constexpr const char* type_name<float>() { return "float"; }
template <> constexpr const char* type_name<flags_i32>() { return "uint8>int32"; }
template <> constexpr const char* type_name<bools_i32>() { return "bool>int32"; }
template <> constexpr const char* type_name<keyed<std::uint8_t, std::int32_t>>() { return "uint8+int32"; }
template <> constexpr const char* type_name<keyed<std::uint8_t, float>>() { return "uint8+float"; }
template <> constexpr const char* type_name<keyed<std::int32_t, std::int32_t>>() { return "int32+int32"; }
template <> constexpr const char* type_name<keyed<std::int32_t, float>>() { return "int32+float"; }
template <> constexpr const char* type_name<keyed<std::int64_t, std::int32_t>>() { return "int64+int32"; }
template <> constexpr const char* type_name<keyed<std::int64_t, float>>() { return "int64+float"; }
template <> constexpr const char* type_name<keyed<std::uint8_t, bool>>() { return "uint8+bool"; }
template <> constexpr const char* type_name<keyed<std::int32_t, bool>>() { return "int32+bool"; }
template <> constexpr const char* type_name<keyed<std::int64_t, bool>>() { return "int64+bool"; }

// ---------------------------------------------------------------- bytes (DESIGN.md §8)
namespace bytes {
inline double scan(std::int64_t n, double in, double out) { return n * (in + out); }  // 2n·s
inline double select(std::int64_t n, double s, std::int64_t k) { return n * s + k * s; }
inline double flagged(std::int64_t n, double s, std::int64_t k) { return n * s + n + k * s; }
inline double partition(std::int64_t n, double s) { return 2.0 * n * s; }
inline double count(std::int64_t n, double s) { return n * s; }
inline double find(std::int64_t read, double s) { return read * s; }  // items up to the hit
// by key, k runs: keys sk, values sv
inline double unique(std::int64_t n, double sk, std::int64_t k) { return n * sk + k * sk; }
inline double encode(std::int64_t n, double sk, std::int64_t k) { return n * sk + k * (sk + 4); }
inline double reduce_by_key(std::int64_t n, double sk, double sv, std::int64_t k) { return (n + k) * (sk + sv); }
inline double scan_by_key(std::int64_t n, double sk, double sv) { return n * (sk + 2 * sv); }
}  // namespace bytes

// ---------------------------------------------------------------- matrix and registry
/// What a case varies besides type and size: selectivity, hit position, mean run length of the
/// keys (by-key algorithms), or nothing (scans).
enum class axis { select, find, run, spread, none };

struct case_spec {
  std::string algo, impl, type;
  int log2n = 20;
  axis ax = axis::none;
  std::string sel;  // "1", "50", "99", "clustered" (select), "1", "50", "99", "none" (find),
                    // "1", "8", "256" (run), "uniform", "hot4", "one" (spread: histograms)
  std::int64_t n() const { return std::int64_t(1) << log2n; }
  bool is_baseline() const { return impl.rfind("predix", 0) != 0; }
  std::string key() const { return algo + "/" + type + "/" + std::to_string(log2n) + "/" + sel; }
};

/// The data pattern of a case (the same for every implementation of it).
inline pattern pattern_of(const case_spec& c) {
  pattern p;
  if (c.ax == axis::spread) return p;  // the histogram bench fills its own samples
  if (c.ax == axis::run) {
    p.mean_run = std::uint32_t(std::stoul(c.sel));
  } else if (c.ax == axis::find) {
    p.mode = pattern::single;
    p.hit = c.sel == "none" ? -1 : c.n() / 100 * std::stoll(c.sel);
  } else if (c.sel == "clustered") {
    p.mode = pattern::runs;
  } else if (!c.sel.empty()) {
    p.per_100k = std::uint32_t(std::stod(c.sel) * 1000);
  }
  return p;
}

/// Thrown while setting up a case that cannot run here (memory); the row is skipped.
struct skipped : std::runtime_error { using std::runtime_error::runtime_error; };

using bench_fn = void (*)(benchmark::State&, const case_spec&);
struct entry {
  std::string algo, impl, type;
  axis ax;
  bench_fn fn;
};
inline std::vector<entry>& registry() { static std::vector<entry> r; return r; }

template <class... Ts> struct types {};

/// Registers Impl::run<T> for each T: perf::add<cub_if>(perf::types<int, float>{}, "copy_if", "cub", perf::axis::select)
template <class Impl, class... Ts>
bool add(types<Ts...>, const char* algo, const char* impl, axis ax) {
  (registry().push_back({algo, impl, type_name<Ts>(), ax, &Impl::template run<Ts>}), ...);
  return true;
}

struct config {
  std::vector<int> sizes;               // log2 of the item counts
  std::vector<std::string> types, sels, hits, runs = {"1", "8", "256"},
                                     spreads = {"uniform", "hot4", "one"};
  int max_big_log2 = 28;                // above this, only uint8 and int32 run (memory, time)
};

/// Items by which every device buffer of a case starts past a 16-byte boundary (--offset=K):
/// 0 times aligned data, 1 a sub-range one item in, as `v.begin() + 1` gives. The same for
/// every implementation of a row.
inline int& offset_items() { static int k = 0; return k; }

inline std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b <= s.size()) {
    const std::size_t e = std::min(s.find(',', b), s.size());
    if (e > b) out.push_back(s.substr(b, e - b));
    b = e + 1;
  }
  return out;
}

/// Takes --sizes=16,20 --types=uint8,int32 --sels=1,50,99,clustered --hits=50,none --runs=1,8,256
/// --spreads=uniform,hot4,one --offset=1 from argv (removing them) or from
/// PREDIX_PERF_{SIZES,TYPES,SELS,HITS,RUNS,SPREADS,OFFSET}; otherwise
/// keeps the defaults.
inline void parse(int& argc, char** argv, config& cfg) {
  auto take = [&](const char* flag, const char* env, auto&& set) {
    if (const char* v = std::getenv(env)) set(std::string(v));
    const std::string prefix = std::string("--") + flag + "=";
    for (int i = 1; i < argc; ++i)
      if (std::string(argv[i]).rfind(prefix, 0) == 0) {
        set(std::string(argv[i]).substr(prefix.size()));
        std::copy(argv + i + 1, argv + argc, argv + i);
        --argc, --i;
      }
  };
  take("sizes", "PREDIX_PERF_SIZES", [&](const std::string& v) {
    cfg.sizes.clear();
    for (auto& s : split(v)) cfg.sizes.push_back(std::stoi(s));
  });
  take("types", "PREDIX_PERF_TYPES", [&](const std::string& v) { cfg.types = split(v); });
  take("sels", "PREDIX_PERF_SELS", [&](const std::string& v) { cfg.sels = split(v); });
  take("hits", "PREDIX_PERF_HITS", [&](const std::string& v) { cfg.hits = split(v); });
  take("runs", "PREDIX_PERF_RUNS", [&](const std::string& v) { cfg.runs = split(v); });
  take("spreads", "PREDIX_PERF_SPREADS", [&](const std::string& v) { cfg.spreads = split(v); });
  take("offset", "PREDIX_PERF_OFFSET", [&](const std::string& v) {
    const int k = std::stoi(v);
    if (k < 0 || k > 15) throw std::invalid_argument("--offset: 0 to 15 items");
    offset_items() = k;
  });
}

inline double& copy_gbps() { static double v = 0; return v; }  // the run's copy bandwidth

/// Fills the counters of a finished row from its iteration times and remembers baseline times
/// for the predix rows. GBps (and frac_copy, vs_*) come from the median iteration, so that a
/// rare stall of the machine does not move a row of 10 µs calls; Google Benchmark's own time
/// column stays the mean.
inline void finish(benchmark::State& st, const case_spec& c, double bytes, std::vector<double> seconds) {
  static std::map<std::string, std::map<std::string, double>> baseline_seconds;
  if (seconds.empty()) return;
  const auto mid = seconds.begin() + std::ptrdiff_t(seconds.size() / 2);
  std::nth_element(seconds.begin(), mid, seconds.end());
  const double per_iter = *mid;
  if (per_iter <= 0) return;
  const double gbps = bytes / per_iter * 1e-9;
  st.SetBytesProcessed(std::int64_t(bytes * double(seconds.size())));
  st.counters["GBps"] = gbps;
  if (copy_gbps() > 0) st.counters["frac_copy"] = gbps / copy_gbps();
  if (c.is_baseline()) baseline_seconds[c.key()][c.impl] = per_iter;
  else
    for (auto& [impl, t] : baseline_seconds[c.key()]) st.counters["vs_" + impl] = t / per_iter;
}

/// The timed loop: `prep(slot)` untimed (restores in-place inputs), `run(slot)` timed by
/// `Timer` (start/stop → seconds); two warm-up runs first; slots rotate (cold caches).
template <class Timer, class Prep, class Run>
void time_loop(benchmark::State& st, const case_spec& c, double bytes, int slots, Timer& timer,
               Prep&& prep, Run&& run) {
  for (int w = 0; w < 2; ++w) prep(w % slots), run(w % slots);
  timer.sync();
  std::vector<double> seconds;
  int slot = 0;
  for (auto _ : st) {
    prep(slot);
    timer.start();
    run(slot);
    const double s = timer.stop();
    st.SetIterationTime(s);
    seconds.push_back(s);
    slot = (slot + 1) % slots;
  }
  finish(st, c, bytes, std::move(seconds));
}

inline bool wanted(const std::vector<std::string>& list, const std::string& v) {
  return list.empty() || std::find(list.begin(), list.end(), v) != list.end();
}

/// Expands the registry over the matrix: per algorithm (sorted), type, size and case, the
/// baselines first, then the predix implementations.
inline void register_all(const config& cfg) {
  auto entries = registry();
  std::stable_sort(entries.begin(), entries.end(), [](const entry& a, const entry& b) {
    return a.algo < b.algo;
  });
  const char* order[] = {"uint8",       "int16",       "int32",       "int64",       "float",
                         "uint8>int32", "bool>int32",  "uint8+int32", "uint8+float", "int32+int32",
                         "int32+float", "int64+int32", "int64+float", "uint8+bool",  "int32+bool",
                         "int64+bool"};
  auto input_type = [](const std::string& t) { return t.substr(0, t.find_first_of(">+")); };
  for (std::size_t a = 0; a < entries.size();) {
    std::size_t b = a;
    while (b < entries.size() && entries[b].algo == entries[a].algo) ++b;
    for (const char* type : order) {
      if (!wanted(cfg.types, input_type(type))) continue;
      const bool big_ok = input_type(type) == "uint8" || input_type(type) == "int32" ||
                          input_type(type) == "bool";
      for (int log2n : cfg.sizes) {
        if (log2n > cfg.max_big_log2 && !big_ok) continue;
        const auto ax = entries[a].ax;
        const std::vector<std::string> cases = ax == axis::select ? cfg.sels
                                               : ax == axis::find ? cfg.hits
                                               : ax == axis::run  ? cfg.runs
                                               : ax == axis::spread ? cfg.spreads
                                                                  : std::vector<std::string>{""};
        for (const auto& sel : cases)
          for (int pass = 0; pass < 2; ++pass)  // baselines, then predix
            for (std::size_t e = a; e < b; ++e) {
              const entry& en = entries[e];
              case_spec c{en.algo, en.impl, en.type, log2n, en.ax, sel};
              if (en.type != type || c.is_baseline() != (pass == 0)) continue;
              std::string name = c.algo + "/" + c.impl + "/" + c.type + "/log2n:" + std::to_string(log2n);
              if (ax != axis::none)
                name += (ax == axis::select ? "/sel:"
                         : ax == axis::find ? "/hit:"
                         : ax == axis::run  ? "/run:"
                                            : "/spread:") +
                        sel;
              bench_fn fn = en.fn;
              benchmark::RegisterBenchmark(name.c_str(), [fn, c](benchmark::State& st) {
                try {
                  fn(st, c);
                } catch (const std::exception& e) {
                  st.SkipWithError(e.what());
                }
              })->UseManualTime()->Unit(benchmark::kMicrosecond);
            }
      }
    }
    a = b;
  }
}

/// The shared main: GB flags, then ours, then the copy bandwidth, then the rows.
/// `measure_copy` returns the copy bandwidth in GB/s (bytes read + written).
template <class MeasureCopy>
int run_main(int argc, char** argv, config cfg, const char* platform, MeasureCopy&& measure_copy) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing |= std::string(argv[i]).rfind("--benchmark_list_tests", 0) == 0;
  benchmark::Initialize(&argc, argv);
  parse(argc, argv, cfg);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("perf_platform", platform);
  benchmark::AddCustomContext("offset_items", std::to_string(offset_items()));
  if (!listing) {
    copy_gbps() = measure_copy();
    benchmark::AddCustomContext("copy_GBps", std::to_string(copy_gbps()));
    std::fprintf(stderr, "predix perf: %s copy bandwidth %.1f GB/s (read + write)\n", platform, copy_gbps());
  }
  register_all(cfg);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace perf
