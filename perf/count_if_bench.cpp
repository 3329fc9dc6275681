// count_if, 50% random by default: predix (seq / omp / kokkos) against std::count_if and
// thrust::count_if on Thrust's OpenMP backend. Bytes: n·s read.
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

  template <class T>
  static std::int64_t call(perf::std_tag, data<T>& d) {
    return std::count_if(d.in.begin(), d.in.end(), perf::predicate<T>());
  }
#if PERF_HAS_THRUST_OMP
  template <class T>
  static std::int64_t call(perf::thrust_omp_tag, data<T>& d) {
    return thrust::count_if(thrust::omp::par, d.in.begin(), d.in.end(), perf::predicate<T>());
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

const bool registered = perf::add_host<count_if_bench>(perf::types<std::int32_t, std::uint8_t>{},
                                                       "count_if", perf::axis::select)
#if PERF_HAS_KOKKOS_STD
    && perf::add_kokkos_std<count_if_bench>(perf::types<std::int32_t, std::uint8_t>{}, "count_if",
                                            perf::axis::select)
#endif
    ;

}  // namespace
