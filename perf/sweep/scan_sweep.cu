// Tuning sweep for the device scan: one build per set of tuning macros (perf/sweep/run.sh),
// each timing predix::inclusive_scan against cub::DeviceScan::InclusiveSum at one size for
// the shapes of DESIGN.md §8, checking predix's output against CUB's, and printing one
// line per shape: time, GB/s, % of the copy bandwidth measured in the same process.
//   scan_sweep [log2 n = 28] [repetitions = 20]
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <predix/predix.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

struct widen {
  __host__ __device__ std::int32_t operator()(std::uint8_t x) const { return x; }
};

template <class F>
double median_seconds(int reps, F f) {
  cudaEvent_t a, b;
  check(cudaEventCreate(&a), "event");
  check(cudaEventCreate(&b), "event");
  std::vector<float> ms;
  f();  // warm-up
  for (int i = 0; i < reps; ++i) {
    check(cudaEventRecord(a), "record");
    f();
    check(cudaEventRecord(b), "record");
    check(cudaEventSynchronize(b), "sync");
    float t = 0;
    check(cudaEventElapsedTime(&t, a, b), "elapsed");
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2] * 1e-3;
}

template <class T>
__global__ void fill(T* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    const unsigned h = (static_cast<unsigned>(i) ^ seed) * 2654435761u;
    p[i] = static_cast<T>((h >> 13) & 1u);  // 0/1 items: sums stay exact in every type
  }
}

template <class T>
__global__ void differ(const T* a, const T* b, long long n, unsigned long long* count) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x)
    if (a[i] != b[i]) {
      atomicAdd(count, 1ull);
      atomicMin(count + 1, static_cast<unsigned long long>(i));
    }
}

/// Positions where a and b differ; the first one and its values are printed.
template <class T>
long long mismatches(const T* a, const T* b, long long n) {
  unsigned long long* d;
  check(cudaMalloc(&d, 2 * sizeof *d), "malloc");
  const unsigned long long start[2] = {0, ~0ull};
  check(cudaMemcpy(d, start, sizeof start, cudaMemcpyHostToDevice), "copy");
  differ<<<1024, 256>>>(a, b, n, d);
  unsigned long long h[2];
  check(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost), "copy");
  cudaFree(d);
  if (h[0] != 0) {
    T x[2];
    check(cudaMemcpy(&x[0], a + h[1], sizeof(T), cudaMemcpyDeviceToHost), "copy");
    check(cudaMemcpy(&x[1], b + h[1], sizeof(T), cudaMemcpyDeviceToHost), "copy");
    std::printf("  %llu mismatches, first at %llu: %lld vs %lld\n", h[0], h[1],
                static_cast<long long>(x[0]), static_cast<long long>(x[1]));
  }
  return static_cast<long long>(h[0]);
}

double copy_bandwidth(long long bytes, int reps) {
  void *a, *b;
  check(cudaMalloc(&a, bytes), "malloc");
  check(cudaMalloc(&b, bytes), "malloc");
  const double s =
      median_seconds(reps, [&] { check(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice), "copy"); });
  cudaFree(a);
  cudaFree(b);
  return 2.0 * bytes / s;
}

/// One shape: In items scanned into Out items (the input widened to Out when they differ).
template <class In, class Out>
void shape(const char* name, long long n, int reps, double copy) {
  In* in;
  Out *ours, *theirs;
  check(cudaMalloc(&in, sizeof(In) * n), "malloc");
  check(cudaMalloc(&ours, sizeof(Out) * n), "malloc");
  check(cudaMalloc(&theirs, sizeof(Out) * n), "malloc");
  fill<<<1024, 256>>>(in, n, 12345u);
  const int items = static_cast<int>(n);
  std::size_t temp_bytes = 0;
  check(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, in, theirs, items), "cub size");
  void* temp;
  check(cudaMalloc(&temp, temp_bytes), "malloc");
  const double t_cub = median_seconds(reps, [&] {
    check(cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, theirs, items), "cub");
  });
  const double t_ours = median_seconds(reps, [&] {
    if constexpr (std::is_same_v<In, Out>) {
      predix::inclusive_scan(predix::cuda, in, in + n, ours);
    } else {
      auto first = thrust::make_transform_iterator(in, widen{});
      predix::inclusive_scan(predix::cuda, first, first + n, ours);
    }
  });
  const long long bad = mismatches(ours, theirs, n);  // CUB sums uint8 in int: same bytes
  const double bytes = double(n) * (sizeof(In) + sizeof(Out));
  std::printf("%-14s predix %8.1f us %6.0f GB/s %5.1f%%   cub %8.1f us %6.0f GB/s %5.1f%%   %.2fx  %s\n",
              name, t_ours * 1e6, bytes / t_ours * 1e-9, 100 * bytes / t_ours / copy, t_cub * 1e6,
              bytes / t_cub * 1e-9, 100 * bytes / t_cub / copy, t_cub / t_ours,
              bad == 0 ? "ok" : "MISMATCH");
  cudaFree(temp);
  cudaFree(in);
  cudaFree(ours);
  cudaFree(theirs);
}

}  // namespace

int main(int argc, char** argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  const long long n = 1ll << log2n;
  const double copy = copy_bandwidth(sizeof(std::int32_t) * n, reps);
  std::printf("n = 2^%d, copy %.0f GB/s\n", log2n, copy * 1e-9);
  shape<std::uint8_t, std::uint8_t>("uint8", n, reps, copy);
  shape<std::int32_t, std::int32_t>("int32", n, reps, copy);
  shape<std::int64_t, std::int64_t>("int64", n, reps, copy);
  shape<std::uint8_t, std::int32_t>("uint8>int32", n, reps, copy);
  shape<bool, bool>("bool", n, reps, copy);
  const long long ragged = n + 12345;  // a partial last tile: the general kernel runs too
  shape<std::int32_t, std::int32_t>("int32 ragged", ragged, 3, copy);
  return 0;
}
