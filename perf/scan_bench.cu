// Scans on CUDA: cub::DeviceScan::InclusiveSum / ExclusiveSum (baselines) against
// predix::inclusive_scan / exclusive_scan, for every type (same type in and out), for 0/1
// uint8 flags into int32 offsets ("uint8>int32") and, exclusive only, for the same flags as bool
// ("bool>int32": predix's binary path). Bytes: n·s_in + n·s_out.
#include "common/cuda.cuh"

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/transform_iterator.h>

namespace {

template <class T>
struct scan_case {
  using in_t = typename perf::io<T>::in;
  using out_t = typename perf::io<T>::out;
  std::int64_t n;
  int slots;
  perf::dbuf<in_t> in;
  perf::dbuf<out_t> out;
  explicit scan_case(const perf::case_spec& c)
      : n(c.n()), slots(perf::slots_for(double(n) * (sizeof(in_t) + sizeof(out_t)))), in(n, slots), out(n, slots) {
    perf::fill_scan<T>(in, perf::pattern_of(c));
    perf::poison(out);
  }
  double bytes() const { return perf::bytes::scan(n, sizeof(in_t), sizeof(out_t)); }
};

using scan_types = perf::types<std::uint8_t, std::int16_t, std::int32_t, std::int64_t, float, perf::flags_i32>;

// CUB accumulates uint8 + uint8 in int (the op's result type), so the flags count exactly.
template <perf::cub_end END, class Api>
struct cub_inclusive {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    scan_case<T> d(c);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceScan::InclusiveSum(temp, bytes, d.in.at(s), d.out.at(s), perf::cub_items(d.n), perf::stream());
    });
  }
};

template <perf::cub_end END, class Api>
struct cub_exclusive {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    scan_case<T> d(c);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceScan::ExclusiveSum(temp, bytes, d.in.at(s), d.out.at(s), perf::cub_items(d.n), perf::stream());
    });
  }
};

const bool registered =
    perf::add_cub<cub_inclusive>(scan_types{}, "inclusive_scan", perf::axis::none) &&
    perf::add_cub<cub_exclusive>(scan_types{}, "exclusive_scan", perf::axis::none) &&
    perf::add_cub<cub_exclusive>(perf::types<perf::bools_i32>{}, "exclusive_scan", perf::axis::none);

#if PREDIX_HAS_CUDA
// predix::inclusive_scan accumulates in the input type (Thrust's rule), so flags are widened
// to the output type first; exclusive_scan accumulates in the init's type.
struct predix_inclusive {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    scan_case<T> d(c);
    using out_t = typename scan_case<T>::out_t;
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      if constexpr (std::is_same_v<T, perf::flags_i32>) {
        auto first = thrust::make_transform_iterator(d.in.at(s), perf::widen<out_t>{});
        predix::inclusive_scan(predix::cuda.on(perf::stream()), first, first + d.n, d.out.at(s));
      } else {
        predix::inclusive_scan(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, d.out.at(s));
      }
    });
  }
};

struct predix_exclusive {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    scan_case<T> d(c);
    using out_t = typename scan_case<T>::out_t;
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      predix::exclusive_scan(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, d.out.at(s), out_t(0));
    });
  }
};

template <class T>
using in_it = std::conditional_t<std::is_same_v<T, perf::flags_i32>,
                                 thrust::transform_iterator<perf::widen<std::int32_t>, std::uint8_t*>, T*>;
template <class T>
using inclusive_probe = decltype(predix::impl::inclusive_scan(predix::cuda, in_it<T>(), in_it<T>(),
                                                              (typename perf::io<T>::out*)0, std::plus<>{}, "inclusive_scan"));
template <class T>
using exclusive_probe = decltype(predix::impl::exclusive_scan(
    predix::cuda, (typename perf::io<T>::in*)0, (typename perf::io<T>::in*)0, (typename perf::io<T>::out*)0,
    typename perf::io<T>::out(0), std::plus<>{}, "exclusive_scan"));

const bool registered_predix =
    perf::add_predix<inclusive_probe, predix_inclusive>(scan_types{}, "inclusive_scan", perf::axis::none) &&
    perf::add_predix<exclusive_probe, predix_exclusive>(scan_types{}, "exclusive_scan", perf::axis::none) &&
    perf::add_predix<exclusive_probe, predix_exclusive>(perf::types<perf::bools_i32>{}, "exclusive_scan",
                                                        perf::axis::none);
#endif

}  // namespace
