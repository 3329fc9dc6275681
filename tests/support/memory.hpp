#pragma once
// Where a backend's data lives. Host backends use host_array; the CUDA backend specializes
// backend_memory with device arrays. Tests pass raw pointers (begin()/end()) to algorithms.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <ostream>
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace predix_test {

/// The suite allocates and frees arrays of up to 16 MiB thousands of times. glibc hands such
/// blocks back to the kernel at each free, and faulting fresh pages in again was most of the host
/// suites' time (docs/reliability.md): freed memory stays in the process's heap instead.
inline void keep_freed_memory() {
#ifdef __GLIBC__
  static const bool once = [] {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest: blocks up to 32 MiB from the heap
    return mallopt(M_TRIM_THRESHOLD, 1 << 30);  // and up to 1 GiB free kept at its top
  }();
  (void)once;
#endif
}

/// A plain heap array (std::vector<bool> has no data()).
template <class T>
class host_array {
 public:
  explicit host_array(std::ptrdiff_t n = 0) : size_(n) {
    keep_freed_memory();
    data_.reset(new T[static_cast<std::size_t>(n)]);
  }
  host_array(std::ptrdiff_t n, const T& fill) : host_array(n) { std::fill(begin(), end(), fill); }
  host_array(const host_array& other) : host_array(other.size_) {
    std::copy(other.begin(), other.end(), begin());
  }
  host_array(host_array&&) noexcept = default;
  host_array& operator=(host_array other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }

  T* begin() { return data_.get(); }
  T* end() { return data_.get() + size_; }
  const T* begin() const { return data_.get(); }
  const T* end() const { return data_.get() + size_; }
  T& operator[](std::ptrdiff_t i) { return data_[static_cast<std::size_t>(i)]; }
  const T& operator[](std::ptrdiff_t i) const { return data_[static_cast<std::size_t>(i)]; }
  std::ptrdiff_t size() const { return size_; }

 private:
  std::unique_ptr<T[]> data_;
  std::ptrdiff_t size_;
};

/// Host backends: data stays on the host.
template <class Policy>
struct backend_memory {
  template <class T>
  using array = host_array<T>;
  template <class T>
  static host_array<T> upload(const host_array<T>& host) { return host; }
  template <class T>
  static host_array<T> download(const host_array<T>& array) { return array; }
  /// The backend's natural block of work; the suite tests sizes around it.
  static constexpr std::ptrdiff_t tile = 4096;
};

}  // namespace predix_test
