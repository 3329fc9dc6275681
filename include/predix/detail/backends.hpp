#pragma once
// The one dispatch point. Each backend adds overloads of predix::impl::ALGORITHM taking its
// policy type first; overload resolution picks the most derived policy, so a backend whose
// policy derives from serial_policy falls back to the serial reference for anything it lacks.
// Adding a backend: a folder under backends/, a CMake target, and one include line here.
#include <predix/execution.hpp>
#include <predix/serial/algorithms.hpp>
#if PREDIX_HAS_OPENMP
#include <predix/openmp/algorithms.hpp>
#endif
#if PREDIX_HAS_KOKKOS
#include <predix/kokkos/algorithms.hpp>
#endif
#if PREDIX_HAS_CUDA
#include <predix/cuda/algorithms.hpp>
#endif
