// The by-key algorithms on CUDA against CUB and Thrust, keys in runs of random length (mean 1,
// 8 or 256 items: the "run" axis), k runs in all:
//   unique_copy            cub DeviceSelect::Unique, thrust::unique_copy      n·sk + k·sk
//   run_length_encode      cub DeviceRunLengthEncode::Encode, thrust::reduce_by_key of ones
//                          (predix: the same reduce_by_key)                   n·sk + k·(sk + 4)
//   reduce_by_key          cub DeviceReduce::ReduceByKey (plus)               (n + k)·(sk + sv)
//   inclusive_scan_by_key  cub DeviceScan::InclusiveSumByKey                  n·(sk + 2·sv)
//   exclusive_scan_by_key  cub DeviceScan::ExclusiveSumByKey                  n·(sk + 2·sv)
// Keys uint8 / int32 / int64 (types "uint8" ... for the keys-only algorithms, "K+V" with int32
// and float values for the others, and bool values for the scans and reduce_by_key:
// "int32+bool"). Every CUB row runs on predix::cub too (predix_cub).
#include "common/cuda.cuh"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/execution_policy.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/unique.h>

#include <cuda/std/functional>

namespace {

struct is_head {
  perf::pattern p;
  __device__ std::int64_t operator()(std::int64_t i) const { return perf::run_head(p, i); }
};

/// Key i of every slot: the number of its run times an odd constant (neighbouring runs differ);
/// returns the number of runs.
template <class K>
std::int64_t fill_keys(perf::dbuf<K>& keys, const perf::pattern& p, perf::arena& temp) {
  const std::int64_t n = keys.n;
  perf::dbuf<std::int64_t> run(n);
  auto heads = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), is_head{p});
  thrust::inclusive_scan(thrust::cuda::par(temp).on(perf::stream()), heads, heads + n, run.p);
  temp.reset();
  const std::int64_t* r = run.p;
  K* d = keys.at(0);
  perf::generate(n * keys.slots, n, [=] __device__(std::int64_t j, std::int64_t i) {
    d[j] = K(std::uint64_t(r[i]) * 0x9e3779b97f4a7c15ull);
  });
  std::int64_t k = 0;
  perf::check(cudaMemcpyAsync(&k, run.p + n - 1, sizeof k, cudaMemcpyDeviceToHost, perf::stream()), "runs");
  perf::check(cudaStreamSynchronize(perf::stream()), "keys");
  return k;
}

/// Keys (every slot the same), values, outputs, the run count k, a run counter and Thrust's arena.
template <class T>
struct by_key_case {
  using K = typename perf::key_of<T>::type;
  using V = typename perf::value_of<T>::type;
  std::int64_t n, k = 0;
  int slots;
  perf::pattern pat;
  perf::dbuf<K> keys, keys_out;
  perf::dbuf<V> values, values_out;
  perf::dbuf<std::int64_t> num{1};
  perf::arena temp{std::size_t(64) << 20};

  explicit by_key_case(const perf::case_spec& c)
      : n(c.n()), slots(perf::slots_for(double(n) * 2 * (sizeof(K) + sizeof(V)))), pat(perf::pattern_of(c)),
        keys(n, slots), keys_out(n, slots), values(n, slots), values_out(n, slots) {
    k = fill_keys(keys, pat, temp);
    perf::fill_scan<V>(values, pat);
    perf::poison(keys_out);
    perf::poison(values_out);
  }
  auto thrust_policy() {
    temp.reset();
    return thrust::cuda::par(temp).on(perf::stream());
  }
};

enum class algo { unique, encode, reduce, scan, exclusive };

double bytes_of(algo a, std::int64_t n, double sk, double sv, std::int64_t k) {
  switch (a) {
    case algo::unique: return perf::bytes::unique(n, sk, k);
    case algo::encode: return perf::bytes::encode(n, sk, k);
    case algo::reduce: return perf::bytes::reduce_by_key(n, sk, sv, k);
    default: return perf::bytes::scan_by_key(n, sk, sv);
  }
}

template <algo A>
struct cub_rows {
  template <perf::cub_end END, class Api>
  struct impl {
    template <class T>
    static void run(benchmark::State& st, const perf::case_spec& c) {
      by_key_case<T> d(c);
      using V = typename by_key_case<T>::V;
      const double bytes = bytes_of(A, d.n, sizeof(typename by_key_case<T>::K), sizeof(V), d.k);
      constexpr bool scans = A == algo::scan || A == algo::exclusive;
      perf::cub_run<END>(st, c, bytes, d.slots, [&](void* temp, std::size_t& tb, int s) {
        const int n = perf::cub_items(d.n);
        if constexpr (A == algo::unique) {
          return Api::DeviceSelect::Unique(temp, tb, d.keys.at(s), d.keys_out.at(s), d.num.p, n, perf::stream());
        } else if constexpr (A == algo::encode) {
          return Api::DeviceRunLengthEncode::Encode(temp, tb, d.keys.at(s), d.keys_out.at(s),
                                                    d.values_out.at(s), d.num.p, n,
                                                    perf::stream());
        } else if constexpr (A == algo::reduce) {
          return Api::DeviceReduce::ReduceByKey(temp, tb, d.keys.at(s), d.keys_out.at(s), d.values.at(s),
                                                d.values_out.at(s), d.num.p, ::cuda::std::plus<>{}, n, perf::stream());
        } else if constexpr (A == algo::scan) {
          return Api::DeviceScan::InclusiveSumByKey(temp, tb, d.keys.at(s), d.values.at(s), d.values_out.at(s), n,
                                                    ::cuda::std::equal_to<>{}, perf::stream());
        } else {
          return Api::DeviceScan::ExclusiveSumByKey(temp, tb, d.keys.at(s), d.values.at(s), d.values_out.at(s), n,
                                                    ::cuda::std::equal_to<>{}, perf::stream());
        }
      }, scans ? nullptr : d.num.p, scans ? 0 : sizeof(std::int64_t));
    }
  };
};

/// The Thrust calls (Thrust's CUDA system) or predix's (predix::cuda): the same signatures.
struct thrust_calls {
  template <class Case>
  static auto policy(Case& d) { return d.thrust_policy(); }
  template <class... A> static auto unique_copy(A... a) { return thrust::unique_copy(a...); }
  template <class... A> static auto reduce_by_key(A... a) { return thrust::reduce_by_key(a...); }
  template <class... A> static auto inclusive_scan_by_key(A... a) { return thrust::inclusive_scan_by_key(a...); }
  template <class... A> static auto exclusive_scan_by_key(A... a) { return thrust::exclusive_scan_by_key(a...); }
};

template <algo A, class Lib>
struct library_row {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    by_key_case<T> d(c);
    using V = typename by_key_case<T>::V;
    const double bytes = bytes_of(A, d.n, sizeof(typename by_key_case<T>::K), sizeof(V), d.k);
    perf::cuda_run(st, c, bytes, d.slots, [&](int s) {
      const auto keys = d.keys.at(s);
      if constexpr (A == algo::unique) {
        benchmark::DoNotOptimize(Lib::unique_copy(Lib::policy(d), keys, keys + d.n, d.keys_out.at(s)));
      } else if constexpr (A == algo::encode) {
        benchmark::DoNotOptimize(Lib::reduce_by_key(Lib::policy(d), keys, keys + d.n,
                                                    thrust::constant_iterator<std::int32_t>(1), d.keys_out.at(s),
                                                    d.values_out.at(s)));
      } else if constexpr (A == algo::reduce) {
        benchmark::DoNotOptimize(
            Lib::reduce_by_key(Lib::policy(d), keys, keys + d.n, d.values.at(s), d.keys_out.at(s), d.values_out.at(s)));
      } else if constexpr (A == algo::scan) {
        Lib::inclusive_scan_by_key(Lib::policy(d), keys, keys + d.n, d.values.at(s), d.values_out.at(s));
      } else {
        Lib::exclusive_scan_by_key(Lib::policy(d), keys, keys + d.n, d.values.at(s), d.values_out.at(s));
      }
    });
  }
};

using key_types = perf::types<std::uint8_t, std::int32_t, std::int64_t>;
using pair_types = perf::types<perf::keyed<std::uint8_t, std::int32_t>, perf::keyed<std::uint8_t, float>,
                               perf::keyed<std::int32_t, std::int32_t>, perf::keyed<std::int32_t, float>,
                               perf::keyed<std::int64_t, std::int32_t>, perf::keyed<std::int64_t, float>>;
/// The scans and reductions by key of 0/1 values (predix: the segmented binary path), bool into
/// bool.
using bit_types = perf::types<perf::keyed<std::uint8_t, bool>, perf::keyed<std::int32_t, bool>,
                              perf::keyed<std::int64_t, bool>>;

template <algo A, class Types>
bool add_baselines(Types types, const char* name) {
  return perf::add_cub<cub_rows<A>::template impl>(types, name, perf::axis::run) &&
         perf::add<library_row<A, thrust_calls>>(types, name, "thrust", perf::axis::run);
}

const bool registered = add_baselines<algo::unique>(key_types{}, "unique_copy") &&
                        add_baselines<algo::encode>(key_types{}, "run_length_encode") &&
                        add_baselines<algo::reduce>(pair_types{}, "reduce_by_key") &&
                        add_baselines<algo::scan>(pair_types{}, "inclusive_scan_by_key") &&
                        add_baselines<algo::exclusive>(pair_types{}, "exclusive_scan_by_key") &&
                        add_baselines<algo::scan>(bit_types{}, "inclusive_scan_by_key") &&
                        add_baselines<algo::exclusive>(bit_types{}, "exclusive_scan_by_key") &&
                        add_baselines<algo::reduce>(bit_types{}, "reduce_by_key");

#if PREDIX_HAS_CUDA
struct predix_calls {
  template <class Case>
  static auto policy(Case&) { return predix::cuda.on(perf::stream()); }
  template <class... A> static auto unique_copy(A... a) { return predix::unique_copy(a...); }
  template <class... A> static auto reduce_by_key(A... a) { return predix::reduce_by_key(a...); }
  template <class... A> static auto inclusive_scan_by_key(A... a) { return predix::inclusive_scan_by_key(a...); }
  template <class... A> static auto exclusive_scan_by_key(A... a) { return predix::exclusive_scan_by_key(a...); }
};

const bool registered_predix =
    perf::add<library_row<algo::unique, predix_calls>>(key_types{}, "unique_copy", "predix_cuda", perf::axis::run) &&
    perf::add<library_row<algo::encode, predix_calls>>(key_types{}, "run_length_encode", "predix_cuda", perf::axis::run) &&
    perf::add<library_row<algo::reduce, predix_calls>>(pair_types{}, "reduce_by_key", "predix_cuda", perf::axis::run) &&
    perf::add<library_row<algo::scan, predix_calls>>(pair_types{}, "inclusive_scan_by_key", "predix_cuda",
                                                     perf::axis::run) &&
    perf::add<library_row<algo::exclusive, predix_calls>>(pair_types{}, "exclusive_scan_by_key", "predix_cuda",
                                                          perf::axis::run) &&
    perf::add<library_row<algo::scan, predix_calls>>(bit_types{}, "inclusive_scan_by_key", "predix_cuda",
                                                     perf::axis::run) &&
    perf::add<library_row<algo::exclusive, predix_calls>>(bit_types{}, "exclusive_scan_by_key", "predix_cuda",
                                                          perf::axis::run) &&
    perf::add<library_row<algo::reduce, predix_calls>>(bit_types{}, "reduce_by_key", "predix_cuda", perf::axis::run);
#endif

}  // namespace
