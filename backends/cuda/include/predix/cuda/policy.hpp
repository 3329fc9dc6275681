#pragma once
// The CUDA execution policy: predix::cuda runs on the default stream, predix::cuda.on(s) on
// stream s; predix::cuda.nosync(): scans return without waiting for their work;
// predix::cuda.unordered(): copy_if, remove_copy_if and partition_copy may write their outputs in
// any order (docs/unordered.md). The device-wide algorithms that take it are added to
// predix/cuda/algorithms.hpp;
// the warp and block collectives they are built from live in predix/cuda/warp/ and block/
// (namespace predix::gpu).
#include <cuda_runtime_api.h>

#include <predix/detail/policy_base.hpp>

namespace predix {

struct cuda_unordered_policy;

struct cuda_policy : detail::policy_base {
  /// The same policy on another stream.
  constexpr cuda_policy on(cudaStream_t stream) const {
    cuda_policy p = *this;
    p.stream_ = stream;
    return p;
  }
  constexpr cudaStream_t stream() const { return stream_; }
  /// The same policy whose calls with results in device memory alone (the scans) return
  /// without waiting for their work, as Thrust's par_nosync: their temporary storage is taken
  /// and given back stream-ordered. Calls that return a value wait for it as before.
  constexpr cuda_policy nosync() const {
    cuda_policy p = *this;
    p.synchronizes_ = false;
    return p;
  }
  /// Whether every call returns after its work is done (not nosync()).
  constexpr bool synchronizes() const { return synchronizes_; }
  /// The same policy whose copy_if, remove_copy_if and partition_copy write the same items in
  /// any order (each tile reserves its places with one atomic instead of looking back); every
  /// other algorithm, stable_partition_copy and unique among them, keeps its order.
  constexpr cuda_unordered_policy unordered() const;

 private:
  cudaStream_t stream_ = nullptr;
  bool synchronizes_ = true;
};

/// predix::cuda.unordered(): its on() and nosync() stay unordered; ordered() gives the policy
/// back in order.
struct cuda_unordered_policy : cuda_policy {
  constexpr cuda_unordered_policy on(cudaStream_t stream) const {
    return {cuda_policy::on(stream)};
  }
  constexpr cuda_unordered_policy nosync() const { return {cuda_policy::nosync()}; }
  constexpr cuda_policy ordered() const { return *this; }
};

constexpr cuda_unordered_policy cuda_policy::unordered() const { return {*this}; }

inline constexpr cuda_policy cuda{};

}  // namespace predix
