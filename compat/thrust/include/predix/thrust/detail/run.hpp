#pragma once
// The one path from a predix::thrust overload to predix: run(exec, "copy_if", call) calls
// call(policy) with the predix policy of exec (policy.hpp) and, on CUDA,
//   - takes predix's temporary storage from exec's allocator when it has one (par(alloc)),
//     through Thrust's temporary-buffer calls, as Thrust's own algorithms do;
//   - turns predix::cuda_error into thrust::system_error (cuda category), what Thrust throws.
// PREDIX_THRUST_TRACE(algorithm, policy), if defined before the first include, is called on
// every entry (tests record which algorithms reached predix, on which predix policy).
// Also here: raw/back (Thrust's contiguous iterators as raw pointers, and back) and
// PREDIX_THRUST_RETURN (predix in host code, Thrust's own implementation in device code).
#include <cstddef>
#include <type_traits>

#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <predix/thrust/policy.hpp>

#if PREDIX_THRUST_CUDA
#include <thrust/memory.h>
#include <thrust/system/cuda/error.h>
#include <thrust/system_error.h>

#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/error.hpp>
#endif

#ifndef PREDIX_THRUST_TRACE
#define PREDIX_THRUST_TRACE(algorithm, policy) ((void)(algorithm), (void)(policy))
#endif

// Every predix::thrust overload is __host__ __device__, as Thrust's own are, and returns
//   PREDIX_THRUST_RETURN(detail::count(exec, ...), ::thrust::cuda_cub::count(exec, ...));
// the first in host code (predix, through run below), the second in device code: a kernel
// that calls thrust::count(par, ...) runs Thrust's own implementation for exec, as it would
// with thrust::device (sequentially, in the calling thread). nvcc's device pass sees the host
// call too, behind if (false): it instantiates the kernels that predix launches only from code
// it sees (Thrust's THRUST_CDP_DISPATCH does the same), and the execution-space check is off
// for the overloads (PREDIX_THRUST_OVERLOAD) so that this dead call of a host function is no
// error. Thrust's other device systems (OMP, CPP) have no device code: host code only there.
#if PREDIX_THRUST_CUDA
#define PREDIX_THRUST_OVERLOAD _Pragma("nv_exec_check_disable")
#define PREDIX_THRUST_HOST_DEVICE __host__ __device__
#else
#define PREDIX_THRUST_OVERLOAD
#define PREDIX_THRUST_HOST_DEVICE
#endif
#if PREDIX_THRUST_CUDA && defined(__CUDA_ARCH__)
#define PREDIX_THRUST_RETURN(on_host, on_device) \
  if (false) return on_host;                      \
  return on_device
#else
#define PREDIX_THRUST_RETURN(on_host, on_device) return on_host
#endif

namespace predix::thrust::detail {

/// Thrust's contiguous iterators (device_vector iterators, device_ptr) as the raw pointers
/// that Thrust's own systems unwrap them to, so that user functors get T& as they do with
/// thrust::device, not the thrust::device_reference<T> that a device_ptr gives on the OMP and
/// CPP systems; any other iterator as it is.
template <class It>
auto raw(It it) {
  return ::thrust::try_unwrap_contiguous_iterator(it);
}

/// The caller's iterator `it` moved to `raw_end`, a position in the range that raw(it) starts.
template <class It, class Raw>
It back(It it, Raw raw_end) {
  return it + (raw_end - raw(it));
}

#if PREDIX_THRUST_CUDA
/// Policies made by par(alloc).
template <class Policy>
struct has_allocator : std::false_type {};
template <class Allocator, template <class> class Base>
struct has_allocator<::thrust::detail::execute_with_allocator<Allocator, Base>> : std::true_type {};

/// Temporary storage of predix::cuda from a Thrust policy's allocator.
template <class Policy>
class policy_allocator final : public gpu::detail::caller_allocator {
 public:
  explicit policy_allocator(Policy& policy) : policy_(policy) {}
  void* allocate(std::size_t bytes) override {
    const auto n = static_cast<std::ptrdiff_t>(bytes);
    return ::thrust::raw_pointer_cast(::thrust::get_temporary_buffer<char>(policy_, n).first);
  }
  void deallocate(void* p, std::size_t bytes) noexcept override {
    try {
      const ::thrust::pointer<char, Policy> pointer(static_cast<char*>(p));
      ::thrust::return_temporary_buffer(policy_, pointer, static_cast<std::ptrdiff_t>(bytes));
    } catch (...) {  // a destructor's work: nothing to report to
    }
  }

 private:
  Policy& policy_;
};
#endif

template <class Derived, class Call>
auto run(execution_policy<Derived>& exec, const char* algorithm, Call&& call) {
  const backend_policy policy = to_backend(exec);
  PREDIX_THRUST_TRACE(algorithm, policy);
#if PREDIX_THRUST_CUDA
  try {
    if constexpr (has_allocator<Derived>::value) {
      policy_allocator<Derived> allocator(static_cast<Derived&>(exec));
      gpu::detail::caller_allocator_scope scope(&allocator);
      return call(policy);
    } else {
      return call(policy);
    }
  } catch (const cuda_error& e) {
    throw ::thrust::system::system_error(e.code().value(), ::thrust::system::cuda_category(),
                                         e.what());
  }
#else
  return call(policy);
#endif
}

}  // namespace predix::thrust::detail
