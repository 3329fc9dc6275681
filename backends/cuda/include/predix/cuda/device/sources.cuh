#pragma once
// Where a kernel's items come from and where its results go. A source gives item i of a call
// (source[i]); a sink takes result i (sink.put(i, value)). Contiguous data of a primitive type
// — a raw pointer, a thrust::device_ptr, a thrust::device_vector iterator, a
// thrust::transform_iterator over a pointer, or a thrust::reverse_iterator over a pointer — is
// a pointer_source / pointer_sink, whose base the loads and stores of tile_io.cuh move as
// 16-byte vectors when it is 16-byte aligned (is_aligned, checked on the host); every other
// iterator is moved item by item. Every source and sink tells its vector_side and gives itself
// moved h items on (advanced), for the head of unaligned data (detail/aligned_head.hpp,
// skip_head below).
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>

#include <thrust/device_ptr.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/detail/normal_iterator.h>
#include <thrust/iterator/reverse_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <predix/cuda/detail/aligned_head.hpp>
#include <predix/cuda/device/segment_sides.cuh>
#include <predix/cuda/tuning/tuning.cuh>

namespace predix::gpu::detail {

/// Asks L2 to fetch the 16-byte-aligned interior of [p, p + bytes) ahead of the loads that
/// will read it: one bulk prefetch by the calling thread on sm_90 and later, nothing before.
/// A hint: it changes no result and faults on nothing.
__device__ __forceinline__ void prefetch_l2(const void* p, long long bytes) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t lo = (at + 15) & ~std::uintptr_t(15);
  const std::uintptr_t hi = (at + static_cast<std::uintptr_t>(bytes)) & ~std::uintptr_t(15);
  if (bytes > 0 && hi > lo) {
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;"
                 :
                 : "l"(__cvta_generic_to_global(reinterpret_cast<const void*>(lo))),
                   "r"(static_cast<unsigned>(hi - lo))
                 : "memory");
  }
#else
  (void)p;
  (void)bytes;
#endif
}

struct identity {
  template <class T>
  __host__ __device__ T operator()(const T& x) const { return x; }
};

/// The elements of E in the vector v (a value in registers), in reverse order: a reversed
/// source or sink moves whole vectors and turns them around in registers, 32-bit words in
/// reverse order and the elements within each word by one byte permute.
template <class E, class V>
__device__ __forceinline__ V reverse_elements(V v) {
  static_assert(sizeof(V) % sizeof(E) == 0 && sizeof(E) <= 8 &&
                    (sizeof(E) < 4 || sizeof(E) % 4 == 0),
                "whole elements");
  if constexpr (sizeof(V) < 4) {  // one or two bytes: element by element
    constexpr int K = sizeof(V) / sizeof(E);
    E e[K], r[K];
    std::memcpy(e, &v, sizeof v);
#pragma unroll
    for (int i = 0; i < K; ++i) r[i] = e[K - 1 - i];
    std::memcpy(&v, r, sizeof v);
  } else {
    constexpr int WORDS = sizeof(V) / 4, PER_ELEMENT = sizeof(E) < 4 ? 1 : sizeof(E) / 4;
    unsigned w[WORDS], r[WORDS];
    std::memcpy(w, &v, sizeof v);
#pragma unroll
    for (int i = 0; i < WORDS; ++i) {
      // Word i of the result: word i % PER_ELEMENT of the element that ends up at i / PER_ELEMENT.
      const unsigned x = w[WORDS - PER_ELEMENT * (i / PER_ELEMENT + 1) + i % PER_ELEMENT];
      r[i] = sizeof(E) == 1   ? __byte_perm(x, 0, 0x0123)
             : sizeof(E) == 2 ? __byte_perm(x, 0, 0x1032)
                              : x;
    }
    std::memcpy(&v, r, sizeof v);
  }
  return v;
}

/// Items f(base[i]) of contiguous memory; vectorizable when E is a primitive type. REVERSED:
/// the items of the memory before `base` from the end, item i at base[-1 - i] (a
/// thrust::reverse_iterator over a pointer; its vectors are read as stored and turned around).
template <class E, class F = identity, bool REVERSED = false>
struct pointer_source {
  const E* base;
  F f;
  using element = E;
  using value_type = std::decay_t<decltype(std::declval<F&>()(std::declval<const E&>()))>;
  static constexpr int element_bytes = sizeof(E);
  static constexpr bool primitive = std::is_arithmetic_v<E>;
  static constexpr bool untransformed = std::is_same_v<F, identity>;  // items are the elements
  static constexpr bool reversed = REVERSED;
  /// Element i, before f.
  __device__ __forceinline__ const E& raw(long long i) const {
    return REVERSED ? base[-1 - i] : base[i];
  }
  __device__ __forceinline__ value_type operator[](long long i) const { return f(raw(i)); }
  /// Elements [at, at + sizeof(V) / sizeof(E)) as one vector access, in order; the caller
  /// guarantees its alignment.
  template <class V>
  __device__ __forceinline__ V vector_at(long long at) const {
    if constexpr (REVERSED) {
      constexpr long long K = sizeof(V) / sizeof(E);
      const V stored = *reinterpret_cast<const V*>(base - at - K);  // one vector load
      return reverse_elements<E>(stored);
    } else {
      return *reinterpret_cast<const V*>(base + at);
    }
  }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(base) % 16 == 0; }
  vector_side side() const {
    return {reinterpret_cast<std::uintptr_t>(base),
            primitive ? (REVERSED ? -element_bytes : element_bytes) : 0};
  }
  pointer_source advanced(long long h) const {
    pointer_source moved = *this;
    moved.base = REVERSED ? base - h : base + h;
    return moved;
  }
  /// Asks L2 for elements [first, first + count) (prefetch_l2).
  __device__ __forceinline__ void prefetch(long long first, long long count) const {
    prefetch_l2(REVERSED ? base - first - count : base + first, count * element_bytes);
  }
};

/// Any other random-access iterator: it[i].
template <class It>
struct iterator_source {
  It it;
  using value_type = typename std::iterator_traits<It>::value_type;
  using element = value_type;
  static constexpr int element_bytes = sizeof(value_type);
  static constexpr bool primitive = false;
  static constexpr bool untransformed = false;
  static constexpr bool reversed = false;
  __device__ __forceinline__ decltype(auto) operator[](long long i) const {
    return it[static_cast<typename std::iterator_traits<It>::difference_type>(i)];
  }
  bool is_aligned() const { return false; }
  vector_side side() const { return {0, 0}; }
  iterator_source advanced(long long h) const {
    return {it + static_cast<typename std::iterator_traits<It>::difference_type>(h)};
  }
  __device__ __forceinline__ void prefetch(long long, long long) const {}  // no known layout
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
template <class E>
pointer_source<std::remove_cv_t<E>, identity, true> make_source(
    const thrust::reverse_iterator<E*>& it) {
  return {it.base(), {}};
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

/// Whether make_source gives a pointer_source of primitive elements as they are.
template <class S>
inline constexpr bool plain_pointer_v = false;
template <class E>
inline constexpr bool plain_pointer_v<pointer_source<E, identity, false>> = std::is_arithmetic_v<E>;

/// The values of by-key items where segment_source can load them (else void).
template <class Values>
auto segment_values_of(const Values& values) {
  using source = decltype(make_source(values));
  if constexpr (plain_pointer_v<source>) {
    return contiguous_values<typename source::element>{make_source(values).base};
  }
}
template <class T>
constant_values<T> segment_values_of(const thrust::constant_iterator<T>& values) {
  return {*values};
}

/// The by-key scans' items: a segment_source over plain keys and plain or constant values
/// (vector loads), any other iterators item by item.
template <class Keys, class Values, class Eq, class V, class C>
auto make_source(const predix::detail::segment_items<Keys, Values, Eq, V, C>& it) {
  using keys_source = decltype(make_source(std::declval<const Keys&>()));
  using values_side = decltype(segment_values_of(std::declval<const Values&>()));
  if constexpr (plain_pointer_v<keys_source> && !std::is_void_v<values_side>) {
    const long long at = it.heads.at;
    return segment_source<typename keys_source::element, values_side, Eq, V, C>{
        make_source(it.heads.items).base + at, segment_values_of(it.values).advanced(at),
        it.heads.eq, at};
  } else {
    return iterator_source<predix::detail::segment_items<Keys, Values, Eq, V, C>>{it};
  }
}

template <class It>
using source_t = decltype(make_source(std::declval<const It&>()));

/// Where results go: out[i] = value, as 16-byte vectors for primitive contiguous outputs.
template <class O>
struct pointer_sink {
  O* base;
  using element = O;
  static constexpr bool primitive = std::is_arithmetic_v<O>;
  static constexpr bool reversed = false;
  template <class T>
  __device__ __forceinline__ void put(long long i, const T& value) const { base[i] = value; }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(base) % 16 == 0; }
  vector_side side() const {
    return {reinterpret_cast<std::uintptr_t>(base), primitive ? int(sizeof(O)) : 0};
  }
  pointer_sink advanced(long long h) const { return {base + h}; }
};

/// The memory before `end` from the end: out[i] is end[-1 - i] (a thrust::reverse_iterator
/// over a pointer). Item by item, except in store_run.
template <class O>
struct reversed_pointer_sink {
  O* end;
  using element = O;
  static constexpr bool primitive = false;
  static constexpr bool reversed = true;
  template <class T>
  __device__ __forceinline__ void put(long long i, const T& value) const { end[-1 - i] = value; }
  bool is_aligned() const { return false; }
  vector_side side() const { return {0, 0}; }
  reversed_pointer_sink advanced(long long h) const { return {end - h}; }
};

template <class It>
struct iterator_sink {
  It it;
  using element = typename std::iterator_traits<It>::value_type;
  static constexpr bool primitive = false;
  static constexpr bool reversed = false;
  template <class T>
  __device__ __forceinline__ void put(long long i, const T& value) const {
    it[static_cast<typename std::iterator_traits<It>::difference_type>(i)] = value;
  }
  bool is_aligned() const { return false; }
  vector_side side() const { return {0, 0}; }
  iterator_sink advanced(long long h) const {
    return {it + static_cast<typename std::iterator_traits<It>::difference_type>(h)};
  }
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
template <class O>
reversed_pointer_sink<O> make_sink(const thrust::reverse_iterator<O*>& it) {
  return {it.base()};
}

/// Whether make_sink gives a pointer_sink of primitive elements (plain_pointer_v's twin).
template <class S>
inline constexpr bool plain_sink_v = false;
template <class O>
inline constexpr bool plain_sink_v<pointer_sink<O>> = std::is_arithmetic_v<O>;

/// inclusive_scan_by_key's results into plain memory: a value_sink (vector stores).
template <class Out, class S>
auto make_sink(const predix::detail::position_sink<predix::detail::write_value<Out>, S>& it) {
  using out_sink = decltype(make_sink(std::declval<const Out&>()));
  if constexpr (plain_sink_v<out_sink>) {
    return value_sink<typename out_sink::element>{make_sink(it.write.out).base + it.at};
  } else {
    return iterator_sink<predix::detail::position_sink<predix::detail::write_value<Out>, S>>{it};
  }
}

/// exclusive_scan_by_key's results over plain keys into plain memory: an exclusive_sink (keys
/// loaded and results stored as vectors).
template <class Keys, class Eq, class Out, class T, class Op, class S>
auto make_sink(const predix::detail::position_sink<
               predix::detail::write_exclusive<Keys, Eq, Out, T, Op>, S>& it) {
  using keys_source = decltype(make_source(std::declval<const Keys&>()));
  using out_sink = decltype(make_sink(std::declval<const Out&>()));
  if constexpr (plain_pointer_v<keys_source> && plain_sink_v<out_sink>) {
    const auto& w = it.write;  // its heads start at item 0 (head_flags_of)
    return exclusive_sink<typename keys_source::element, Eq, typename out_sink::element, T, Op>{
        make_source(w.heads.items).base + it.at, w.heads.eq, it.at,
        make_sink(w.out).base + it.at, w.init, w.op};
  } else {
    return iterator_sink<predix::detail::position_sink<
        predix::detail::write_exclusive<Keys, Eq, Out, T, Op>, S>>{it};
  }
}

/// reduce_by_key's results over plain keys: a segment_sink (the keys loaded as vectors).
template <class Keys, class Eq, class KeysOut, class ValuesOut, class Count, class S>
auto make_sink(const predix::detail::position_sink<
               predix::detail::write_segment<Keys, Eq, KeysOut, ValuesOut, Count>, S>& it) {
  using keys_source = decltype(make_source(std::declval<const Keys&>()));
  if constexpr (plain_pointer_v<keys_source>) {
    const auto& w = it.write;  // its heads start at item 0 (head_flags_of)
    return segment_sink<typename keys_source::element, Eq, KeysOut, ValuesOut, Count>{
        make_source(w.heads.items).base + it.at, w.heads.eq, it.at, w.n, w.outputs};
  } else {
    return iterator_sink<predix::detail::position_sink<
        predix::detail::write_segment<Keys, Eq, KeysOut, ValuesOut, Count>, S>>{it};
  }
}

template <class It>
using sink_t = decltype(make_sink(std::declval<const It&>()));

/// Unaligned data: moves every side (a source or sink) on past the head that puts them all on
/// a BOUNDARY-byte boundary (aligned_head.hpp) and returns the head, whose items the call then
/// does apart; 0, the sides unmoved, without such a head.
template <int BOUNDARY = 16, class... Side>
long long skip_head(long long n, Side&... sides) {
  const long long h = aligned_head(n, {sides.side()...}, BOUNDARY);
  ((sides = sides.advanced(h)), ...);
  return h;
}

}  // namespace predix::gpu::detail
