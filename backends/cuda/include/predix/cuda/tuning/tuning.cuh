#pragma once
// The tuning the device algorithms use. Launch shapes pick kernel instantiations, so host and
// device code agree on them at compile time, one set per build: sm_90's, which every
// architecture uses until it has measured values of its own. The look-back's delays are
// numbers a launch passes, chosen at run time per device (devices.cuh).
#include <predix/cuda/tuning/devices.cuh>
#include <predix/cuda/tuning/sm90.cuh>

namespace predix::gpu::tuning {
using active = sm90;

/// The most resident threads of an SM on the architecture the device code is compiled for
/// (host code: sm_90's), which caps a kernel's resident-block floor (__launch_bounds__): sm_75
/// holds 1024, sm_86, sm_89 and sm_120 hold 1536, the others 2048.
__host__ __device__ constexpr int sm_threads() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
  return 1024;
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || \
                                 __CUDA_ARCH__ == 890 || __CUDA_ARCH__ >= 1200)
  return 1536;
#else
  return 2048;
#endif
}
}  // namespace predix::gpu::tuning
