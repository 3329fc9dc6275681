// count_if, 50% random by default: predix (seq / omp / kokkos) against std::count_if (serial and
// std::execution::par), thrust::count_if (OpenMP and TBB) and Kokkos::Experimental::count_if.
// Bytes: n·s read.
#include "common/host.hpp"

#include <algorithm>
#if PERF_HAS_THRUST_OMP
#include <thrust/count.h>
#endif

namespace {

struct count_if_bench {
  template <class T>
  struct data : perf::host_items<T> {
    using perf::host_items<T>::host_items;
    double bytes() const { return perf::bytes::count(this->n, sizeof(T)); }
    void prep() {}
  };

  template <class X, class T, perf::if_std<X> = 0>
  static std::int64_t call(X x, data<T>& d) {
    return perf::std_run(x, [](auto... a) { return std::count_if(a...); }, d.in.begin(), d.in.end(),
                         perf::predicate<T>());
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static std::int64_t call(X x, data<T>& d) {
    return thrust::count_if(perf::thrust_policy(x), d.in.begin(), d.in.end(), perf::predicate<T>());
  }
#endif
#if PERF_HAS_KOKKOS_STD
  template <class T>
  static std::int64_t call(perf::kokkos_std_tag, data<T>& d) {
    namespace kx = Kokkos::Experimental;
    const auto in = perf::kokkos_view(d.in);
    return kx::count_if(Kokkos::DefaultHostExecutionSpace(), kx::cbegin(in), kx::cend(in), perf::predicate<T>());
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static std::int64_t call(const P& p, data<T>& d) {
    return predix::count_if(p, d.in.begin(), d.in.end(), perf::predicate<T>());
  }
};

const bool registered = perf::add_host<count_if_bench>(
    perf::types<std::int32_t, std::uint8_t, std::int64_t>{}, "count_if", perf::axis::select);

}  // namespace
