#pragma once
// Host side of every predix::cuda algorithm: device queries, launch sizes, temporary storage,
// the host-pointer check and the final synchronization. Each failure throws (error.hpp).
//
// Temporary storage is stream-ordered: cudaMallocFromPoolAsync / cudaFreeAsync on the policy's
// stream, from one predix pool per device whose release threshold keeps up to 64 MiB mapped
// between calls (the default pool's threshold, 0, would unmap and remap the few kilobytes of
// tile states on every call). Devices without memory pools fall back to cudaMalloc/cudaFree.
// While a caller_allocator_scope is alive on a thread, that thread's calls take their storage
// from the caller's allocator instead (the Thrust layer's predix::thrust::par(alloc)). On a
// stream being captured into a graph, the device's default pool (cudaMallocAsync: the graph's
// allocation node).
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <thrust/device_ptr.h>
#include <thrust/iterator/detail/normal_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <predix/cuda/error.hpp>
#include <predix/detail/head_flags.hpp>
#include <predix/detail/segments.hpp>

namespace predix::gpu::detail {

inline int current_device(const char* algorithm) {
  int device = 0;
  check(cudaGetDevice(&device), algorithm, "cudaGetDevice");
  return device;
}

inline int device_attribute(cudaDeviceAttr attribute, int device, const char* algorithm) {
  int value = 0;
  check(cudaDeviceGetAttribute(&value, attribute, device), algorithm, "cudaDeviceGetAttribute");
  return value;
}

/// compute(device) for `kernel` on the current device, made once per kernel and device and
/// kept (each caller's compute keeps its own values).
template <class Kernel, class Compute>
auto once_per_kernel(Kernel* kernel, const char* algorithm, Compute&& compute) {
  using value_type = decltype(compute(0));
  static std::mutex mutex;
  static std::map<std::pair<const void*, int>, value_type> cache;
  const int device = current_device(algorithm);
  const std::pair<const void*, int> key(reinterpret_cast<const void*>(kernel), device);
  std::lock_guard<std::mutex> lock(mutex);
  auto found = cache.find(key);
  if (found != cache.end()) return found->second;
  const value_type value = compute(device);
  cache.emplace(key, value);
  return value;
}

/// Blocks of `kernel` (with `threads` threads and `shared_bytes` of dynamic shared memory each)
/// that fit on the whole device at once; the occupancy query is made once per kernel and
/// device, the shared memory per SM then divided among the blocks.
template <class Kernel>
int resident_blocks(Kernel* kernel, int threads, const char* algorithm,
                    std::size_t shared_bytes = 0) {
  struct fit {
    int per_sm, sms;
    std::size_t shared_per_sm, per_block;  // per_block: reserved and static shared memory
  };
  const fit f = once_per_kernel(kernel, algorithm, [&](int device) {
    int per_sm = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0), algorithm,
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    cudaFuncAttributes attributes{};
    check(cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kernel)), algorithm,
          "cudaFuncGetAttributes");
    return fit{per_sm > 0 ? per_sm : 1,
               device_attribute(cudaDevAttrMultiProcessorCount, device, algorithm),
               static_cast<std::size_t>(device_attribute(
                   cudaDevAttrMaxSharedMemoryPerMultiprocessor, device, algorithm)),
               attributes.sharedSizeBytes +
                   device_attribute(cudaDevAttrReservedSharedMemoryPerBlock, device, algorithm)};
  });
  int per_sm = f.per_sm;
  if (shared_bytes > 0) {
    const int fit_shared = static_cast<int>(f.shared_per_sm / (shared_bytes + f.per_block));
    per_sm = fit_shared < per_sm ? (fit_shared > 0 ? fit_shared : 1) : per_sm;
  }
  return per_sm * f.sms;
}

/// predix's memory pool on `device`, created on first use; nullptr without pool support.
/// It keeps what predix frees for the next call (mapping fresh memory costs more than the
/// work of a large call: an in-place partition of 2^28 int32 took 1.6× as long with a 64 MiB
/// threshold on an H100); when an allocation fails, temporary_storage trims it and retries.
/// cudaMemPoolTrimTo on this pool gives the memory back.
inline cudaMemPool_t memory_pool(int device, const char* algorithm) {
  static std::mutex mutex;
  static std::map<int, cudaMemPool_t> pools;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = pools.find(device);
  if (found != pools.end()) return found->second;
  cudaMemPool_t pool = nullptr;
  if (device_attribute(cudaDevAttrMemoryPoolsSupported, device, algorithm) != 0) {
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    check(cudaMemPoolCreate(&pool, &props), algorithm, "cudaMemPoolCreate");
    std::uint64_t keep = ~std::uint64_t(0);
    check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep), algorithm,
          "cudaMemPoolSetAttribute");
  }
  pools.emplace(device, pool);
  return pool;
}

/// Whether `stream` is being captured into a graph (or the runtime cannot say).
inline bool capturing(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &status) == cudaSuccess) {
    return status != cudaStreamCaptureStatusNone;
  }
  (void)cudaGetLastError();
  return true;
}

/// A caller's allocator of temporary device memory (not stream-ordered: memory is returned
/// only after the call's work is done). allocate throws (std::bad_alloc) on failure.
class caller_allocator {
 public:
  virtual void* allocate(std::size_t bytes) = 0;
  virtual void deallocate(void* p, std::size_t bytes) noexcept = 0;

 protected:
  ~caller_allocator() = default;
};

/// The caller_allocator of the calls made on this thread now, or nullptr (predix's pool).
inline caller_allocator*& current_caller_allocator() {
  thread_local caller_allocator* current = nullptr;
  return current;
}

/// Makes `allocator` the current caller_allocator of this thread until the end of the scope.
class caller_allocator_scope {
 public:
  explicit caller_allocator_scope(caller_allocator* allocator)
      : previous_(std::exchange(current_caller_allocator(), allocator)) {}
  caller_allocator_scope(const caller_allocator_scope&) = delete;
  caller_allocator_scope& operator=(const caller_allocator_scope&) = delete;
  ~caller_allocator_scope() { current_caller_allocator() = previous_; }

 private:
  caller_allocator* previous_;
};

/// Device memory for one call, released (stream-ordered) when it goes out of scope.
/// Throws std::bad_alloc when the device has not got `bytes` free.
class temporary_storage {
 public:
  temporary_storage(std::size_t bytes, cudaStream_t stream, const char* algorithm)
      : stream_(stream), caller_(current_caller_allocator()), bytes_(bytes) {
    if (caller_ != nullptr) {
      data_ = caller_->allocate(bytes);
      return;
    }
    if (capturing(stream)) {  // an allocation node of the graph, from the device's default pool
      captured_ = true;       // (predix's own pool cannot be made while a stream is captured)
      check(cudaMallocAsync(&data_, bytes, stream), algorithm, "cudaMallocAsync");
      return;
    }
    pool_ = memory_pool(current_device(algorithm), algorithm);
    cudaError_t error = allocate(bytes);
    if (error == cudaErrorMemoryAllocation && pool_ != nullptr) {  // what the pool kept, back
      (void)cudaGetLastError();
      check(cudaStreamSynchronize(stream), algorithm, "cudaStreamSynchronize");
      check(cudaMemPoolTrimTo(pool_, 0), algorithm, "cudaMemPoolTrimTo");
      error = allocate(bytes);
    }
    if (error == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError();
      data_ = nullptr;
      throw std::bad_alloc();
    }
    check(error, algorithm, pool_ != nullptr ? "cudaMallocFromPoolAsync" : "cudaMalloc");
  }
  temporary_storage(const temporary_storage&) = delete;
  temporary_storage& operator=(const temporary_storage&) = delete;
  ~temporary_storage() {
    if (data_ == nullptr) return;
    if (caller_ != nullptr) {
      (void)cudaStreamSynchronize(stream_);  // the caller's allocator is not stream-ordered
      caller_->deallocate(data_, bytes_);
      return;
    }
    (void)(pool_ != nullptr || captured_ ? cudaFreeAsync(data_, stream_) : cudaFree(data_));
  }

  /// The part of the storage at `offset` bytes (a value from carve()).
  template <class T>
  T* at(std::size_t offset) const {
    return reinterpret_cast<T*>(static_cast<char*>(data_) + offset);
  }

  /// Lays out consecutive arrays: returns the offset of the next `bytes` and advances `total`
  /// (offsets aligned to 256 bytes).
  static std::size_t carve(std::size_t& total, std::size_t bytes) {
    const std::size_t offset = total;
    total += (bytes + 255) / 256 * 256;
    return offset;
  }

 private:
  cudaError_t allocate(std::size_t bytes) {
    return pool_ != nullptr ? cudaMallocFromPoolAsync(&data_, bytes, pool_, stream_)
                            : cudaMalloc(&data_, bytes);
  }

  cudaStream_t stream_;
  caller_allocator* caller_;
  std::size_t bytes_;
  cudaMemPool_t pool_ = nullptr;
  bool captured_ = false;  // allocated while the stream was captured into a graph
  void* data_ = nullptr;
};

/// Waits for the call's work; a kernel's fault surfaces here, named after the algorithm.
inline void synchronize(cudaStream_t stream, const char* algorithm) {
  check(cudaStreamSynchronize(stream), algorithm, "cudaStreamSynchronize");
}

/// Throws std::invalid_argument when `p` (the start of a range of n > 0 items) points to host
/// memory that kernels cannot read: unregistered (pageable) memory on a device without
/// pageable memory access (HMM/ATS), or pinned memory that is not mapped. Device, managed
/// and mapped pinned memory pass.
inline void check_device_pointer(const void* p, const char* algorithm, const char* what) {
  cudaPointerAttributes attributes{};
  check(cudaPointerGetAttributes(&attributes, p), algorithm, "cudaPointerGetAttributes");
  bool accessible = true;
  const char* kind = "";
  if (attributes.type == cudaMemoryTypeUnregistered) {
    kind = "pageable host memory";
    accessible = device_attribute(cudaDevAttrPageableMemoryAccess, current_device(algorithm),
                                  algorithm) != 0;
  } else if (attributes.type == cudaMemoryTypeHost) {
    kind = "pinned host memory that is not mapped";
    accessible = attributes.devicePointer != nullptr;
  }
  if (!accessible) {
    throw std::invalid_argument(std::string("predix::") + algorithm + ": the " + what +
                                " is a host pointer (" + kind +
                                "); predix::cuda needs device, managed or mapped memory");
  }
}

/// The check above for the iterators it can see through: raw pointers, thrust::device_ptr,
/// thrust::device_vector iterators, and thrust::transform_iterator and the head flags of the
/// unique family over those. Other iterators are not checked.
template <class It>
void check_device_iterator(const It&, const char*, const char*) {}

template <class T>
void check_device_iterator(T* p, const char* algorithm, const char* what) {
  check_device_pointer(p, algorithm, what);
}

template <class T>
void check_device_iterator(const ::thrust::device_ptr<T>& p, const char* algorithm,
                           const char* what) {
  check_device_pointer(p.get(), algorithm, what);
}

template <class P>
void check_device_iterator(const ::thrust::detail::normal_iterator<P>& it,
                           const char* algorithm, const char* what) {
  check_device_iterator(it.base(), algorithm, what);
}

template <class F, class It, class R, class V>
void check_device_iterator(const ::thrust::transform_iterator<F, It, R, V>& it,
                           const char* algorithm, const char* what) {
  check_device_iterator(it.base(), algorithm, what);
}

template <class It, class Eq>
void check_device_iterator(const predix::detail::head_flags<It, Eq>& flags, const char* algorithm,
                           const char* what) {
  check_device_iterator(flags.items, algorithm, what);
}

// The by-key algorithms' items and outputs (detail/segments.hpp): the ranges behind them.
template <class Keys, class Values, class Eq, class V, class C>
void check_device_iterator(const predix::detail::segment_items<Keys, Values, Eq, V, C>& items,
                           const char* algorithm, const char* what) {
  check_device_iterator(items.heads, algorithm, what);
  check_device_iterator(items.values, algorithm, what);
}

template <class Keys, class Eq, class L>
void check_device_iterator(const predix::detail::run_items<Keys, Eq, L>& items,
                           const char* algorithm, const char* what) {
  check_device_iterator(items.heads, algorithm, what);
}

template <class Keys, class Eq, class Offsets, class Lengths, class Count>
void check_writes(const predix::detail::write_longer_runs<Keys, Eq, Offsets, Lengths, Count>& w,
                  const char* algorithm, const char* what) {
  check_device_iterator(w.offsets, algorithm, what);
  check_device_iterator(w.lengths, algorithm, what);
  check_device_iterator(w.count, algorithm, what);
}

template <class Out>
void check_writes(const predix::detail::write_value<Out>& w, const char* algorithm,
                  const char* what) {
  check_device_iterator(w.out, algorithm, what);
}

template <class Keys, class Eq, class Out, class T, class Op>
void check_writes(const predix::detail::write_exclusive<Keys, Eq, Out, T, Op>& w,
                  const char* algorithm, const char* what) {
  check_device_iterator(w.out, algorithm, what);
}

template <class Keys, class Eq, class KeysOut, class ValuesOut, class Count>
void check_writes(const predix::detail::write_segment<Keys, Eq, KeysOut, ValuesOut, Count>& w,
                  const char* algorithm, const char* what) {
  check_device_iterator(w.outputs.keys_out, algorithm, what);
  check_device_iterator(w.outputs.values_out, algorithm, what);
  check_device_iterator(w.outputs.count, algorithm, what);
}

template <class Write, class T>
void check_device_iterator(const predix::detail::position_sink<Write, T>& sink,
                           const char* algorithm, const char* what) {
  check_writes(sink.write, algorithm, what);
}

}  // namespace predix::gpu::detail
