// count_if on CUDA: cub::DeviceReduce::Sum over a transform iterator of the predicate (the
// baseline; int64 counts, as thrust::count_if) against predix::count_if. Bytes: n·s.
#include "common/cuda.cuh"

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

namespace {

template <class T>
struct count_case : perf::device_items<T> {
  perf::dbuf<std::int64_t> count{1};
  explicit count_case(const perf::case_spec& c) : perf::device_items<T>(c, sizeof(T)) {}
  double bytes() const { return perf::bytes::count(this->n, sizeof(T)); }
};

/// 1 where the predicate holds, else 0, in the count's type.
template <class T>
struct as_count {
  perf::below<T> pred;
  __host__ __device__ std::int64_t operator()(const T& x) const { return pred(x) ? 1 : 0; }
};

template <perf::cub_end END, class Api>
struct cub_count {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    count_case<T> d(c);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      auto flags = thrust::make_transform_iterator(d.in.at(s), as_count<T>{perf::predicate<T>()});
      return Api::DeviceReduce::Sum(temp, bytes, flags, d.count.p, perf::cub_items(d.n), perf::stream());
    }, d.count.p, sizeof(std::int64_t));
  }
};

const bool registered = perf::add_cub<cub_count>(perf::cuda_types{}, "count_if", perf::axis::select);

#if PREDIX_HAS_CUDA
struct predix_count {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    count_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(
          predix::count_if(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, perf::predicate<T>()));
    });
  }
};

template <class T>
using probe = decltype(predix::impl::count_if(predix::cuda, (T*)0, (T*)0, perf::predicate<T>(), "count_if"));

const bool registered_predix = perf::add_predix<probe, predix_count>(perf::cuda_types{}, "count_if", perf::axis::select);
#endif

}  // namespace
