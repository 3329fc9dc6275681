#pragma once
// Where the asynchronous core's kernels leave a call's result: in device memory the caller
// names (CUB's d_num_selected_out, d_out), as out[0] = f(x), f turning what the kernel found
// into what the call returns (a count into init · count, an index into a vote):
//   stored_result{d_out, f}.publish(x)   *d_out = f(x), by the kernel that found x
//   store_count(d_num_selected_out, k)   *d_num_selected_out = k, by a selection's last tile
// The synchronous form's results go to mapped host memory instead (call_slots.hpp).
#include <cuda_runtime_api.h>

#include <predix/cuda/error.hpp>

namespace predix::gpu::detail {

/// x unchanged.
struct same_value {
  template <class X>
  __host__ __device__ X operator()(const X& x) const {
    return x;
  }
};

/// out[0] = f(x), stored by the kernel that publishes x.
template <class Out, class F = same_value>
struct stored_result {
  Out out;
  F f;
  template <class X>
  __device__ void publish(const X& x) const {
    Out at = out;
    *at = f(x);
  }
};

/// Where a selection's last tile also stores the number of items selected, besides its
/// select_counts (select_agent.cuh): nowhere (no_count_out), or an iterator into device memory
/// (CUB's d_num_selected_out), converted to its value type.
struct no_count_out {};
template <class NumOut>
__device__ __forceinline__ void store_count(const NumOut& out, long long selected) {
  NumOut at = out;
  *at = selected;
}
__device__ __forceinline__ void store_count(const no_count_out&, long long) {}

template <class Result, class X>
__global__ void publish_kernel(Result result, X x) {
  result.publish(x);
}

/// result.publish(x) on the stream, from a kernel of one thread: the result of an empty range.
template <class Result, class X>
void publish_on(const Result& result, const X& x, cudaStream_t stream, const char* algorithm) {
  publish_kernel<<<1, 1, 0, stream>>>(result, x);
  check_launch(algorithm);
}

}  // namespace predix::gpu::detail
