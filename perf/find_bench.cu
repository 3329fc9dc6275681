// find_if, any_of and all_of on CUDA: thrust::find_if / any_of / all_of on the CUDA system
// (baselines; temporary storage from an arena allocated outside the timed region) against
// predix::find_if / any_of / all_of. One item matches, at 1%, 50% or 99% of the range, or none
// ("none": the whole range is read); all_of asks whether every item is rejected (its predicate
// the negation, so it reads up to the same match). Bytes: the items up to the match,
// (index + 1)·s, or n·s.
#include "common/cuda.cuh"

#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/logical.h>

namespace {

template <class T>
struct find_case : perf::device_items<T> {
  perf::arena temp{std::size_t(64) << 20};
  explicit find_case(const perf::case_spec& c) : perf::device_items<T>(c, sizeof(T)) {}
  double bytes() const {
    return perf::bytes::find(this->pat.hit < 0 ? this->n : this->pat.hit + 1, sizeof(T));
  }
  auto thrust_policy() {
    temp.reset();
    return thrust::cuda::par(temp).on(perf::stream());
  }
};

struct thrust_find {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(thrust::find_if(d.thrust_policy(), d.in.at(s), d.in.at(s) + d.n, perf::predicate<T>()));
    });
  }
};

struct thrust_any {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(thrust::any_of(d.thrust_policy(), d.in.at(s), d.in.at(s) + d.n, perf::predicate<T>()));
    });
  }
};

struct thrust_all {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(thrust::all_of(d.thrust_policy(), d.in.at(s), d.in.at(s) + d.n, perf::rejects<T>()));
    });
  }
};

const bool registered = perf::add<thrust_find>(perf::cuda_types{}, "find_if", "thrust", perf::axis::find) &&
                        perf::add<thrust_any>(perf::cuda_types{}, "any_of", "thrust", perf::axis::find) &&
                        perf::add<thrust_all>(perf::cuda_types{}, "all_of", "thrust", perf::axis::find);

#if PREDIX_HAS_CUDA
struct predix_find {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(
          predix::find_if(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, perf::predicate<T>()));
    });
  }
};

struct predix_any {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(
          predix::any_of(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, perf::predicate<T>()));
    });
  }
};

struct predix_all {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(
          predix::all_of(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, perf::rejects<T>()));
    });
  }
};

template <class T>
using probe = decltype(predix::impl::find_if(predix::cuda, (T*)0, (T*)0, perf::predicate<T>()));

const bool registered_predix =
    perf::add_predix<probe, predix_find>(perf::cuda_types{}, "find_if", perf::axis::find) &&
    perf::add_predix<probe, predix_any>(perf::cuda_types{}, "any_of", perf::axis::find) &&
    perf::add_predix<probe, predix_all>(perf::cuda_types{}, "all_of", perf::axis::find);
#endif

}  // namespace
