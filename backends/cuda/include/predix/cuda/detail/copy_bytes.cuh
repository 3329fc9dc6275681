#pragma once
// A copy between device arrays at any byte offsets by every thread of a grid, for a kernel
// that learns what to copy on the device (select_in_place.cuh put_back_kernel: counts that
// the host never sees).
#include <cstdint>

namespace predix::gpu::detail {

/// Source bytes [4Q + bits / 8, + 16) of the 32 bytes a, b: four words funnel-shifted.
template <int Q>
__device__ __forceinline__ uint4 shifted_vector(const uint4& a, const uint4& b, unsigned bits) {
  const unsigned s[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  return make_uint4(__funnelshift_r(s[Q], s[Q + 1], bits), __funnelshift_r(s[Q + 1], s[Q + 2], bits),
                    __funnelshift_r(s[Q + 2], s[Q + 3], bits),
                    __funnelshift_r(s[Q + 3], s[Q + 4], bits));
}

/// out[w] = the 16 bytes at `shift` bytes (4Q + bits / 8; -1: 0, one vector read) into
/// in[w], in[w + 1], for w in [first, last), four vectors a thread in flight.
template <int Q>
__device__ __forceinline__ void copy_vectors(const uint4* in, uint4* out, long long first,
                                             long long last, unsigned bits, long long thread,
                                             long long threads) {
  for (long long w = first + thread; w < last; w += 4 * threads) {
    uint4 got[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const long long i = w + j * threads;
      if (i < last) {
        if constexpr (Q < 0) {
          got[j] = in[i];
        } else {
          got[j] = shifted_vector<Q>(in[i], in[i + 1], bits);
        }
      }
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      if (w + j * threads < last) out[w + j * threads] = got[j];
    }
  }
}

/// to[i] = from[i] for i < bytes, by the grid's threads (`thread` of `threads`), any offsets:
/// each 16-byte aligned vector of `to` from the one or two aligned vectors of `from` that hold
/// its bytes, shifted (a byte at a time is far slower: docs/async_core.md); the few bytes at
/// either end a byte at a time (every read inside [from, from + bytes)).
///   from 5 bytes past 16, to aligned: to vector w = bytes 5–15 of from vector w, 0–4 of w + 1
__device__ __forceinline__ void copy_bytes(const unsigned char* from, unsigned char* to,
                                           long long bytes, long long thread, long long threads) {
  const auto at = [](const void* p) {
    return static_cast<long long>(reinterpret_cast<std::uintptr_t>(p) % 16);
  };
  const long long head = (16 - at(to)) % 16 < bytes ? (16 - at(to)) % 16 : bytes;
  const long long shift = at(from + head);
  const long long unit = shift != 0 ? 32 : 16;           // source bytes a vector reads
  const long long first = head >= shift ? 0 : 1;         // vectors [first, last) read
  const long long room = bytes - head + shift - unit;    // inside [from, from + bytes)
  long long last = room < 0 ? 0 : room / 16 + 1;
  if (last < first) last = first;
  const uint4* const in = reinterpret_cast<const uint4*>(from + head - shift);
  uint4* const out = reinterpret_cast<uint4*>(to + head);
  const unsigned bits = 8 * static_cast<unsigned>(shift % 4);
  switch (shift == 0 ? -1 : shift / 4) {
    case -1: copy_vectors<-1>(in, out, first, last, bits, thread, threads); break;
    case 0: copy_vectors<0>(in, out, first, last, bits, thread, threads); break;
    case 1: copy_vectors<1>(in, out, first, last, bits, thread, threads); break;
    case 2: copy_vectors<2>(in, out, first, last, bits, thread, threads); break;
    default: copy_vectors<3>(in, out, first, last, bits, thread, threads); break;
  }
  const long long front = head + 16 * first, back = head + 16 * last;  // a byte at a time
  for (long long e = thread; e < front + (bytes - back); e += threads) {
    const long long i = e < front ? e : back + (e - front);
    to[i] = from[i];
  }
}

}  // namespace predix::gpu::detail
