#pragma once
// The kernels of one call launched one after another on its stream (a selection's head, then its
// kernel of whole tiles, then the general kernel's ragged tail): on sm_90 and later, a later kernel
// goes as a programmatic dependent launch of the one before, and its blocks start once every block
// of the earlier kernel has started (let_next_start, at each block's start) instead of after the
// earlier kernel has ended and the launch has gone through (~2–4 µs a kernel boundary on an H100).
// Before reading anything the earlier kernel writes but the tile states, and before its own first
// store, a block waits for the earlier kernel's end (wait_for_earlier: its writes visible): so a
// call's kernels still end in order, and whatever follows on the stream, launched plainly, finds
// them all done. Tile states are read across the two kernels as across the blocks of one
// (tile_state.cuh). The first kernel of a call is launched plainly: it may read what the caller's
// own kernels wrote before it.
#include <cuda_runtime_api.h>

#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/error.hpp>
#include <predix/cuda/tuning/tuning.cuh>

namespace predix::gpu::detail {

/// Lets the kernel launched after this one as its dependent start its blocks once every block
/// of this one has called this (or ended). Nothing before sm_90, or without such a kernel.
__device__ __forceinline__ void let_next_start() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

/// Waits until the kernel this one was launched as a dependent of has ended and its writes are
/// visible; returns at once for a kernel launched plainly, and before sm_90.
__device__ __forceinline__ void wait_for_earlier() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

/// Whether `kernel` on the current device takes part in dependent launches: compiled for sm_90
/// or later (PTX version 9.0 on: its let_next_start and wait_for_earlier are there; a kernel
/// compiled for an earlier architecture runs without them), asked once per kernel and device.
template <class Kernel>
bool chains_launches(Kernel* kernel, const char* algorithm) {
  return once_per_kernel(kernel, algorithm, [&](int) {
    cudaFuncAttributes attributes{};
    check(cudaFuncGetAttributes(&attributes, kernel), algorithm, "cudaFuncGetAttributes");
    return attributes.ptxVersion >= 90;
  });
}

/// Launches kernel<<<blocks, threads, 0, stream>>>(args...); as a dependent of the kernel
/// launched just before it on the stream when `after_own` (that kernel is the same call's) and
/// the kernel takes part in dependent launches (chains_launches).
template <class... Params, class... Args>
void launch_kernel(void (*kernel)(Params...), unsigned blocks, unsigned threads,
                   cudaStream_t stream, bool after_own, const char* algorithm, Args... args) {
  if (after_own && chains_launches(kernel, algorithm)) {
    cudaLaunchAttribute attribute{};
    attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(threads);
    config.dynamicSmemBytes = 0;
    config.stream = stream;
    config.attrs = &attribute;
    config.numAttrs = 1;
    check(cudaLaunchKernelEx(&config, kernel, args...), algorithm, "cudaLaunchKernelEx");
  } else {
    kernel<<<blocks, threads, 0, stream>>>(args...);
  }
  check_launch(algorithm);
}

}  // namespace predix::gpu::detail
