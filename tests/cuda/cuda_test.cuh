#pragma once
// Shared by the CUDA tests: the no-GPU skip, checked CUDA calls, device buffers, and the
// comparison against a host model.
//
// Every CUDA test derives its fixture from predix_test::cuda_test, whose SetUp skips the
// test (GTEST_SKIP) when no device can run kernels: cudaGetDeviceCount fails (e.g.
// cudaErrorNoDevice, or cudaErrorInsufficientDriver with no driver installed) or finds 0
// devices. With PREDIX_REQUIRE_CUDA=1 in the environment (set on GPU machines) it fails
// instead, so a broken driver cannot pass as "skipped".
// PREDIX_TEST_QUICK=1 trims the pattern lists (used under compute-sanitizer).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "../support/random.hpp"

namespace predix_test {

/// Why no CUDA device can run kernels here; empty when one can. Asked once per process.
inline const std::string& cuda_unavailable_reason() {
  static const std::string reason = [] {
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess) {
      (void)cudaGetLastError();  // clear it
      return std::string("cudaGetDeviceCount returned ") + cudaGetErrorName(error) + " (" +
             cudaGetErrorString(error) + ")";
    }
    return count == 0 ? std::string("cudaGetDeviceCount found 0 devices") : std::string();
  }();
  return reason;
}

inline bool env_flag(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::strcmp(value, "") != 0 && std::strcmp(value, "0") != 0;
}

/// PREDIX_TEST_QUICK=1: fewer patterns, for slow runs (compute-sanitizer).
inline bool quick_mode() { return env_flag("PREDIX_TEST_QUICK"); }

class cuda_test : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string& reason = cuda_unavailable_reason();
    if (reason.empty()) return;
    if (env_flag("PREDIX_REQUIRE_CUDA")) FAIL() << "PREDIX_REQUIRE_CUDA is set but " << reason;
    GTEST_SKIP() << "no CUDA device: " << reason;
  }
};

/// Throws (so gtest reports a failure naming the call) unless `error` is cudaSuccess.
inline void cuda_check(cudaError_t error, const char* what, const char* file, int line) {
  if (error != cudaSuccess) {
    throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + what +
                             " failed: " + cudaGetErrorName(error) + " (" +
                             cudaGetErrorString(error) + ")");
  }
}
#define PREDIX_CUDA_CHECK(call) ::predix_test::cuda_check((call), #call, __FILE__, __LINE__)
/// After each launch: the launch error, then the kernel's own.
#define PREDIX_CUDA_CHECK_LAUNCH()                                                  \
  do {                                                                            \
    ::predix_test::cuda_check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__); \
    ::predix_test::cuda_check(cudaDeviceSynchronize(), "kernel", __FILE__, __LINE__);   \
  } while (0)

/// An array in device memory, poisoned (0xA5 bytes) when not copied from the host.
template <class T>
class device_buffer {
 public:
  explicit device_buffer(std::size_t size) : size_(size) {
    PREDIX_CUDA_CHECK(cudaMalloc(&data_, bytes()));
    PREDIX_CUDA_CHECK(cudaMemset(data_, 0xA5, bytes()));
  }
  explicit device_buffer(const std::vector<T>& host) : size_(host.size()) {
    PREDIX_CUDA_CHECK(cudaMalloc(&data_, bytes()));
    PREDIX_CUDA_CHECK(cudaMemcpy(data_, host.data(), bytes(), cudaMemcpyHostToDevice));
  }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  ~device_buffer() { (void)cudaFree(data_); }

  T* get() const { return data_; }
  std::vector<T> to_host() const {
    std::vector<T> host(size_);
    PREDIX_CUDA_CHECK(cudaMemcpy(host.data(), data_, bytes(), cudaMemcpyDeviceToHost));
    return host;
  }

 private:
  std::size_t bytes() const { return size_ == 0 ? 1 : size_ * sizeof(T); }
  T* data_ = nullptr;
  std::size_t size_;
};

/// Fails the test at the first element where `actual` differs from `expected`, naming it
/// through `where(i)` (a string); returns whether all matched.
template <class T, class Where>
bool expect_all_equal(const std::vector<T>& expected, const std::vector<T>& actual, Where where) {
  EXPECT_EQ(expected.size(), actual.size());
  for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i) {
    if (!(expected[i] == actual[i])) {
      ADD_FAILURE() << where(i) << ": expected " << expected[i] << ", got " << actual[i];
      return false;
    }
  }
  return expected.size() == actual.size();
}

/// Every 32-lane pattern the warp tests use: all zero, all one, alternating, single bit
/// and single zero at every lane, runs, and random words of several densities.
inline std::vector<std::uint32_t> warp_patterns(rng& r) {
  std::vector<std::uint32_t> words = {0u,          ~0u,         0x55555555u, 0xAAAAAAAAu,
                                      0x0000FFFFu, 0xFFFF0000u, 0x0F0F0F0Fu, 0x80000001u,
                                      0x7FFFFFFEu, 0x00FF00FFu};
  for (int lane = 0; lane < 32; ++lane) {
    words.push_back(1u << lane);
    words.push_back(~(1u << lane));
  }
  for (double density : {0.5, 0.05, 0.95}) {
    for (int i = 0; i < (quick_mode() ? 4 : 16); ++i) {
      std::uint32_t w = 0;
      for (int lane = 0; lane < 32; ++lane) w |= std::uint32_t(r.chance(density)) << lane;
      words.push_back(w);
    }
  }
  return words;
}

}  // namespace predix_test
