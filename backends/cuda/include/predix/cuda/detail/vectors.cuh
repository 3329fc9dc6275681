#pragma once
// One access of N bytes (1, 2, 4, 8 or 16) as the unsigned type of that size, and COUNT
// elements loaded or stored as one such vector (loaded as two of 16 bytes where 32):
//   vector_bytes<16>::type is uint4;  load_vector(p, e) with int e[4]: one 16-byte load at p
#include <cstring>

#include <cuda_runtime.h>

namespace predix::gpu::detail {

template <int N>
struct vector_bytes;
template <> struct vector_bytes<1> { using type = unsigned char; };
template <> struct vector_bytes<2> { using type = unsigned short; };
template <> struct vector_bytes<4> { using type = unsigned; };
template <> struct vector_bytes<8> { using type = uint2; };
template <> struct vector_bytes<16> { using type = uint4; };

/// The COUNT elements at p as one vector access, or as 16-byte ones where they are more (p
/// aligned to their size, at most 16 bytes).
template <int COUNT, class E>
__device__ __forceinline__ void load_vector(const E* p, E (&e)[COUNT]) {
  constexpr int BYTES = COUNT * sizeof(E);
  constexpr int PARTS = BYTES > 16 ? BYTES / 16 : 1;
  using vector = typename vector_bytes<BYTES / PARTS>::type;
  vector raw[PARTS];
#pragma unroll
  for (int k = 0; k < PARTS; ++k) raw[k] = reinterpret_cast<const vector*>(p)[k];
  std::memcpy(e, raw, sizeof raw);
}

/// The COUNT elements e to p as one vector access (p aligned to their size).
template <int COUNT, class E>
__device__ __forceinline__ void store_vector(E* p, const E (&e)[COUNT]) {
  using vector = typename vector_bytes<COUNT * sizeof(E)>::type;
  vector raw;
  std::memcpy(&raw, e, sizeof raw);
  *reinterpret_cast<vector*>(p) = raw;
}

/// Whether COUNT elements of E make one vector access.
template <int COUNT, class E>
inline constexpr bool is_vector_v =
    COUNT * sizeof(E) <= 16 && (COUNT * sizeof(E) & (COUNT * sizeof(E) - 1)) == 0;

/// Whether load_vector takes COUNT elements of E: one vector access, or two of 16 bytes.
template <int COUNT, class E>
inline constexpr bool is_loaded_v = is_vector_v<COUNT, E> || COUNT * sizeof(E) == 32;

}  // namespace predix::gpu::detail
