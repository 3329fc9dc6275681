// reduce on CUDA: cub::DeviceReduce::Sum (the baseline) against predix::reduce with plus,
// both into the item type, over the scans' small random items. Bytes: n·s.
#include "common/cuda.cuh"

#include <cub/device/device_reduce.cuh>

namespace {

template <class T>
struct reduce_case {
  std::int64_t n;
  int slots;
  perf::dbuf<T> in;
  perf::dbuf<T> sum{1};
  explicit reduce_case(const perf::case_spec& c)
      : n(c.n()), slots(perf::slots_for(double(n) * sizeof(T))), in(n, slots) {
    perf::fill_scan<T>(in, perf::pattern_of(c));
  }
  double bytes() const { return perf::bytes::count(n, sizeof(T)); }
};

template <perf::cub_end END, class Api>
struct cub_reduce {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    reduce_case<T> d(c);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceReduce::Sum(temp, bytes, d.in.at(s), d.sum.p, perf::cub_items(d.n), perf::stream());
    }, d.sum.p, sizeof(T));
  }
};

const bool registered = perf::add_cub<cub_reduce>(perf::cuda_types{}, "reduce", perf::axis::none);

#if PREDIX_HAS_CUDA
struct predix_reduce {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    reduce_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(
          predix::reduce(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, T(0), std::plus<>{}));
    });
  }
};

template <class T>
using probe = decltype(predix::impl::reduce(predix::cuda, (T*)0, (T*)0, T(0), std::plus<>{}, "reduce"));

const bool registered_predix = perf::add_predix<probe, predix_reduce>(perf::cuda_types{}, "reduce", perf::axis::none);
#endif

}  // namespace
