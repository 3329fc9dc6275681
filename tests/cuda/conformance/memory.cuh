#pragma once
// The conformance suite on predix::cuda: backend_memory<predix::cuda_policy> keeps the
// suite's arrays in device memory (cudaMalloc), uploaded and downloaded with cudaMemcpy, so
// the algorithms get raw device pointers; `tile` is the scan tile of int32 (the suite tests
// the sizes around it; tests/cuda/scan_test.cu covers every type's tile).
#include <predix/predix.hpp>

#include <cstddef>
#include <utility>

#include "../../support/memory.hpp"
#include "../cuda_test.cuh"

namespace predix_test {

/// n items of T in device memory (at least one byte allocated, so begin() is never null).
template <class T>
class device_array {
 public:
  explicit device_array(std::ptrdiff_t n) : size_(n) {
    PREDIX_CUDA_CHECK(cudaMalloc(&data_, n > 0 ? sizeof(T) * static_cast<std::size_t>(n) : 1));
  }
  device_array(device_array&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(other.size_) {}
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;
  device_array& operator=(device_array&&) = delete;
  ~device_array() {
    if (data_ != nullptr) (void)cudaFree(data_);
  }

  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  std::ptrdiff_t size() const { return size_; }
  std::size_t bytes() const { return sizeof(T) * static_cast<std::size_t>(size_); }

 private:
  T* data_ = nullptr;
  std::ptrdiff_t size_;
};

template <>
struct backend_memory<predix::cuda_policy> {
  template <class T>
  using array = device_array<T>;

  template <class T>
  static device_array<T> upload(const host_array<T>& host) {
    device_array<T> device(host.size());
    PREDIX_CUDA_CHECK(
        cudaMemcpy(device.begin(), host.begin(), device.bytes(), cudaMemcpyHostToDevice));
    return device;
  }

  template <class T>
  static host_array<T> download(const device_array<T>& device) {
    host_array<T> host(device.size());
    PREDIX_CUDA_CHECK(
        cudaMemcpy(host.begin(), device.begin(), device.bytes(), cudaMemcpyDeviceToHost));
    return host;
  }

  static constexpr std::ptrdiff_t tile =
      predix::gpu::tuning::active::scan::threads * predix::gpu::tuning::active::scan::items(4, 4);
};

}  // namespace predix_test
