#pragma once
// Small per-call memory that is set up once per process instead of on every call:
//   result slots     32 bytes of pinned host memory mapped into the devices' address space
//                    (one pointer for host and device: unified addressing): a value of up to
//                    16 bytes that a kernel stores its result to, and a call tag. The result
//                    is on the host without a copy on the stream (an 8-byte copy and its
//                    synchronization cost ~6.5 µs against ~1.5 µs for the synchronization
//                    alone on an H100). A kernel that ends with its result is polled for it
//                    instead of the stream being synchronized (~1.4 µs less per call on an
//                    H100, docs/perf/call_cost.md "The floor of a call"): reduce stores the
//                    call's tag after the value (polled_result, get_polled), count_if and find_if store a
//                    count of items into a word the host set apart from every count
//                    (polled_count, get_polled_count; ~0.9 µs less again, "The end of a polled
//                    call"); the others are read after a synchronization (get);
//   scratch slots    32 KiB of device memory per device whose first scratch::zeroed bytes are
//                    zero when taken — counters that a kernel's last block sets back to zero —
//                    followed by room for per-block partials: no allocation and no memset on
//                    the stream (~0.7 µs and ~3.5 µs of an H100 call's time);
//   look-back slots  64 KiB (or 2 MiB) of device memory per device and tile-state layout: a
//                    tile counter, zero when taken (the block that takes the last tile sets it
//                    back), and the tile states, which need no zeroing: each use of a slot has
//                    its own epoch, and states of earlier epochs read as INVALID (tile_state.cuh).
// A call holds its result and scratch slots in one call_slots object (its look-back slot in a
// look_back_storage, tile_state.cuh), which gives them back once the call's work is known to
// be done (get() synchronized, get_polled() saw its tag, or the stream can be waited for); a
// slot whose stream cannot be waited for (a failed call, a stream being captured into a
// graph) is kept out of use. When no slot is free, or the blocks could not be had, the call
// falls back to temporary device memory: a result copied back, counters and tile states
// zeroed by a memset. The blocks are freed at exit (before the runtime's own teardown, which
// was set up first).
#include <cuda_runtime_api.h>

#include <atomic>
#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

#include <predix/cuda/detail/runtime.hpp>

namespace predix::gpu::detail {

/// A block of `count` slots of `slot_bytes`, taken and given back under a mutex. Slot: the
/// slot's address (void*), or a struct whose first member is, with host-side bookkeeping.
template <class Slot = void*>
class slot_pool {
 public:
  using release_fn = cudaError_t (*)(void*);
  slot_pool(void* block, std::size_t slot_bytes, int count, release_fn release)
      : block_(block), release_(release) {
    if (block_ == nullptr) return;
    for (int i = 0; i < count; ++i) {
      free_.push_back(Slot{static_cast<char*>(block_) + slot_bytes * i});
    }
  }
  slot_pool(const slot_pool&) = delete;
  slot_pool& operator=(const slot_pool&) = delete;
  ~slot_pool() {
    if (block_ != nullptr) (void)release_(block_);
  }
  /// A free slot, or Slot{} (a null address) when none is.
  Slot take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (free_.empty()) return Slot{};
    Slot slot = free_.back();
    free_.pop_back();
    return slot;
  }
  void give_back(const Slot& slot) {
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(slot);
  }

 private:
  void* block_;
  release_fn release_;
  std::mutex mutex_;
  std::vector<Slot> free_;
};

/// Device memory of `bytes`, zeroed (synchronously); nullptr when it cannot be had.
inline void* zeroed_device_block(std::size_t bytes) {
  void* block = nullptr;
  if (cudaMalloc(&block, bytes) != cudaSuccess || cudaMemset(block, 0, bytes) != cudaSuccess ||
      cudaDeviceSynchronize() != cudaSuccess) {
    (void)cudaGetLastError();
    if (block != nullptr) (void)cudaFree(block);
    return nullptr;
  }
  return block;
}

/// Owner's object on `device`: made by make() (a std::unique_ptr) the first time it is asked
/// for, kept until exit (destroyed before the runtime's teardown, which was set up first).
template <class Owner, class Make>
auto& per_device(int device, Make&& make) {
  using object = typename decltype(make())::element_type;
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<object>> objects;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<object>& got = objects[device];
  if (!got) got = make();
  return *got;
}

/// The slot pool of Owner on `device` (count slots of slot_bytes, zeroed), made on first use.
/// A block that cannot be had then leaves the pool empty for the process: every call takes
/// temporary storage instead, as it does when all slots are taken. It is not asked for again,
/// since each try synchronizes the device (zeroed_device_block).
template <class Owner, class Slot = void*>
slot_pool<Slot>& device_slots(int device, std::size_t slot_bytes, int count) {
  return per_device<Owner>(device, [&] {
    return std::make_unique<slot_pool<Slot>>(zeroed_device_block(slot_bytes * count), slot_bytes,
                                             count, &cudaFree);
  });
}

struct result_slots {
  static constexpr std::size_t bytes = 32;
  static constexpr std::size_t value_bytes = 16;  // the value; the call tag follows
  struct slot {
    char* at = nullptr;
    unsigned long long tag = 0;  // of the slot's last use; 0: never used (the tag word is 0)
  };
  static slot_pool<slot>& pool() {
    static slot_pool<slot> slots(allocate(), bytes, count, &cudaFreeHost);
    return slots;
  }

 private:
  static constexpr int count = 256;
  static void* allocate() {
    void* block = nullptr;
    if (cudaHostAlloc(&block, bytes * count, cudaHostAllocMapped | cudaHostAllocPortable) !=
        cudaSuccess) {
      (void)cudaGetLastError();
      return nullptr;
    }
    std::memset(block, 0, bytes * count);  // every tag word 0: no call's tag
    return block;
  }
};

/// Where a kernel stores a call's result for get_polled(): the value, then the call's tag
/// (`tag` null: temporary device memory, read by a copy after a synchronization instead).
/// publish() must be the kernel's last memory operation: once the host has seen the tag it
/// gives the call's slots back without waiting for the kernel to end (call_slots).
template <class T>
struct polled_result {
  T* value;
  unsigned long long* tag;
  unsigned long long call;  // this call's tag
#ifdef __CUDACC__
  __device__ void publish(const T& x) const {
    *value = x;
    if (tag == nullptr) return;
    __threadfence_system();  // the value (and every earlier store) before the tag
    *static_cast<volatile unsigned long long*>(tag) = call;
  }
#endif
};

/// Where a kernel stores a call's result that is a count of items (find_if: the items before
/// the first match), below 2^63, for get_polled_count(): the value word alone, which the host
/// sets to polled_count_unset before the launch and reads until it changes: one 8-byte store,
/// seen whole or not at all, with no tag and so no system-scope fence between value and tag
/// (~0.8 µs of kernel time on an H100, docs/perf/call_cost.md "The end of a polled call"). The
/// fence at device scope before it puts the kernel's earlier stores (its counters back to zero) in
/// L2, where the kernel of any later call reads them, before the host can see the count and give
/// the slots back. publish() must be the kernel's last memory operation, as polled_result's.
inline constexpr unsigned long long polled_count_unset = ~0ull;  // counts of items are < 2^63
struct polled_count {
  unsigned long long* value;
#ifdef __CUDACC__
  __device__ void publish(unsigned long long x) const {
    __threadfence();  // every earlier store (the counters back to zero) before the count
    *static_cast<volatile unsigned long long*>(value) = x;
  }
#endif
};

struct scratch {
  static constexpr std::size_t bytes = 32 * 1024;
  static constexpr std::size_t zeroed = 256;  // the counters; partials start here
  /// The scratch slots of `device`, created on first use.
  static slot_pool<>& pool(int device) { return device_slots<scratch>(device, bytes, count); }

 private:
  static constexpr int count = 64;
};

/// A look-back slot (of either size below): its address, and the epoch of its last use (0:
/// never used since zeroed).
struct look_back_slot {
  static constexpr std::size_t counter_bytes = 256;  // the tile counter; the states follow
  /// Epochs run from 1 to limit - 1 (the status word keeps 30 bits of it); zeroed states are
  /// epoch 0. A slot whose epochs are used up is zeroed again.
  static constexpr unsigned epoch_limit = 1u << 30;
  char* at = nullptr;
  unsigned epoch = 0;
};

/// Look-back slots of one tile-state LAYOUT (tile_word_v: slots never change layout, so a
/// state word is only ever read as the kind of word it was written as), in two sizes: 32 of
/// 64 KiB, and (LARGE, made when the first call that needs one comes) 4 of 2 MiB, for the
/// states of calls up to 2^28 items of any primitive type (H100, 2^24–2^28: up to +10%
/// against temporary storage and its memset, docs/perf/look_back.md "Large look-back slots").
template <int LAYOUT, bool LARGE = false>
struct look_back_slots {
  static constexpr std::size_t bytes = LARGE ? 2 * 1024 * 1024 : 64 * 1024;
  using slot = look_back_slot;  // its counter bytes and epochs, the same for both sizes
  /// The look-back slots of `device`, created on first use.
  static slot_pool<slot>& pool(int device) {
    return device_slots<look_back_slots, slot>(device, bytes, count);
  }

 private:
  static constexpr int count = LARGE ? 4 : 32;
};

/// The memory of one call: a result of type T that a kernel stores and the host reads, and,
/// when asked for, scratch of scratch::zeroed zero bytes (which the call's kernels leave zero)
/// followed by `partial_bytes`. result() and counters() are where the kernel writes. Two ways
/// to end a call, one per kind of kernel:
///   result() → get()                  a plain store; get() synchronizes the stream, then
///                                     reads (for kernels whose other blocks may still write
///                                     when the result is stored: the selection);
///   polled() → get_polled()           publish() stores the value, then the call's tag, as the
///                                     kernel's last memory operation; get_polled() reads the
///                                     tag until it arrives (bounded by the stream's state);
///   polled_count_result()             the same for a count of items, whose word the host sets
///     → get_polled_count()            to polled_count_unset first: no tag.
template <class T>
class call_slots {
  static_assert(std::is_trivially_copyable_v<T>, "a result copied as bytes");

 public:
  /// The result slot, and scratch when with_scratch.
  call_slots(cudaStream_t stream, const char* algorithm, bool with_scratch = false,
             std::size_t partial_bytes = 0)
      : stream_(stream) {
    if constexpr (sizeof(T) <= result_slots::value_bytes) {
      result_slot_ = result_slots::pool().take();
      ++result_slot_.tag;  // this call's: greater than every tag stored there before
    }
    result_ = result_slot_.at;
    result_pooled_ = result_ != nullptr;
    if (with_scratch && scratch::zeroed + partial_bytes <= scratch::bytes) {
      scratch_pool_ = &scratch::pool(current_device(algorithm));
      scratch_ = scratch_pool_->take();
    }
    scratch_pooled_ = scratch_ != nullptr;
    std::size_t bytes = 0;
    const std::size_t result_at = temporary_storage::carve(bytes, result_pooled_ ? 0 : sizeof(T));
    const std::size_t scratch_at = temporary_storage::carve(
        bytes, with_scratch && !scratch_pooled_ ? scratch::zeroed + partial_bytes : 0);
    if (bytes == 0) return;
    device_.emplace(bytes, stream, algorithm);
    if (!result_pooled_) result_ = device_->template at<char>(result_at);
    if (with_scratch && !scratch_pooled_) {
      scratch_ = device_->template at<char>(scratch_at);
      check(cudaMemsetAsync(scratch_, 0, scratch::zeroed, stream), algorithm, "cudaMemsetAsync");
    }
  }
  call_slots(const call_slots&) = delete;
  call_slots& operator=(const call_slots&) = delete;
  ~call_slots() {
    if (!result_pooled_ && !scratch_pooled_) return;
    if (!done_ && cudaStreamSynchronize(stream_) != cudaSuccess) {
      (void)cudaGetLastError();
      return;
    }
    if (result_pooled_) result_slots::pool().give_back(result_slot_);
    if (scratch_pooled_) scratch_pool_->give_back(scratch_);
  }

  T* result() const { return static_cast<T*>(result_); }
  /// The result for a kernel that publishes it (polled_result::publish) and get_polled().
  polled_result<T> polled() const {
    return {result(), result_pooled_ ? tag() : nullptr, result_slot_.tag};
  }
  /// The result for a kernel that publishes a count of items (polled_count::publish) and
  /// get_polled_count(): its word set to polled_count_unset, before the kernel's launch.
  polled_count polled_count_result() const {
    static_assert(std::is_same_v<T, unsigned long long>, "a count of items in one word");
    if (result_pooled_) *static_cast<volatile T*>(result_) = polled_count_unset;
    return polled_count{result()};
  }
  /// The zeroed counters, as words of type W.
  template <class W>
  W* counters() const { return static_cast<W*>(scratch_); }
  /// The room for per-block partials, as items of type P.
  template <class P>
  P* partials() const {
    return reinterpret_cast<P*>(static_cast<char*>(scratch_) + scratch::zeroed);
  }

  /// Waits for the stream (its failure thrown, named after the algorithm) and returns the value.
  T get(const char* algorithm) {
    T value;
    if (!result_pooled_) {
      check(cudaMemcpyAsync(&value, result_, sizeof(T), cudaMemcpyDeviceToHost, stream_),
            algorithm, "cudaMemcpyAsync");
    }
    synchronize(stream_, algorithm);
    done_ = true;
    if (result_pooled_) std::memcpy(&value, result_, sizeof(T));
    return value;
  }

  /// The value a kernel published through polled(): read once the slot holds this call's tag,
  /// without synchronizing the stream. Never a hang and no error lost: after every poll_spins
  /// reads of the tag the stream is queried, and a failure there is thrown as get() throws
  /// it (named after the algorithm); a stream that is done without the tag, or that is being
  /// captured into a graph (its kernel has not run), ends in get(). get() too when the result
  /// is not in a pooled slot (no tag).
  ///
  /// Giving the slots back as soon as the tag (or count) is seen, while the kernel may still
  /// be ending, is safe because publish() is the kernel's last memory operation: every counter
  /// was set back to zero and every partial read before it (each kernel's last block, the only
  /// one still at work then, see count_if.cuh, reduce.cuh, find_if.cuh), so a call on another
  /// stream that takes the scratch slot next finds it as a fresh one, and the result slot's
  /// next use has a greater tag than any this kernel could still store (a count: nothing is
  /// stored after it). Work on the same stream runs after the kernel anyway.
  T get_polled(const char* algorithm) {
    if (!result_pooled_) return get(algorithm);
    const volatile unsigned long long& arrived = *tag();
    if (!poll(algorithm, [&] { return arrived == result_slot_.tag; })) return get(algorithm);
    std::atomic_thread_fence(std::memory_order_acquire);  // the value after the tag
    done_ = true;
    T value;
    std::memcpy(&value, result_, sizeof(T));
    return value;
  }

  /// The count a kernel published through polled_count_result(): read once its word is no
  /// longer polled_count_unset, as get_polled() reads a value once its tag arrives.
  T get_polled_count(const char* algorithm) {
    if (!result_pooled_) return get(algorithm);
    const volatile T& word = *result();
    if (!poll(algorithm, [&] { return word != polled_count_unset; })) return get(algorithm);
    done_ = true;
    return word;
  }

 private:
  /// Reads until `arrived()`, querying the stream after every poll_spins reads: true once it
  /// holds; false when the result is to be had from get(), which synchronizes: a stream being
  /// captured into a graph (whose kernel has not run: get() fails as it did before polling),
  /// or one that is done without it. A failure of the stream is thrown.
  template <class Arrived>
  bool poll(const char* algorithm, Arrived arrived) const {
    for (unsigned long spins = 1; !arrived(); ++spins) {
      if (spins % poll_spins != 0) continue;
      if (detail::capturing(stream_)) return false;
      const cudaError_t state = cudaStreamQuery(stream_);
      if (state == cudaErrorNotReady) continue;
      check(state, algorithm, "cudaStreamQuery");
      return arrived();
    }
    return true;
  }

  /// Reads of the tag between two queries of the stream (a few microseconds).
  static constexpr unsigned long poll_spins = 1ul << 12;

  unsigned long long* tag() const {
    return reinterpret_cast<unsigned long long*>(result_slot_.at + result_slots::value_bytes);
  }

  cudaStream_t stream_;
  result_slots::slot result_slot_;
  void* result_ = nullptr;
  void* scratch_ = nullptr;
  slot_pool<>* scratch_pool_ = nullptr;
  bool result_pooled_ = false;
  bool scratch_pooled_ = false;
  std::optional<temporary_storage> device_;
  bool done_ = false;
};

}  // namespace predix::gpu::detail
