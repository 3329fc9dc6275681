// copy_if, 50% random by default: predix (seq / omp / kokkos) against std::copy_if (serial and
// std::execution::par), thrust::copy_if (OpenMP and TBB) and Kokkos::Experimental::copy_if.
// Bytes: n·s read + k·s written.
#include "common/host.hpp"

#include <algorithm>
#if PERF_HAS_THRUST_OMP
#include <thrust/copy.h>
#endif

namespace {

struct copy_if_bench {
  template <class T>
  struct data : perf::host_items<T> {
    perf::host_array<T> out;
    explicit data(const perf::case_spec& c) : perf::host_items<T>(c), out(this->n) {
      perf::generate(out, [](std::int64_t) { return T(0); });
    }
    double bytes() const { return perf::bytes::select(this->n, sizeof(T), this->k); }
    void prep() {}
  };

  template <class X, class T, perf::if_std<X> = 0>
  static T* call(X x, data<T>& d) {
    return perf::std_run(x, [](auto... a) { return std::copy_if(a...); }, d.in.begin(), d.in.end(),
                         d.out.begin(), perf::predicate<T>());
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static T* call(X x, data<T>& d) {
    return thrust::copy_if(perf::thrust_policy(x), d.in.begin(), d.in.end(), d.out.begin(),
                           perf::predicate<T>());
  }
#endif
#if PERF_HAS_KOKKOS_STD
  template <class T>
  static auto call(perf::kokkos_std_tag, data<T>& d) {
    namespace kx = Kokkos::Experimental;
    const auto in = perf::kokkos_view(d.in);
    return kx::copy_if(Kokkos::DefaultHostExecutionSpace(), kx::cbegin(in), kx::cend(in), kx::begin(perf::kokkos_view(d.out)),
                       perf::predicate<T>());
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static T* call(const P& p, data<T>& d) {
    return predix::copy_if(p, d.in.begin(), d.in.end(), d.out.begin(), perf::predicate<T>());
  }
};

const bool registered = perf::add_host<copy_if_bench>(
    perf::types<std::int32_t, std::uint8_t, std::int64_t>{}, "copy_if", perf::axis::select);

}  // namespace
