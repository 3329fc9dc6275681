#pragma once
// The sweeps' harness (perf/sweep/run.sh): checked CUDA calls, the median time of a callable
// over repetitions, 0/1 items, a device-side comparison and the copy bandwidth measured in the
// same process, so that each sweep prints % of copy as the suite does.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace sweep {

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

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

inline double copy_bandwidth(long long bytes, int reps) {
  void *a, *b;
  check(cudaMalloc(&a, bytes), "malloc");
  check(cudaMalloc(&b, bytes), "malloc");
  const double s =
      median_seconds(reps, [&] { check(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice), "copy"); });
  cudaFree(a);
  cudaFree(b);
  return 2.0 * bytes / s;
}

/// One line of a sweep: predix's and CUB's time, GB/s and % of copy, and × CUB.
inline void report(const char* name, double bytes, double t_ours, double t_cub, double copy,
                   long long bad) {
  std::printf("%-16s predix %8.1f us %6.0f GB/s %5.1f%%   cub %8.1f us %6.0f GB/s %5.1f%%   %.2fx  %s\n",
              name, t_ours * 1e6, bytes / t_ours * 1e-9, 100 * bytes / t_ours / copy, t_cub * 1e6,
              bytes / t_cub * 1e-9, 100 * bytes / t_cub / copy, t_cub / t_ours,
              bad == 0 ? "ok" : "MISMATCH");
}

/// A sweep's size and repetitions from its arguments ([log2 n = 28] [repetitions = 20]), and
/// the copy bandwidth measured for it; prints the header line.
struct setup {
  long long n;
  int reps;
  double copy;
};
inline setup start(int argc, char** argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  const long long n = 1ll << log2n;
  const double copy = copy_bandwidth(sizeof(std::int32_t) * n, reps);
  std::printf("n = 2^%d, copy %.0f GB/s\n", log2n, copy * 1e-9);
  return {n, reps, copy};
}

}  // namespace sweep
