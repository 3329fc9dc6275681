// warp_aggregated_atomic against a host model of one warp: the peer masks, the group's total in
// its lowest lane, and the counters after add (int, unsigned long long) and increment, for warps
// whose lanes take 1, 2, 4 or 32 distinct keys or a random number of them, some lanes none (-1).
#include <predix/cuda/warp/warp_aggregated_atomic.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::warp_aggregated_atomic;
constexpr int keys_per_warp = 32;

/// Per lane: peers[t], the group total the lowest peer holds (others: 0) in totals[t]; per warp:
/// 32 counters of each kind, updated by add and increment.
__global__ void warp_aggregated_atomic_kernel(const int* keys, const int* values,
                                              unsigned* peers, int* totals, int* added,
                                              unsigned long long* added_wide,
                                              unsigned* incremented) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int warp = t / 32;
  const int key = keys[t];
  const unsigned group = warp_aggregated_atomic::peers(key);
  peers[t] = group;
  const int total = warp_aggregated_atomic::group_sum(group, values[t]);
  totals[t] = (group & predix::gpu::lanemask_lt()) == 0 ? total : 0;
  warp_aggregated_atomic::add(added + warp * keys_per_warp, key, values[t]);
  warp_aggregated_atomic::add(added_wide + warp * keys_per_warp, key,
                              static_cast<unsigned long long>(values[t]) << 33);
  warp_aggregated_atomic::increment(incremented + warp * keys_per_warp, key);
}

class WarpAggregatedAtomic : public predix_test::cuda_test {};

TEST_F(WarpAggregatedAtomic, EveryLaneOfEveryGroup) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  const int warps = predix_test::quick_mode() ? 40 : 400;
  std::vector<int> keys(warps * 32), values(warps * 32);
  for (int w = 0; w < warps; ++w) {
    const int distinct = std::vector<int>{1, 2, 4, 32, 1 + static_cast<int>(r.below(32))}[w % 5];
    const bool holes = w % 10 >= 5;  // half the warps have lanes without a key
    for (int lane = 0; lane < 32; ++lane) {
      const int t = w * 32 + lane;
      keys[t] = holes && r.chance(0.2) ? -1 : static_cast<int>(r.below(distinct));
      values[t] = static_cast<int>(r.below(2001)) - 1000;
    }
  }
  std::vector<unsigned> peers(keys.size());
  std::vector<int> totals(keys.size(), 0), added(keys.size(), 0);
  std::vector<unsigned long long> added_wide(keys.size(), 0);
  std::vector<unsigned> incremented(keys.size(), 0);
  for (int w = 0; w < warps; ++w) {
    for (int lane = 0; lane < 32; ++lane) {
      const int t = w * 32 + lane, key = keys[t];
      for (int other = 0; other < 32; ++other) {
        if (keys[w * 32 + other] == key) peers[t] |= 1u << other;
      }
      if ((peers[t] & ((1u << lane) - 1)) == 0) {  // the lowest peer holds the total
        for (int other = 0; other < 32; ++other) {
          if (peers[t] >> other & 1u) totals[t] += values[w * 32 + other];
        }
      }
      if (key < 0) continue;
      added[w * 32 + key] += values[t];
      added_wide[w * 32 + key] += static_cast<unsigned long long>(values[t]) << 33;
      ++incremented[w * 32 + key];
    }
  }
  const predix_test::device_buffer<int> d_keys(keys), d_values(values);
  predix_test::device_buffer<unsigned> d_peers(keys.size());
  predix_test::device_buffer<int> d_totals(keys.size());
  const std::vector<int> zero(keys.size(), 0);
  const std::vector<unsigned long long> zero_wide(keys.size(), 0);
  const std::vector<unsigned> zero_unsigned(keys.size(), 0);
  predix_test::device_buffer<int> d_added(zero);
  predix_test::device_buffer<unsigned long long> d_added_wide(zero_wide);
  predix_test::device_buffer<unsigned> d_incremented(zero_unsigned);
  warp_aggregated_atomic_kernel<<<static_cast<unsigned>(warps / 4), 128>>>(
      d_keys.get(), d_values.get(), d_peers.get(), d_totals.get(), d_added.get(),
      d_added_wide.get(), d_incremented.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  const auto where = [&](const char* what) {
    return [&keys, what](std::size_t i) {
      return std::string(what) + " of warp " + std::to_string(i / 32) + " at lane/key " +
             std::to_string(i % 32) + " (key " + std::to_string(keys[i]) + ")";
    };
  };
  predix_test::expect_all_equal(peers, d_peers.to_host(), where("peers"));
  predix_test::expect_all_equal(totals, d_totals.to_host(), where("group total"));
  predix_test::expect_all_equal(added, d_added.to_host(), where("add<int>"));
  predix_test::expect_all_equal(added_wide, d_added_wide.to_host(), where("add<ull>"));
  predix_test::expect_all_equal(incremented, d_incremented.to_host(), where("increment"));
}

}  // namespace
