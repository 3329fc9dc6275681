#pragma once
// The one path from a predix::cub entry point to predix's asynchronous core (CUB's two-phase
// protocol, given_storage.cuh): run(num_items, call) calls call() — a core entry point with
// the caller's d_temp_storage and temp_storage_bytes — and returns what CUB returns, as a
// cudaError_t: predix::cuda_error → its code (too little storage: cudaErrorInvalidValue),
// std::invalid_argument (host memory) and a negative num_items → cudaErrorInvalidValue.
// The call only enqueues work: no host synchronization, no allocation, every result (a count,
// a sum) stored to the caller's device memory by predix's kernels.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>
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

/// Core calls that run one after the other on one stream in the same storage (each
/// call(storage, bytes) a core entry point): a size query returns the largest one's need, and
/// storage smaller than that fails before any of them runs, so that nothing is written.
template <class... Calls>
void in_turn(void* storage, std::size_t& bytes, const char* algorithm, Calls&&... calls) {
  std::size_t most = 0;
  (
      [&] {
        std::size_t need = 0;
        calls(nullptr, need);
        most = std::max(most, need);
      }(),
      ...);
  if (storage == nullptr) {
    bytes = most;
    return;
  }
  if (bytes < most) {
    throw cuda_error(cudaErrorInvalidValue, std::string("predix::") + algorithm +
                                                ": temporary storage smaller than asked for");
  }
  (calls(storage, bytes), ...);
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
