// stable_partition in place, 50% random by default: predix (seq / omp / kokkos) against
// std::stable_partition (serial and std::execution::par) and thrust::stable_partition (OpenMP
// and TBB). The input is restored (untimed) before every run. Bytes: 2n·s.
#include "common/host.hpp"

#include <algorithm>
#if PERF_HAS_THRUST_OMP
#include <thrust/partition.h>
#endif

namespace {

struct stable_partition_bench {
  template <class T>
  struct data : perf::host_items<T> {
    perf::host_array<T> work;
    explicit data(const perf::case_spec& c) : perf::host_items<T>(c), work(this->n) { prep(); }
    double bytes() const { return perf::bytes::partition(this->n, sizeof(T)); }
    void prep() { perf::parallel_copy(this->in.begin(), this->n, work.begin()); }
  };

  template <class X, class T, perf::if_std<X> = 0>
  static T* call(X x, data<T>& d) {
    return perf::std_run(x, [](auto... a) { return std::stable_partition(a...); }, d.work.begin(),
                         d.work.end(), perf::predicate<T>());
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static T* call(X x, data<T>& d) {
    return thrust::stable_partition(perf::thrust_policy(x), d.work.begin(), d.work.end(),
                                    perf::predicate<T>());
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static T* call(const P& p, data<T>& d) {
    return predix::stable_partition(p, d.work.begin(), d.work.end(), perf::predicate<T>());
  }
};

const bool registered = perf::add_host<stable_partition_bench>(
    perf::types<std::int32_t, std::uint8_t, std::int64_t>{}, "stable_partition",
    perf::axis::select);

}  // namespace
