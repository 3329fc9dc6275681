// Tuning sweep for the device scan: one build per set of tuning macros (perf/sweep/run.sh),
// each timing predix::inclusive_scan against cub::DeviceScan::InclusiveSum at one size for
// the shapes of DESIGN.md §8 (and float, and the exclusive int32 scan), checking predix's
// output against CUB's, and printing one line per shape: time, GB/s, % of copy (sweep.cuh).
//   scan_sweep [log2 n = 28] [repetitions = 20]
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <predix/predix.hpp>

#include "sweep.cuh"

namespace {

using namespace sweep;

struct widen {
  __host__ __device__ std::int32_t operator()(std::uint8_t x) const { return x; }
};

/// One shape: In items scanned into Out items (the input widened to Out when they differ),
/// inclusively or exclusively (init 0); float sums are not compared (association order).
template <class In, class Out, bool EXCLUSIVE = false>
void shape(const char* name, long long n, int reps, double copy) {
  In* in;
  Out *ours, *theirs;
  check(cudaMalloc(&in, sizeof(In) * n), "malloc");
  check(cudaMalloc(&ours, sizeof(Out) * n), "malloc");
  check(cudaMalloc(&theirs, sizeof(Out) * n), "malloc");
  fill<<<1024, 256>>>(in, n, 12345u);
  const int items = static_cast<int>(n);
  auto cub_scan = [&](void* temp, std::size_t& bytes) {
    if constexpr (EXCLUSIVE) return cub::DeviceScan::ExclusiveSum(temp, bytes, in, theirs, items);
    else return cub::DeviceScan::InclusiveSum(temp, bytes, in, theirs, items);
  };
  std::size_t temp_bytes = 0;
  check(cub_scan(nullptr, temp_bytes), "cub size");
  void* temp;
  check(cudaMalloc(&temp, temp_bytes), "malloc");
  const double t_cub = median_seconds(reps, [&] { check(cub_scan(temp, temp_bytes), "cub"); });
  const double t_ours = median_seconds(reps, [&] {
    if constexpr (EXCLUSIVE) {
      predix::exclusive_scan(predix::cuda, in, in + n, ours, Out{});
    } else if constexpr (std::is_same_v<In, Out>) {
      predix::inclusive_scan(predix::cuda, in, in + n, ours);
    } else {
      auto first = thrust::make_transform_iterator(in, widen{});
      predix::inclusive_scan(predix::cuda, first, first + n, ours);
    }
  });
  // CUB sums uint8 in int: the same bytes
  const long long bad = std::is_floating_point_v<Out> ? 0 : mismatches(ours, theirs, n);
  const double bytes = double(n) * (sizeof(In) + sizeof(Out));
  report(name, bytes, t_ours, t_cub, copy, bad);
  cudaFree(temp);
  cudaFree(in);
  cudaFree(ours);
  cudaFree(theirs);
}

}  // namespace

int main(int argc, char** argv) {
  const auto [n, reps, copy] = start(argc, argv);
  shape<std::uint8_t, std::uint8_t>("uint8", n, reps, copy);
  shape<std::int32_t, std::int32_t>("int32", n, reps, copy);
  shape<std::int64_t, std::int64_t>("int64", n, reps, copy);
  shape<std::uint8_t, std::int32_t>("uint8>int32", n, reps, copy);
  shape<float, float>("float", n, reps, copy);
  shape<std::int32_t, std::int32_t, true>("int32 excl", n, reps, copy);
  shape<bool, bool>("bool", n, reps, copy);
  const long long ragged = n + 12345;  // a partial last tile: the general kernel runs too
  shape<std::int32_t, std::int32_t>("int32 ragged", ragged, 3, copy);
  return 0;
}
