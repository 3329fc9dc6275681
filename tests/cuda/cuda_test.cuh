#pragma once
// Shared by the CUDA tests: the no-GPU skip, checked CUDA calls, device buffers, the
// comparison against a host model, and taking every free slot of a slot pool.
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
#include <type_traits>
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

/// Values as gtest should print them (1-byte integers as numbers, not characters).
template <class T>
const T& printable(const T& x) {
  return x;
}
inline int printable(std::uint8_t x) { return x; }

/// Fails the test at the first element where `actual` differs from `expected`, naming it
/// through `where(i)` (a string); returns whether all matched.
template <class T, class Where>
bool expect_all_equal(const std::vector<T>& expected, const std::vector<T>& actual, Where where) {
  EXPECT_EQ(expected.size(), actual.size());
  for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i) {
    if (!(expected[i] == actual[i])) {
      ADD_FAILURE() << where(i) << ": expected " << printable(expected[i]) << ", got "
                    << printable(actual[i]);
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

/// The block sizes of the block tests: powers of two and non-power-of-two multiples of 32
/// (3, 5, 17 and 31 warps). for_each_block_size(f) calls f(std::integral_constant<int, N>).
template <class F>
void for_each_block_size(F&& f) {
  f(std::integral_constant<int, 32>{});
  f(std::integral_constant<int, 96>{});
  f(std::integral_constant<int, 160>{});
  f(std::integral_constant<int, 256>{});
  f(std::integral_constant<int, 544>{});
  f(std::integral_constant<int, 992>{});
  f(std::integral_constant<int, 1024>{});
}

/// 1-D, 2-D and 3-D shapes of `threads` threads; the 2-D and 3-D ones mostly have a
/// blockDim.x that is not a multiple of 32, so warps straddle rows.
inline std::vector<dim3> block_shapes(int threads) {
  switch (threads) {
    case 32: return {dim3(32), dim3(8, 4), dim3(2, 4, 4)};
    case 96: return {dim3(96), dim3(12, 8), dim3(3, 4, 8)};
    case 160: return {dim3(160), dim3(20, 8), dim3(5, 4, 8)};
    case 256: return {dim3(256), dim3(16, 16), dim3(4, 8, 8)};
    case 544: return {dim3(544), dim3(17, 32), dim3(17, 4, 8)};
    case 992: return {dim3(992), dim3(31, 32), dim3(31, 4, 8)};
    case 1024: return {dim3(1024), dim3(32, 32), dim3(16, 8, 8)};
    default: return {dim3(threads)};
  }
}

inline std::string shape_name(dim3 b) {
  return "block (" + std::to_string(b.x) + "," + std::to_string(b.y) + "," + std::to_string(b.z) +
         ")";
}

/// Flag patterns of one block of `threads` threads (one bit per thread, linear order, 32 to
/// a word): all zero, all one, alternating, single bit and single zero at many positions
/// (every one of the first two warps, both sides of each warp boundary, the last warp, and
/// a stride through the rest), whole warps on and off, halves, and random densities.
inline std::vector<std::vector<std::uint32_t>> block_patterns(rng& r, int threads) {
  const int words = threads / 32;
  std::vector<std::vector<std::uint32_t>> patterns;
  auto uniform = [&](std::uint32_t w) { patterns.emplace_back(words, w); };
  uniform(0u);
  uniform(~0u);
  uniform(0x55555555u);
  uniform(0xAAAAAAAAu);
  std::vector<int> positions;
  for (int p = 0; p < threads; ++p) {
    const bool edge = p % 32 == 0 || p % 32 == 31 || p >= threads - 32;
    if (quick_mode() ? (p < 2 || p % 97 == 0 || p == threads - 1) : (p < 64 || edge || p % 7 == 0)) {
      positions.push_back(p);
    }
  }
  for (int p : positions) {
    patterns.emplace_back(words, 0u);
    patterns.back()[p / 32] = 1u << (p % 32);
    patterns.emplace_back(words, ~0u);
    patterns.back()[p / 32] = ~(1u << (p % 32));
  }
  for (int phase = 0; phase < 2; ++phase) {
    patterns.emplace_back(words, 0u);
    for (int w = phase; w < words; w += 2) patterns.back()[w] = ~0u;
  }
  patterns.emplace_back(words, 0u);
  for (int w = 0; w < words / 2; ++w) patterns.back()[w] = ~0u;
  for (double density : {0.5, 0.02, 0.98}) {
    for (int i = 0; i < (quick_mode() ? 2 : 6); ++i) {
      patterns.emplace_back(words, 0u);
      for (int t = 0; t < threads; ++t) {
        patterns.back()[t / 32] |= std::uint32_t(r.chance(density)) << (t % 32);
      }
    }
  }
  for (int i = 0; i < 4; ++i) {  // whole warps at random
    patterns.emplace_back(words, 0u);
    for (int w = 0; w < words; ++w) patterns.back()[w] = r.chance(0.5) ? ~0u : 0u;
  }
  return patterns;
}

/// A block's patterns flattened for upload: pattern b is words [b * threads / 32, ...).
inline std::vector<std::uint32_t> flatten(const std::vector<std::vector<std::uint32_t>>& p) {
  std::vector<std::uint32_t> flat;
  for (const auto& words : p) flat.insert(flat.end(), words.begin(), words.end());
  return flat;
}

/// Holds `cycles` clock cycles on one thread: keeps a stream busy (spin).
template <int = 0>
__global__ void spin_kernel(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}
/// Launches spin_kernel on `stream`; the caller checks the launch.
inline void spin(cudaStream_t stream, long long cycles) {
  spin_kernel<><<<1, 1, 0, stream>>>(cycles);
}

/// Every slot that `pool` (a call_slots.hpp slot pool) has free, taken until take() gives none;
/// the caller gives them back.
template <class Pool>
auto take_all(Pool& pool) {
  std::vector<decltype(pool.take())> taken;
  for (auto s = pool.take(); s.at != nullptr; s = pool.take()) taken.push_back(s);
  return taken;
}

}  // namespace predix_test
