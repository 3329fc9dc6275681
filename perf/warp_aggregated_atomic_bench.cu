// warp_aggregated_atomic against plain atomicAdd: every thread of 132 × 8 blocks of 256 adds 1
// to one of `distinct` counters per warp (lane % distinct; 1, 2, 4 or 32 distinct addresses a
// warp), `rounds` times, into shared memory (a block's counters) or global memory (a warp's).
//   warp_aggregated_add/IMPL/distinct:D/space:S    IMPL: plain (atomicAdd per lane),
//   aggregated (warp_aggregated_atomic::increment), aggregated_add (::add, the group_sum path)
// Counters: ps_per_update (per lane and round) and vs_plain for the aggregated rows. Part of
// predix_perf_cuda; --benchmark_filter='^warp_aggregated' runs these rows alone.
#include <predix/config.hpp>
#if PREDIX_HAS_CUDA
#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <predix/cuda/warp/warp_aggregated_atomic.cuh>

#include <map>
#include <stdexcept>
#include <string>

namespace {

constexpr int threads = 256, rounds = 256;

enum class impl { plain, aggregated, aggregated_add };

template <impl I, bool SHARED>
__global__ void __launch_bounds__(threads) atomics_kernel(unsigned* global, int distinct) {
  __shared__ unsigned block[threads];
  block[threadIdx.x] = 0;
  __syncthreads();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  unsigned* counters =
      SHARED ? block + warp * 32 : global + (blockIdx.x * (threads / 32) + warp) * 32;
  for (int r = 0; r < rounds; ++r) {
    const int key = (lane + r) % distinct;
    if constexpr (I == impl::plain) {
      atomicAdd(counters + key, 1u);
    } else if constexpr (I == impl::aggregated) {
      predix::gpu::warp_aggregated_atomic::increment(counters, key);
    } else {
      predix::gpu::warp_aggregated_atomic::add(counters, key, 1u);
    }
  }
  if (SHARED) {
    __syncthreads();
    if (block[threadIdx.x] == 0xffffffffu) global[0] = 1;  // keeps the shared counters live
  }
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

std::map<std::string, double>& plain_seconds() {
  static std::map<std::string, double> m;
  return m;
}

template <impl I, bool SHARED>
void run(benchmark::State& st, int distinct, const std::string& key) {
  int sms = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
  const unsigned grid = static_cast<unsigned>(sms * 8);
  unsigned* global = nullptr;
  check(cudaMalloc(&global, sizeof(unsigned) * grid * threads), "cudaMalloc");
  cudaEvent_t a, b;
  check(cudaEventCreate(&a), "event");
  check(cudaEventCreate(&b), "event");
  atomics_kernel<I, SHARED><<<grid, threads>>>(global, distinct);  // warm-up
  double total = 0;
  for (auto _ : st) {
    check(cudaEventRecord(a), "record");
    atomics_kernel<I, SHARED><<<grid, threads>>>(global, distinct);
    check(cudaEventRecord(b), "record");
    check(cudaEventSynchronize(b), "sync");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, a, b), "elapsed");
    st.SetIterationTime(ms * 1e-3);
    total += ms * 1e-3;
  }
  const double per_call = total / double(st.iterations());
  st.counters["ps_per_update"] = per_call / (double(grid) * threads * rounds) * 1e12;
  if (I == impl::plain) {
    plain_seconds()[key] = per_call;
  } else if (plain_seconds().count(key) != 0) {
    st.counters["vs_plain"] = plain_seconds()[key] / per_call;
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  cudaFree(global);
}

template <impl I, bool SHARED>
void add(const char* name, int distinct) {
  const std::string key = std::string("distinct:") + std::to_string(distinct) +
                          (SHARED ? "/space:shared" : "/space:global");
  benchmark::RegisterBenchmark(("warp_aggregated_add/" + std::string(name) + "/" + key).c_str(),
                               [distinct, key](benchmark::State& st) {
                                 try {
                                   run<I, SHARED>(st, distinct, key);
                                 } catch (const std::exception& e) {
                                   st.SkipWithError(e.what());
                                 }
                               })
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);
}

template <bool SHARED>
void add_space() {
  for (int distinct : {1, 2, 4, 32}) {
    add<impl::plain, SHARED>("plain", distinct);
    add<impl::aggregated, SHARED>("aggregated", distinct);
    add<impl::aggregated_add, SHARED>("aggregated_add", distinct);
  }
}

const bool registered = [] {
  add_space<true>();
  add_space<false>();
  return true;
}();

}  // namespace

#endif  // PREDIX_HAS_CUDA
