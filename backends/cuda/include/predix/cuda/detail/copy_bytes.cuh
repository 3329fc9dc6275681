#pragma once
// A copy between device arrays at any byte offsets by every thread of a grid, for a kernel
// that learns what to copy on the device (select_in_place.cuh put_back_kernel: counts that
// the host never sees).
#include <cstdint>

namespace predix::gpu::detail {

/// to[i] = from[i] for i < bytes, by the grid's threads (`thread` of `threads`), any offsets:
/// as 16-byte vectors where both lie alike against 16 bytes (partition's items aside sit at
/// their own places' offsets); otherwise each aligned word of `to` from the two aligned words
/// of `from` that hold its bytes, shifted (a byte at a time is far slower: docs/async_core.md);
/// the few bytes at either end a byte at a time (every read inside [from, from + bytes)).
///   from 3 bytes past a word, to aligned: to word w = bytes 3 of from word w, 0–2 of w + 1
__device__ __forceinline__ void copy_bytes(const unsigned char* from, unsigned char* to,
                                           long long bytes, long long thread, long long threads) {
  const auto at = [](const void* p, unsigned b) {
    return static_cast<long long>(reinterpret_cast<std::uintptr_t>(p) % b);
  };
  const bool vectors = at(from, 16) == at(to, 16);
  const long long word = vectors ? 16 : 4;
  const long long head = (word - at(to, word)) % word < bytes ? (word - at(to, word)) % word
                                                              : bytes;
  const long long shift = at(from + head, 4);  // 0 for vectors
  const long long unit = vectors ? 16 : shift != 0 ? 8 : 4;  // source bytes a word reads
  const long long first = head >= shift ? 0 : 1;               // words [first, last) read
  const long long room = bytes - head + shift - unit;          // inside [from, from + bytes)
  long long last = room < 0 ? 0 : room / word + 1;
  if (last < first) last = first;
  if (vectors) {
    const uint4* const in = reinterpret_cast<const uint4*>(from + head);
    uint4* const out = reinterpret_cast<uint4*>(to + head);
    for (long long w = first + thread; w < last; w += 4 * threads) {
      uint4 got[4];
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        if (w + j * threads < last) got[j] = in[w + j * threads];
      }
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        if (w + j * threads < last) out[w + j * threads] = got[j];
      }
    }
  } else {
    const unsigned* const in = reinterpret_cast<const unsigned*>(from + head - shift);
    unsigned* const out = reinterpret_cast<unsigned*>(to + head);
    for (long long w = first + thread; w < last; w += 8 * threads) {
      unsigned got[8];
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        const long long i = w + j * threads;
        if (i < last) got[j] = __funnelshift_r(in[i], shift != 0 ? in[i + 1] : 0u, 8 * shift);
      }
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        if (w + j * threads < last) out[w + j * threads] = got[j];
      }
    }
  }
  const long long front = head + word * first, back = head + word * last;  // a byte at a time
  for (long long e = thread; e < front + (bytes - back); e += threads) {
    const long long i = e < front ? e : back + (e - front);
    to[i] = from[i];
  }
}

}  // namespace predix::gpu::detail
