#pragma once
// The one path from a predix::cub entry point to predix's asynchronous core (CUB's two-phase
// protocol, given_storage.cuh): run(num_items, call) calls call() — a core entry point with
// the caller's d_temp_storage and temp_storage_bytes — and returns what CUB returns, as a
// cudaError_t: predix::cuda_error → its code (too little storage: cudaErrorInvalidValue),
// std::invalid_argument (host memory) and a negative num_items → cudaErrorInvalidValue.
// The call only enqueues work: no host synchronization, no allocation, every result (a count,
// a sum) stored to the caller's device memory by predix's kernels.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <predix/cuda/error.hpp>
#include <predix/predix.hpp>

namespace predix::cub::detail {

template <class NumItems, class Call>
cudaError_t run(NumItems num_items, Call&& call) {
  if (static_cast<long long>(num_items) < 0) return cudaErrorInvalidValue;
  try {
    call(static_cast<long long>(num_items));
    return cudaSuccess;
  } catch (const cuda_error& e) {
    return e.error();
  } catch (const std::bad_alloc&) {
    return cudaErrorMemoryAllocation;
  } catch (const std::invalid_argument&) {
    return cudaErrorInvalidValue;
  } catch (const std::length_error&) {
    return cudaErrorInvalidValue;
  }
}

/// The accumulator type of CUB 3.0.1 (P2322): the decayed result of op(init, item).
template <class Op, class Item, class Init = Item>
using accumulator_t = std::decay_t<std::invoke_result_t<Op&, Init, Item>>;

/// The flag rule of CUB's Flagged: an item is selected where its flag converts to true.
struct flag_is_set {
  template <class F>
  __host__ __device__ bool operator()(const F& flag) const {
    return static_cast<bool>(flag);
  }
};

}  // namespace predix::cub::detail
