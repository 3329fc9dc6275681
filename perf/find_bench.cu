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

/// The three searches; all_of tests the negation of the suite's predicate (read up to the match).
enum class search { find_if, any_of, all_of };

template <search S, class T>
auto predicate_of() {
  if constexpr (S == search::all_of) {
    return perf::rejects<T>();
  } else {
    return perf::predicate<T>();
  }
}

/// Search S of slot s's items, by Thrust on the CUDA system (Lib: thrust_calls) or by predix.
template <search S, class Lib>
struct run_search {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    find_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      benchmark::DoNotOptimize(Lib::template call<S>(d, d.in.at(s), d.in.at(s) + d.n,
                                                     predicate_of<S, T>()));
    });
  }
};

struct thrust_calls {
  template <search S, class Case, class It, class Pred>
  static auto call(Case& d, It first, It last, Pred pred) {
    if constexpr (S == search::find_if) {
      return thrust::find_if(d.thrust_policy(), first, last, pred);
    } else if constexpr (S == search::any_of) {
      return thrust::any_of(d.thrust_policy(), first, last, pred);
    } else {
      return thrust::all_of(d.thrust_policy(), first, last, pred);
    }
  }
};

const bool registered =
    perf::add<run_search<search::find_if, thrust_calls>>(perf::cuda_types{}, "find_if", "thrust", perf::axis::find) &&
    perf::add<run_search<search::any_of, thrust_calls>>(perf::cuda_types{}, "any_of", "thrust", perf::axis::find) &&
    perf::add<run_search<search::all_of, thrust_calls>>(perf::cuda_types{}, "all_of", "thrust", perf::axis::find);

#if PREDIX_HAS_CUDA
struct predix_calls {
  template <search S, class Case, class It, class Pred>
  static auto call(Case&, It first, It last, Pred pred) {
    const auto policy = predix::cuda.on(perf::stream());
    if constexpr (S == search::find_if) {
      return predix::find_if(policy, first, last, pred);
    } else if constexpr (S == search::any_of) {
      return predix::any_of(policy, first, last, pred);
    } else {
      return predix::all_of(policy, first, last, pred);
    }
  }
};

template <class T>
using probe = decltype(predix::impl::find_if(predix::cuda, (T*)0, (T*)0, perf::predicate<T>(), "find_if"));

const bool registered_predix =
    perf::add_predix<probe, run_search<search::find_if, predix_calls>>(perf::cuda_types{}, "find_if", perf::axis::find) &&
    perf::add_predix<probe, run_search<search::any_of, predix_calls>>(perf::cuda_types{}, "any_of", perf::axis::find) &&
    perf::add_predix<probe, run_search<search::all_of, predix_calls>>(perf::cuda_types{}, "all_of", perf::axis::find);
#endif

}  // namespace
