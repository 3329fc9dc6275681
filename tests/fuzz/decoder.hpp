#pragma once
// The differential fuzzer's decoder: any bytes → one case, a form of DESIGN.md §1 (every
// algorithm; with and without stencil, init, op; in place), an element type of the suite, a
// size, data, a predicate and an operator. Shared by the libFuzzer harness, the replay test
// (corpus and random seeds, any compiler) and the CUDA fuzz test. Host code; nvcc compiles it.
//
// Header, 10 bytes (encode() writes one):
//   form | type | predicate | k | r | op | mode | size shift | size (2, little endian)
//   n = size >> (shift % 17); mode: bits 0-1 layout, bit 2 in place, bits 3-5 OpenMP threads - 1
// then the payload, read by materialize(): threshold index (2), value index (2), count init (2),
// init, values, stencil. Reads past the end continue with a splitmix64 stream seeded from the
// input, so every input, even an empty one, decodes to a full case.
//
// Values keep every operator exact on every backend, in any association order: int32 from 16
// bits and int64 from 32 bits (sums of 2^16 cannot overflow), floats k/8 and doubles k/64 for an
// 8- and a 16-bit k (every partial sum is a float), affine maps wrap (uint64).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <predix/config.hpp>

#include "../support/memory.hpp"
#include "../support/random.hpp"
#include "../support/types.hpp"

namespace predix_test::fuzz {

// Every form of DESIGN.md §1. *_flags: the input is the predicate's bool through a transform
// iterator (the 0/1 data of the CUDA binary path), scanned / reduced into an int32 or bool.
// unique*_eq: with same_flag of the case's predicate as the binary predicate. *_by_key: the
// input as the keys (same_flag as the binary predicate) and a copy of it as the values, with
// plus (affine maps: composition) whatever the case's op; *_by_key_flags: keys of 1, 4 and 8
// bytes (uint8, int32, int64; other types write nothing) and the predicate's bools as the values
// (CUDA's segmented binary path), a running parity, counts from the int32 init, and
// reduce_by_key's parity of each segment. histogram_even: 1 + op bins from the smaller to the
// larger of value and init; histogram_range: the distinct values of the first 2 + op % 32 items
// as levels (arithmetic types; others, and levels that make no bin, count nothing).
#define PREDIX_FUZZ_FORMS(X)                                                                     \
  X(inclusive_scan)                                                                              \
  X(inclusive_scan_op) X(exclusive_scan) X(exclusive_scan_init) X(exclusive_scan_init_op)        \
      X(inclusive_scan_flags) X(exclusive_scan_flags) X(reduce) X(reduce_init) X(reduce_init_op) \
          X(reduce_flags) X(copy_if) X(copy_if_stencil) X(remove_copy_if)                        \
              X(remove_copy_if_stencil) X(remove_if) X(remove_if_stencil) X(partition)           \
                  X(partition_stencil) X(stable_partition) X(stable_partition_stencil)           \
                      X(partition_copy) X(partition_copy_stencil) X(stable_partition_copy)       \
                          X(stable_partition_copy_stencil) X(is_partitioned) X(partition_point)  \
                              X(count_if) X(count) X(any_of) X(all_of) X(none_of) X(find_if)     \
                                  X(find_if_not) X(find) X(unique) X(unique_eq)                  \
                                      X(unique_copy) X(unique_copy_eq) X(unique_count)           \
                                          X(unique_count_eq) X(inclusive_scan_by_key)            \
                                              X(exclusive_scan_by_key) X(reduce_by_key)          \
                                                  X(unique_by_key) X(unique_by_key_copy)      \
                                                      X(inclusive_scan_by_key_flags)         \
                                                          X(exclusive_scan_by_key_flags) \
                                                              X(reduce_by_key_flags) \
                                                                  X(histogram_even)  \
                                                                      X(histogram_range)

#define PREDIX_FUZZ_ENUM(name) name,
#define PREDIX_FUZZ_NAME(name) #name,
enum class form : std::uint8_t { PREDIX_FUZZ_FORMS(PREDIX_FUZZ_ENUM) };
inline constexpr const char* form_names[] = {PREDIX_FUZZ_FORMS(PREDIX_FUZZ_NAME)};
#undef PREDIX_FUZZ_ENUM
#undef PREDIX_FUZZ_NAME
inline constexpr int form_count = sizeof(form_names) / sizeof(form_names[0]);

/// The form with an explicit operator: inclusive_scan → inclusive_scan_op, reduce → ...
inline form with_op(form f) {
  switch (f) {
    case form::inclusive_scan: return form::inclusive_scan_op;
    case form::exclusive_scan:
    case form::exclusive_scan_init: return form::exclusive_scan_init_op;
    case form::reduce:
    case form::reduce_init: return form::reduce_init_op;
    default: return f;
  }
}

inline bool has_stencil(form f) {
  const std::string name = form_names[static_cast<int>(f)];
  return name.size() > 8 && name.compare(name.size() - 8, 8, "_stencil") == 0;
}

/// Calls f(type_tag<T>{}) for the index-th type of for_each_type (types.hpp).
template <class F>
void visit_type(int index, F&& f) {
  int i = 0;
  for_each_type([&](auto tag) {
    if (i++ == index) f(tag);
  });
}
inline constexpr int type_count() { return std::tuple_size_v<test_types>; }

template <int I>
using type_at = typename std::tuple_element_t<I, test_types>::type;

/// The index of T in test_types.
template <class T, int I = 0>
constexpr int index_of() {
  if constexpr (std::is_same_v<type_at<I>, T>) {
    return I;
  } else {
    return index_of<T, I + 1>();
  }
}

/// Calls f(op, name) for operator number index (modulo their number) of for_each_op<T>.
template <class T, class F>
void visit_op(int index, F&& f) {
  int count = 0;
  for_each_op<T>([&](auto, const char*) { ++count; });
  int i = 0;
  for_each_op<T>([&](auto op, const char* name) {
    if (i++ == index % count) f(op, name);
  });
}

/// A value as an exact integer: the integer itself, floats ·8, doubles ·64, affine maps' b.
template <class T>
PREDIX_HOST_DEVICE long long key(const T& x) {
  if constexpr (std::is_same_v<T, affine>) {
    return static_cast<long long>(x.b);
  } else if constexpr (std::is_same_v<T, float>) {
    return static_cast<long long>(x * 8);
  } else if constexpr (std::is_same_v<T, double>) {
    return static_cast<long long>(x * 64);
  } else {
    return static_cast<long long>(x);
  }
}

/// The predicate of a case. It returns unsigned 2 / 0 (1 for always), so backends must apply
/// static_cast<bool>; `selected` is the suite's is_selected.
struct predicate {
  enum kind_t : std::uint8_t { modulo, less, always, never, selected };
  kind_t kind = always;
  long long k = 1;  // modulo: key % k == r, with 1 <= k <= 8 and 0 <= r < k
  long long r = 0;
  long long t = 0;  // less: key < t, t from the data (materialize)
  template <class T>
  PREDIX_HOST_DEVICE unsigned operator()(const T& x) const {
    switch (kind) {
      case modulo: {
        const long long m = key(x) % k;
        return (m < 0 ? m + k : m) == r ? 2u : 0u;
      }
      case less: return key(x) < t ? 2u : 0u;
      case always: return 1u;
      case never: return 0u;
      default: return is_selected{}(x);
    }
  }
};
inline constexpr int predicate_kinds = 5;

/// The predicate as a bool: the functor of the transform iterator of the *_flags forms.
struct flag_of {
  predicate pred;
  template <class T>
  PREDIX_HOST_DEVICE bool operator()(const T& x) const {
    return pred(x) != 0;
  }
};

/// Items equal when the predicate takes them alike: the unique*_eq forms' binary predicate (an
/// equivalence coarser than ==).
struct same_flag {
  predicate pred;
  template <class T>
  PREDIX_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return (pred(a) != 0) == (pred(b) != 0);
  }
};

/// Bytes of the input, then a splitmix64 stream seeded from all of them.
class byte_source {
 public:
  byte_source(const std::uint8_t* data, std::size_t size)
      : bytes_(data, data + size), stream_(hash(data, size)) {}
  std::uint8_t byte() {
    if (at_ < bytes_.size()) return bytes_[at_++];
    if (left_ == 0) {
      word_ = stream_.next();
      left_ = 8;
    }
    --left_;
    return static_cast<std::uint8_t>(word_ >> (8 * left_));
  }
  /// sizeof(U) bytes, little endian.
  template <class U>
  U bits() {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < sizeof(U); ++i) v |= std::uint64_t(byte()) << (8 * i);
    return static_cast<U>(v);
  }

 private:
  static std::uint64_t hash(const std::uint8_t* data, std::size_t size) {  // FNV-1a
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001B3ull;
    return h;
  }
  std::vector<std::uint8_t> bytes_;
  std::size_t at_ = 0;
  rng stream_;
  std::uint64_t word_ = 0;
  int left_ = 0;
};

/// How the values are arranged: as read; in runs of equal values; partitioned by the
/// predicate; partitioned, then rotated by one (usually no longer partitioned).
enum class layout : std::uint8_t { raw, runs, partitioned, nearly_partitioned };
inline constexpr const char* layout_names[] = {"raw", "runs", "partitioned", "nearly partitioned"};

/// Everything about a case but its data.
struct shape {
  form what = form::inclusive_scan;
  int type = 0;  // index into for_each_type's types
  predicate pred;
  int op = 0;  // index into for_each_op<T>'s operators, modulo their number
  layout arrangement = layout::raw;
  bool in_place = false;  // scans: out = first
  int threads = 1;        // OpenMP team size for the host harness, 1 to 8
  std::ptrdiff_t n = 0;   // at most 65535
};

struct fuzz_case {
  shape s;
  byte_source payload;
};

inline constexpr std::size_t header_bytes = 10;
inline constexpr std::ptrdiff_t max_size = 65535;

inline fuzz_case decode(const std::uint8_t* data, std::size_t size) {
  byte_source in(data, size);
  shape s;
  s.what = static_cast<form>(in.byte() % form_count);
  s.type = in.byte() % type_count();
  s.pred.kind = static_cast<predicate::kind_t>(in.byte() % predicate_kinds);
  s.pred.k = in.byte() % 8 + 1;
  s.pred.r = in.byte() % s.pred.k;
  s.op = in.byte();
  const std::uint8_t mode = in.byte();
  s.arrangement = static_cast<layout>(mode & 3);
  s.in_place = (mode >> 2) & 1;
  s.threads = ((mode >> 3) & 7) + 1;
  const int shift = in.byte() % 17;
  s.n = in.bits<std::uint16_t>() >> shift;
  visit_type(s.type, [&](auto tag) {  // affine maps have no plus: they take the op forms
    if constexpr (std::is_same_v<typename decltype(tag)::type, affine>) s.what = with_op(s.what);
  });
  return {s, in};
}

inline fuzz_case decode(const std::vector<std::uint8_t>& bytes) {
  return decode(bytes.data(), bytes.size());
}

/// A header that decodes to s (s.n <= max_size, s.op < 256); append a payload or not.
inline std::vector<std::uint8_t> encode(const shape& s) {
  const auto n = static_cast<std::uint16_t>(s.n);
  return {static_cast<std::uint8_t>(s.what),
          static_cast<std::uint8_t>(s.type),
          static_cast<std::uint8_t>(s.pred.kind),
          static_cast<std::uint8_t>(s.pred.k - 1),
          static_cast<std::uint8_t>(s.pred.r),
          static_cast<std::uint8_t>(s.op),
          static_cast<std::uint8_t>(static_cast<int>(s.arrangement) | (s.in_place << 2) |
                                    ((s.threads - 1) << 3)),
          0,
          static_cast<std::uint8_t>(n & 0xFF),
          static_cast<std::uint8_t>(n >> 8)};
}

/// Random bytes for one case of the seed-driven tests: a header and up to 64 payload bytes.
inline std::vector<std::uint8_t> random_input(rng& r) {
  std::vector<std::uint8_t> bytes(header_bytes + r.below(65));
  for (auto& b : bytes) b = static_cast<std::uint8_t>(r.next());
  return bytes;
}

/// The input in hex, to be kept as a corpus file: echo HEX | xxd -r -p > tests/fuzz/corpus/NAME
inline std::string hex(const std::vector<std::uint8_t>& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

/// The data of a case with elements of type T.
template <class T>
struct data {
  host_array<T> values;
  host_array<std::uint8_t> stencil;  // the stencil forms' (empty for the others)
  T init{};                          // the init of the *_init forms
  T value{};                         // what count and find look for: often an element
  std::int32_t count_init = 0;       // the init of the *_flags forms
  predicate pred;                    // the shape's, with the threshold of `less`
};

template <class T>
T decode_value(byte_source& in) {
  if constexpr (std::is_same_v<T, bool>) {
    return in.byte() & 1;
  } else if constexpr (std::is_same_v<T, affine>) {
    const std::uint64_t a = in.bits<std::uint64_t>() | 1u;
    return {a, in.bits<std::uint64_t>()};
  } else if constexpr (std::is_same_v<T, float>) {
    return static_cast<float>(static_cast<std::int8_t>(in.byte())) / 8;
  } else if constexpr (std::is_same_v<T, double>) {
    return static_cast<double>(static_cast<std::int16_t>(in.bits<std::uint16_t>())) / 64;
  } else if constexpr (sizeof(T) <= 2) {
    return static_cast<T>(in.bits<std::make_unsigned_t<T>>());
  } else if constexpr (sizeof(T) == 4) {
    return static_cast<T>(static_cast<std::int16_t>(in.bits<std::uint16_t>()));
  } else {
    return static_cast<T>(static_cast<std::int32_t>(in.bits<std::uint32_t>()));
  }
}

template <class T>
host_array<T> decode_values(byte_source& in, std::ptrdiff_t n, layout arrangement) {
  host_array<T> values(n);
  for (std::ptrdiff_t i = 0; i < n;) {
    const T x = decode_value<T>(in);
    const int run = arrangement == layout::runs ? in.byte() % 32 + 1 : 1;
    for (int j = 0; j < run && i < n; ++j) values[i++] = x;
  }
  return values;
}

/// The (nearly) partitioned layouts, by what the predicate sees.
template <class U>
void arrange(host_array<U>& a, layout arrangement, const predicate& pred) {
  if (arrangement != layout::partitioned && arrangement != layout::nearly_partitioned) return;
  std::stable_partition(a.begin(), a.end(), [&](const U& x) { return pred(x) != 0; });
  if (arrangement == layout::nearly_partitioned && a.size() > 1) {
    std::rotate(a.begin(), a.begin() + 1, a.end());
  }
}

/// The case's data, from its payload (the same on every call).
template <class T>
data<T> materialize(const fuzz_case& c) {
  byte_source in = c.payload;
  const std::ptrdiff_t n = c.s.n;
  const bool stencil = has_stencil(c.s.what);
  const auto threshold_at = in.bits<std::uint16_t>();
  const auto value_at = in.bits<std::uint16_t>();
  data<T> d;
  d.count_init = static_cast<std::int16_t>(in.bits<std::uint16_t>());
  d.init = decode_value<T>(in);
  d.values = decode_values<T>(in, n, c.s.arrangement);
  if (stencil) d.stencil = decode_values<std::uint8_t>(in, n, c.s.arrangement);
  d.pred = c.s.pred;
  if (n > 0) {  // `less`: below or at an element of what the predicate sees
    const std::ptrdiff_t at = threshold_at % n;
    d.pred.t = stencil ? key(d.stencil[at]) : key(d.values[at]);
    if ((threshold_at & 0x8000) && d.pred.t < std::numeric_limits<long long>::max()) ++d.pred.t;
  }
  if (stencil) {
    arrange(d.stencil, c.s.arrangement, d.pred);
  } else {
    arrange(d.values, c.s.arrangement, d.pred);
  }
  d.value = (value_at & 1) && n > 0 ? d.values[(value_at >> 1) % n] : decode_value<T>(in);
  return d;
}

}  // namespace predix_test::fuzz
