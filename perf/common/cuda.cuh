#pragma once
// CUDA side of the harness: device buffers, data generated on the device (a kernel per fill,
// never the host), free-memory checks, CUDA-event timing on one stream with the inputs
// rotated through `slots` copies when a case fits in L2, and the device-to-device copy
// bandwidth. A bench source defines, per algorithm, a case type holding every buffer (set up
// once per row, shared by the baseline and predix rows) and one `run<T>` per implementation.
#include "harness.hpp"

#include <cuda_runtime.h>

#include <predix/config.hpp>
#if PREDIX_HAS_CUDA
#include <predix/predix.hpp>
#if PREDIX_HAS_CUDA
#include <predix/cub.hpp>
#endif

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#endif

#include <cmath>
#include <string>

namespace perf {

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
  }
}

inline cudaStream_t stream() {
  static cudaStream_t s = [] {
    cudaStream_t t;
    check(cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking), "cudaStreamCreate");
    return t;
  }();
  return s;
}

/// `policy`, or policy.unordered() when UNORDERED (the predix_unordered rows).
template <bool UNORDERED, class Policy>
auto ordered_or_not(const Policy& policy) {
  if constexpr (UNORDERED) {
    return policy.unordered();
  } else {
    return policy;
  }
}

inline const cudaDeviceProp& device() {
  static cudaDeviceProp p = [] {
    cudaDeviceProp q{};
    int d = 0;
    check(cudaGetDevice(&d), "cudaGetDevice");
    check(cudaGetDeviceProperties(&q, d), "cudaGetDeviceProperties");
    return q;
  }();
  return p;
}

/// Skips the row (perf::skipped) unless `bytes` fit in free device memory with a margin.
inline void require_device_bytes(double bytes) {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  if (bytes > 0.95 * double(free) - double(256 << 20)) {
    char msg[160];
    std::snprintf(msg, sizeof msg, "needs %.2f GiB of device memory, %.2f GiB free", bytes / (1 << 30),
                  double(free) / (1 << 30));
    throw skipped(msg);
  }
}

/// Number of rotated copies of a case whose buffers take `bytes`: enough that consecutive
/// runs never find their data in L2 (2× L2 in all), 1 for cases larger than that.
/// Also checks that the slots fit in free memory (perf::skipped otherwise).
inline int slots_for(double bytes) {
  const int slots = int(std::min(4096.0, std::ceil(2.0 * device().l2CacheSize / bytes)));
  require_device_bytes(bytes * slots);
  return slots;
}

/// `slots` × `n` items on the device; at(s) is copy s, the copies laid end to end from
/// offset_items() items past the (256-byte aligned) allocation.
template <class T>
struct dbuf {
  T* p = nullptr;
  std::int64_t n = 0;
  int slots = 1;
  dbuf() = default;
  dbuf(std::int64_t n_, int slots_ = 1) : n(n_), slots(slots_) {
    check(cudaMalloc(&p, sizeof(T) * (std::size_t(n) * slots + 16) + 1), "cudaMalloc");
  }
  dbuf(const dbuf&) = delete;
  dbuf& operator=(const dbuf&) = delete;
  ~dbuf() { cudaFree(p); }
  T* at(int s) const { return p + offset_items() + std::int64_t(s) * n; }
};

/// Temporary storage for Thrust calls (thrust::cuda::par(arena)), allocated once outside the
/// timed region; everything is released at reset().
struct arena {
  using value_type = char;
  dbuf<char> mem;
  std::size_t used = 0;
  explicit arena(std::size_t bytes) : mem(std::int64_t(bytes)) {}
  char* allocate(std::ptrdiff_t n) {
    const std::size_t a = (std::size_t(n) + 255) & ~std::size_t(255);
    if (used + a > std::size_t(mem.n)) throw std::bad_alloc();
    used += a;
    return mem.p + used - a;
  }
  void deallocate(char*, std::size_t) {}
  void reset() { used = 0; }
};

template <class F>
__global__ void generate_kernel(std::int64_t total, std::int64_t n, F f) {
  for (std::int64_t j = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; j < total;
       j += std::int64_t(gridDim.x) * blockDim.x)
    f(j, j % n);  // (position, index within its slot)
}

template <class F>
void generate(std::int64_t total, std::int64_t n, F f) {
  generate_kernel<<<4 * device().multiProcessorCount, 256, 0, stream()>>>(total, n, f);
  check(cudaGetLastError(), "generate");
}

/// Every slot of `b` holds item<T>(p, i) (selection cases).
template <class T>
void fill_items(dbuf<T>& b, const pattern& p) {
  T* d = b.at(0);
  generate(b.n * b.slots, b.n, [=] __device__(std::int64_t j, std::int64_t i) { d[j] = item<T>(p, i); });
}
/// Every slot of `b` holds the 0/1 selection flags of p.
inline void fill_flags(dbuf<std::uint8_t>& b, const pattern& p) {
  std::uint8_t* d = b.at(0);
  generate(b.n * b.slots, b.n, [=] __device__(std::int64_t j, std::int64_t i) { d[j] = selected(p, i); });
}
/// Every slot of `b` holds scan_item<T>(p, i).
template <class T, class In>
void fill_scan(dbuf<In>& b, const pattern& p) {
  In* d = b.at(0);
  generate(b.n * b.slots, b.n, [=] __device__(std::int64_t j, std::int64_t i) { d[j] = scan_item<T>(p, i); });
}
/// Evicts the device's L2 (writes 2× its size elsewhere): after an untimed restore of an
/// in-place input, so that the timed run reads it from memory as the other rows do.
inline void flush_l2() {
  static dbuf<char> scratch{2 * std::int64_t(device().l2CacheSize)};
  check(cudaMemsetAsync(scratch.p, 0, std::size_t(scratch.n), stream()), "memset");
}

/// Outputs: a non-zero poison byte pattern.
template <class T>
void poison(dbuf<T>& b) {
  check(cudaMemsetAsync(b.p, 0x5a, sizeof(T) * (std::size_t(b.n) * b.slots + 16), stream()), "memset");
}

template <class Pattern>
__global__ void count_kernel(Pattern p, std::int64_t n, unsigned long long* k) {
  unsigned long long mine = 0;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::int64_t(gridDim.x) * blockDim.x)
    mine += selected(p, i);
  atomicAdd(k, mine);
}

/// Number of items p selects among the first n.
inline std::int64_t count_selected(const pattern& p, std::int64_t n) {
  dbuf<unsigned long long> k(1);
  check(cudaMemsetAsync(k.p, 0, sizeof(unsigned long long), stream()), "memset");
  count_kernel<<<4 * device().multiProcessorCount, 256, 0, stream()>>>(p, n, k.p);
  unsigned long long h = 0;
  check(cudaMemcpyAsync(&h, k.p, sizeof h, cudaMemcpyDeviceToHost, stream()), "memcpy");
  check(cudaStreamSynchronize(stream()), "count_selected");
  return std::int64_t(h);
}

/// CUB's item count: int, as most callers pass it (32-bit offsets inside CUB).
inline int cub_items(std::int64_t n) {
  if (n > std::int64_t(std::numeric_limits<int>::max())) throw skipped("n does not fit an int");
  return int(n);
}

/// The input of a selection or search case on the device: `slots` copies of the items and the
/// number selected. `per_item`: bytes per item of all the case's buffers (in, out, flags...),
/// which set the slot count and the memory check.
template <class T>
struct device_items {
  std::int64_t n, k = 0;
  int slots;
  pattern pat;
  dbuf<T> in;
  device_items(const case_spec& c, double per_item)
      : n(c.n()), slots(slots_for(n * per_item)), pat(pattern_of(c)), in(n, slots) {
    fill_items(in, pat);
    k = count_selected(pat, n);
  }
};

using cuda_types = types<std::uint8_t, std::int16_t, std::int32_t, std::int64_t, float>;

struct event_timer {
  cudaEvent_t a, b;
  event_timer() {
    check(cudaEventCreate(&a), "cudaEventCreate");
    check(cudaEventCreate(&b), "cudaEventCreate");
  }
  ~event_timer() { cudaEventDestroy(a), cudaEventDestroy(b); }
  void sync() { check(cudaStreamSynchronize(stream()), "warm-up"); }
  void start() { check(cudaEventRecord(a, stream()), "cudaEventRecord"); }
  double stop() {
    check(cudaEventRecord(b, stream()), "cudaEventRecord");
    check(cudaEventSynchronize(b), "run");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
    return ms * 1e-3;
  }
};

/// Times `run(slot)` (enqueued on perf::stream()) with events; `prep(slot)` is enqueued
/// before the start event, untimed.
template <class Prep, class Run>
void cuda_run(benchmark::State& st, const case_spec& c, double bytes, int slots, Prep&& prep, Run&& run) {
  event_timer timer;
  time_loop(st, c, bytes, slots, timer, prep, run);
  check(cudaGetLastError(), "benchmark");
}
template <class Run>
void cuda_run(benchmark::State& st, const case_spec& c, double bytes, int slots, Run&& run) {
  cuda_run(st, c, bytes, slots, [](int) {}, run);
}

#if PREDIX_HAS_CUDA
template <template <class> class Probe, class T, class = void>
struct implemented : std::false_type {};
template <template <class> class Probe, class T>
struct implemented<Probe, T, std::void_t<Probe<T>>> : std::true_type {};

template <template <class> class Probe, class Impl, class T>
void add_predix_one(const char* algo, axis ax) {
  if constexpr (implemented<Probe, T>::value) add<Impl>(types<T>{}, algo, "predix_cuda", ax);
}

/// Registers the predix::cuda row Impl::run<T> for each T whose call the CUDA backend
/// implements (Probe<T>, the predix::impl call that the row makes, is well-formed), so rows
/// appear as the backend gains algorithms.
template <template <class> class Probe, class Impl, class... Ts>
bool add_predix(types<Ts...>, const char* algo, axis ax) {
  (add_predix_one<Probe, Impl, Ts>(algo, ax), ...);
  return true;
}
#endif

/// How a CUB row ends. `device`: as CUB returns, after its launches, the result left in device
/// memory. `host`: as predix and Thrust return — the result (a count, a sum; none for a scan)
/// copied to pinned host memory and the stream synchronized, the ending a caller that needs the
/// result pays and the one predix's rows include.
enum class cub_end { device, host };

/// Times a CUB two-phase call `call(temp, temp_bytes, slot)` ending as END says; its temporary
/// storage is sized and allocated once, outside the timed region. `result`: the device bytes
/// that END = host copies back (none: a scan).
template <cub_end END, class Call>
void cub_run(benchmark::State& st, const case_spec& c, double bytes, int slots, Call&& call,
             const void* result = nullptr, std::size_t result_bytes = 0) {
  static void* host = [] {
    void* p = nullptr;
    check(cudaMallocHost(&p, 64), "cudaMallocHost");
    return p;
  }();
  if (result_bytes > 64) throw std::logic_error("cub_run: a result of at most 64 bytes");
  std::size_t temp_bytes = 0;
  check(call(nullptr, temp_bytes, 0), "temporary storage size");
  require_device_bytes(double(temp_bytes));
  dbuf<char> temp{std::int64_t(temp_bytes)};
  cuda_run(st, c, bytes, slots, [&](int s) {
    check(call(temp.p, temp_bytes, s), "cub");
    if constexpr (END == cub_end::host) {
      if (result_bytes != 0) {
        check(cudaMemcpyAsync(host, result, result_bytes, cudaMemcpyDeviceToHost, stream()), "copy back");
      }
      check(cudaStreamSynchronize(stream()), "cub");
    }
  });
}

/// The two namespaces a CUB row's calls can be made from: CUB's own, and predix::cub (the
/// same calls, switched by namespace: predix's asynchronous core).
struct cub_api {
  using DeviceSelect = ::cub::DeviceSelect;
  using DevicePartition = ::cub::DevicePartition;
  using DeviceScan = ::cub::DeviceScan;
  using DeviceReduce = ::cub::DeviceReduce;
  using DeviceRunLengthEncode = ::cub::DeviceRunLengthEncode;
  using DeviceHistogram = ::cub::DeviceHistogram;
};
#if PREDIX_HAS_CUDA
struct predix_cub_api {
  using DeviceSelect = predix::cub::DeviceSelect;
  using DevicePartition = predix::cub::DevicePartition;
  using DeviceScan = predix::cub::DeviceScan;
  using DeviceReduce = predix::cub::DeviceReduce;
  using DeviceRunLengthEncode = predix::cub::DeviceRunLengthEncode;
  using DeviceHistogram = predix::cub::DeviceHistogram;
};
#endif

/// Registers a CUB baseline twice: Impl<cub_end::device, cub_api> as "cub" and
/// Impl<cub_end::host, cub_api> as "cub_sync"; and the same calls on predix::cub, ending as
/// CUB's, as "predix_cub".
template <template <cub_end, class> class Impl, class Types>
bool add_cub(Types types, const char* algo, axis ax) {
  return add<Impl<cub_end::device, cub_api>>(types, algo, "cub", ax) &&
         add<Impl<cub_end::host, cub_api>>(types, algo, "cub_sync", ax)
#if PREDIX_HAS_CUDA
         && add<Impl<cub_end::device, predix_cub_api>>(types, algo, "predix_cub", ax)
#endif
      ;
}

/// cudaMemcpyAsync device to device of up to 1 GiB, mean of 20 after 3 warm-ups:
/// bytes read + written per second.
inline double measure_cuda_copy() {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  std::size_t bytes = std::size_t(1) << 30;
  while (2 * bytes > free / 2) bytes /= 2;
  dbuf<char> a{std::int64_t(bytes)}, b{std::int64_t(bytes)};
  check(cudaMemsetAsync(a.p, 1, bytes, stream()), "memset");
  event_timer t;
  for (int i = 0; i < 3; ++i) check(cudaMemcpyAsync(b.p, a.p, bytes, cudaMemcpyDeviceToDevice, stream()), "copy");
  t.start();
  for (int i = 0; i < 20; ++i) check(cudaMemcpyAsync(b.p, a.p, bytes, cudaMemcpyDeviceToDevice, stream()), "copy");
  return 2.0 * 20 * double(bytes) / t.stop() * 1e-9;
}

}  // namespace perf
