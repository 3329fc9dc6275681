#pragma once
// The one path from a predix::cub entry point to predix (CUB's two-phase protocol):
//   run(d_temp_storage, temp_storage_bytes, stream, call)
//     d_temp_storage == nullptr: sets temp_storage_bytes and returns (a size query);
//     otherwise calls call(predix::cuda.on(stream)) and returns the error as CUB does, as a
//     cudaError_t: predix::cuda_error → its code, std::bad_alloc → cudaErrorMemoryAllocation,
//     std::invalid_argument (host memory, negative num_items) → cudaErrorInvalidValue.
// predix takes its temporary storage from its own stream-ordered pool, so the size asked for
// is a token 1 byte and the storage passed in is not used.
// Also here: store() writes a count or a sum to a device iterator on the stream, as CUB does.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <predix/cuda/error.hpp>
#include <predix/predix.hpp>

namespace predix::cub::detail {

inline constexpr std::size_t temp_storage_size = 1;

template <class Call>
cudaError_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, cudaStream_t stream,
                Call&& call) {
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = temp_storage_size;
    return cudaSuccess;
  }
  try {
    call(predix::cuda.on(stream));
    return cudaSuccess;
  } catch (const cuda_error& e) {
    return e.error();
  } catch (const std::bad_alloc&) {
    return cudaErrorMemoryAllocation;
  } catch (const std::invalid_argument&) {
    return cudaErrorInvalidValue;
  }
}

template <class It, class... T>
__global__ void store_kernel(It out, T... values) {
  int i = 0;
  ((out[i++] = values), ...);
}

/// out[0] = values[0], out[1] = values[1], ... on the stream (a kernel: `out` may be any
/// device iterator). Throws predix::cuda_error if the launch fails.
template <class It, class... T>
void store(It out, cudaStream_t stream, const char* algorithm, T... values) {
  store_kernel<<<1, 1, 0, stream>>>(out, values...);
  gpu::detail::check_launch(algorithm);
}

/// The accumulator type of CUB 3.0.1 (P2322): the decayed result of op(init, item).
template <class Op, class Item, class Init = Item>
using accumulator_t = std::decay_t<std::invoke_result_t<Op&, Init, Item>>;

/// x converted to T: makes a scan of items accumulate in T.
template <class T>
struct convert_to {
  template <class U>
  __host__ __device__ T operator()(const U& x) const {
    return static_cast<T>(x);
  }
};

/// The flag rule of CUB's Flagged: an item is selected where its flag converts to true.
struct flag_is_set {
  template <class F>
  __host__ __device__ bool operator()(const F& flag) const {
    return static_cast<bool>(flag);
  }
};

}  // namespace predix::cub::detail
