#pragma once
// Which scans and reductions take the binary path (DESIGN.md §2), decided from the types:
//   the items are 0/1 by type — the iterator's value_type (or reference) is bool: bool*,
//   thrust::device_ptr<bool>, a transform iterator whose functor returns bool;
//   the op is plus, logical_or/and, bit_or/and/xor, maximum or minimum, from std::,
//   cuda::std:: (= thrust::) or cuda:: (maximum, minimum; = thrust::), over void or an
//   integral type;
//   the accumulator is integral (bool included): a float accumulator of a count would
//   round differently from a serial loop.
// Over 0/1 items each of these ops is a function of the count of ones:
//   plus → sum (the count); logical_or, bit_or, maximum → any; logical_and, bit_and,
//   minimum → all; bit_xor → parity.
// The trait, usable in user code and tests:
//   predix::gpu::uses_binary_path_v<Iterator, Op, Accumulator = value_type>
//   static_assert(predix::gpu::uses_binary_path_v<bool*, std::plus<>>);       // running OR
//   static_assert(!predix::gpu::uses_binary_path_v<int*, std::plus<>>);
// (predix::cuda is the policy object, so the CUDA backend's names live in predix::gpu.)
// The scans and reductions by key (inclusive_scan_by_key, exclusive_scan_by_key,
// reduce_by_key) take the segmented binary path exactly when uses_binary_path_v<Values, Op,
// Accumulator> holds for their values, op and accumulator (the values' type for the inclusive
// scan and reduce_by_key, init's for the exclusive scan): the same op of counts, restarted at
// each head (scan_on_binary_path_v, below, is the scan core's route for all three; the heads
// of reduce_by_key's items are counted, its segments' numbers).
//   static_assert(predix::gpu::uses_binary_path_v<bool*, std::plus<>, int>);  // counts by key
// count_if, count, the votes and the finds always take the binary path.
#include <functional>
#include <iterator>
#include <type_traits>

#include <cuda/functional>
#include <cuda/std/functional>

#include <predix/detail/segments.hpp>

namespace predix::gpu {

enum class binary_kind { none, sum, any, all, parity };

namespace detail {
template <class T>
inline constexpr bool void_or_integral_v = std::is_void_v<T> || std::is_integral_v<T>;

template <class Op>
struct op_kind : std::integral_constant<binary_kind, binary_kind::none> {};

#define PREDIX_CUDA_BINARY_OP(name, kind)                                                    \
  template <class T>                                                                        \
  struct op_kind<std::name<T>>                                                              \
      : std::integral_constant<binary_kind, void_or_integral_v<T> ? kind : binary_kind::none> {}; \
  template <class T>                                                                        \
  struct op_kind<::cuda::std::name<T>>                                                      \
      : std::integral_constant<binary_kind, void_or_integral_v<T> ? kind : binary_kind::none> {};
PREDIX_CUDA_BINARY_OP(plus, binary_kind::sum)
PREDIX_CUDA_BINARY_OP(logical_or, binary_kind::any)
PREDIX_CUDA_BINARY_OP(bit_or, binary_kind::any)
PREDIX_CUDA_BINARY_OP(logical_and, binary_kind::all)
PREDIX_CUDA_BINARY_OP(bit_and, binary_kind::all)
PREDIX_CUDA_BINARY_OP(bit_xor, binary_kind::parity)
#undef PREDIX_CUDA_BINARY_OP

template <class T>
struct op_kind<::cuda::maximum<T>>
    : std::integral_constant<binary_kind, void_or_integral_v<T> ? binary_kind::any
                                                                : binary_kind::none> {};
template <class T>
struct op_kind<::cuda::minimum<T>>
    : std::integral_constant<binary_kind, void_or_integral_v<T> ? binary_kind::all
                                                                : binary_kind::none> {};

template <class T>
using plain_t = std::remove_cv_t<std::remove_reference_t<T>>;
}  // namespace detail

/// What op computes over 0/1 items (binary_kind::none: not a binary op).
template <class Op>
inline constexpr binary_kind binary_kind_v = detail::op_kind<detail::plain_t<Op>>::value;

/// The iterator's items are 0/1 by type.
template <class It>
inline constexpr bool is_binary_input_v =
    std::is_same_v<detail::plain_t<typename std::iterator_traits<It>::value_type>, bool> ||
    std::is_same_v<detail::plain_t<typename std::iterator_traits<It>::reference>, bool>;

template <class It, class Op, class Accumulator = typename std::iterator_traits<It>::value_type>
inline constexpr bool uses_binary_path_v =
    is_binary_input_v<It> && binary_kind_v<Op> != binary_kind::none &&
    std::is_integral_v<detail::plain_t<Accumulator>>;

/// The scan core's route (device/scan.cuh): 0/1 items with a binary op, or the by-key
/// algorithms' items (segment values whose heads are flags or counts, segments.hpp) over 0/1
/// values with one.
template <class In, class Op, class A>
inline constexpr bool scan_on_binary_path_v = uses_binary_path_v<In, Op, A>;
template <class Keys, class Values, class Eq, class V, class C, class Op, class A>
inline constexpr bool
    scan_on_binary_path_v<predix::detail::segment_items<Keys, Values, Eq, V, C>,
                          predix::detail::segment_op<Op>, A> = uses_binary_path_v<Values, Op, V>;

/// What a binary scan counts in: its accumulator and op, or (segmented) the values' type, the
/// op and the heads' type (bool: whether any; an integer: counted) of the by-key items.
template <class A, class Op>
struct binary_parts {
  using value = A;
  using op = Op;
  using heads = bool;
  static constexpr bool segmented = false;
};
template <class V, class C, class Op>
struct binary_parts<predix::detail::segment_value<V, C>, predix::detail::segment_op<Op>> {
  using value = V;
  using op = Op;
  using heads = C;
  static constexpr bool segmented = true;
};

/// The look-back domain of the binary path: what a run of 0/1 items reduces to.
template <binary_kind KIND, class V>
struct binary_domain {
  static constexpr V identity = KIND == binary_kind::all ? V(1) : V(0);
  /// The value of `count` ones among `items` items.
  __device__ static V from_count(long long count, long long items) {
    if constexpr (KIND == binary_kind::sum) return static_cast<V>(count);
    if constexpr (KIND == binary_kind::any) return count != 0;
    if constexpr (KIND == binary_kind::all) return count == items;
    if constexpr (KIND == binary_kind::parity) return count & 1;
  }
  __device__ V operator()(V a, V b) const {
    if constexpr (KIND == binary_kind::sum) return a + b;
    if constexpr (KIND == binary_kind::any) return a | b;
    if constexpr (KIND == binary_kind::all) return a & b;
    if constexpr (KIND == binary_kind::parity) return a ^ b;
  }
};

/// The same over segments (the by-key algorithms): a run's value from the ones after its last
/// head (all of it without one), and its heads (C = bool: whether any; else how many); a later
/// head restarts the value.
template <binary_kind KIND, class V, class C = bool>
struct binary_segment_domain {
  using value_type = predix::detail::segment_value<V, C>;
  using values = binary_domain<KIND, V>;
  static __device__ value_type identity() { return {values::identity, C(0)}; }
  __device__ value_type operator()(const value_type& a, const value_type& b) const {
    return {b.heads ? b.value : values{}(a.value, b.value), static_cast<C>(a.heads + b.heads)};
  }
};

}  // namespace predix::gpu
