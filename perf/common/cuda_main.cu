// main of predix_perf_cuda: the device's description into the JSON context, then the shared
// main of harness.hpp. Without a device only --benchmark_list_tests works.
#include "cuda.cuh"

#include <thrust/version.h>

int main(int argc, char** argv) {
  perf::config cfg;
  cfg.sizes = {16, 20, 24, 28, 30};
  cfg.sels = {"1", "50", "99", "clustered"};
  cfg.hits = {"1", "50", "99", "none"};
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e == cudaSuccess && count > 0) {
    const cudaDeviceProp& p = perf::device();
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    benchmark::AddCustomContext("device_name", p.name);
    benchmark::AddCustomContext("device_cc", std::to_string(p.major) + "." + std::to_string(p.minor));
    benchmark::AddCustomContext("device_memory_GiB", std::to_string(double(p.totalGlobalMem) / (1 << 30)));
    benchmark::AddCustomContext("device_l2_MiB", std::to_string(double(p.l2CacheSize) / (1 << 20)));
    benchmark::AddCustomContext("device_sms", std::to_string(p.multiProcessorCount));
    benchmark::AddCustomContext("cuda_runtime", std::to_string(runtime));
    benchmark::AddCustomContext("cuda_driver", std::to_string(driver));
    benchmark::AddCustomContext("cccl", std::to_string(THRUST_MAJOR_VERSION) + "." + std::to_string(THRUST_MINOR_VERSION) +
                                            "." + std::to_string(THRUST_SUBMINOR_VERSION));
  } else {
    bool listing = false;
    for (int i = 1; i < argc; ++i) listing |= std::string(argv[i]).rfind("--benchmark_list_tests", 0) == 0;
    std::fprintf(stderr, "predix_perf_cuda: no CUDA device (%s)\n", e == cudaSuccess ? "0 devices" : cudaGetErrorString(e));
    if (!listing) return 1;
  }
  return perf::run_main(argc, argv, cfg, "cuda", perf::measure_cuda_copy);
}
