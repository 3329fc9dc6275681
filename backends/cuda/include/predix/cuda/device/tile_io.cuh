#pragma once
// Loading a thread's items and storing its results. A thread owns ITEMS consecutive items
// starting at a multiple of ITEMS (blocked arrangement):
//   thread 0: items 0..15, thread 1: items 16..31, ...      (int32, ITEMS 16)
// Contiguous data of a primitive type — a raw pointer, a thrust::device_ptr, a
// thrust::device_vector iterator, or a thrust::transform_iterator over a pointer — is moved
// as 16-byte vectors (4 int32, 16 uint8) when ITEMS·sizeof fills whole vectors, the base
// pointer is 16-byte aligned (checked on the host: is_aligned) and the thread's items are all
// in range; otherwise, and for every other iterator, item by item. Offsets are 64-bit.
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>

#include <thrust/device_ptr.h>
#include <thrust/iterator/detail/normal_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace predix::gpu::detail {

struct identity {
  template <class T>
  __host__ __device__ T operator()(const T& x) const { return x; }
};

/// Items f(base[i]) of contiguous memory; vectorizable when E is a primitive type.
template <class E, class F = identity>
struct pointer_source {
  const E* base;
  F f;
  using element = E;
  using value_type = std::decay_t<decltype(std::declval<F&>()(std::declval<const E&>()))>;
  static constexpr int element_bytes = sizeof(E);
  static constexpr bool primitive = std::is_arithmetic_v<E>;
  __device__ __forceinline__ value_type operator[](long long i) const { return f(base[i]); }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(base) % 16 == 0; }
};

/// Any other random-access iterator: it[i].
template <class It>
struct iterator_source {
  It it;
  using value_type = typename std::iterator_traits<It>::value_type;
  static constexpr int element_bytes = sizeof(value_type);
  static constexpr bool primitive = false;
  __device__ __forceinline__ decltype(auto) operator[](long long i) const {
    return it[static_cast<typename std::iterator_traits<It>::difference_type>(i)];
  }
  bool is_aligned() const { return false; }
};

template <class It>
iterator_source<It> make_source(const It& it) { return {it}; }
template <class E>
pointer_source<std::remove_cv_t<E>> make_source(E* p) { return {p, {}}; }
template <class E>
pointer_source<std::remove_cv_t<E>> make_source(const thrust::device_ptr<E>& p) {
  return {p.get(), {}};
}
template <class E>
pointer_source<std::remove_cv_t<E>> make_source(
    const thrust::detail::normal_iterator<thrust::device_ptr<E>>& it) {  // device_vector
  return {it.base().get(), {}};
}
template <class F, class E, class R, class V>
pointer_source<std::remove_cv_t<E>, F> make_source(
    const thrust::transform_iterator<F, E*, R, V>& it) {
  return {it.base(), it.functor()};
}
template <class F, class E, class R, class V>
pointer_source<std::remove_cv_t<E>, F> make_source(
    const thrust::transform_iterator<F, thrust::device_ptr<E>, R, V>& it) {
  return {it.base().get(), it.functor()};
}

template <class It>
using source_t = decltype(make_source(std::declval<const It&>()));

/// Where results go: out[i] = value, as 16-byte vectors for primitive contiguous outputs.
template <class O>
struct pointer_sink {
  O* base;
  using element = O;
  static constexpr bool primitive = std::is_arithmetic_v<O>;
  template <class T>
  __device__ __forceinline__ void put(long long i, const T& value) const { base[i] = value; }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(base) % 16 == 0; }
};

template <class It>
struct iterator_sink {
  It it;
  using element = typename std::iterator_traits<It>::value_type;
  static constexpr bool primitive = false;
  template <class T>
  __device__ __forceinline__ void put(long long i, const T& value) const {
    it[static_cast<typename std::iterator_traits<It>::difference_type>(i)] = value;
  }
  bool is_aligned() const { return false; }
};

template <class It>
iterator_sink<It> make_sink(const It& it) { return {it}; }
template <class O>
pointer_sink<O> make_sink(O* p) { return {p}; }
template <class O>
pointer_sink<O> make_sink(const thrust::device_ptr<O>& p) { return {p.get()}; }
template <class O>
pointer_sink<O> make_sink(const thrust::detail::normal_iterator<thrust::device_ptr<O>>& it) {
  return {it.base().get()};
}

template <class It>
using sink_t = decltype(make_sink(std::declval<const It&>()));

/// Whether ITEMS items of T make whole 16-byte vectors.
template <class T, int ITEMS>
inline constexpr bool fills_vectors_v = (ITEMS * sizeof(T)) % 16 == 0;

/// Calls visit(k, item k) for this thread's items k < valid, the first at index `first`
/// (a multiple of ITEMS). All loads are issued before the first visit.
template <int ITEMS, class Source, class Visit>
__device__ __forceinline__ void load_items(const Source& source, long long first, int valid,
                                           bool aligned, Visit&& visit) {
  if constexpr (Source::primitive) {
    using E = typename Source::element;
    if constexpr (fills_vectors_v<E, ITEMS>) {
      constexpr int PER_VECTOR = 16 / sizeof(E);
      constexpr int VECTORS = ITEMS / PER_VECTOR;
      if (aligned && valid == ITEMS) {
        const uint4* from = reinterpret_cast<const uint4*>(source.base + first);
        uint4 raw[VECTORS];
#pragma unroll
        for (int v = 0; v < VECTORS; ++v) raw[v] = from[v];
#pragma unroll
        for (int v = 0; v < VECTORS; ++v) {
          E e[PER_VECTOR];
          std::memcpy(e, &raw[v], 16);
#pragma unroll
          for (int j = 0; j < PER_VECTOR; ++j) visit(v * PER_VECTOR + j, source.f(e[j]));
        }
        return;
      }
    }
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    if (k < valid) visit(k, source[first + k]);
  }
}

/// Stores values[k] (assigned to the output's items) at first + k for k < valid.
template <int ITEMS, class Sink, class T>
__device__ __forceinline__ void store_items(const Sink& sink, long long first, int valid,
                                            bool aligned, const T (&values)[ITEMS]) {
  if constexpr (Sink::primitive) {
    using O = typename Sink::element;
    if constexpr (fills_vectors_v<O, ITEMS>) {
      constexpr int PER_VECTOR = 16 / sizeof(O);
      if (aligned && valid == ITEMS) {
        uint4* to = reinterpret_cast<uint4*>(sink.base + first);
#pragma unroll
        for (int v = 0; v < ITEMS / PER_VECTOR; ++v) {
          O o[PER_VECTOR];
#pragma unroll
          for (int j = 0; j < PER_VECTOR; ++j) o[j] = values[v * PER_VECTOR + j];
          uint4 raw;
          std::memcpy(&raw, o, 16);
          to[v] = raw;
        }
        return;
      }
    }
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    if (k < valid) sink.put(first + k, values[k]);
  }
}

}  // namespace predix::gpu::detail
