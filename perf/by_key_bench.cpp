// The by-key algorithms on the host, keys in runs of random length (axis run: mean 1, 8, 256),
// k runs: predix (seq / omp / kokkos) against std::unique_copy (serial and std::execution::par),
// a serial loop where std:: has no algorithm (reduce_by_key, inclusive_scan_by_key: "std" is
// that loop), Thrust's OpenMP and TBB backends and Kokkos::Experimental::unique_copy. Bytes
// as the CUDA benchmark's (perf/README.md):
//   unique_copy            n·sk + k·sk
//   reduce_by_key (plus)   (n + k)·(sk + sv)
//   inclusive_scan_by_key  n·(sk + 2·sv)
#include "common/host.hpp"

#include <algorithm>
#if PERF_HAS_THRUST_OMP
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/unique.h>
#endif

namespace {

/// Keys in runs (key: the run's number times an odd constant, so neighbouring runs differ),
/// values, outputs and the run count k.
template <class T>
struct by_key_data {
  using K = typename perf::key_of<T>::type;
  using V = typename perf::value_of<T>::type;
  std::int64_t n, k = 0;
  perf::host_array<K> keys, keys_out;
  perf::host_array<V> values, values_out;
  explicit by_key_data(const perf::case_spec& c)
      : n(c.n()), keys(n), keys_out(n), values(n), values_out(n) {
    const perf::pattern p = perf::pattern_of(c);
    std::uint64_t run = 0;
    for (std::int64_t i = 0; i < n; ++i) {  // serial: the run numbers are a scan
      run += perf::run_head(p, i);
      keys.begin()[i] = K(run * 0x9e3779b97f4a7c15ull);
    }
    k = std::int64_t(run);
    perf::generate(values, [&](std::int64_t i) { return perf::scan_item<V>(p, i); });
    perf::generate(keys_out, [](std::int64_t) { return K(0); });
    perf::generate(values_out, [](std::int64_t) { return V(0); });
  }
  void prep() {}
};

struct unique_copy_bench {
  template <class T>
  struct data : by_key_data<T> {
    using by_key_data<T>::by_key_data;
    double bytes() const { return perf::bytes::unique(this->n, sizeof(typename data::K), this->k); }
  };
  template <class X, class T, perf::if_std<X> = 0>
  static auto call(X x, data<T>& d) {
    return perf::std_run(x, [](auto... a) { return std::unique_copy(a...); }, d.keys.begin(),
                         d.keys.end(), d.keys_out.begin());
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static auto call(X x, data<T>& d) {
    return thrust::unique_copy(perf::thrust_policy(x), d.keys.begin(), d.keys.end(),
                               d.keys_out.begin());
  }
#endif
#if PERF_HAS_KOKKOS_STD
  template <class T>
  static auto call(perf::kokkos_std_tag, data<T>& d) {
    namespace kx = Kokkos::Experimental;
    const auto keys = perf::kokkos_view(d.keys);
    return kx::unique_copy(Kokkos::DefaultHostExecutionSpace(), kx::cbegin(keys), kx::cend(keys),
                           kx::begin(perf::kokkos_view(d.keys_out)));
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static auto call(const P& p, data<T>& d) {
    return predix::unique_copy(p, d.keys.begin(), d.keys.end(), d.keys_out.begin());
  }
};

struct reduce_by_key_bench {
  template <class T>
  struct data : by_key_data<T> {
    using by_key_data<T>::by_key_data;
    double bytes() const {
      return perf::bytes::reduce_by_key(this->n, sizeof(typename data::K), sizeof(typename data::V), this->k);
    }
  };
  template <class T>
  static auto call(perf::std_tag, data<T>& d) {  // the serial loop
    auto* keys = d.keys.begin();
    auto* values = d.values.begin();
    auto* keys_out = d.keys_out.begin();
    auto* values_out = d.values_out.begin();
    std::int64_t segment = -1;
    for (std::int64_t i = 0; i < d.n; ++i) {
      if (i == 0 || !(keys[i - 1] == keys[i])) {
        keys_out[++segment] = keys[i];
        values_out[segment] = values[i];
      } else {
        values_out[segment] += values[i];
      }
    }
    return segment + 1;
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static auto call(X x, data<T>& d) {
    return thrust::reduce_by_key(perf::thrust_policy(x), d.keys.begin(), d.keys.end(),
                                 d.values.begin(), d.keys_out.begin(), d.values_out.begin());
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static auto call(const P& p, data<T>& d) {
    return predix::reduce_by_key(p, d.keys.begin(), d.keys.end(), d.values.begin(), d.keys_out.begin(),
                                 d.values_out.begin());
  }
};

struct inclusive_scan_by_key_bench {
  template <class T>
  struct data : by_key_data<T> {
    using by_key_data<T>::by_key_data;
    double bytes() const {
      return perf::bytes::scan_by_key(this->n, sizeof(typename data::K), sizeof(typename data::V));
    }
  };
  template <class T>
  static auto call(perf::std_tag, data<T>& d) {  // the serial loop
    auto* keys = d.keys.begin();
    auto* values = d.values.begin();
    auto* out = d.values_out.begin();
    for (std::int64_t i = 0; i < d.n; ++i) {
      out[i] = i == 0 || !(keys[i - 1] == keys[i]) ? values[i] : out[i - 1] + values[i];
    }
    return out + d.n;
  }
#if PERF_HAS_THRUST_OMP
  template <class X, class T, perf::if_thrust<X> = 0>
  static auto call(X x, data<T>& d) {
    return thrust::inclusive_scan_by_key(perf::thrust_policy(x), d.keys.begin(), d.keys.end(),
                                         d.values.begin(), d.values_out.begin());
  }
#endif
  template <class P, class T, perf::if_predix<P> = 0>
  static auto call(const P& p, data<T>& d) {
    return predix::inclusive_scan_by_key(p, d.keys.begin(), d.keys.end(), d.values.begin(),
                                         d.values_out.begin());
  }
};

using pairs = perf::types<perf::keyed<std::uint8_t, std::int32_t>, perf::keyed<std::int32_t, float>,
                          perf::keyed<std::int64_t, float>>;
const bool registered =
    perf::add_host<unique_copy_bench>(perf::types<std::uint8_t, std::int32_t, std::int64_t>{}, "unique_copy",
                                      perf::axis::run) &&
    perf::add_host<reduce_by_key_bench>(pairs{}, "reduce_by_key", perf::axis::run) &&
    perf::add_host<inclusive_scan_by_key_bench>(pairs{}, "inclusive_scan_by_key", perf::axis::run);

}  // namespace
