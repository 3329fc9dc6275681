// partition on CUDA: cub::DevicePartition::If (baseline: selected in order at the front,
// rejected reversed at the back of one output) against predix::partition_copy into the same
// buffer (selected at the front, rejected after them). Bytes: 2n·s.
#include "common/cuda.cuh"

#include <cub/device/device_partition.cuh>

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

struct cub_partition {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    partition_case<T> d(c);
    perf::cub_run(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return cub::DevicePartition::If(temp, bytes, d.in.at(s), d.out.at(s), d.num.p, perf::cub_items(d.n),
                                      perf::predicate<T>(), perf::stream());
    });
  }
};

const bool registered = perf::add<cub_partition>(perf::cuda_types{}, "partition", "cub", perf::axis::select);

#if PREDIX_HAS_CUDA
struct predix_partition {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    partition_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      predix::partition_copy(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n, d.out.at(s),
                             d.out.at(s) + d.k, perf::predicate<T>());
    });
  }
};

template <class T>
using probe = decltype(predix::impl::partition_copy(predix::cuda, (T*)0, (T*)0, (T*)0, (T*)0, (T*)0,
                                                    perf::predicate<T>()));

const bool registered_predix =
    perf::add_predix<probe, predix_partition>(perf::cuda_types{}, "partition", perf::axis::select);
#endif

}  // namespace
