#pragma once
// predix::thrust::par: an execution policy of Thrust's device system whose algorithms of
// DESIGN.md §1 run on predix (predix/thrust.hpp) while every other Thrust algorithm runs
// Thrust's own implementation, with the same stream and allocator:
//   thrust::copy_if(predix::thrust::par, ...)                   predix
//   thrust::sort(predix::thrust::par.on(stream), ...)            Thrust, on `stream`
//   thrust::count_if(predix::thrust::par(alloc).on(stream), ...) predix, temporaries from alloc
// The predix policy behind it follows THRUST_DEVICE_SYSTEM:
//   CUDA → predix::cuda.on(stream)    OMP → predix::omp    CPP, TBB → predix::host
// par(alloc) and par(&memory_resource) take Thrust's meaning: an lvalue allocator is used by
// reference, anything else by value. predix::thrust::par_nosync, .on(stream) and (alloc) too, is
// thrust::cuda::par_nosync's twin: scans return without synchronizing.
#include <type_traits>
#include <utility>

#include <thrust/detail/allocator_aware_execution_policy.h>
#include <thrust/detail/execute_with_allocator.h>
#include <thrust/execution_policy.h>

// All of predix first: inside namespace predix, `thrust::` names predix::thrust once it is
// declared, and predix's headers mean Thrust when they write `thrust::`.
#include <predix/predix.hpp>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#define PREDIX_THRUST_CUDA 1
#if !PREDIX_HAS_CUDA
#error "predix::thrust on Thrust's CUDA system needs nvcc and the predix::cuda target"
#endif
#else
#define PREDIX_THRUST_CUDA 0
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_OMP && !PREDIX_HAS_OPENMP
#error "predix::thrust on Thrust's OpenMP system needs the predix::openmp target"
#endif
#endif

namespace predix::thrust {

/// The predix policy that runs predix::thrust's algorithms on this build's device system.
#if PREDIX_THRUST_CUDA
using backend_policy = cuda_policy;
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_OMP
using backend_policy = openmp_policy;
#else
using backend_policy = host_policy;
#endif

/// CRTP base of predix's Thrust policies: a policy of Thrust's device system, so Thrust
/// dispatches to it (by argument-dependent lookup) and accepts its device_vector iterators,
/// plus the stream on CUDA. predix's algorithm overloads take execution_policy<Derived>&.
template <class Derived>
struct execution_policy : ::thrust::device_execution_policy<Derived> {
#if PREDIX_THRUST_CUDA
  /// The same policy on `stream`.
  Derived on(cudaStream_t stream) const {
    Derived result = static_cast<const Derived&>(*this);
    static_cast<execution_policy&>(result).stream_ = stream;
    return result;
  }
  cudaStream_t stream() const { return stream_; }

 private:
  /// How Thrust's own algorithms find the stream.
  friend __host__ __device__ cudaStream_t get_stream(const execution_policy& policy) {
    return policy.stream_;
  }
  cudaStream_t stream_ = nullptr;
#endif
};

/// The type of predix::thrust::par.
struct par_t : execution_policy<par_t> {
  /// par(alloc): the same policy taking temporary storage from alloc (Thrust's rules).
  template <class Allocator>
  auto operator()(Allocator&& alloc) const {
    auto result = ::thrust::detail::allocator_aware_execution_policy<execution_policy>{}(
        std::forward<Allocator>(alloc));
#if PREDIX_THRUST_CUDA
    return result.on(stream());
#else
    return result;
#endif
  }
};

inline constexpr par_t par{};

/// CRTP base of predix::thrust::par_nosync and the policies made from it: on CUDA, calls whose
/// results stay on the device (the scans) return without synchronizing, and Thrust's own
/// algorithms skip their optional synchronizations, as with thrust::cuda::par_nosync; calls
/// that return a value or an iterator wait for it as Thrust's do.
template <class Derived>
struct nosync_execution_policy : execution_policy<Derived> {
#if PREDIX_THRUST_CUDA
 private:
  friend __host__ __device__ bool must_perform_optional_stream_synchronization(
      const nosync_execution_policy&) {
    return false;
  }
#endif
};

/// The type of predix::thrust::par_nosync: .on(stream) and (alloc) as par's.
struct par_nosync_t : nosync_execution_policy<par_nosync_t> {
  template <class Allocator>
  auto operator()(Allocator&& alloc) const {
    auto result =
        ::thrust::detail::allocator_aware_execution_policy<nosync_execution_policy>{}(
            std::forward<Allocator>(alloc));
#if PREDIX_THRUST_CUDA
    return result.on(this->stream());
#else
    return result;
#endif
  }
};

inline constexpr par_nosync_t par_nosync{};

/// The predix policy a predix::thrust policy runs on.
template <class Derived>
backend_policy to_backend(const execution_policy<Derived>& policy) {
#if PREDIX_THRUST_CUDA
  const auto on_stream = predix::cuda.on(policy.stream());
  if constexpr (std::is_base_of_v<nosync_execution_policy<Derived>, Derived>) {
    return on_stream.nosync();
  } else {
    return on_stream;
  }
#else
  (void)policy;
  return backend_policy{};
#endif
}

}  // namespace predix::thrust
