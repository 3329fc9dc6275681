#pragma once
// Errors of the CUDA backend (DESIGN.md §6): every failed CUDA call or launch throws
// predix::cuda_error, a std::system_error whose code is the cudaError_t (category "cuda")
// and whose message names the algorithm and the call:
//   predix::count_if: cudaMemsetAsync: out of memory
// A failed temporary allocation throws std::bad_alloc instead, before anything is written.
#include <cuda_runtime_api.h>

#include <new>
#include <string>
#include <system_error>

namespace predix {

/// The error category of cudaError_t values: message() is cudaGetErrorString.
class cuda_category_t : public std::error_category {
 public:
  const char* name() const noexcept override { return "cuda"; }
  std::string message(int code) const override {
    return cudaGetErrorName(static_cast<cudaError_t>(code)) + std::string(" (") +
           cudaGetErrorString(static_cast<cudaError_t>(code)) + ")";
  }
};

inline const std::error_category& cuda_category() noexcept {
  static const cuda_category_t category;
  return category;
}

/// A failed CUDA call inside a predix algorithm.
class cuda_error : public std::system_error {
 public:
  cuda_error(cudaError_t error, const std::string& what)
      : std::system_error(static_cast<int>(error), cuda_category(), what) {}
  cudaError_t error() const noexcept { return static_cast<cudaError_t>(code().value()); }
};

namespace gpu::detail {

/// Throws cuda_error("predix::<algorithm>: <call>: ...") unless error is cudaSuccess. The
/// runtime's last-error slot is cleared, so a recoverable error does not resurface later.
inline void check(cudaError_t error, const char* algorithm, const char* call) {
  if (error == cudaSuccess) return;
  (void)cudaGetLastError();
  throw cuda_error(error, std::string("predix::") + algorithm + ": " + call);
}

/// After a kernel launch: the launch's own error (bad configuration, no kernel image).
inline void check_launch(const char* algorithm) {
  check(cudaGetLastError(), algorithm, "kernel launch");
}

}  // namespace gpu::detail
}  // namespace predix
