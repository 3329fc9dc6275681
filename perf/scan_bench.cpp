// inclusive_scan (int32, uint8, int64: accumulates in the input type) and exclusive_scan of 0/1
// flags into int32 offsets: predix (seq / omp / kokkos) against std:: (serial and
// std::execution::par), thrust:: (OpenMP and TBB) and Kokkos::Experimental.
// Bytes: n·s_in + n·s_out.
#include "common/host.hpp"

#include <numeric>
#if PERF_HAS_THRUST_OMP
#include <thrust/scan.h>
#endif

namespace {

template <class T>
struct scan_data {
  using in_t = typename perf::io<T>::in;
  using out_t = typename perf::io<T>::out;
  std::int64_t n;
  perf::host_array<in_t> in;
  perf::host_array<out_t> out;
  explicit scan_data(const perf::case_spec& c) : n(c.n()), in(n), out(n) {
    const perf::pattern p = perf::pattern_of(c);
    perf::generate(in, [&](std::int64_t i) { return perf::scan_item<T>(p, i); });
    perf::generate(out, [](std::int64_t) { return out_t(0); });
  }
  double bytes() const { return perf::bytes::scan(n, sizeof(in_t), sizeof(out_t)); }
  void prep() {}
};

struct inclusive_scan_bench {
  template <class T> using data = scan_data<T>;
  template <class X, class T, perf::if_std<X> = 0>
  static T* call(X x, data<T>& d) {
    return perf::std_run(x, [](auto... a) { return std::inclusive_scan(a...); }, d.in.begin(),
                         d.in.end(), d.out.begin());
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static T* call(X x, data<T>& d) {
    return thrust::inclusive_scan(perf::thrust_policy(x), d.in.begin(), d.in.end(), d.out.begin());
  }
#endif
#if PERF_HAS_KOKKOS_STD
  template <class T>
  static auto call(perf::kokkos_std_tag, data<T>& d) {
    namespace kx = Kokkos::Experimental;
    const auto in = perf::kokkos_view(d.in);
    return kx::inclusive_scan(Kokkos::DefaultHostExecutionSpace(), kx::cbegin(in), kx::cend(in),
                              kx::begin(perf::kokkos_view(d.out)));
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static T* call(const P& p, data<T>& d) {
    return predix::inclusive_scan(p, d.in.begin(), d.in.end(), d.out.begin());
  }
};

struct exclusive_scan_bench {
  template <class T> using data = scan_data<T>;
  template <class X, class T, perf::if_std<X> = 0>
  static auto call(X x, data<T>& d) {
    return perf::std_run(x, [](auto... a) { return std::exclusive_scan(a...); }, d.in.begin(),
                         d.in.end(), d.out.begin(), std::int32_t(0));
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static auto call(X x, data<T>& d) {
    return thrust::exclusive_scan(perf::thrust_policy(x), d.in.begin(), d.in.end(), d.out.begin(),
                                  std::int32_t(0));
  }
#endif
#if PERF_HAS_KOKKOS_STD
  template <class T>
  static auto call(perf::kokkos_std_tag, data<T>& d) {
    namespace kx = Kokkos::Experimental;
    const auto in = perf::kokkos_view(d.in);
    return kx::exclusive_scan(Kokkos::DefaultHostExecutionSpace(), kx::cbegin(in), kx::cend(in),
                              kx::begin(perf::kokkos_view(d.out)), std::int32_t(0));
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static auto call(const P& p, data<T>& d) {
    return predix::exclusive_scan(p, d.in.begin(), d.in.end(), d.out.begin(), std::int32_t(0));
  }
};

const bool inclusive = perf::add_host<inclusive_scan_bench>(
    perf::types<std::int32_t, std::uint8_t, std::int64_t>{}, "inclusive_scan", perf::axis::none);
const bool exclusive = perf::add_host<exclusive_scan_bench>(
    perf::types<perf::flags_i32>{}, "exclusive_scan", perf::axis::none);

}  // namespace
