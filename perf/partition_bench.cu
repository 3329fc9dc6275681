// The partition family on CUDA. partition_copy: cub::DevicePartition::If (baseline: selected
// in order at the front, rejected reversed at the back of one output) against
// predix::partition_copy into the same buffer (selected at the front, rejected after them; in order,
// and under predix::cuda.unordered(): predix_unordered).
// partition and stable_partition in place: thrust::partition / thrust::stable_partition on the
// CUDA system (temporary storage from an arena allocated outside the timed region) against
// predix; the input is restored and L2 flushed before each timed run. Bytes: 2n·s.
#include "common/cuda.cuh"

#include <cub/device/device_partition.cuh>
#include <thrust/execution_policy.h>
#include <thrust/partition.h>

namespace {

template <class T>
struct partition_case : perf::device_items<T> {
  perf::dbuf<T> out;
  perf::dbuf<std::int64_t> num{1};
  explicit partition_case(const perf::case_spec& c)
      : perf::device_items<T>(c, 2 * sizeof(T)), out(this->n, this->slots) {
    perf::poison(out);
  }
  double bytes() const { return perf::bytes::partition(this->n, sizeof(T)); }
};

/// In place: `out` is the working copy, restored from `in` (untimed) before each run.
template <class T>
struct in_place_case : partition_case<T> {
  perf::arena temp;
  explicit in_place_case(const perf::case_spec& c)
      : partition_case<T>(c), temp(std::size_t(this->n) * sizeof(T) * 2 + (std::size_t(64) << 20)) {}
  T* first(int s) const { return this->out.at(s); }
  T* last(int s) const { return this->out.at(s) + this->n; }
  auto thrust_policy() {
    temp.reset();
    return thrust::cuda::par(temp).on(perf::stream());
  }
  void restore(int s) {
    perf::check(cudaMemcpyAsync(this->out.at(s), this->in.at(s), sizeof(T) * std::size_t(this->n),
                                cudaMemcpyDeviceToDevice, perf::stream()),
                "restore");
    perf::flush_l2();
  }
};

template <perf::cub_end END, class Api>
struct cub_partition {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    partition_case<T> d(c);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DevicePartition::If(temp, bytes, d.in.at(s), d.out.at(s), d.num.p, perf::cub_items(d.n),
                                      perf::predicate<T>(), perf::stream());
    }, d.num.p, sizeof(std::int64_t));
  }
};

template <bool Stable>
struct thrust_in_place {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    in_place_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) { d.restore(s); }, [&](int s) {
      if constexpr (Stable) thrust::stable_partition(d.thrust_policy(), d.first(s), d.last(s), perf::predicate<T>());
      else thrust::partition(d.thrust_policy(), d.first(s), d.last(s), perf::predicate<T>());
    });
  }
};

const bool registered =
    perf::add_cub<cub_partition>(perf::cuda_types{}, "partition_copy", perf::axis::select) &&
    perf::add<thrust_in_place<false>>(perf::cuda_types{}, "partition", "thrust", perf::axis::select) &&
    perf::add<thrust_in_place<true>>(perf::cuda_types{}, "stable_partition", "thrust", perf::axis::select);

#if PREDIX_HAS_CUDA
/// UNORDERED: under predix::cuda.unordered() (row predix_unordered).
template <bool UNORDERED = false>
struct predix_partition_copy {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    partition_case<T> d(c);
    const auto policy = perf::ordered_or_not<UNORDERED>(predix::cuda.on(perf::stream()));
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      predix::partition_copy(policy, d.in.at(s), d.in.at(s) + d.n, d.out.at(s), d.out.at(s) + d.k,
                             perf::predicate<T>());
    });
  }
};

template <bool Stable>
struct predix_in_place {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    in_place_case<T> d(c);
    const auto policy = predix::cuda.on(perf::stream());
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) { d.restore(s); }, [&](int s) {
      if constexpr (Stable) predix::stable_partition(policy, d.first(s), d.last(s), perf::predicate<T>());
      else predix::partition(policy, d.first(s), d.last(s), perf::predicate<T>());
    });
  }
};

template <class T>
using copy_probe = decltype(predix::impl::partition_copy(predix::cuda, (T*)0, (T*)0, (T*)0, (T*)0, (T*)0,
                                                         perf::predicate<T>(), "partition_copy"));
template <class T>
using partition_probe = decltype(predix::impl::partition(predix::cuda, (T*)0, (T*)0, (T*)0, perf::predicate<T>(), "partition"));
template <class T>
using stable_probe = decltype(predix::impl::stable_partition(predix::cuda, (T*)0, (T*)0, (T*)0,
                                                               perf::predicate<T>(), "stable_partition"));

const bool registered_predix =
    perf::add_predix<copy_probe, predix_partition_copy<>>(perf::cuda_types{}, "partition_copy", perf::axis::select) &&
    perf::add<predix_partition_copy<true>>(perf::cuda_types{}, "partition_copy", "predix_unordered",
                                           perf::axis::select) &&
    perf::add_predix<partition_probe, predix_in_place<false>>(perf::cuda_types{}, "partition", perf::axis::select) &&
    perf::add_predix<stable_probe, predix_in_place<true>>(perf::cuda_types{}, "stable_partition", perf::axis::select);
#endif

}  // namespace
