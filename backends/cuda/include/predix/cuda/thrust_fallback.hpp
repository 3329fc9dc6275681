#pragma once
// Selection through Thrust's CUDA implementation, for item types predix's own selection kernel
// does not take (device/select.cuh: selects_natively_v, trivially copyable items): copy_if,
// remove_if, partition, stable_partition, partition_copy, called qualified
// (thrust::cuda_cub::...) on the policy's stream, with predix's semantics:
//   - predicates go through static_cast<bool> (bool_predicate), std:: functors through their
//     cuda::std:: twins (functional.cuh);
//   - partition leaves the rejected elements reversed: Thrust's CUDA partition copies the
//     input aside and partitions it back with CUB, which writes them reversed;
//   - partition_copy keeps both outputs in order (Thrust's partition_copy does);
//   - the plain forms (their stencil items_as_stencil) call Thrust's forms without one;
//   - Thrust's thrust::system_error becomes predix::cuda_error naming the algorithm.
// The callers (device/select.cuh, select_in_place.cuh) check the iterators and empty ranges.
// Like Thrust, each call returns after the work is done.
#include <type_traits>
#include <utility>

#include <thrust/copy.h>
#include <thrust/partition.h>
#include <thrust/remove.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system_error.h>

#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/functional.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/detail/stencil.hpp>

namespace predix {
namespace gpu::detail {

/// pred(x) converted with static_cast<bool>, callable as const (Thrust calls it so).
template <class Pred>
struct bool_predicate {
  mutable Pred pred;
  template <class T>
  __host__ __device__ bool operator()(T&& x) const {
    return static_cast<bool>(pred(static_cast<T&&>(x)));
  }
};

/// pred for device code, its result converted with static_cast<bool>.
template <class Pred>
bool_predicate<device_function_t<Pred>> as_bool(const Pred& pred) {
  return {to_device(pred)};
}

/// Runs call(exec) with exec = thrust::cuda::par on the policy's stream; Thrust's errors
/// become predix::cuda_error.
template <class Call>
auto thrust_call(const cuda_policy& policy, const char* algorithm, Call&& call) {
  auto exec = ::thrust::cuda::par.on(policy.stream());
  try {
    decltype(auto) result = call(exec);
    synchronize(policy.stream(), algorithm);
    return result;
  } catch (const ::thrust::system_error& e) {
    (void)cudaGetLastError();
    throw cuda_error(static_cast<cudaError_t>(e.code().value()),
                     std::string("predix::") + algorithm + ": Thrust: " + e.what());
  }
}

/// Runs Thrust's form of a selection without a stencil (without(exec)) or with one
/// (with(exec, stencil)), as the stencil argument says at compile time (items_as_stencil).
template <class Stencil, class Without, class With>
auto thrust_stencil_form(const cuda_policy& policy, const char* algorithm, const Stencil& stencil,
                         Without&& without, With&& with) {
  return thrust_call(policy, algorithm, [&](auto& exec) {
    if constexpr (predix::detail::is_items_as_stencil_v<Stencil>) {
      return without(exec);
    } else {
      return with(exec, stencil);
    }
  });
}

template <class In, class Stencil, class Out, class Pred>
Out thrust_copy_if(const cuda_policy& policy, In first, In last, Stencil stencil, Out out,
                   Pred pred, const char* algorithm) {
  const auto p = gpu::detail::as_bool(pred);
  return thrust_stencil_form(
      policy, algorithm, stencil,
      [&](auto& exec) { return ::thrust::cuda_cub::copy_if(exec, first, last, out, p); },
      [&](auto& exec, const auto& s) {
        return ::thrust::cuda_cub::copy_if(exec, first, last, s, out, p);
      });
}

template <class It, class Stencil, class Pred>
It thrust_remove_if(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred,
                    const char* algorithm) {
  const auto p = gpu::detail::as_bool(pred);
  return thrust_stencil_form(
      policy, algorithm, stencil,
      [&](auto& exec) { return ::thrust::cuda_cub::remove_if(exec, first, last, p); },
      [&](auto& exec, const auto& s) {
        return ::thrust::cuda_cub::remove_if(exec, first, last, s, p);
      });
}

template <class It, class Stencil, class Pred>
It thrust_partition(const cuda_policy& policy, It first, It last, Stencil stencil, Pred pred,
                    const char* algorithm) {
  const auto p = gpu::detail::as_bool(pred);
  return thrust_stencil_form(
      policy, algorithm, stencil,
      [&](auto& exec) { return ::thrust::cuda_cub::partition(exec, first, last, p); },
      [&](auto& exec, const auto& s) {
        return ::thrust::cuda_cub::partition(exec, first, last, s, p);
      });
}

template <class It, class Stencil, class Pred>
It thrust_stable_partition(const cuda_policy& policy, It first, It last, Stencil stencil,
                           Pred pred, const char* algorithm) {
  const auto p = gpu::detail::as_bool(pred);
  return thrust_stencil_form(
      policy, algorithm, stencil,
      [&](auto& exec) { return ::thrust::cuda_cub::stable_partition(exec, first, last, p); },
      [&](auto& exec, const auto& s) {
        return ::thrust::cuda_cub::stable_partition(exec, first, last, s, p);
      });
}

template <class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> thrust_partition_copy(const cuda_policy& policy, In first, In last,
                                            Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred,
                                            const char* algorithm) {
  const auto p = gpu::detail::as_bool(pred);
  const auto ends = thrust_stencil_form(
      policy, algorithm, stencil,
      [&](auto& exec) {
        return ::thrust::cuda_cub::partition_copy(exec, first, last, out_true, out_false, p);
      },
      [&](auto& exec, const auto& s) {
        return ::thrust::cuda_cub::partition_copy(exec, first, last, s, out_true, out_false, p);
      });
  return {ends.first, ends.second};
}

}  // namespace gpu::detail
}  // namespace predix
