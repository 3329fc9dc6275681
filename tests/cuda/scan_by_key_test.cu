// device/scan_agent.cuh's segmented binary path (the scans and reductions by key of 0/1
// values) beyond the conformance suite: the route (scan_on_binary_path_v) of every binary op,
// inclusive scans and reduce_by_key (a bool accumulator; reduce_by_key's heads counted in 32
// bits, its route with 64-bit counts asserted) and exclusive scans from int8 (wraps), int32,
// int64 and bool inits; keys of 1, 4 and 8 bytes (chunks of 16, 4 and 2 items); values from
// memory (vectors) and through a Thrust transform iterator (item by item), from item 0 and from
// item 1 (off the memory's alignment); segments of one item, of a few, over many tiles, and one
// over all; sizes around the tiles and past the 32-tile look-back window; calls on four streams
// at once. Every result is compared with a serial loop on the host.
#include <thrust/functional.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "../support/by_key.hpp"
#include "../support/cases.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

/// Whether a by-key plan's items take the segmented binary path (scan_on_binary_path_v).
template <class Plan>
constexpr bool on_binary_path() {
  return predix::gpu::scan_on_binary_path_v<decltype(Plan::items), decltype(Plan::op),
                                            typename Plan::value_type>;
}

/// Whether the scans by key of Values under Op accumulating in T take it.
template <class Values, class Op, class T>
constexpr bool segmented_route() {
  return on_binary_path<decltype(predix::detail::exclusive_scan_by_key_plan(
      std::declval<const int*>(), std::declval<Values>(), std::declval<T*>(), T{},
      predix::detail::portable(std::equal_to<>{}), predix::detail::portable(Op{})))>();
}

struct odd {
  __host__ __device__ bool operator()(std::uint8_t x) const { return (x & 1) != 0; }
};

static_assert(segmented_route<const bool*, std::plus<>, int>());
static_assert(segmented_route<const bool*, std::bit_xor<>, bool>());
static_assert(segmented_route<thrust::transform_iterator<odd, const std::uint8_t*>,
                              thrust::minimum<>, long long>());
static_assert(!segmented_route<const int*, std::plus<>, int>());    // not 0/1 by type
static_assert(!segmented_route<const bool*, std::plus<>, float>());  // not an integral count
static_assert(!segmented_route<const bool*, std::multiplies<>, int>());

/// Whether reduce_by_key of Values under Op accumulating in V, its heads counted in C, takes it.
template <class Values, class Op, class V, class C>
constexpr bool counted_route() {
  return on_binary_path<decltype(predix::detail::reduce_by_key_plan<V>(
      std::declval<const int*>(), std::declval<Values>(), C{}, std::declval<int*>(),
      std::declval<V*>(), predix::detail::portable(std::equal_to<>{}),
      predix::detail::portable(Op{})))>();
}
static_assert(counted_route<const bool*, std::plus<>, bool, std::uint32_t>());
static_assert(counted_route<const bool*, std::bit_xor<>, int, long long>());
static_assert(!counted_route<const int*, std::plus<>, int, std::uint32_t>());

/// Keys in runs of mean length `mean` (1: every item its own; 0: one run over all).
template <class K>
host_array<K> keys_in_runs(rng& r, std::ptrdiff_t n, double mean) {
  host_array<K> keys(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    const bool head = i == 0 || mean == 1 || (mean > 1 && r.chance(1 / mean));
    keys[i] = head ? static_cast<K>((i == 0 ? K{} : keys[i - 1]) + 1 + r.chance(0.5)) : keys[i - 1];
  }
  return keys;
}

/// predix's scan by key of the values (device iterator) of keys[at...] under op against the
/// serial loop over bits[at...].
template <bool INCLUSIVE, class K, class Values, class T, class Op>
void check_scan(const host_array<K>& keys, const host_array<bool>& bits, Values values,
                std::ptrdiff_t at, T init, Op op) {
  static_assert(segmented_route<Values, Op, T>());
  const auto d_keys = M::upload(keys);
  const std::ptrdiff_t n = keys.size() - at;
  auto out = M::upload(poisoned<T>(n));
  if constexpr (INCLUSIVE) {
    predix::inclusive_scan_by_key(predix::cuda, d_keys.begin() + at, d_keys.end(), values + at,
                                  out.begin(), std::equal_to<>{}, op);
  } else {
    predix::exclusive_scan_by_key(predix::cuda, d_keys.begin() + at, d_keys.end(), values + at,
                                  out.begin(), init, std::equal_to<>{}, op);
  }
  const auto expected =
      INCLUSIVE ? inclusive_by_key<T>(from(keys, at), from(bits, at), std::equal_to<>{}, op)
                : exclusive_by_key(from(keys, at), from(bits, at), init, std::equal_to<>{}, op);
  EXPECT_TRUE(same_elements(M::download(out), expected))
      << (INCLUSIVE ? "inclusive" : "exclusive") << " from item " << at << ", init "
      << +init;
}

/// predix's reduce_by_key of the values (device iterator) of keys under op (a bool accumulator)
/// against the serial loop over bits.
template <class K, class Values, class Op, class Policy = predix::cuda_policy>
void check_reduce(const host_array<K>& keys, const host_array<bool>& bits, Values values, Op op,
                  const Policy& policy = predix::cuda) {
  static_assert(counted_route<Values, Op, bool, std::uint32_t>());
  const std::ptrdiff_t n = keys.size();
  const auto [keys_expected, values_expected, m] =
      reduce_by_key_of(keys, bits, std::equal_to<>{}, op);
  const auto d_keys = M::upload(keys);
  auto keys_out = M::upload(poisoned<K>(n));
  auto values_out = M::upload(poisoned<bool>(n));
  const auto ends = predix::reduce_by_key(policy, d_keys.begin(), d_keys.end(), values,
                                          keys_out.begin(), values_out.begin(),
                                          std::equal_to<>{}, op);
  EXPECT_EQ(ends.first - keys_out.begin(), m) << "reduce_by_key";
  EXPECT_EQ(ends.second - values_out.begin(), m) << "reduce_by_key";
  EXPECT_TRUE(same_elements(M::download(keys_out), keys_expected)) << "reduce_by_key";
  EXPECT_TRUE(same_elements(M::download(values_out), values_expected)) << "reduce_by_key";
}

/// The tile of the kernel of whole tiles of the scans by key of bool values by K keys: rows
/// (tuning chunked_rows) of chunks of one 16-byte vector of keys a warp.
template <class K>
std::ptrdiff_t tile_of() {
  using tuning = predix::gpu::tuning::active::scan;
  constexpr int chunk = 16 / static_cast<int>(sizeof(K));
  return std::ptrdiff_t{tuning::threads} * tuning::chunked_rows(chunk, true) * chunk;
}

class ScanByKey : public cuda_test {};

TEST_F(ScanByKey, BinaryPathEveryOpAndAccumulator) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  // Around each key type's tile, and past 32 of the largest
  const std::ptrdiff_t tiles[] = {tile_of<std::uint8_t>(), tile_of<std::int32_t>(),
                                  tile_of<std::int64_t>()};
  const std::ptrdiff_t largest = *std::max_element(std::begin(tiles), std::end(tiles));
  std::vector<std::ptrdiff_t> sizes{1, 2, 33 * largest + 5};
  for (const std::ptrdiff_t tile : tiles) sizes.insert(sizes.end(), {tile - 1, tile + 1});
  if (!quick_mode()) {
    sizes.insert(sizes.end(), {31, tiles[0], tiles[1], tiles[2], 70 * largest + 1, (1 << 22) + 3});
  }
  auto each_key = [](auto f) {
    f(std::uint8_t{}, "uint8 keys"), f(std::int32_t{}, "int32 keys");
    f(std::int64_t{}, "int64 keys");
  };
  auto each_op = [](bool all, auto f) {
    f(std::plus<>{}, "plus"), f(std::logical_and<>{}, "logical_and");
    f(std::bit_xor<>{}, "bit_xor");
    f(cuda::maximum<>{}, "maximum");
    if (!all) return;
    f(std::logical_or<>{}, "logical_or"), f(std::bit_or<>{}, "bit_or");
    f(thrust::bit_and<>{}, "bit_and"), f(thrust::minimum<>{}, "minimum");
  };
  for (const std::ptrdiff_t n : sizes) {
    const bool large = n > 33 * largest + 5;
    for (const double mean : {1.0, 8.0, 3000.0, 0.0}) {
      if (large && (mean == 1 || mean == 0)) continue;
      for (const double density : {0.5, 0.995}) {
        if (::testing::Test::HasFailure()) return;
        SCOPED_TRACE("n = " + std::to_string(n) + ", runs of " + std::to_string(mean) +
                     ", density " + std::to_string(density));
        host_array<std::uint8_t> bytes(n);
        host_array<bool> bits(n);
        for (std::ptrdiff_t i = 0; i < n; ++i) {
          bits[i] = r.chance(density);
          bytes[i] = static_cast<std::uint8_t>(2 * r.below(100) + bits[i]);
        }
        const auto d_bits = M::upload(bits);
        const auto d_bytes = M::upload(bytes);
        const auto through = thrust::make_transform_iterator(d_bytes.begin(), odd{});
        each_key([&](auto key, const char* key_name) {
          SCOPED_TRACE(key_name);
          const auto keys = keys_in_runs<decltype(key)>(r, n, mean);
          const bool* values = d_bits.begin();
          each_op(!large, [&](auto op, const char* name) {
            SCOPED_TRACE(name);
            check_scan<true>(keys, bits, values, 0, false, op);
            check_scan<false>(keys, bits, values, 0, std::int32_t{5}, op);
            check_scan<false>(keys, bits, values, 0, std::int8_t{100}, op);  // wraps
            check_scan<false>(keys, bits, values, 0, std::int64_t{-2}, op);  // an 8-byte count
            check_scan<false>(keys, bits, values, 0, true, op);
            check_reduce(keys, bits, values, op);
            if (n < 2 || large) return;
            check_scan<true>(keys, bits, values, 1, false, op);
            check_scan<false>(keys, bits, values, 1, std::int32_t{5}, op);
          });
          check_scan<true>(keys, bits, through, 0, false, std::plus<>{});
          check_scan<false>(keys, bits, through, 0, std::int32_t{5}, std::plus<>{});
          check_reduce(keys, bits, through, std::bit_xor<>{});
        });
      }
    }
  }
}

/// The same calls on four streams at once (the scans nosync, then reduce_by_key on each
/// stream), each compared with the serial loop.
TEST_F(ScanByKey, BinaryPathOnFourStreams) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const std::ptrdiff_t n = quick_mode() ? 33 * tile_of<std::int32_t>() + 5 : (1 << 22) + 3;
  const auto keys = keys_in_runs<std::int32_t>(r, n, 3000);
  host_array<bool> bits(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) bits[i] = r.chance(0.5);
  const auto expected = inclusive_by_key<bool>(keys, bits, std::equal_to<>{}, std::plus<>{});
  const auto expected_counts = exclusive_by_key(keys, bits, 7, std::equal_to<>{}, std::plus<>{});
  const auto d_keys = M::upload(keys);
  const auto d_bits = M::upload(bits);
  constexpr int streams = 4, rounds = 4;
  std::vector<cudaStream_t> s(streams);
  for (auto& one : s) ASSERT_EQ(cudaStreamCreate(&one), cudaSuccess);
  for (int round = 0; round < rounds; ++round) {
    std::vector<device_array<bool>> out;
    std::vector<device_array<std::int32_t>> counts;
    for (int i = 0; i < streams; ++i) {
      out.push_back(M::upload(poisoned<bool>(n)));
      counts.push_back(M::upload(poisoned<std::int32_t>(n)));
    }
    for (int i = 0; i < streams; ++i) {
      const auto policy = predix::cuda.on(s[i]).nosync();
      predix::inclusive_scan_by_key(policy, d_keys.begin(), d_keys.end(), d_bits.begin(),
                                    out[i].begin());
      predix::exclusive_scan_by_key(policy, d_keys.begin(), d_keys.end(), d_bits.begin(),
                                    counts[i].begin(), 7);
    }
    for (int i = 0; i < streams; ++i) {
      SCOPED_TRACE("reduce_by_key, stream " + std::to_string(i));
      check_reduce(keys, bits, d_bits.begin(), std::bit_xor<>{}, predix::cuda.on(s[i]));
    }
    for (int i = 0; i < streams; ++i) {
      ASSERT_EQ(cudaStreamSynchronize(s[i]), cudaSuccess);
      EXPECT_TRUE(same_elements(M::download(out[i]), expected)) << "stream " << i;
      EXPECT_TRUE(same_elements(M::download(counts[i]), expected_counts)) << "stream " << i;
    }
  }
  for (auto& one : s) cudaStreamDestroy(one);
}

}  // namespace
