#pragma once
// The host scans' loop for 1-byte integers added up (std::plus) in contiguous memory: 16 items
// a step in an SSE2 register instead of one, sums taken mod 256 as the item loop's stores take
// them, whatever the accumulator's width.
//   x        3 1 4 1 5 ...  (16 bytes)
//   x += x shifted up 1, 2, 4, 8 bytes      -> 3 4 8 9 14 ...  (the vector's own prefix sums)
//   + the carry (every byte: the sum before the vector); the next carry adds the vector's sum
//   (its last byte, in every byte): one add waits for the vector before. Exclusive: the sums
//   less x.
// Without SSE2 the same bytes one by one; other types, ops and iterators: scan_piece's item
// loop. Measured: docs/perf/host.md "1-byte scans 16 items a step".
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <predix/detail/range.hpp>

namespace predix::detail {

/// A 1-byte integer type other than bool.
template <class T, class = void>
struct byte_integer : std::false_type {};
template <class T>
struct byte_integer<T, std::enable_if_t<std::is_integral_v<T>>>
    : std::bool_constant<sizeof(T) == 1 && !std::is_same_v<T, bool>> {};

/// Iterators whose items lie contiguous in memory: pointers and std::vector's (not <bool>).
template <class It, class = void>
struct contiguous_bytes : std::false_type {};
template <class It>
struct contiguous_bytes<It, std::enable_if_t<byte_integer<value_t<It>>::value>>
    : std::bool_constant<
          std::is_pointer_v<It> ||
          std::is_same_v<It, typename std::vector<value_t<It>>::iterator> ||
          std::is_same_v<It, typename std::vector<value_t<It>>::const_iterator>> {};

/// std::plus of an integer type (not bool: plus<bool> is an OR) or of any (plus<>).
template <class Op>
struct integer_plus : std::false_type {};
template <class T>
struct integer_plus<std::plus<T>>
    : std::bool_constant<std::is_void_v<T> ||
                         (std::is_integral_v<T> && !std::is_same_v<T, bool>)> {};

/// scan_piece over In, Out, Acc, Op runs scan_bytes: bytes in and out, added in integers.
template <class In, class Out, class Acc, class Op>
inline constexpr bool byte_scan_v = contiguous_bytes<In>::value && contiguous_bytes<Out>::value &&
                                    integer_plus<Op>::value && std::is_integral_v<Acc> &&
                                    !std::is_same_v<Acc, bool>;

/// out[i] = carry + in[0] + ... + in[i] (Inclusive) or + ... + in[i - 1], mod 256, for i < n;
/// returns carry + in[0] + ... + in[n - 1]. In place (out == in) is safe.
template <bool Inclusive>
std::uint8_t scan_bytes(const std::uint8_t* in, std::uint8_t* out, std::ptrdiff_t n,
                        std::uint8_t carry) {
  std::ptrdiff_t i = 0;
#if defined(__SSE2__)
  __m128i c = _mm_set1_epi8(static_cast<char>(carry));
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    __m128i s = _mm_add_epi8(x, _mm_slli_si128(x, 1));
    s = _mm_add_epi8(s, _mm_slli_si128(s, 2));
    s = _mm_add_epi8(s, _mm_slli_si128(s, 4));
    s = _mm_add_epi8(s, _mm_slli_si128(s, 8));
    const __m128i high = _mm_unpackhi_epi8(s, s);  // 16-bit words 4..7: bytes 8..15, twice
    const __m128i last = _mm_shufflehi_epi16(high, 0xFF);  // words 4..7: byte 15, twice
    const __m128i total = _mm_unpackhi_epi64(last, last);  // every byte: the vector's sum
    s = _mm_add_epi8(s, c);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), Inclusive ? s : _mm_sub_epi8(s, x));
    c = _mm_add_epi8(c, total);  // the one step that waits for the vector before
  }
  carry = static_cast<std::uint8_t>(_mm_cvtsi128_si32(c));
#endif
  for (; i < n; ++i) {
    const std::uint8_t x = in[i];
    if (!Inclusive) out[i] = carry;
    carry = static_cast<std::uint8_t>(carry + x);
    if (Inclusive) out[i] = carry;
  }
  return carry;
}

/// The bytes of the contiguous items from `it` on.
template <class It>
auto byte_address(It it) {
  auto* p = std::addressof(*it);
  using byte = std::conditional_t<std::is_const_v<std::remove_pointer_t<decltype(p)>>,
                                  const std::uint8_t, std::uint8_t>;
  return reinterpret_cast<byte*>(p);
}

}  // namespace predix::detail
