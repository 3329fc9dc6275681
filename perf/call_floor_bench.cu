// The floor of a call, timed as the suite times its rows (CUDA events on perf::stream()
// around the call): one single-block kernel that stores an 8-byte result, ended in each of the
// ways a library call can end. Below ~2^22 items a call is mostly this floor, so the rows say
// how much of predix's gap to CUB there is the synchronous return.
//   launch               an asynchronous call (CUB's reduce or select returns here)
//   launch_x2            two launches (CUB's reduce: the grid, then the single-block join)
//   pointer_check        cudaPointerGetAttributes, then the launch (predix's host-pointer check)
//   launch_sync          the launch, then cudaStreamSynchronize
//   mapped_result        the result stored to mapped pinned memory, the stream synchronized,
//                        the result read (predix's count_if, reduce, copy_if)
//   copied_result        the result in device memory, copied back by cudaMemcpyAsync, the stream
//                        synchronized (Thrust's reduce)
//   mapped_result_polled the result and then a call number (after a system fence) stored to
//                        mapped memory; the host reads the number until it arrives (bounded, then
//                        it synchronizes) instead of synchronizing the stream (predix's reduce)
//   mapped_count_polled  the result alone (after a device-scope fence) stored to mapped memory,
//                        whose word the host set to a value no result takes; the host reads it
//                        until it changes (predix's count_if and find_if)
// Rows call_floor/PATTERN: time per call (events), counter host_us (the host's wall time from
// before the call to its result, what a caller waits). report.py leaves them to the JSON.
#include "common/cuda.cuh"

#include <atomic>
#include <chrono>

namespace {

struct result_slot {
  volatile unsigned long long value;
  volatile unsigned long long call;  // polled by the host
};

__global__ void store_kernel(unsigned long long* out, unsigned long long value) {
  if (threadIdx.x == 0) *out = value;
}

__global__ void store_polled_kernel(result_slot* out, unsigned long long value,
                                    unsigned long long call) {
  if (threadIdx.x == 0) {
    out->value = value;
    __threadfence_system();
    out->call = call;
  }
}

__global__ void store_count_kernel(result_slot* out, unsigned long long value) {
  if (threadIdx.x == 0) {
    __threadfence();
    out->value = value;
  }
}

constexpr unsigned long long unset = ~0ull;  // no result of a call

enum class ending { launch, launch_x2, pointer_check, launch_sync, mapped_result, copied_result,
                    mapped_result_polled, mapped_count_polled };

struct floor_case {
  perf::dbuf<unsigned long long> result{1};
  unsigned long long* device = result.p;
  result_slot* mapped = nullptr;
  floor_case() {
    perf::check(cudaHostAlloc(&mapped, sizeof(result_slot), cudaHostAllocMapped), "cudaHostAlloc");
    mapped->value = 0;
    mapped->call = 0;
  }
  floor_case(const floor_case&) = delete;
  floor_case& operator=(const floor_case&) = delete;
  ~floor_case() { cudaFreeHost(mapped); }

  /// One call ending as `e`; returns the result as the host sees it.
  unsigned long long call(ending e, unsigned long long n) {
    const cudaStream_t s = perf::stream();
    switch (e) {
      case ending::launch:
        store_kernel<<<1, 32, 0, s>>>(device, n);
        return 0;
      case ending::launch_x2:
        store_kernel<<<1, 32, 0, s>>>(device, n);
        store_kernel<<<1, 32, 0, s>>>(device, n + 1);
        return 0;
      case ending::pointer_check: {
        cudaPointerAttributes attributes{};
        perf::check(cudaPointerGetAttributes(&attributes, device), "cudaPointerGetAttributes");
        store_kernel<<<1, 32, 0, s>>>(device, n);
        return 0;
      }
      case ending::launch_sync:
        store_kernel<<<1, 32, 0, s>>>(device, n);
        perf::check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
        return 0;
      case ending::mapped_result:
        store_kernel<<<1, 32, 0, s>>>(const_cast<unsigned long long*>(&mapped->value), n);
        perf::check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
        return mapped->value;
      case ending::copied_result: {
        unsigned long long got = 0;
        store_kernel<<<1, 32, 0, s>>>(device, n);
        perf::check(cudaMemcpyAsync(&got, device, sizeof got, cudaMemcpyDeviceToHost, s),
                    "cudaMemcpyAsync");
        perf::check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
        return got;
      }
      case ending::mapped_result_polled: {
        store_polled_kernel<<<1, 32, 0, s>>>(mapped, n, n);
        perf::check(cudaGetLastError(), "launch");
        for (long spins = 0; mapped->call != n; ++spins) {
          if (spins == (1L << 26)) perf::check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
        }
        std::atomic_thread_fence(std::memory_order_acquire);
        return mapped->value;
      }
      case ending::mapped_count_polled: {
        mapped->value = unset;
        store_count_kernel<<<1, 32, 0, s>>>(mapped, n);
        perf::check(cudaGetLastError(), "launch");
        for (long spins = 0; mapped->value == unset; ++spins) {
          if (spins == (1L << 26)) perf::check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
        }
        return mapped->value;
      }
    }
    return 0;
  }
};

void run_floor(benchmark::State& st, ending e) {
  floor_case c;
  perf::event_timer timer;
  unsigned long long n = 1;
  for (int w = 0; w < 3; ++w) c.call(e, n++);
  timer.sync();
  double events = 0, host = 0;
  std::int64_t calls = 0;
  bool wrong = false;
  for (auto _ : st) {
    timer.start();
    const auto t0 = std::chrono::steady_clock::now();
    const unsigned long long got = c.call(e, n);
    const auto t1 = std::chrono::steady_clock::now();
    const double s = timer.stop();
    wrong |= (e == ending::mapped_result || e == ending::copied_result ||
              e == ending::mapped_result_polled || e == ending::mapped_count_polled) && got != n;
    ++n;
    st.SetIterationTime(s);
    events += s;
    host += std::chrono::duration<double>(t1 - t0).count();
    ++calls;
  }
  perf::check(cudaGetLastError(), "call_floor");
  if (wrong) st.SkipWithError("a result read back wrong");
  if (calls > 0) {
    st.counters["events_us"] = events / double(calls) * 1e6;
    st.counters["host_us"] = host / double(calls) * 1e6;
  }
}

const bool registered = [] {
  const std::pair<const char*, ending> rows[] = {
      {"launch", ending::launch},
      {"launch_x2", ending::launch_x2},
      {"pointer_check", ending::pointer_check},
      {"launch_sync", ending::launch_sync},
      {"mapped_result", ending::mapped_result},
      {"copied_result", ending::copied_result},
      {"mapped_result_polled", ending::mapped_result_polled},
      {"mapped_count_polled", ending::mapped_count_polled}};
  for (const auto& [name, e] : rows) {
    const ending which = e;
    benchmark::RegisterBenchmark((std::string("call_floor/") + name).c_str(),
                                 [which](benchmark::State& st) {
                                   try {
                                     run_floor(st, which);
                                   } catch (const std::exception& ex) {
                                     st.SkipWithError(ex.what());
                                   }
                                 })
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
