// Tuning sweep for the device selection: one build per set of tuning macros (perf/sweep/run.sh
// -s select), each timing predix::copy_if against cub::DeviceSelect::If and
// predix::partition_copy against cub::DevicePartition::If at one size, for 1-, 4- and 8-byte
// items with 1%, 50% and 99% selected, checking predix's output against CUB's, and printing one
// line per shape: time, GB/s, % of copy (sweep.cuh).
//   select_sweep [log2 n = 28] [repetitions = 20]
#include <cub/device/device_partition.cuh>
#include <cub/device/device_select.cuh>

#include <predix/predix.hpp>

#include "sweep.cuh"

namespace {

using namespace sweep;

/// Items 0..99 spread evenly, so that `below{p}` selects p% of them.
template <class T>
__global__ void fill_percent(T* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    const unsigned h = (static_cast<unsigned>(i) ^ seed) * 2654435761u;
    p[i] = static_cast<T>((h >> 8) % 100u);
  }
}

template <class T>
struct below {
  T bound;
  __host__ __device__ bool operator()(const T& x) const { return x < bound; }
};

/// One shape: copy_if (PARTITION false) or partition_copy of n items, `percent` selected.
template <class T, bool PARTITION = false>
void shape(const char* type, int percent, long long n, int reps, double copy) {
  T *in, *ours, *theirs;
  int* count;
  check(cudaMalloc(&in, sizeof(T) * n), "malloc");
  check(cudaMalloc(&ours, sizeof(T) * n), "malloc");
  check(cudaMalloc(&theirs, sizeof(T) * n), "malloc");
  check(cudaMalloc(&count, sizeof(int)), "malloc");
  fill_percent<<<1024, 256>>>(in, n, 12345u);
  const below<T> pred{static_cast<T>(percent)};
  const int items = static_cast<int>(n);
  auto cub_call = [&](void* temp, std::size_t& bytes) {
    if constexpr (PARTITION) return cub::DevicePartition::If(temp, bytes, in, theirs, count, items, pred);
    else return cub::DeviceSelect::If(temp, bytes, in, theirs, count, items, pred);
  };
  std::size_t temp_bytes = 0;
  check(cub_call(nullptr, temp_bytes), "cub size");
  void* temp;
  check(cudaMalloc(&temp, temp_bytes), "malloc");
  const double t_cub = median_seconds(reps, [&] { check(cub_call(temp, temp_bytes), "cub"); });
  int theirs_selected = 0;
  check(cudaMemcpy(&theirs_selected, count, sizeof(int), cudaMemcpyDeviceToHost), "copy");
  long long selected = 0;
  const double t_ours = median_seconds(reps, [&] {
    if constexpr (PARTITION) {  // rejected items after the selected ones (CUB's: reversed)
      selected = predix::partition_copy(predix::cuda, in, in + n, ours, ours + theirs_selected, pred)
                     .first - ours;
    } else {
      selected = predix::copy_if(predix::cuda, in, in + n, ours, pred) - ours;
    }
  });
  const long long bad = selected != theirs_selected ? 1 : mismatches(ours, theirs, selected);
  const double k = PARTITION ? double(n) : double(selected);
  char name[32];
  std::snprintf(name, sizeof name, "%s %s %d%%", PARTITION ? "part" : "copy_if", type, percent);
  report(name, sizeof(T) * (double(n) + k), t_ours, t_cub, copy, bad);
  cudaFree(temp);
  cudaFree(count);
  cudaFree(in);
  cudaFree(ours);
  cudaFree(theirs);
}

}  // namespace

int main(int argc, char** argv) {
  const auto [n, reps, copy] = start(argc, argv);
  for (int percent : {1, 50, 99}) {
    shape<std::uint8_t>("uint8", percent, n, reps, copy);
    shape<std::int32_t>("int32", percent, n, reps, copy);
    shape<std::int64_t>("int64", percent, n, reps, copy);
  }
  shape<std::uint8_t, true>("uint8", 50, n, reps, copy);
  shape<std::int32_t, true>("int32", 50, n, reps, copy);
  return 0;
}
