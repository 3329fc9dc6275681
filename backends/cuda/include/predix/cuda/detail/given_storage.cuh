#pragma once
// Temporary storage that the caller gives: the asynchronous core's memory (CUB's two-phase
// protocol, which predix::cub passes through).
//   storage_layout layout;                     what a call needs, from its sizes alone (never
//   const auto states = layout.zeroed(bytes);  from pointers: a size query may pass none):
//   const auto slots = layout.plain(bytes);    the parts that must be zero first, then the rest
//   given_storage memory(storage, bytes, layout, stream, algorithm);
//   memory.at<T>(states) ...                   the parts; the zeroed ones zeroed on the stream
// given_storage follows the protocol: a null storage only sets `bytes` (a size query); less
// storage than the layout needs is cudaErrorInvalidValue with nothing enqueued. Offsets are
// aligned to 256 bytes, as temporary_storage's. The zeroed parts are zeroed by zero_kernel,
// whose dependent a scan's or selection's first kernel is (chained_launch.cuh: launched while
// it runs; that kernel waits for it — wait_for_earlier — before anything else, as CUB's kernels
// wait for their init kernel); why a kernel and not a memset: docs/async_core.md "Zeroing".
#include <cuda_runtime_api.h>

#include <cstddef>
#include <stdexcept>
#include <string>

#include <predix/cuda/detail/chained_launch.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/error.hpp>

namespace predix::gpu::detail {

/// The parts of one call's memory: first those that must be zero when its kernels start,
/// then the others.
class storage_layout {
 public:
  /// The offset of a part of `bytes` that must be zero; before every plain part.
  std::size_t zeroed(std::size_t bytes) {
    if (plain_) throw std::logic_error("predix: a zeroed part after a plain one");
    const std::size_t offset = temporary_storage::carve(total_, bytes);
    zeroed_ = total_;
    return offset;
  }
  /// The offset of a part of `bytes` whose contents the call sets itself.
  std::size_t plain(std::size_t bytes) {
    plain_ = true;
    return temporary_storage::carve(total_, bytes);
  }
  /// Bytes of the zeroed parts (at the front) and of all.
  std::size_t zeroed_bytes() const { return zeroed_; }
  std::size_t bytes() const { return total_ == 0 ? 1 : total_; }  // never 0: CUB's callers
                                                                  // allocate what is asked

 private:
  std::size_t total_ = 0;
  std::size_t zeroed_ = 0;
  bool plain_ = false;
};

/// words[0 .. count) = Word{} (a template: defined in every translation unit that uses it);
/// lets its dependent start at once.
template <class Word>
__global__ void __launch_bounds__(256) zero_kernel(Word* words, unsigned long long count) {
  let_next_start();
  for (unsigned long long i = blockIdx.x * 256ull + threadIdx.x; i < count;
       i += gridDim.x * 256ull) {
    words[i] = Word{};
  }
}

/// The caller's storage laid out as `layout` says, its zeroed parts zeroed on `stream` by
/// zero_kernel (zeroed(): the call's first kernel is to be its dependent and wait for it).
class given_storage {
 public:
  /// ready() is false after a size query (storage null: bytes set to what the layout needs);
  /// too little storage throws cuda_error(cudaErrorInvalidValue) before anything is enqueued.
  /// chained: zeroed by zero_kernel, for a call whose first kernel goes as its dependent (a
  /// scan's or a selection's); else by cudaMemsetAsync (count, find, reduce, whose kernels
  /// launch plainly: docs/async_core.md "Zeroing").
  given_storage(void* storage, std::size_t& bytes, const storage_layout& layout,
                cudaStream_t stream, const char* algorithm, bool chained = false)
      : at_(static_cast<char*>(storage)) {
    if (storage == nullptr) {
      bytes = layout.bytes();
      return;
    }
    if (bytes < layout.bytes()) {
      throw cuda_error(cudaErrorInvalidValue,
                       std::string("predix::") + algorithm + ": temporary storage of " +
                           std::to_string(bytes) + " bytes, " +
                           std::to_string(layout.bytes()) + " needed");
    }
    const unsigned long long words = layout.zeroed_bytes() / sizeof(uint4);  // 256-byte parts
    if (words == 0) return;
    if (!chained) {
      check(cudaMemsetAsync(at_, 0, layout.zeroed_bytes(), stream), algorithm, "cudaMemsetAsync");
      return;
    }
    const unsigned long long blocks = (words + 255) / 256;
    zero_kernel<uint4><<<static_cast<unsigned>(blocks < 1024 ? blocks : 1024), 256, 0, stream>>>(
        reinterpret_cast<uint4*>(at_), words);
    check_launch(algorithm);
    zeroed_ = true;
  }

  /// Whether the call is to run (not a size query).
  bool ready() const { return at_ != nullptr; }
  /// Whether zero_kernel was launched (chained): the call's first kernel goes as its dependent
  /// and waits for it before it reads or writes anything (launch_tiles after_zeroing).
  bool zeroed() const { return zeroed_; }
  /// The part at `offset` (from storage_layout).
  template <class T>
  T* at(std::size_t offset) const {
    return reinterpret_cast<T*>(at_ + offset);
  }

 private:
  char* at_;
  bool zeroed_ = false;
};

/// Runs a two-phase call — call(storage, bytes), an entry point of the asynchronous core — on
/// temporary storage of the size it asks for, taken and given back stream-ordered (runtime.hpp
/// temporary_storage: predix's pool, or the caller's allocator, which waits for the work before
/// it gets its memory back); returns without waiting for the work otherwise.
template <class Call>
void on_temporary_storage(cudaStream_t stream, const char* algorithm, Call&& call) {
  std::size_t bytes = 0;
  call(nullptr, bytes);
  const temporary_storage storage(bytes, stream, algorithm);
  call(storage.at<void>(0), bytes);
}

}  // namespace predix::gpu::detail
