#pragma once
/// Feature macros. Each PREDIX_HAS_* is always defined, to 0 or 1. A backend's
/// CMake target (predix::openmp, predix::kokkos, predix::cuda) defines its macro to 1.

#ifndef PREDIX_HAS_OPENMP
#define PREDIX_HAS_OPENMP 0
#endif

#ifndef PREDIX_HAS_KOKKOS
#define PREDIX_HAS_KOKKOS 0
#endif

// The CUDA backend exists only in code compiled by nvcc with predix::cuda linked.
#if defined(PREDIX_ENABLE_CUDA_BACKEND) && defined(__CUDACC__)
#undef PREDIX_HAS_CUDA
#define PREDIX_HAS_CUDA 1
#endif
#ifndef PREDIX_HAS_CUDA
#define PREDIX_HAS_CUDA 0
#endif

/// Marks functions that user functors and iterators may call on host and device.
#if defined(__CUDACC__)
#define PREDIX_HOST_DEVICE __host__ __device__
#else
#define PREDIX_HOST_DEVICE
#endif
