// A CUB program: keep the valid samples of a noisy signal, split them around a threshold,
// and compute their running sum and total — each call with CUB's two-phase temporary
// storage (ask for the size, allocate, run).
//
// Switched to predix by namespace, cub:: → predix::cub:: (here the alias `device`, chosen by
// the macro CUB_SAMPLES_PREDIX, so that one source builds both ways). CUDA only.
#include <cub/device/device_partition.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifdef CUB_SAMPLES_PREDIX
#include <predix/cub.hpp>
namespace device = predix::cub;
#else
namespace device = cub;
#endif

#define CHECK(call)                                                                      \
  do {                                                                                   \
    const cudaError_t e = (call);                                                        \
    if (e != cudaSuccess) {                                                              \
      std::fprintf(stderr, "%s: %s (%s)\n", #call, cudaGetErrorName(e), cudaGetErrorString(e)); \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

__host__ __device__ unsigned hash(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  return x ^ (x >> 16);
}

/// Samples in [-1000, 1000), one in eight flagged invalid.
__global__ void make_samples(int* samples, std::uint8_t* valid, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    samples[i] = static_cast<int>(hash(i) % 2000) - 1000;
    valid[i] = hash(i + n) % 8 != 0;
  }
}

struct above {
  int threshold;
  __host__ __device__ bool operator()(int x) const { return x > threshold; }
};

/// Calls run(d_temp_storage, temp_storage_bytes) twice, as CUB asks: for the size, then to run.
template <class Run>
void with_temp_storage(Run run) {
  void* d_temp_storage = nullptr;
  size_t temp_storage_bytes = 0;
  CHECK(run(d_temp_storage, temp_storage_bytes));
  CHECK(cudaMalloc(&d_temp_storage, temp_storage_bytes));
  CHECK(run(d_temp_storage, temp_storage_bytes));
  CHECK(cudaFree(d_temp_storage));
}

template <class T>
std::vector<T> to_host(const T* d, long long n) {
  std::vector<T> h(static_cast<size_t>(n));
  CHECK(cudaMemcpy(h.data(), d, sizeof(T) * h.size(), cudaMemcpyDeviceToHost));
  return h;
}

/// An order-sensitive checksum.
template <class T>
unsigned long long checksum(const std::vector<T>& v) {
  unsigned long long h = 0;
  for (const T& x : v) h = h * 1000003u + static_cast<unsigned long long>(x);
  return h;
}

int main() {
  const int n = 1 << 20;
  int *samples, *kept, *parts, *running;
  std::uint8_t* valid;
  long long *count, *total;
  CHECK(cudaMalloc(&samples, sizeof(int) * n));
  CHECK(cudaMalloc(&kept, sizeof(int) * n));
  CHECK(cudaMalloc(&parts, sizeof(int) * n));
  CHECK(cudaMalloc(&running, sizeof(int) * n));
  CHECK(cudaMalloc(&valid, n));
  CHECK(cudaMalloc(&count, 2 * sizeof(long long)));
  CHECK(cudaMalloc(&total, sizeof(long long)));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  make_samples<<<256, 256, 0, stream>>>(samples, valid, n);
  CHECK(cudaGetLastError());

  // The valid samples, in order.
  with_temp_storage([&](void* temp, size_t& bytes) {
    return device::DeviceSelect::Flagged(temp, bytes, samples, valid, kept, count, n, stream);
  });
  const long long m = to_host(count, 1)[0];

  // Samples above 500 to the front; the others to the back, in reverse order.
  with_temp_storage([&](void* temp, size_t& bytes) {
    return device::DevicePartition::If(temp, bytes, kept, parts, count + 1, m, above{500},
                                       stream);
  });
  const long long high = to_host(count + 1, 1)[0];

  // Running sum and total of the valid samples.
  with_temp_storage([&](void* temp, size_t& bytes) {
    return device::DeviceScan::InclusiveSum(temp, bytes, kept, running, m, stream);
  });
  with_temp_storage([&](void* temp, size_t& bytes) {
    return device::DeviceReduce::Sum(temp, bytes, kept, total, m, stream);
  });
  CHECK(cudaStreamSynchronize(stream));

  const auto sums = to_host(running, m);
  std::printf("valid samples %lld of %d, above 500: %lld\n", m, n, high);
  std::printf("total %lld, running sum at the middle %d, at the end %d\n", to_host(total, 1)[0],
              m > 0 ? sums[m / 2] : 0, m > 0 ? sums[m - 1] : 0);
  std::printf("checksums: kept %016llx, partitioned %016llx, running %016llx\n",
              checksum(to_host(kept, m)), checksum(to_host(parts, m)), checksum(sums));
  for (void* p : {(void*)samples, (void*)kept, (void*)parts, (void*)running, (void*)valid,
                  (void*)count, (void*)total}) {
    CHECK(cudaFree(p));
  }
  CHECK(cudaStreamDestroy(stream));
  return 0;
}
