#pragma once
// Loading a thread's items and storing its results, in two arrangements:
//   blocked (load_items; reduce, find_if): a thread owns ITEMS consecutive items starting at
//     a multiple of ITEMS
//       thread 0: items 0..15, thread 1: items 16..31, ...      (int32, ITEMS 16)
//   unordered (load_unordered; count_if, reduce with an op that commutes): 16-byte vectors
//     striped over the block, every warp access 512 contiguous bytes
//   striped chunks (load_chunk / store_chunk; scan, selection): a warp's items are rows of 32
//     chunks of CHUNK consecutive items, lane l owning chunk l of every row (striped_tile
//     below), so every row is one fully coalesced warp access
// and a block's run of items from shared memory to consecutive places (store_run; selection).
// The sources and sinks (sources.cuh) of contiguous primitive data are moved as 16-byte vectors
// (4 int32, 16 uint8) when ITEMS·sizeof fills whole vectors, the base pointer is 16-byte
// aligned and the thread's items are all in range; otherwise, and for every other iterator,
// item by item. Offsets are 64-bit.
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <predix/cuda/detail/vectors.cuh>
#include <predix/cuda/device/sources.cuh>
#include <predix/cuda/warp/lanemask.cuh>

namespace predix::gpu::detail {

/// Whether ITEMS items of T make whole 16-byte vectors.
template <class T, int ITEMS>
inline constexpr bool fills_vectors_v = (ITEMS * sizeof(T)) % 16 == 0;

/// Whether unpack takes elements of type E apart by byte permutes: uint8 (copied as bytes,
/// ptxas takes them apart through 16-bit halves, slower: docs/perf/selection_uint8.md).
template <class E>
inline constexpr bool unpacks_by_permutes_v = std::is_same_v<E, unsigned char>;

/// The elements of a vector as loaded (raw: whole 32-bit words of them). uint8 elements one byte
/// permute each (the byte to the low end, zeros above): copied as bytes, ptxas takes them apart
/// through 16-bit halves, up to three instructions a byte. Others as copied.
template <class E, int COUNT, class Raw>
__device__ __forceinline__ void unpack(const Raw& raw, E (&e)[COUNT]) {
  static_assert(sizeof(Raw) == COUNT * sizeof(E), "the vector holds the elements");
  if constexpr (unpacks_by_permutes_v<E> && sizeof(Raw) % 4 == 0) {
    unsigned w[sizeof(Raw) / 4];
    std::memcpy(w, &raw, sizeof w);
#pragma unroll
    for (int j = 0; j < COUNT; ++j) {
      e[j] = static_cast<E>(__byte_perm(w[j / 4], 0, 0x4440u + j % 4));
    }
  } else {
    std::memcpy(e, &raw, sizeof raw);
  }
}

/// Calls visit(k, item k) for this thread's items k < valid, the first at index `first`
/// (a multiple of ITEMS). All loads are issued before the first visit.
template <int ITEMS, class Source, class Visit>
__device__ __forceinline__ void load_items(const Source& source, long long first, int valid,
                                           bool aligned, Visit&& visit) {
  if constexpr (Source::primitive && !Source::reversed) {
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
          unpack(raw[v], e);
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

/// Calls visit(item) for the item of every 16-byte vector `raw` of E, in order.
template <class Source, class Visit>
__device__ __forceinline__ void visit_vector(const Source& source, const uint4& raw, Visit& visit) {
  using E = typename Source::element;
  E e[16 / sizeof(E)];
  unpack(raw, e);
#pragma unroll
  for (int j = 0; j < 16 / static_cast<int>(sizeof(E)); ++j) visit(source.f(e[j]));
}

/// This thread's share of a tile of THREADS × ITEMS items starting at `tile_first`, of which
/// `in_tile` are in range, for kernels to which the order of the items does not matter
/// (count_if; reduce with an op that commutes). A whole tile of contiguous primitive data is
/// read as 16-byte vectors striped over the block — vector v of thread t is vector
/// v·THREADS + t of the tile, so every warp access is 512 contiguous bytes — and each given to
/// on_vector(raw); otherwise on_item(item) gets item k·THREADS + t of the tile, k < ITEMS, for
/// those in range. A `piece` is the tile's first 1/PARTS, read the same way (its vectors are
/// the tile's first stripes). Returns whether this thread had any item.
template <int THREADS, int ITEMS, int PARTS = 1, class Source, class OnVector, class OnItem>
__device__ __forceinline__ bool load_unordered(const Source& source, long long tile_first,
                                               long long in_tile, bool aligned,
                                               OnVector&& on_vector, OnItem&& on_item,
                                               bool piece = false) {
  static_assert(ITEMS % PARTS == 0, "whole pieces");
  piece = PARTS > 1 && piece;
  const long long span = static_cast<long long>(THREADS) * (piece ? ITEMS / PARTS : ITEMS);
  if (in_tile > span) in_tile = span;
  if constexpr (Source::primitive && !Source::reversed) {
    using E = typename Source::element;
    if constexpr (fills_vectors_v<E, ITEMS / PARTS>) {
      if (aligned && in_tile == span) {
        const uint4* from = reinterpret_cast<const uint4*>(source.base + tile_first) + threadIdx.x;
        auto read = [&](auto vectors) {  // the loads first, then the work on them
          uint4 raw[decltype(vectors)::value];
#pragma unroll
          for (int v = 0; v < decltype(vectors)::value; ++v) raw[v] = from[v * THREADS];
#pragma unroll
          for (int v = 0; v < decltype(vectors)::value; ++v) on_vector(raw[v]);
        };
        constexpr int VECTORS = ITEMS * sizeof(E) / 16;
        if (piece) {
          read(std::integral_constant<int, VECTORS / PARTS>{});
        } else {
          read(std::integral_constant<int, VECTORS>{});
        }
        return true;
      }
    }
  }
#pragma unroll 16  // not all ITEMS loads in flight: 64 of them took 146 registers (uint8)
  for (int k = 0; k < ITEMS; ++k) {
    const long long i = static_cast<long long>(k) * THREADS + threadIdx.x;
    if (i < in_tile) on_item(source[tile_first + i]);
  }
  return threadIdx.x < in_tile;
}

/// Whether a source or sink moves whole chunks itself (load / store: segment_sides.cuh).
template <class Side, class = void>
inline constexpr bool chunked_v = false;
template <class Side>
inline constexpr bool chunked_v<Side, std::enable_if_t<Side::chunked>> = true;
/// Whether a sink stores a warp's whole row at once, staged in shared memory (stage_row:
/// segment_sides.cuh), and that stage for a row of ROW_ITEMS results A (else none).
template <class Sink, class = void>
inline constexpr bool staged_v = false;
template <class Sink>
inline constexpr bool staged_v<Sink, std::enable_if_t<Sink::staged>> = true;
struct no_stage {};
template <class Sink, class A, int ROW_ITEMS>
auto row_stage_of() {
  if constexpr (staged_v<Sink>) {
    return typename Sink::template row_stage<A, ROW_ITEMS>{};
  } else {
    return no_stage{};
  }
}
/// The chunk of a source that loads its own (0: none).
template <class Source>
constexpr int own_chunk() {
  if constexpr (chunked_v<Source>) {
    return Source::chunk;
  } else {
    return 0;
  }
}

/// Items per chunk: as many as one 16-byte vector holds on the wider of the primitive
/// contiguous sides (input elements, output elements); 1 when neither side is one.
template <class Source, class Sink>
constexpr int chunk_items() {
  int widest = 0;
  if constexpr (Source::primitive) widest = sizeof(typename Source::element);
  if constexpr (Sink::primitive) {
    if (int(sizeof(typename Sink::element)) > widest) widest = sizeof(typename Sink::element);
  }
  return widest == 0 || widest >= 16 ? 1 : 16 / widest;
}

/// The striped tile: WARPS warps × ROWS rows × 32 lanes × CHUNK items. Item j of row r of
/// lane l of warp w lies at w·WARP_ITEMS + r·ROW_ITEMS + l·CHUNK + j in the tile:
///   warp 0, row 0: lane 0 [0, CHUNK), lane 1 [CHUNK, 2·CHUNK), ... ; row 1 follows, ...
template <int THREADS, int ROWS, int CHUNK>
struct striped_tile {
  static_assert(THREADS % warp_threads == 0, "whole warps");
  static constexpr int WARPS = THREADS / warp_threads;
  static constexpr int ROW_ITEMS = warp_threads * CHUNK;
  static constexpr int WARP_ITEMS = ROWS * ROW_ITEMS;
  static constexpr long long ITEMS = static_cast<long long>(WARPS) * WARP_ITEMS;
  /// Where this thread's row 0 starts in the tile.
  static __device__ __forceinline__ int thread_offset() {
    return static_cast<int>(threadIdx.x / warp_threads) * WARP_ITEMS +
           static_cast<int>(lane_id()) * CHUNK;
  }
};

/// Whether the CHUNK items at [at, at + CHUNK) of a primitive source or sink go as one vector
/// (load_chunk, store_chunk): WHOLE, or the source aligned and the whole chunk in range.
template <int CHUNK, bool WHOLE>
__device__ __forceinline__ bool chunk_as_vector(long long at, long long n, bool aligned) {
  return WHOLE || (aligned && at + CHUNK <= n);
}

/// Calls visit(j, raw item j) for the CHUNK items at [at, at + CHUNK): the raw element
/// (before the source's functor) for primitive sources, source[i] for others. Items at or
/// past n are replaced by item `fallback` (< n), so every value is a real item. One vector
/// load when the source is primitive and aligned and the whole chunk is in range. WHOLE:
/// the caller guarantees both (no checks; the kernels of whole tiles keep fewer registers
/// without the item-by-item path).
template <int CHUNK, bool WHOLE, class Source, class Visit>
__device__ __forceinline__ void load_chunk(const Source& source, long long at, long long n,
                                           long long fallback, bool aligned, Visit&& visit) {
  if constexpr (Source::primitive &&
                CHUNK * sizeof(typename Source::element) <= 16) {  // wider: item by item
    using E = typename Source::element;
    using vector = typename vector_bytes<CHUNK * sizeof(E)>::type;
    if (chunk_as_vector<CHUNK, WHOLE>(at, n, aligned)) {
      const vector raw = source.template vector_at<vector>(at);
      E e[CHUNK];
      unpack(raw, e);
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) visit(j, e[j]);
      return;
    }
    if constexpr (!WHOLE) {
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) visit(j, source.raw(at + j < n ? at + j : fallback));
    }
  } else if constexpr (Source::primitive) {
#pragma unroll
    for (int j = 0; j < CHUNK; ++j) visit(j, source.raw(WHOLE || at + j < n ? at + j : fallback));
  } else {
    if constexpr (chunked_v<Source>) {  // its own chunk loads where it can (segment_sides.cuh)
      if (source.template load<CHUNK, WHOLE>(at, n, aligned, visit)) return;
    }
#pragma unroll
    for (int j = 0; j < CHUNK; ++j) visit(j, source[WHOLE || at + j < n ? at + j : fallback]);
  }
}

/// The item of a raw value from load_chunk.
template <class Source, class Raw>
__device__ __forceinline__ decltype(auto) item_of(const Source& source, const Raw& raw) {
  if constexpr (Source::primitive) {
    return source.f(raw);
  } else {
    return raw;
  }
}

/// A lane's chunk kept between two passes over it: a primitive input packed as loaded (16
/// uint8 in four registers; the source's functor runs at each use), any other input as its
/// CHUNK items in the type A.
template <class Source, int CHUNK, class A>
struct held_chunk {
  static constexpr bool packed = Source::primitive;
  using E = typename Source::element;
  template <class T>
  struct items_of {
    using type = T[CHUNK];
  };
  // (the vector type named only when packed: other elements may have any size)
  typename std::conditional_t<packed, vector_bytes<CHUNK * sizeof(E)>, items_of<A>>::type data;

  template <bool WHOLE>
  __device__ __forceinline__ void load(const Source& source, long long at, long long n,
                                       long long fallback, bool aligned) {
    if constexpr (packed) {
      // load_chunk's one vector, kept whole (not taken apart by unpack and packed again)
      if (unpacks_by_permutes_v<E> && chunk_as_vector<CHUNK, WHOLE>(at, n, aligned)) {
        data = source.template vector_at<decltype(data)>(at);
        return;
      }
      E e[CHUNK];
      load_chunk<CHUNK, WHOLE>(source, at, n, fallback, aligned,
                               [&](int j, const E& x) { e[j] = x; });
      std::memcpy(&data, e, sizeof data);
    } else {
      load_chunk<CHUNK, WHOLE>(source, at, n, fallback, aligned,
                               [&](int j, const auto& x) { data[j] = static_cast<A>(x); });
    }
  }

  /// Between the passes: hides the packed words from the optimizer so that the second pass
  /// unpacks them again instead of keeping every unpacked item alive (uint8: 64 registers
  /// instead of 16).
  __device__ __forceinline__ void reload() {
    if constexpr (packed && sizeof data % 4 == 0) {
      unsigned w[sizeof data / 4];
      std::memcpy(w, &data, sizeof data);
#pragma unroll
      for (int i = 0; i < int(sizeof data / 4); ++i) asm volatile("" : "+r"(w[i]));
      std::memcpy(&data, w, sizeof data);
    }
  }

  /// Item j in the type A.
  __device__ __forceinline__ A item(const Source& source, int j) const {
    if constexpr (packed) {
      E e[CHUNK];
      std::memcpy(e, &data, sizeof data);
      return static_cast<A>(source.f(e[j]));
    } else {
      return data[j];
    }
  }

  /// Calls visit(j, item j) for every item j, in the type A, the chunk taken apart at once
  /// (unpack). For a pass that tests every item (the selection's predicates): a pass whose
  /// results are packed again (the scan's) runs shorter on item().
  template <class OnItem>
  __device__ __forceinline__ void visit(const Source& source, OnItem&& on_item) const {
    if constexpr (packed) {
      E e[CHUNK];
      unpack(data, e);
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) on_item(j, static_cast<A>(source.f(e[j])));
    } else {
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) on_item(j, data[j]);
    }
  }

  /// Item j in the type A for a j known only at run time, taken out without indexing the
  /// registers (which would put the chunk in local memory): a 1-byte item of a 16-byte vector
  /// by one byte permute of the 8-byte half that holds it, others by a select per item.
  __device__ __forceinline__ A item_at(const Source& source, int j) const {
    if constexpr (packed && sizeof(E) == 1 && sizeof data == 16) {
      unsigned w[4];
      std::memcpy(w, &data, sizeof w);
      const bool high = (j & 8) != 0;
      const unsigned byte = __byte_perm(high ? w[2] : w[0], high ? w[3] : w[1], j & 7);
      E e;
      std::memcpy(&e, &byte, sizeof e);
      return static_cast<A>(source.f(e));
    } else {
      A x = item(source, 0);
#pragma unroll
      for (int q = 1; q < CHUNK; ++q) {
        if (q == j) x = item(source, q);
      }
      return x;
    }
  }
};

/// Stores values[j] at at + j for the items before n: one vector store when the sink is
/// primitive and aligned and the whole chunk is in range (WHOLE: guaranteed by the caller).
template <int CHUNK, bool WHOLE, class Sink, class T>
__device__ __forceinline__ void store_chunk(const Sink& sink, long long at, long long n,
                                            bool aligned, const T (&values)[CHUNK]) {
  if constexpr (Sink::primitive) {
    using O = typename Sink::element;
    if (chunk_as_vector<CHUNK, WHOLE>(at, n, aligned)) {
      O o[CHUNK];
#pragma unroll
      for (int j = 0; j < CHUNK; ++j) o[j] = values[j];
      store_vector(sink.base + at, o);
      return;
    }
  }
  if constexpr (chunked_v<Sink>) {  // its own chunk stores where it can (segment_sides.cuh)
    if (sink.template store<CHUNK, WHOLE>(at, n, aligned, values)) return;
  }
  if constexpr (!(WHOLE && Sink::primitive)) {  // item by item
#pragma unroll
    for (int j = 0; j < CHUNK; ++j) {
      if (WHOLE || at + j < n) sink.put(at + j, values[j]);
    }
  }
}

/// A warp's row, every lane its chunk at `at`: staged in shared memory and written at once
/// where the sink stages whole rows and takes this one (segment_sink::stage_row; the general
/// kernel's rows only where every lane's chunk is in range), else chunk by chunk (store_chunk).
template <int CHUNK, bool WHOLE, class Sink, class Stage, class T>
__device__ __forceinline__ void store_row(const Sink& sink, Stage& stage, long long at,
                                          long long n, bool aligned, const T (&values)[CHUNK]) {
  if constexpr (staged_v<Sink>) {
    if ((WHOLE || __all_sync(full_warp_mask, at + CHUNK <= n)) &&
        sink.template stage_row<CHUNK>(stage, at, aligned, values)) {
      return;
    }
  }
  store_chunk<CHUNK, WHOLE>(sink, at, n, aligned, values);
}

/// The 16 bytes at byte `shift` (0..15) of the 32 bytes a, b (little-endian).
__device__ __forceinline__ uint4 shift_bytes(const uint4& a, const uint4& b, int shift) {
  const unsigned w[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  const int words = shift >> 2, bits = (shift & 3) * 8;
  unsigned o[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const unsigned lo =
        words == 0 ? w[i] : words == 1 ? w[i + 1] : words == 2 ? w[i + 2] : w[i + 3];
    const unsigned hi =
        words == 0 ? w[i + 1] : words == 1 ? w[i + 2] : words == 2 ? w[i + 3] : w[i + 4];
    o[i] = __funnelshift_r(lo, hi, bits);
  }
  return make_uint4(o[0], o[1], o[2], o[3]);
}

/// Block-wide: sink[at + i] = from[i] for i < count, `from` in shared memory and readable 16
/// bytes past from + count; consecutive threads take consecutive items. An output of
/// contiguous T (primitive, at most 8 bytes) takes 16-byte stores in its 16-byte-aligned
/// middle, each assembled from the two aligned 16-byte shared loads that cover it, so the run
/// need not start aligned in shared memory; the ragged ends go item by item.
///   output  |..ab|cdef ghij klmn opqr|st..|   head 2 items, 4 vectors, tail 2 items
/// A reversed output (reversed_pointer_sink) takes the same stores, each vector turned around:
/// the run lies in memory from its last item up, and the vectors' items in `from` run from
/// `head` to `done` the other way.
template <int THREADS, class Sink, class T>
__device__ __forceinline__ void store_run(const Sink& sink, long long at, const T* from,
                                          int count) {
  int head = count, done = count;  // items [head, done) go as vectors
  if constexpr (std::is_same_v<typename Sink::element, T> && sizeof(T) <= 8 &&
                (Sink::primitive || Sink::reversed)) {
    constexpr int PER_VECTOR = 16 / sizeof(T);
    T* low;  // the run's lowest address
    if constexpr (Sink::reversed) {
      low = sink.end - at - count;
    } else {
      low = sink.base + at;
    }
    const auto to = reinterpret_cast<std::uintptr_t>(low);
    int lead = static_cast<int>((16 - to % 16) % 16 / sizeof(T));  // in memory, before the vectors
    if (lead > count) lead = count;
    const int vectors = (count - lead) / PER_VECTOR;
    head = Sink::reversed ? count - lead - vectors * PER_VECTOR : lead;
    done = head + vectors * PER_VECTOR;
    const auto src = reinterpret_cast<std::uintptr_t>(from + head);
    const uint4* in = reinterpret_cast<const uint4*>(src & ~std::uintptr_t(15));
    const int shift = static_cast<int>(src % 16);
    uint4* out = reinterpret_cast<uint4*>(low + lead);
    for (int v = static_cast<int>(threadIdx.x); v < vectors; v += THREADS) {
      const uint4 a = in[v];
      const uint4 items = shift == 0 ? a : shift_bytes(a, in[v + 1], shift);
      if constexpr (Sink::reversed) {
        out[vectors - 1 - v] = reverse_elements<T>(items);
      } else {
        out[v] = items;
      }
    }
  }
  const int loose = head + (count - done);
  for (int i = static_cast<int>(threadIdx.x); i < loose; i += THREADS) {
    const int k = i < head ? i : done + (i - head);
    sink.put(at + k, from[k]);
  }
}

}  // namespace predix::gpu::detail
