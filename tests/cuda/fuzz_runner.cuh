#pragma once
// predix::cuda as a backend of the differential tests (tests/fuzz/differential.hpp):
//   stream_context  a stream (non-blocking, or the legacy default stream) and a pinned staging
//                   area for the data uploaded on it
//   stream_memory   how the tests' data move: cudaMallocAsync, cudaMemcpyAsync from pinned
//                   staging and cudaFreeAsync on the calling thread's stream_context, so nothing
//                   synchronizes the device and only the stream's order makes a call see its input
//   cuda_backend    differential(c, cuda_backend{&context}) runs cases on
//                   predix::cuda.on(context.stream)
// run<cuda_policy, T, stream_memory> is compiled once per type of the suite and part of the
// forms, in parallel, by fuzz_runner.cu (run_type<I, F>); the tests only call it.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include <predix/predix.hpp>

#include "../fuzz/differential.hpp"
#include "cuda_test.cuh"

namespace predix_test::fuzz {

struct stream_context {
  static constexpr std::size_t capacity = std::size_t(8) << 20;  // > the data of any case
  cudaStream_t stream = nullptr;
  std::uint8_t* pinned = nullptr;
  std::size_t used = 0;
  /// A new non-blocking stream, or (own_stream false) the legacy default stream.
  explicit stream_context(bool own_stream = true) {
    if (own_stream) PREDIX_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    PREDIX_CUDA_CHECK(cudaMallocHost(&pinned, capacity));
  }
  stream_context(const stream_context&) = delete;
  stream_context& operator=(const stream_context&) = delete;
  ~stream_context() {
    (void)cudaStreamSynchronize(stream);
    if (stream != nullptr) (void)cudaStreamDestroy(stream);
    (void)cudaFreeHost(pinned);
  }
};

/// The context of the calling thread's stream_memory (set by run(cuda_backend, ...)).
inline thread_local stream_context* current_stream = nullptr;

/// Device memory allocated and freed in the order of the current stream.
template <class T>
class stream_array {
 public:
  explicit stream_array(std::ptrdiff_t n) : size_(n), stream_(current_stream->stream) {
    PREDIX_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&data_),
                                      std::max<std::size_t>(bytes(), 1), stream_));
  }
  stream_array(stream_array&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(other.size_), stream_(other.stream_) {}
  stream_array(const stream_array&) = delete;
  stream_array& operator=(const stream_array&) = delete;
  ~stream_array() {
    if (data_ != nullptr) (void)cudaFreeAsync(data_, stream_);
  }
  T* begin() { return data_; }
  const T* begin() const { return data_; }
  std::ptrdiff_t size() const { return size_; }
  std::size_t bytes() const { return sizeof(T) * static_cast<std::size_t>(size_); }

 private:
  T* data_ = nullptr;
  std::ptrdiff_t size_;
  cudaStream_t stream_;
};

/// backend_memory for run(): uploads return at once (staged in pinned memory), downloads wait
/// for the stream.
struct stream_memory {
  template <class T>
  static stream_array<T> upload(const host_array<T>& host) {
    stream_context& c = *current_stream;
    stream_array<T> array(host.size());
    if (c.used + array.bytes() > c.capacity) {  // every staged copy is done after this
      PREDIX_CUDA_CHECK(cudaStreamSynchronize(c.stream));
      c.used = 0;
    }
    if (array.bytes() > 0) std::memcpy(c.pinned + c.used, host.begin(), array.bytes());
    PREDIX_CUDA_CHECK(cudaMemcpyAsync(array.begin(), c.pinned + c.used, array.bytes(),
                                      cudaMemcpyHostToDevice, c.stream));
    c.used += (array.bytes() + 255) / 256 * 256;
    return array;
  }
  template <class T>
  static host_array<T> download(const stream_array<T>& array) {
    host_array<T> host(array.size());
    PREDIX_CUDA_CHECK(cudaMemcpyAsync(host.begin(), array.begin(), array.bytes(),
                                      cudaMemcpyDeviceToHost, current_stream->stream));
    PREDIX_CUDA_CHECK(cudaStreamSynchronize(current_stream->stream));
    current_stream->used = 0;
    return host;
  }
};

/// run<predix::cuda_policy, type_at<I>, stream_memory, F>, defined by fuzz_runner.cu.
template <int I, forms F>
outcome run_type(const predix::cuda_policy& policy, const shape& s, const data<type_at<I>>& d);

struct cuda_backend {
  stream_context* context;
};

inline const char* backend_name(const cuda_backend&) { return "cuda"; }

template <class T>
outcome run(const cuda_backend& backend, const shape& s, const data<T>& d) {
  current_stream = backend.context;
  const auto policy = predix::cuda.on(backend.context->stream);
  return is_by_key(s.what) ? run_type<index_of<T>(), forms::by_key>(policy, s, d)
                           : run_type<index_of<T>(), forms::others>(policy, s, d);
}

}  // namespace predix_test::fuzz
