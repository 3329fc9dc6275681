// Warp and block primitives against CUB, on int flags: every thread keeps its inputs in a
// register and the kernel scans `tiles` tiles in a loop (one flag per thread per tile), so
// the collective, not memory, is what is timed.
//   warp_count            predix_binary (__popc(__ballot_sync))  vs cub WarpReduce<int>::Sum
//   warp_exclusive_sum    predix_binary (ballot + lanemask_lt)   vs cub WarpScan<int>::ExclusiveSum
//   block_count           predix_binary (__syncthreads_count)    vs cub BlockReduce<int, B>::Sum
//   block_exclusive_sum   predix_binary (ballot + warp offsets)  vs cub BlockScan<int, B> (raking
//                         and warp_scans)
//   warp/block_kbit_exclusive_sum, bits:1..8
//                         predix_bit_plane against predix_generic and cub on k-bit values: where
//                         the bit-plane scan stops paying
// predix_generic rows are predix::gpu::warp_scan / warp_reduce / block_scan / block_reduce<int>.
// Rows: PRIMITIVE/IMPL/threads:B[/bits:K]; time per launch (CUDA events, manual time), and
// counters: ps_per_item (per flag scanned), regs, smem_B (static shared memory per block),
// local_B (spills; 0 expected), blocks_per_SM (occupancy) and vs_<baseline> (baseline time /
// this time, > 1 is faster) for the predix rows. SASS instruction counts per kernel:
// scripts/gpu_check.sh (cuobjdump -sass). Part of predix_perf_cuda, like every *_bench.cu.
#include <predix/config.hpp>
#if PREDIX_HAS_CUDA  // built into predix_perf_cuda with predix::cuda
#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

#include <predix/cuda/block/block_binary_reduce.cuh>
#include <predix/cuda/block/block_binary_scan.cuh>
#include <predix/cuda/block/block_bit_plane_scan.cuh>
#include <predix/cuda/block/block_reduce.cuh>
#include <predix/cuda/block/block_scan.cuh>
#include <predix/cuda/warp/warp_binary_reduce.cuh>
#include <predix/cuda/warp/warp_binary_scan.cuh>
#include <predix/cuda/warp/warp_bit_plane_scan.cuh>
#include <predix/cuda/warp/warp_reduce.cuh>
#include <predix/cuda/warp/warp_scan.cuh>

#include <map>
#include <stdexcept>
#include <string>

namespace {

namespace gpu = predix::gpu;

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
  }
}

// ------------------------------------------------------------------ primitives
// Each: storage<B> (shared memory per block, double-buffered by the kernel) and
// run<B>(storage, x) → an int that depends on the result (value + aggregate for scans).
// MASK selects the input bits: 1 for flags, 2^K - 1 for K-bit values.
template <unsigned MASK>
struct no_storage {
  static constexpr unsigned mask = MASK;
  template <int B>
  struct storage {};
};

struct predix_warp_count : no_storage<1> {
  template <int B>
  static __device__ int run(storage<B>&, unsigned x) { return gpu::warp_binary_reduce::count(x); }
};
struct generic_warp_count : no_storage<1> {
  template <int B>
  static __device__ int run(storage<B>&, unsigned x) { return gpu::warp_reduce<int>::sum(int(x)); }
};
struct cub_warp_count {
  static constexpr unsigned mask = 1;
  template <int B>
  struct storage {
    typename cub::WarpReduce<int>::TempStorage warp[B / 32];
  };
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    return cub::WarpReduce<int>(s.warp[threadIdx.x / 32]).Sum(int(x));
  }
};

struct predix_warp_exclusive_sum : no_storage<1> {
  template <int B>
  static __device__ int run(storage<B>&, unsigned x) {
    const gpu::scan_result<int> r = gpu::warp_binary_scan::exclusive_sum(x);
    return r.value + r.aggregate;
  }
};
template <unsigned MASK>
struct generic_warp_exclusive_sum : no_storage<MASK> {
  template <int B>
  static __device__ int run(typename no_storage<MASK>::template storage<B>&, unsigned x) {
    const gpu::scan_result<int> r = gpu::warp_scan<int>::exclusive_sum(int(x));
    return r.value + r.aggregate;
  }
};
template <unsigned MASK>
struct cub_warp_exclusive_sum {
  static constexpr unsigned mask = MASK;
  template <int B>
  struct storage {
    typename cub::WarpScan<int>::TempStorage warp[B / 32];
  };
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    int value, aggregate;
    cub::WarpScan<int>(s.warp[threadIdx.x / 32]).ExclusiveSum(int(x), value, aggregate);
    return value + aggregate;
  }
};
template <int BITS>
struct predix_warp_bit_plane : no_storage<(1u << BITS) - 1> {
  template <int B>
  static __device__ int run(typename no_storage<(1u << BITS) - 1>::template storage<B>&,
                            unsigned x) {
    const gpu::scan_result<int> r = gpu::warp_bit_plane_scan<BITS>::exclusive_sum(x);
    return r.value + r.aggregate;
  }
};

struct predix_block_count {
  static constexpr unsigned mask = 1;
  template <int B>
  using storage = typename gpu::block_binary_reduce<B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    return gpu::block_binary_reduce<B>(s).count(x);
  }
};
struct generic_block_count {
  static constexpr unsigned mask = 1;
  template <int B>
  using storage = typename gpu::block_reduce<int, B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    return gpu::block_reduce<int, B>(s).sum(int(x));
  }
};
struct cub_block_count {  // the result is valid in thread 0 only (CUB's contract)
  static constexpr unsigned mask = 1;
  template <int B>
  using storage = typename cub::BlockReduce<int, B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    return cub::BlockReduce<int, B>(s).Sum(int(x));
  }
};

struct predix_block_exclusive_sum {
  static constexpr unsigned mask = 1;
  template <int B>
  using storage = typename gpu::block_binary_scan<B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    const gpu::scan_result<int> r = gpu::block_binary_scan<B>(s).exclusive_sum(x);
    return r.value + r.aggregate;
  }
};
template <unsigned MASK>
struct generic_block_exclusive_sum {
  static constexpr unsigned mask = MASK;
  template <int B>
  using storage = typename gpu::block_scan<int, B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    const gpu::scan_result<int> r = gpu::block_scan<int, B>(s).exclusive_sum(int(x));
    return r.value + r.aggregate;
  }
};
template <unsigned MASK, cub::BlockScanAlgorithm ALGORITHM>
struct cub_block_exclusive_sum {
  static constexpr unsigned mask = MASK;
  template <int B>
  using scan = cub::BlockScan<int, B, ALGORITHM>;
  template <int B>
  using storage = typename scan<B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    int value, aggregate;
    scan<B>(s).ExclusiveSum(int(x), value, aggregate);
    return value + aggregate;
  }
};
template <int BITS>
struct predix_block_bit_plane {
  static constexpr unsigned mask = (1u << BITS) - 1;
  template <int B>
  using storage = typename gpu::block_bit_plane_scan<BITS, B>::TempStorage;
  template <int B>
  static __device__ int run(storage<B>& s, unsigned x) {
    const gpu::scan_result<int> r = gpu::block_bit_plane_scan<BITS, B>(s).exclusive_sum(x);
    return r.value + r.aggregate;
  }
};

// ------------------------------------------------------------------ the kernel
// Tile t's input of a thread is its seed word rotated by t, masked: registers only. Two
// TempStorages alternate, so no barrier is needed between tiles (each collective's own
// barrier orders the reuse), the same for CUB and predix.
template <class Prim, int B>
__global__ void __launch_bounds__(B) tiles_kernel(const unsigned* seeds, int tiles, int* out) {
  __shared__ typename Prim::template storage<B> storage[2];
  const int i = blockIdx.x * B + threadIdx.x;
  const unsigned bits = seeds[i];
  int acc = 0;
  for (int t = 0; t < tiles; t += 2) {
    acc += Prim::template run<B>(storage[0], __funnelshift_r(bits, bits, t) & Prim::mask);
    acc += Prim::template run<B>(storage[1], __funnelshift_r(bits, bits, t + 1) & Prim::mask);
  }
  out[i] = acc;
}

// One collective call, straight-line: its SASS instruction count minus that of
// probe_kernel<identity, B> is the primitive's instruction count per call
// (scripts/gpu_check.sh counts them with cuobjdump -sass).
template <class Prim, int B>
__global__ void __launch_bounds__(B) probe_kernel(const unsigned* seeds, int* out) {
  __shared__ typename Prim::template storage<B> storage;
  const int i = blockIdx.x * B + threadIdx.x;
  out[i] = Prim::template run<B>(storage, seeds[i] & Prim::mask);
}

struct identity : no_storage<1> {
  template <int B>
  static __device__ int run(storage<B>&, unsigned x) { return int(x); }
};
template __global__ void probe_kernel<identity, 128>(const unsigned*, int*);
template __global__ void probe_kernel<identity, 256>(const unsigned*, int*);
template __global__ void probe_kernel<identity, 1024>(const unsigned*, int*);

// ------------------------------------------------------------------ rows
constexpr int tiles = 2048;

struct device_info {
  int sms = 0;
  static const device_info& get() {
    static device_info d = [] {
      device_info i;
      int dev = 0;
      check(cudaGetDevice(&dev), "cudaGetDevice");
      check(cudaDeviceGetAttribute(&i.sms, cudaDevAttrMultiProcessorCount, dev), "attribute");
      return i;
    }();
    return d;
  }
};

std::map<std::string, double>& baseline_seconds() {  // "primitive/threads/bits" → impl → s
  static std::map<std::string, double> m;
  return m;
}

template <class Prim, int B>
void run_row(benchmark::State& st, const std::string& key, const std::string& impl,
             bool baseline) {
  const auto kernel = tiles_kernel<Prim, B>;
  cudaFuncAttributes attr{}, probe{};
  check(cudaFuncGetAttributes(&attr, kernel), "cudaFuncGetAttributes");
  check(cudaFuncGetAttributes(&probe, probe_kernel<Prim, B>), "cudaFuncGetAttributes");
  int per_sm = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, B, 0), "occupancy");
  const int blocks = device_info::get().sms * (2048 / B);  // a full wave at full occupancy
  const std::size_t threads = std::size_t(blocks) * B;

  unsigned* seeds = nullptr;
  int* out = nullptr;
  check(cudaMalloc(&seeds, threads * sizeof(unsigned)), "cudaMalloc");
  check(cudaMalloc(&out, threads * sizeof(int)), "cudaMalloc");
  std::vector<unsigned> host(threads);
  std::uint64_t s = 0x9e3779b97f4a7c15ull;
  for (unsigned& w : host) s = s * 6364136223846793005ull + 1442695040888963407ull, w = unsigned(s >> 32);
  check(cudaMemcpy(seeds, host.data(), threads * sizeof(unsigned), cudaMemcpyHostToDevice), "copy");

  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  for (int w = 0; w < 2; ++w) kernel<<<blocks, B>>>(seeds, tiles, out);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "warm-up");
  double total = 0;
  std::int64_t iterations = 0;
  for (auto _ : st) {
    check(cudaEventRecord(start), "cudaEventRecord");
    kernel<<<blocks, B>>>(seeds, tiles, out);
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    check(cudaGetLastError(), "kernel");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    st.SetIterationTime(ms * 1e-3);
    total += ms * 1e-3;
    ++iterations;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(seeds);
  cudaFree(out);

  const double per_launch = iterations ? total / double(iterations) : 0;
  st.counters["ps_per_item"] = per_launch / (double(threads) * tiles) * 1e12;
  st.counters["regs"] = attr.numRegs;
  st.counters["smem_B"] = double(attr.sharedSizeBytes);
  st.counters["local_B"] = double(attr.localSizeBytes);
  st.counters["blocks_per_SM"] = per_sm;
  if (per_launch <= 0) return;
  if (baseline) {
    baseline_seconds()[key + "|" + impl] = per_launch;
  } else {
    for (const auto& [k, t] : baseline_seconds()) {
      if (k.rfind(key + "|", 0) == 0) st.counters["vs_" + k.substr(key.size() + 1)] = t / per_launch;
    }
  }
}

/// Registers PRIMITIVE/IMPL/threads:B[/bits:K]; baselines must be registered before the
/// predix rows of the same key (Google Benchmark runs rows in registration order).
template <class Prim, int B>
void add(const std::string& primitive, const std::string& impl, bool baseline, int bits = 0) {
  std::string key = primitive + "/threads:" + std::to_string(B);
  if (bits) key += "/bits:" + std::to_string(bits);
  const std::string name = primitive + "/" + impl + "/threads:" + std::to_string(B) +
                           (bits ? "/bits:" + std::to_string(bits) : std::string());
  benchmark::RegisterBenchmark(name.c_str(),
                               [key, impl, baseline](benchmark::State& st) {
                                 try {
                                   run_row<Prim, B>(st, key, impl, baseline);
                                 } catch (const std::exception& e) {
                                   st.SkipWithError(e.what());
                                 }
                               })
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);
}

template <int B>
void add_block_rows() {
  using cub::BLOCK_SCAN_RAKING;
  using cub::BLOCK_SCAN_WARP_SCANS;
  add<cub_block_count, B>("block_count", "cub", true);
  add<predix_block_count, B>("block_count", "predix_binary", false);
  add<generic_block_count, B>("block_count", "predix_generic", false);
  add<cub_block_exclusive_sum<1, BLOCK_SCAN_RAKING>, B>("block_exclusive_sum", "cub", true);
  add<cub_block_exclusive_sum<1, BLOCK_SCAN_WARP_SCANS>, B>("block_exclusive_sum",
                                                            "cub_warp_scans", true);
  add<predix_block_exclusive_sum, B>("block_exclusive_sum", "predix_binary", false);
  add<generic_block_exclusive_sum<1>, B>("block_exclusive_sum", "predix_generic", false);
}

template <int BITS>
void add_bit_plane_rows() {
  constexpr unsigned mask = (1u << BITS) - 1;
  add<cub_warp_exclusive_sum<mask>, 256>("warp_kbit_exclusive_sum", "cub", true, BITS);
  add<generic_warp_exclusive_sum<mask>, 256>("warp_kbit_exclusive_sum", "predix_generic", true,
                                             BITS);
  add<predix_warp_bit_plane<BITS>, 256>("warp_kbit_exclusive_sum", "predix_bit_plane", false,
                                        BITS);
  add<cub_block_exclusive_sum<mask, cub::BLOCK_SCAN_RAKING>, 256>("block_kbit_exclusive_sum",
                                                                  "cub", true, BITS);
  add<generic_block_exclusive_sum<mask>, 256>("block_kbit_exclusive_sum", "predix_generic", true,
                                              BITS);
  add<predix_block_bit_plane<BITS>, 256>("block_kbit_exclusive_sum", "predix_bit_plane", false,
                                         BITS);
}

void register_rows() {
  add<cub_warp_count, 256>("warp_count", "cub", true);
  add<predix_warp_count, 256>("warp_count", "predix_binary", false);
  add<generic_warp_count, 256>("warp_count", "predix_generic", false);
  add<cub_warp_exclusive_sum<1>, 256>("warp_exclusive_sum", "cub", true);
  add<predix_warp_exclusive_sum, 256>("warp_exclusive_sum", "predix_binary", false);
  add<generic_warp_exclusive_sum<1>, 256>("warp_exclusive_sum", "predix_generic", false);
  add_block_rows<128>();
  add_block_rows<256>();
  add_block_rows<1024>();
  add_bit_plane_rows<1>();
  add_bit_plane_rows<2>();
  add_bit_plane_rows<3>();
  add_bit_plane_rows<4>();
  add_bit_plane_rows<5>();
  add_bit_plane_rows<6>();
  add_bit_plane_rows<8>();
}

// Registered before main: these rows run ahead of the harness's matrix rows;
// --benchmark_filter='^(warp|block)_' runs them alone.
const bool registered = [] {
  benchmark::AddCustomContext("primitives_tiles_per_launch", std::to_string(tiles));
  register_rows();
  return true;
}();

}  // namespace

#endif  // PREDIX_HAS_CUDA
