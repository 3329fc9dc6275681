// copy_if on CUDA: cub::DeviceSelect::If and ::Flagged (baselines) against predix::copy_if
// (in order, and under predix::cuda.unordered(): predix_unordered) and its stencil form, and
// remove_copy_if against cub::DeviceSelect::If with the negated predicate. Bytes: If n·s + k·s;
// Flagged n·s + n (flags) + k·s; remove n·s + (n − k)·s. Every CUB row runs on predix::cub too
// (predix_cub), and copy_if_graph10 replays ten If calls captured into a CUDA graph, CUB's and
// predix::cub's.
#include "common/cuda.cuh"

#include <cub/device/device_select.cuh>

#include <vector>

namespace {

/// Shared by every implementation: items, flags (Flagged only), output, selected count.
template <class T>
struct select_case : perf::device_items<T> {
  bool flagged;
  perf::dbuf<std::uint8_t> flags;
  perf::dbuf<T> out;
  perf::dbuf<std::int64_t> num{1};
  select_case(const perf::case_spec& c, bool flagged_)
      : perf::device_items<T>(c, 2 * sizeof(T) + flagged_), flagged(flagged_),
        flags(flagged ? this->n : 0, this->slots), out(this->n, this->slots) {
    if (flagged) perf::fill_flags(flags, this->pat);
    perf::poison(out);
  }
  double bytes() const {
    return flagged ? perf::bytes::flagged(this->n, sizeof(T), this->k) : perf::bytes::select(this->n, sizeof(T), this->k);
  }
  double remove_bytes() const { return perf::bytes::select(this->n, sizeof(T), this->n - this->k); }
};

template <perf::cub_end END, class Api>
struct cub_if {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, false);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceSelect::If(temp, bytes, d.in.at(s), d.out.at(s), d.num.p, perf::cub_items(d.n),
                                   perf::predicate<T>(), perf::stream());
    }, d.num.p, sizeof(std::int64_t));
  }
};

template <perf::cub_end END, class Api>
struct cub_flagged {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, true);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceSelect::Flagged(temp, bytes, d.in.at(s), d.flags.at(s), d.out.at(s), d.num.p,
                                        perf::cub_items(d.n), perf::stream());
    }, d.num.p, sizeof(std::int64_t));
  }
};

template <perf::cub_end END, class Api>
struct cub_remove {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, false);
    perf::cub_run<END>(st, c, d.remove_bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceSelect::If(temp, bytes, d.in.at(s), d.out.at(s), d.num.p, perf::cub_items(d.n),
                                   perf::rejects<T>(), perf::stream());
    }, d.num.p, sizeof(std::int64_t));
  }
};

/// Ten DeviceSelect::If calls (call i on slot s + i, so that no call finds its input in L2)
/// captured into a CUDA graph per slot and replayed: Api's calls as a graph runs them. Bytes:
/// ten times If's.
template <class Api>
struct graph_if {
  static constexpr int calls = 10;
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, false);
    std::size_t temp_bytes = 0;
    perf::check(Api::DeviceSelect::If(nullptr, temp_bytes, d.in.at(0), d.out.at(0), d.num.p,
                                      perf::cub_items(d.n), perf::predicate<T>(), perf::stream()),
                "temporary storage size");
    perf::dbuf<char> temp{std::int64_t(temp_bytes)};
    std::vector<cudaGraphExec_t> graphs(d.slots);
    for (int s = 0; s < d.slots; ++s) {
      cudaGraph_t graph;
      perf::check(cudaStreamBeginCapture(perf::stream(), cudaStreamCaptureModeGlobal), "capture");
      for (int i = 0; i < calls; ++i) {
        const int slot = (s + i) % d.slots;
        perf::check(Api::DeviceSelect::If(temp.p, temp_bytes, d.in.at(slot), d.out.at(slot),
                                          d.num.p, perf::cub_items(d.n), perf::predicate<T>(),
                                          perf::stream()),
                    "captured call");
      }
      perf::check(cudaStreamEndCapture(perf::stream(), &graph), "capture");
      perf::check(cudaGraphInstantiate(&graphs[s], graph, 0), "cudaGraphInstantiate");
      perf::check(cudaGraphDestroy(graph), "cudaGraphDestroy");
    }
    perf::cuda_run(st, c, calls * d.bytes(), d.slots, [&](int s) {
      perf::check(cudaGraphLaunch(graphs[s], perf::stream()), "cudaGraphLaunch");
    });
    for (auto g : graphs) perf::check(cudaGraphExecDestroy(g), "cudaGraphExecDestroy");
  }
};

const bool registered = perf::add_cub<cub_if>(perf::cuda_types{}, "copy_if", perf::axis::select) &&
                        perf::add_cub<cub_flagged>(perf::cuda_types{}, "copy_if_flagged", perf::axis::select) &&
                        perf::add_cub<cub_remove>(perf::cuda_types{}, "remove_copy_if", perf::axis::select) &&
                        perf::add<graph_if<perf::cub_api>>(perf::cuda_types{}, "copy_if_graph10", "cub", perf::axis::select)
#if PREDIX_HAS_CUDA
                        && perf::add<graph_if<perf::predix_cub_api>>(perf::cuda_types{}, "copy_if_graph10", "predix_cub", perf::axis::select)
#endif
    ;

#if PREDIX_HAS_CUDA
/// UNORDERED: under predix::cuda.unordered() (row predix_unordered).
template <bool UNORDERED = false>
struct predix_if {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, false);
    const auto policy = perf::ordered_or_not<UNORDERED>(predix::cuda.on(perf::stream()));
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      predix::copy_if(policy, d.in.at(s), d.in.at(s) + d.n, d.out.at(s), perf::predicate<T>());
    });
  }
};

struct predix_flagged {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, true);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      predix::copy_if(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, d.flags.at(s), d.out.at(s),
                      perf::nonzero{});
    });
  }
};

// remove_copy_if reaches the backend as copy_if with the negated predicate: if_probe.
struct predix_remove {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    select_case<T> d(c, false);
    perf::cuda_run(st, c, d.remove_bytes(), d.slots, [&](int s) {
      predix::remove_copy_if(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, d.out.at(s),
                             perf::predicate<T>());
    });
  }
};

template <class T>
using if_probe = decltype(predix::impl::copy_if(predix::cuda, (T*)0, (T*)0, (T*)0, (T*)0, perf::predicate<T>(), "copy_if"));
template <class T>
using flagged_probe =
    decltype(predix::impl::copy_if(predix::cuda, (T*)0, (T*)0, (std::uint8_t*)0, (T*)0, perf::nonzero{}, "copy_if"));

const bool registered_predix =
    perf::add_predix<if_probe, predix_if<>>(perf::cuda_types{}, "copy_if", perf::axis::select) &&
    perf::add<predix_if<true>>(perf::cuda_types{}, "copy_if", "predix_unordered", perf::axis::select) &&
    perf::add_predix<flagged_probe, predix_flagged>(perf::cuda_types{}, "copy_if_flagged", perf::axis::select) &&
    perf::add_predix<if_probe, predix_remove>(perf::cuda_types{}, "remove_copy_if", perf::axis::select);
#endif

}  // namespace
