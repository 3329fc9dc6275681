// device/segment_sides.cuh against a host model of the by-key items: segment_source's chunks
// (keys and values as vectors, the key before apart) give each item's value and head flag,
// value_sink's and exclusive_sink's chunks and segment_sink's warp rows write what item-by-item
// writes would (inclusive values; init or init + value by the head flags, the key before item 0
// read; each segment's key, total and count), for uint8 and int64 keys in runs of about 1, 4
// and 700 items, int values and run-length encoding's constant ones, from item 0 and from item
// 16 (the key before the first item read), aligned memory and one item off (item by item),
// chunks and rows whole and ragged.
#include <predix/cuda/device/tile_io.cuh>

#include <string>
#include <vector>

#include "cuda_test.cuh"

namespace {

using predix::detail::segment_value;
using S = segment_value<int, long long>;

struct plus {
  __device__ int operator()(int a, int b) const { return a + b; }
};

/// Chunk c of the source (one thread each) into items[at + j], ragged at n.
template <int CHUNK, class Source>
__global__ void load_chunks(Source source, long long n, bool aligned, S* items) {
  const long long at = (blockIdx.x * 1ll * blockDim.x + threadIdx.x) * CHUNK;
  if (at >= n) return;
  predix::gpu::detail::load_chunk<CHUNK, false>(source, at, n, n - 1, aligned,
                                                [&](int j, const S& s) {
                                                  if (at + j < n) items[at + j] = s;
                                                });
}

/// Chunk c of items into the sink (one thread each), ragged at n.
template <int CHUNK, class Sink>
__global__ void store_chunks(Sink sink, const S* items, long long n, bool aligned) {
  const long long at = (blockIdx.x * 1ll * blockDim.x + threadIdx.x) * CHUNK;
  if (at >= n) return;
  S values[CHUNK];
  for (int j = 0; j < CHUNK; ++j) values[j] = items[at + j < n ? at + j : n - 1];
  predix::gpu::detail::store_chunk<CHUNK, false>(sink, at, n, aligned, values);
}

/// Row w of items into the sink, a warp each (the scan agent's rows), ragged at n; whole rows
/// alternate between the kernel of whole tiles' form and the general kernel's.
template <int CHUNK, class Sink>
__global__ void store_rows(Sink sink, const S* items, long long n, bool aligned) {
  constexpr int ROW_ITEMS = 32 * CHUNK;
  __shared__ typename Sink::template row_stage<S, ROW_ITEMS> stage[2];  // blocks of 64
  const int warp = static_cast<int>(threadIdx.x / 32);
  const long long row = blockIdx.x * 2ll + warp;
  if (row * ROW_ITEMS >= n) return;  // the whole warp
  const long long at = row * ROW_ITEMS + (threadIdx.x % 32) * CHUNK;
  S values[CHUNK];
  for (int j = 0; j < CHUNK; ++j) values[j] = items[at + j < n ? at + j : n - 1];
  if ((row + 1) * ROW_ITEMS <= n && row % 2 == 0) {
    predix::gpu::detail::store_row<CHUNK, true>(sink, stage[warp], at, n, aligned, values);
  } else {
    predix::gpu::detail::store_row<CHUNK, false>(sink, stage[warp], at, n, aligned, values);
  }
}

class SegmentSides : public predix_test::cuda_test {};

/// Keys in runs: a new key before an item one time in `one_in` (1: every item its own run).
template <class K>
std::vector<K> keys_in_runs(predix_test::rng& r, long long n, int one_in) {
  std::vector<K> keys(static_cast<std::size_t>(n));
  K k = 0;
  for (auto& key : keys) key = r.next() % one_in == 0 ? ++k : k;
  return keys;
}

/// The by-key model of keys[from, from + n) and their values: each item's value, head flag
/// (item 0 a head when first_is_head, else by the key before it), segment number from 1 (item 0
/// counted as a head) and inclusive total within its segment.
template <class K>
struct model {
  std::vector<int> value, inclusive;
  std::vector<long long> heads, segment;
  model(const std::vector<K>& keys, const std::vector<int>& values, long long from, long long n,
        bool first_is_head) {
    for (long long i = 0; i < n; ++i) {
      const std::size_t u = static_cast<std::size_t>(i + from);
      const bool head = i == 0 ? first_is_head || keys[u - 1] != keys[u] : keys[u - 1] != keys[u];
      heads.push_back(head);
      value.push_back(values.empty() ? 1 : values[u]);
      segment.push_back(i == 0 ? 1 : segment.back() + head);
      inclusive.push_back(i == 0 || head ? value.back() : inclusive.back() + value.back());
    }
  }
};

/// Every case of one key type, values in memory or constant (ones).
template <class K, bool CONSTANT>
void check_sides(predix_test::rng& r) {
  using namespace predix::gpu::detail;
  using values_side = std::conditional_t<CONSTANT, constant_values<int>, contiguous_values<int>>;
  using source_t = segment_source<K, values_side, predix::detail::equal_to, int, long long>;
  constexpr int CHUNK = source_t::chunk;
  for (const long long total : {1ll, 5ll, 64ll, 1000ll, 1003ll, 2100ll, 4080ll}) {
    for (const int one_in : {1, 4, 700}) {
      const std::vector<K> keys = keys_in_runs<K>(r, total + 16, one_in);
      std::vector<int> values(keys.size());
      for (auto& v : values) v = static_cast<int>(r.next() % 100);
      const predix_test::device_buffer<K> d_keys(keys);
      const predix_test::device_buffer<int> d_values(values);
      const std::vector<int> none;
      // From item 0, 16 (aligned) and 1 (one item off: item by item).
      for (const long long from : {0ll, 1ll, 16ll}) {
        const long long n = total + 16 - from;
        SCOPED_TRACE("n " + std::to_string(n) + " from item " + std::to_string(from) + ", chunk " +
                     std::to_string(CHUNK) + ", runs of about " + std::to_string(one_in) +
                     (CONSTANT ? ", constant values" : ""));
        const unsigned blocks = static_cast<unsigned>(n / CHUNK / 64 + 1);
        values_side v{};
        if constexpr (CONSTANT) {
          v = {1};
        } else {
          v = {d_values.get() + from};
        }
        // The source continues the input before it: item 0 a head by the key before it.
        const source_t source{d_keys.get() + from, v, {}, from};
        EXPECT_EQ(source.is_aligned(), from != 1);
        const model<K> in(keys, CONSTANT ? none : values, from, n, from == 0);
        predix_test::device_buffer<S> items(static_cast<std::size_t>(n));
        load_chunks<CHUNK><<<blocks, 64>>>(source, n, source.is_aligned(), items.get());
        PREDIX_CUDA_CHECK(cudaDeviceSynchronize());
        const std::vector<S> got = items.to_host();
        for (long long i = 0; i < n; ++i) {
          const std::size_t u = static_cast<std::size_t>(i);
          ASSERT_EQ(got[u].value, in.value[u]) << "value of item " << i;
          ASSERT_EQ(got[u].heads, in.heads[u]) << "head of item " << i;
        }
        // The sinks take the range as the whole input: its scanned items through both.
        const model<K> whole(keys, CONSTANT ? none : values, from, n, true);
        std::vector<S> scanned(static_cast<std::size_t>(n));
        for (std::size_t u = 0; u < scanned.size(); ++u) {
          scanned[u] = {whole.inclusive[u], whole.segment[u]};
        }
        const predix_test::device_buffer<S> d_scanned(scanned);
        predix_test::device_buffer<int> out(static_cast<std::size_t>(n));
        store_chunks<CHUNK><<<blocks, 64>>>(value_sink<int>{out.get()}, d_scanned.get(), n,
                                            from != 1);
        PREDIX_CUDA_CHECK(cudaDeviceSynchronize());
        predix_test::expect_all_equal(whole.inclusive, out.to_host(), [](std::size_t i) {
          return "value_sink, item " + std::to_string(i);
        });
        // exclusive_sink continues the input before it (item 0 a head by the key before it):
        // init 7 at a head, else 7 + the scanned value.
        const predix_test::device_buffer<int> results(std::vector<int>(scanned.size(), -1));
        const exclusive_sink<K, predix::detail::equal_to, int, int, plus> exclusive{
            d_keys.get() + from, {}, from, results.get(), 7, {}};
        EXPECT_EQ(exclusive.is_aligned(), from != 1);
        store_chunks<CHUNK><<<blocks, 64>>>(exclusive, d_scanned.get(), n, exclusive.is_aligned());
        PREDIX_CUDA_CHECK(cudaDeviceSynchronize());
        std::vector<int> exclusive_expected;
        for (std::size_t u = 0; u < scanned.size(); ++u) {
          exclusive_expected.push_back(in.heads[u] != 0 ? 7 : 7 + whole.inclusive[u]);
        }
        predix_test::expect_all_equal(exclusive_expected, results.to_host(), [](std::size_t i) {
          return "exclusive_sink, item " + std::to_string(i);
        });
        predix_test::device_buffer<K> keys_out(static_cast<std::size_t>(n));
        predix_test::device_buffer<int> totals(static_cast<std::size_t>(n));
        predix_test::device_buffer<long long> count(1);
        const segment_sink<K, predix::detail::equal_to, K*, int*, long long*> sink{
            d_keys.get() + from, {}, 0, n, {keys_out.get(), totals.get(), count.get()}};
        const unsigned row_blocks = static_cast<unsigned>(n / (64 * CHUNK) + 1);
        store_rows<CHUNK><<<row_blocks, 64>>>(sink, d_scanned.get(), n, sink.is_aligned());
        PREDIX_CUDA_CHECK(cudaDeviceSynchronize());
        std::vector<K> keys_expected;
        std::vector<int> totals_expected;
        for (long long i = 0; i < n; ++i) {
          const std::size_t u = static_cast<std::size_t>(i);
          if (whole.heads[u] != 0) keys_expected.push_back(keys[u + from]);
          if (i + 1 == n || whole.heads[u + 1] != 0) totals_expected.push_back(whole.inclusive[u]);
        }
        std::vector<K> keys_got = keys_out.to_host();
        std::vector<int> totals_got = totals.to_host();
        keys_got.resize(keys_expected.size());
        totals_got.resize(totals_expected.size());
        predix_test::expect_all_equal(keys_expected, keys_got, [](std::size_t i) {
          return "segment_sink, key " + std::to_string(i);
        });
        predix_test::expect_all_equal(totals_expected, totals_got, [](std::size_t i) {
          return "segment_sink, total " + std::to_string(i);
        });
        EXPECT_EQ(count.to_host()[0], static_cast<long long>(keys_expected.size()));
      }
    }
  }
}

TEST_F(SegmentSides, ChunksAsItemByItem) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  check_sides<std::uint8_t, false>(r);
  check_sides<std::int64_t, false>(r);
  check_sides<std::uint8_t, true>(r);
  check_sides<std::int32_t, true>(r);
}

}  // namespace
