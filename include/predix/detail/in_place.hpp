#pragma once
// The loops of the host backends' in-place selections (remove_if, partition, stable_partition),
// apart from how they share the range among threads. Every predicate runs before the first
// write to the input (DESIGN.md §6), so the flags are kept, one bit an element; then, a round
// of pieces at a time, each piece is stashed in cache (stash), and after a barrier moved to its
// place (unstash): the selected ones in place, to their rank, which never lies past the round
// (ranks ≤ indices), the rejected ones to a side buffer of n - k, moved after the selected at
// the end (move_side); a team of one thread places in one sweep without the stash
// (place_alone). stable_partition with the rejected in the majority sweeps from the end
// instead, the rejected staying and the selected going aside (reverse_flags). Traffic: 2n
// reads, n writes and twice the side buffer; no buffer of n to touch (a fresh one costs more
// than the copy: docs/perf/host.md).
//   flags 1 0 1 0 0 over a b c d e → in place a c, side b d e → stable_partition a c | b d e,
//   partition a c | e d b, remove_if (of the 0s) a c
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>

#include <predix/detail/functional.hpp>

namespace predix::detail {

/// Where the in-place forms put the rejected elements after the selected ones.
enum class rejected { reversed, in_order, dropped };

inline constexpr std::ptrdiff_t word_bits = 64;

/// Words of word_bits flags for n elements.
constexpr std::ptrdiff_t words_in(std::ptrdiff_t n) { return (n + word_bits - 1) / word_bits; }

/// 64 flags of 0 or 1 as the bits of one word: each 8 of them by one multiplication (byte j of
/// v lands on bit 56 + j), so the predicate's loop stays a plain vectorizable one.
inline std::uint64_t pack(const std::uint8_t* flags) {
  std::uint64_t word = 0;
  for (int g = 0; g < 8; ++g) {
    std::uint64_t v = 0;
    for (int j = 0; j < 8; ++j) v |= std::uint64_t{flags[8 * g + j]} << (8 * j);
    word |= (v * 0x0102040810204080ull) >> 56 << (8 * g);
  }
  return word;
}

/// Words [begin, end) of the flags of stencil[0, n): bit j of word w = pred(stencil[64w + j]).
/// Returns how many are set.
template <class Stencil, class Pred>
std::ptrdiff_t flag_words(Stencil stencil, std::ptrdiff_t n, std::ptrdiff_t begin,
                          std::ptrdiff_t end, std::uint64_t* bits, Pred pred) {
  std::ptrdiff_t set = 0;
  std::uint8_t flags[word_bits];
  for (std::ptrdiff_t w = begin; w < end; ++w) {
    const std::ptrdiff_t at = w * word_bits;
    if (n - at >= word_bits) {
      for (int j = 0; j < word_bits; ++j) flags[j] = test(pred, stencil[at + j]);
    } else {
      std::fill_n(flags, word_bits, std::uint8_t{0});
      for (int j = 0; j < n - at; ++j) flags[j] = test(pred, stencil[at + j]);
    }
    bits[w] = pack(flags);
    for (const std::uint8_t f : flags) set += f;
  }
  return set;
}

/// x with its bits in reverse order.
inline std::uint64_t reverse_bits(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  x = ((x >> 8) & 0x00ff00ff00ff00ffull) | ((x & 0x00ff00ff00ff00ffull) << 8);
  x = ((x >> 16) & 0x0000ffff0000ffffull) | ((x & 0x0000ffff0000ffffull) << 16);
  return (x >> 32) | (x << 32);
}

/// Words [begin, end) of the flags of the n elements read from the end, each negated: bit i of
/// out is the negation of bit n-1-i of bits. stable_partition sweeps from the end with them
/// when the rejected are the majority: they stay, the selected go to the side buffer.
///   bits 1 0 1 0 0 (n = 5) → out 1 1 0 1 0
inline void reverse_flags(const std::uint64_t* bits, std::ptrdiff_t n, std::ptrdiff_t begin,
                          std::ptrdiff_t end, std::uint64_t* out) {
  for (std::ptrdiff_t w = begin; w < end; ++w) {
    const std::ptrdiff_t at = n - word_bits * (w + 1);  // bit t of window: flag at + t
    std::uint64_t window;
    if (at >= 0) {
      const std::ptrdiff_t q = at / word_bits, r = at % word_bits;
      window = bits[q] >> r;
      if (r != 0) window |= bits[q + 1] << (word_bits - r);
    } else {  // the last word: flags at + t < 0 do not exist
      window = bits[0] << -at;
    }
    out[w] = ~reverse_bits(window);
  }
}

/// Copies first[begin, end) to temp: those with their bit set to its front in order, the others
/// from its back, reversed. Returns how many are set. A word's elements all of one kind are
/// copied as a block (half the words at 1% or 99% selected, randomly placed).
///   bits 1 0 1 0 0 over a b c d e → temp a c e d b, returns 2
template <class It, class V>
std::ptrdiff_t stash(It first, std::ptrdiff_t begin, std::ptrdiff_t end,
                     const std::uint64_t* bits, V* temp) {
  std::ptrdiff_t front = 0, back = end - begin - 1;
  for (std::ptrdiff_t i = begin; i < end;) {
    const std::ptrdiff_t stop = std::min(end, (i / word_bits + 1) * word_bits);
    const int len = static_cast<int>(stop - i);
    const std::uint64_t mask = len == word_bits ? ~std::uint64_t{0} : (std::uint64_t{1} << len) - 1;
    std::uint64_t word = (bits[i / word_bits] >> (i % word_bits)) & mask;
    if (word == mask) {
      std::copy(first + i, first + stop, temp + front);
      front += len;
    } else if (word == 0) {
      std::copy(first + i, first + stop, std::make_reverse_iterator(temp + back + 1));
      back -= len;
    } else {
      for (std::ptrdiff_t j = i; j < stop; ++j, word >>= 1) {
        const bool f = word & 1u;
        if constexpr (std::is_trivially_copyable_v<V>) {  // both stores; the other kind overwrites
          const V x = first[j];
          temp[front] = x;
          temp[back] = x;
          front += f;
          back -= !f;
        } else if (f) {
          temp[front++] = first[j];
        } else {
          temp[back--] = first[j];
        }
      }
    }
    i = stop;
  }
  return front;
}

/// A stashed piece of len elements, `set` of them selected, to its places: the selected to
/// first[to_set...], the rejected in order to side[to_side...] (none for Order dropped).
template <rejected Order, class V, class It>
void unstash(V* temp, std::ptrdiff_t len, std::ptrdiff_t set, It first, std::ptrdiff_t to_set,
             V* side, std::ptrdiff_t to_side) {
  std::move(temp, temp + set, first + to_set);
  if constexpr (Order != rejected::dropped) {
    std::move(std::make_reverse_iterator(temp + len), std::make_reverse_iterator(temp + set),
              side + to_side);
  }
}

/// The placing on a team of one thread, in one sweep instead of stash and unstash: the selected
/// to first[rank] (ranks ≤ indices: a move never lands on an element not yet read), the
/// rejected in order to side (none for Order dropped); a word's elements all of one kind moved
/// as a block. move_side then puts the rejected after the selected. side holds n - k + 1
/// elements (the branchless loop's last store lands on side[n - k]).
///   bits 1 0 1 0 0 over a b c d e → first a c . . ., side b d e
template <rejected Order, class It, class V>
void place_alone(It first, std::ptrdiff_t n, const std::uint64_t* bits, V* side) {
  std::ptrdiff_t to_set = 0, to_side = 0;
  for (std::ptrdiff_t i = 0; i < n; i += word_bits) {
    const std::ptrdiff_t stop = std::min(n, i + word_bits);
    const int len = static_cast<int>(stop - i);
    const std::uint64_t mask = len == word_bits ? ~std::uint64_t{0} : (std::uint64_t{1} << len) - 1;
    std::uint64_t word = bits[i / word_bits] & mask;
    if (word == mask) {
      if (to_set != i) std::move(first + i, first + stop, first + to_set);
      to_set += len;
    } else if (word == 0) {
      if constexpr (Order != rejected::dropped) std::move(first + i, first + stop, side + to_side);
      to_side += len;
    } else {
      for (std::ptrdiff_t j = i; j < stop; ++j, word >>= 1) {
        const bool f = word & 1u;
        if constexpr (std::is_trivially_copyable_v<V>) {  // both stores, as stash's
          const V x = first[j];
          first[to_set] = x;  // at most first[k]: move_side's, or past remove_if's end
          to_set += f;
          if constexpr (Order != rejected::dropped) {
            side[to_side] = x;  // at most side[n - k]: side holds one more
            to_side += !f;
          }
        } else if (f) {
          if (to_set != j) first[to_set] = std::move(first[j]);
          ++to_set;
        } else if constexpr (Order != rejected::dropped) {
          side[to_side++] = std::move(first[j]);
        }
      }
    }
  }
}

/// Positions [begin, end) of the rejected part `rest` of the input (after the selected ones)
/// from the side buffer of its `count` elements in order: as they are, or reversed.
template <rejected Order, class V, class It>
void move_side(V* side, std::ptrdiff_t count, It rest, std::ptrdiff_t begin, std::ptrdiff_t end) {
  if constexpr (Order == rejected::reversed) {
    std::move(std::make_reverse_iterator(side + count - begin),
              std::make_reverse_iterator(side + count - end), rest + begin);
  } else {
    std::move(side + begin, side + end, rest + begin);
  }
}

}  // namespace predix::detail
