#pragma once
// The by-key scans' source and sinks over contiguous memory (detail/segments.hpp's
// segment_items, write_value, write_exclusive and write_segment on pointers to primitive keys
// and values): a chunk's keys and values (or a constant value) move as vectors and the key
// before the chunk is read apart, the head flags computed in registers; a chunk's results are
// stored as one vector (reduce_by_key's: scattered to its segments).
//   keys 7 7 9 9 9 4 ..., values 1 2 3 4 5 6 ..., chunks of 3: the chunk at 3 loads keys 9 9 4,
//   values 4 5 6 and key 2 (9) → items (4, 0) (5, 0) (6, 1)
// Where the memory is not 16-byte aligned, or a chunk runs past the end, items are read one by
// one (segment_items' own rule).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

#include <predix/cuda/detail/aligned_head.hpp>
#include <predix/cuda/detail/shuffle.cuh>
#include <predix/cuda/detail/vectors.cuh>
#include <predix/cuda/tuning/tuning.cuh>
#include <predix/cuda/warp/lanemask.cuh>
#include <predix/detail/segments.hpp>

namespace predix::gpu::detail {

/// The head flags of the CHUNK keys k loaded from keys + at (item at + j starts a segment:
/// heads[j]); the key before them read apart, none before the input's first (first + at == 0).
template <int CHUNK, class K, class Eq>
__device__ __forceinline__ void chunk_heads(const K* keys, long long at, long long first,
                                            const Eq& eq, const K (&k)[CHUNK],
                                            bool (&heads)[CHUNK]) {
  heads[0] = first + at == 0 || !static_cast<bool>(eq(keys[at - 1], k[0]));
#pragma unroll
  for (int j = 1; j < CHUNK; ++j) heads[j] = !static_cast<bool>(eq(k[j - 1], k[j]));
}

/// The values of the by-key items: contiguous memory (vector loads) or one constant
/// (run-length encoding's ones); `bytes` per value in memory.
template <class E>
struct contiguous_values {
  const E* base;
  using type = E;
  static constexpr int bytes = sizeof(E);
  __device__ __forceinline__ E operator[](long long i) const { return base[i]; }
  template <int COUNT>
  __device__ __forceinline__ void load(long long at, E (&v)[COUNT]) const {
    load_vector(base + at, v);
  }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(base) % 16 == 0; }
  contiguous_values advanced(long long h) const { return {base + h}; }
};

template <class T>
struct constant_values {
  T value;
  using type = T;
  static constexpr int bytes = 0;
  __device__ __forceinline__ T operator[](long long) const { return value; }
  template <int COUNT>
  __device__ __forceinline__ void load(long long, T (&v)[COUNT]) const {
#pragma unroll
    for (int j = 0; j < COUNT; ++j) v[j] = value;
  }
  bool is_aligned() const { return true; }
  constant_values advanced(long long) const { return *this; }
};

/// Item i: segment_value{values[i], head flag of keys[i]}; keys[-1] is readable when the first
/// item is not the input's (first > 0).
template <class K, class Values, class Eq, class V, class C>
struct segment_source {
  const K* keys;
  Values values;
  Eq eq;
  long long first;  // the index of item 0 in the whole input
  using value_type = predix::detail::segment_value<V, C>;
  using element = value_type;
  static constexpr int element_bytes = sizeof(value_type);
  static constexpr bool primitive = false;
  static constexpr bool untransformed = false;
  static constexpr bool reversed = false;
  static constexpr bool chunked = true;  // load() below
  /// Items per chunk: one 16-byte vector on the wider side; where the keys are wider than
  /// the values in memory (a constant has none), at most one vector of values, 16 items, and
  /// tuning's chunked_key_vectors of keys.
  static constexpr int chunk = [] {
    const int key_bytes = int(sizeof(K)), value_bytes = Values::bytes;  // (0: a constant)
    const int values = 16 / (value_bytes > 0 ? value_bytes : 1);  // in a vector (a constant: 16)
    if (value_bytes >= key_bytes) return values;
    const int keys = 16 * gpu::tuning::active::scan::chunked_key_vectors / key_bytes;
    return keys < values ? keys : values;
  }();

  __device__ __forceinline__ bool head(long long i) const {
    return predix::detail::starts_segment(keys - first, first + i, eq);
  }
  __device__ __forceinline__ value_type operator[](long long i) const {
    return {static_cast<V>(values[i]), static_cast<C>(head(i))};
  }
  /// visit(j, item at + j) for the CHUNK items at `at` as vectors, where aligned and in range;
  /// false (nothing visited) elsewhere: load_chunk then reads them item by item.
  template <int CHUNK, bool WHOLE, class Visit>
  __device__ __forceinline__ bool load(long long at, long long n, bool aligned,
                                       Visit&& visit) const {
    if constexpr (CHUNK == chunk) {
      if (aligned && (WHOLE || at + CHUNK <= n)) {
        K k[CHUNK];
        typename Values::type v[CHUNK];
        load_vector(keys + at, k);
        values.load(at, v);
        bool heads[CHUNK];
        chunk_heads(keys, at, first, eq, k, heads);
#pragma unroll
        for (int j = 0; j < CHUNK; ++j) {
          visit(j, value_type{static_cast<V>(v[j]), static_cast<C>(heads[j])});
        }
        return true;
      }
    }
    return false;
  }
  bool is_aligned() const {
    return reinterpret_cast<std::uintptr_t>(keys) % 16 == 0 && values.is_aligned();
  }
  vector_side side() const { return {0, 0}; }  // not moved to a boundary: load() checks
  segment_source advanced(long long h) const {
    return {keys + h, values.advanced(h), eq, first + h};
  }
  __device__ __forceinline__ void prefetch(long long, long long) const {}
};

/// inclusive_scan_by_key's results, out[i] = the scanned item's value: a chunk as one vector
/// store where aligned, whole and at most 16 bytes.
template <class O>
struct value_sink {
  O* base;
  using element = O;
  static constexpr bool primitive = false;
  static constexpr bool reversed = false;
  static constexpr bool chunked = true;  // store() below
  template <class S>
  __device__ __forceinline__ void put(long long i, const S& s) const {
    base[i] = static_cast<O>(s.value);
  }
  /// The chunk as one vector where aligned and in range (true); else false: store_chunk then
  /// puts its items one by one.
  template <int CHUNK, bool WHOLE, class S>
  __device__ __forceinline__ bool store(long long at, long long n, bool aligned,
                                        const S (&values)[CHUNK]) const {
    if constexpr (is_vector_v<CHUNK, O>) {
      if (aligned && (WHOLE || at + CHUNK <= n)) {
        O o[CHUNK];
#pragma unroll
        for (int j = 0; j < CHUNK; ++j) o[j] = static_cast<O>(values[j].value);
        store_vector(base + at, o);
        return true;
      }
    }
    return false;
  }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(base) % 16 == 0; }
  vector_side side() const { return {0, 0}; }
  value_sink advanced(long long h) const { return {base + h}; }
};

/// exclusive_scan_by_key's results (segments.hpp's write_exclusive on plain keys and output):
/// init at a head, else init · the scanned value; a chunk's keys loaded as one vector and the
/// key before it apart, its results stored as one vector.
template <class K, class Eq, class O, class T, class Op>
struct exclusive_sink {
  const K* keys;    // the key of item 0 of the sink
  Eq eq;
  long long first;  // the index of item 0 in the whole input
  O* base;
  T init;
  Op op;
  using element = O;
  static constexpr bool primitive = false;
  static constexpr bool reversed = false;
  static constexpr bool chunked = true;  // store() below

  template <class S>
  __device__ __forceinline__ O result(bool head, const S& s) const {
    return static_cast<O>(head ? init : static_cast<T>(op(init, s.value)));
  }
  template <class S>
  __device__ __forceinline__ void put(long long i, const S& s) const {
    base[i] = result(predix::detail::starts_segment(keys - first, first + i, eq), s);
  }
  /// The chunk from its keys loaded as one vector, stored as one vector, where aligned and in
  /// range (true); else false: store_chunk then puts its items one by one.
  template <int CHUNK, bool WHOLE, class S>
  __device__ __forceinline__ bool store(long long at, long long n, bool aligned,
                                        const S (&values)[CHUNK]) const {
    if constexpr (is_vector_v<CHUNK, O> && is_loaded_v<CHUNK, K>) {
      if (aligned && (WHOLE || at + CHUNK <= n)) {
        K k[CHUNK];
        load_vector(keys + at, k);
        bool heads[CHUNK];
        chunk_heads(keys, at, first, eq, k, heads);
        O o[CHUNK];
#pragma unroll
        for (int j = 0; j < CHUNK; ++j) o[j] = result(heads[j], values[j]);
        store_vector(base + at, o);
        return true;
      }
    }
    return false;
  }
  bool is_aligned() const {
    return reinterpret_cast<std::uintptr_t>(keys) % 16 == 0 &&
           reinterpret_cast<std::uintptr_t>(base) % 16 == 0;
  }
  vector_side side() const { return {0, 0}; }
  exclusive_sink advanced(long long h) const {
    exclusive_sink moved = *this;
    moved.keys += h;
    moved.first += h;
    moved.base += h;
    return moved;
  }
};

/// One warp's shared memory for a row of reduce_by_key's results (segment_sink::stage_row):
/// the keys, then the values, of the row's segments, segment q of the row at place(q) (a gap
/// every 32: a lane's chunk of 16 segments does not land on every other bank).
template <class K, class V, int ROW_ITEMS>
struct segment_row_stage {
  static constexpr int places = ROW_ITEMS + 2 + (ROW_ITEMS + 1) / 32;  // q = 0 .. ROW_ITEMS
  static constexpr int size = sizeof(K) > sizeof(V) ? sizeof(K) : sizeof(V);
  alignas(alignof(K) > alignof(V) ? alignof(K) : alignof(V)) unsigned char raw[places * size];
  static __device__ __forceinline__ int place(int q) { return q + q / 32; }
  template <class T>
  __device__ __forceinline__ T* as() {
    return reinterpret_cast<T*>(raw);
  }
};

/// reduce_by_key's results (segments.hpp's write_segment on plain keys): at a segment's head
/// its key, at its tail its total, at the last item the number of segments; a chunk's keys
/// loaded as one vector, the keys around it apart, heads and tails computed in registers.
/// A whole row of many segments is staged by its warp (stage_row) and written as runs of
/// consecutive outputs: from each lane's chunk a lane's outputs lie CHUNK places apart, and
/// with every item its own segment one store of 16 uint8 keys touched 16 sectors.
template <class K, class Eq, class KeysOut, class ValuesOut, class Count>
struct segment_sink {
  const K* keys;  // the key of item 0 of the sink
  Eq eq;
  long long first;  // the index of item 0 in the whole input
  long long n;      // the whole input's items
  predix::detail::segment_outputs<KeysOut, ValuesOut, Count> outputs;
  using element = K;
  static constexpr bool primitive = false;
  static constexpr bool reversed = false;
  static constexpr bool chunked = true;  // store() below
  static constexpr bool staged = true;   // stage_row() below
  /// The stage of a warp's row of ROW_ITEMS results S.
  template <class S, int ROW_ITEMS>
  using row_stage = segment_row_stage<K, decltype(S::value), ROW_ITEMS>;

  template <class S>
  __device__ __forceinline__ void put(long long i, const S& s) const {
    const K* whole = keys - first;  // the input's first key
    const bool last = first + i + 1 == n;
    outputs(s, predix::detail::starts_segment(whole, first + i, eq),
            last || predix::detail::starts_segment(whole, first + i + 1, eq), last, keys[i]);
  }
  /// The CHUNK keys from `at` (one vector where `vector` and the keys load so, else one by
  /// one) and their head flags; whether item at + CHUNK starts a segment or is past the end.
  template <int CHUNK>
  __device__ __forceinline__ bool chunk_keys(long long at, bool vector, K (&k)[CHUNK],
                                             bool (&heads)[CHUNK]) const {
    const bool last_chunk = first + at + CHUNK == n;
    if constexpr (is_loaded_v<CHUNK, K>) {
      if (vector) {
        load_vector(keys + at, k);
        chunk_heads(keys, at, first, eq, k, heads);
        return last_chunk || !static_cast<bool>(eq(k[CHUNK - 1], keys[at + CHUNK]));
      }
    }
    const K* whole = keys - first;  // the input's first key
#pragma unroll
    for (int j = 0; j < CHUNK; ++j) {
      k[j] = keys[at + j];
      heads[j] = predix::detail::starts_segment(whole, first + at + j, eq);
    }
    return last_chunk || predix::detail::starts_segment(whole, first + at + CHUNK, eq);
  }
  /// The chunk from its keys loaded as one vector where aligned and in range (true); else
  /// false: store_chunk then puts its items one by one.
  template <int CHUNK, bool WHOLE, class S>
  __device__ __forceinline__ bool store(long long at, long long in, bool aligned,
                                        const S (&values)[CHUNK]) const {
    if constexpr (is_loaded_v<CHUNK, K>) {
      if (aligned && (WHOLE || at + CHUNK <= in)) {
        K k[CHUNK];
        bool heads[CHUNK];
        const bool next_head = chunk_keys(at, true, k, heads);
        const bool last_chunk = first + at + CHUNK == n;
#pragma unroll
        for (int j = 0; j < CHUNK; ++j) {
          const bool last = j + 1 == CHUNK && last_chunk;
          outputs(values[j], heads[j], j + 1 < CHUNK ? heads[j + 1] : next_head, last, k[j]);
        }
        return true;
      }
    }
    return false;
  }
  /// A warp's whole row, every lane at once, its chunk at `at`: where the row holds many
  /// segments (tuning's staged_segments a chunk), the keys of its heads staged and written,
  /// then the values of its tails (true); else false: store_chunk then writes each chunk.
  /// Segment q of the row (q = 0: the one open before it) holds the items whose s.heads less
  /// the heads before the row is q.
  template <int CHUNK, class Stage, class S>
  __device__ __forceinline__ bool stage_row(Stage& stage, long long at, bool aligned,
                                            const S (&values)[CHUNK]) const {
    using D = decltype(values[0].heads);
    constexpr int staged = gpu::tuning::active::scan::staged_segments;
    // the row's heads, less the first item's (not loaded yet): through - opened
    const D opened = shfl(values[0].heads, 0), through = shfl(values[CHUNK - 1].heads, 31);
    if (through - opened + 1 < D(warp_threads * (CHUNK < staged ? CHUNK : staged))) return false;
    K k[CHUNK];
    bool heads[CHUNK];
    const bool next = chunk_keys(at, aligned, k, heads);  // item CHUNK starts a segment
    if (first + at + CHUNK == n) predix::detail::store_count(outputs.count, values[CHUNK - 1].heads);
    const D before = opened - D(shfl(int(heads[0]), 0));  // the heads before the row
    const int segments = static_cast<int>(through - before);
    const int lane = static_cast<int>(lane_id());
    const std::ptrdiff_t out = static_cast<std::ptrdiff_t>(before) - 1;  // segment q at out + q
    K* const staged_keys = stage.template as<K>();
#pragma unroll
    for (int j = 0; j < CHUNK; ++j) {
      if (heads[j]) {
        const int q = static_cast<int>(values[j].heads - before);
        ::new (static_cast<void*>(staged_keys + Stage::place(q))) K(k[j]);
      }
    }
    __syncwarp();
    for (int q = 1 + lane; q <= segments; q += warp_threads) {
      outputs.keys_out[out + q] = staged_keys[Stage::place(q)];
    }
    __syncwarp();
    using V = std::remove_cv_t<decltype(values[0].value)>;
    V* const staged_values = stage.template as<V>();
#pragma unroll
    for (int j = 0; j < CHUNK; ++j) {
      if (j + 1 < CHUNK ? heads[j + 1] : next) {  // a tail
        const int q = static_cast<int>(values[j].heads - before);
        ::new (static_cast<void*>(staged_values + Stage::place(q))) V(values[j].value);
      }
    }
    __syncwarp();
    const int from = shfl(int(heads[0]), 0), to = segments - 1 + shfl(int(next), 31);
    for (int q = from + lane; q <= to; q += warp_threads) {
      outputs.values_out[out + q] = staged_values[Stage::place(q)];
    }
    __syncwarp();  // the row after reuses the stage
    return true;
  }
  bool is_aligned() const { return reinterpret_cast<std::uintptr_t>(keys) % 16 == 0; }
  vector_side side() const { return {0, 0}; }
  segment_sink advanced(long long h) const {
    segment_sink moved = *this;
    moved.keys += h;
    moved.first += h;
    return moved;
  }
};

}  // namespace predix::gpu::detail
