// warp_binary_scan against a brute-force host model of one warp: the four sums, the four
// segmented sums and the or/and/xor/max/min scans, value and aggregate in every lane, for
// every flag pattern of warp_patterns() against head patterns with a head at every lane,
// none, all, alternating and random ones.
#include <predix/cuda/warp/warp_binary_scan.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::scan_result;
using predix::gpu::warp_binary_scan;

const char* const names[] = {"inclusive_sum",
                             "exclusive_sum",
                             "reverse_inclusive_sum",
                             "reverse_exclusive_sum",
                             "inclusive_segmented_sum",
                             "exclusive_segmented_sum",
                             "reverse_inclusive_segmented_sum",
                             "reverse_exclusive_segmented_sum",
                             "inclusive_or",
                             "exclusive_or",
                             "inclusive_and",
                             "exclusive_and",
                             "inclusive_xor",
                             "exclusive_xor",
                             "inclusive_max",
                             "exclusive_max",
                             "inclusive_min",
                             "exclusive_min"};
constexpr int variants = sizeof(names) / sizeof(names[0]);
constexpr int outputs = 2 * variants;  // value, aggregate

template <class T>
__device__ void put(int*& o, scan_result<T> r) {
  *o++ = static_cast<int>(r.value);
  *o++ = static_cast<int>(r.aggregate);
}

__global__ void warp_binary_scan_kernel(const std::uint32_t* flag_words,
                                        const std::uint32_t* head_words, int* out) {
  using scan = warp_binary_scan;
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  const bool f = (flag_words[thread / 32] >> (thread % 32)) & 1u;
  const bool h = (head_words[thread / 32] >> (thread % 32)) & 1u;
  int* o = out + thread * outputs;
  put(o, scan::inclusive_sum(f));
  put(o, scan::exclusive_sum(f));
  put(o, scan::reverse_inclusive_sum(f));
  put(o, scan::reverse_exclusive_sum(f));
  put(o, scan::inclusive_segmented_sum(f, h));
  put(o, scan::exclusive_segmented_sum(f, h));
  put(o, scan::reverse_inclusive_segmented_sum(f, h));
  put(o, scan::reverse_exclusive_segmented_sum(f, h));
  put(o, scan::inclusive_or(f));
  put(o, scan::exclusive_or(f));
  put(o, scan::inclusive_and(f));
  put(o, scan::exclusive_and(f));
  put(o, scan::inclusive_xor(f));
  put(o, scan::exclusive_xor(f));
  put(o, scan::inclusive_max(f));
  put(o, scan::exclusive_max(f));
  put(o, scan::inclusive_min(f));
  put(o, scan::exclusive_min(f));
}

// The model: loops over the lanes, nothing shared with the implementation.
void model_warp(std::uint32_t flag_word, std::uint32_t head_word, std::vector<int>& out) {
  int f[32], head[32];
  for (int i = 0; i < 32; ++i) {
    f[i] = (flag_word >> i) & 1;
    head[i] = i == 0 || ((head_word >> i) & 1);
  }
  auto sum = [&](int from, int to) {  // [from, to)
    int s = 0;
    for (int j = from; j < to; ++j) s += f[j];
    return s;
  };
  auto any = [&](int from, int to) { return sum(from, to) > 0 ? 1 : 0; };
  auto all = [&](int from, int to) { return sum(from, to) == to - from ? 1 : 0; };
  const int total = sum(0, 32), any_all = any(0, 32), all_all = all(0, 32);
  for (int i = 0; i < 32; ++i) {
    int first = i, end = i + 1;
    while (!head[first]) --first;
    while (end < 32 && !head[end]) ++end;
    const int segment = sum(first, end);
    out.insert(out.end(), {sum(0, i + 1), total, sum(0, i), total, sum(i, 32), total,
                           sum(i + 1, 32), total});
    out.insert(out.end(), {sum(first, i + 1), segment, sum(first, i), segment, sum(i, end),
                           segment, sum(i + 1, end), segment});
    out.insert(out.end(), {any(0, i + 1), any_all, any(0, i), any_all, all(0, i + 1), all_all,
                           all(0, i), all_all, sum(0, i + 1) % 2, total % 2, sum(0, i) % 2,
                           total % 2, any(0, i + 1), any_all, any(0, i), any_all,
                           all(0, i + 1), all_all, all(0, i), all_all});
  }
}

class WarpBinaryScan : public predix_test::cuda_test {};

TEST_F(WarpBinaryScan, EveryVariantPatternAndHeadPosition) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  const std::vector<std::uint32_t> flag_patterns = predix_test::warp_patterns(r);
  std::vector<std::uint32_t> head_patterns = {0u, ~0u, 0x55555555u, 0xAAAAAAAAu, 0x80000000u};
  for (int lane = 0; lane < 32; ++lane) head_patterns.push_back(1u << lane);
  for (int i = 0; i < 4; ++i) head_patterns.push_back(static_cast<std::uint32_t>(r.next()));
  for (int i = 0; i < 4; ++i) {
    head_patterns.push_back(static_cast<std::uint32_t>(r.next() & r.next() & r.next()));
  }

  std::vector<std::uint32_t> flags, heads;
  for (const std::uint32_t f : flag_patterns) {
    for (const std::uint32_t h : head_patterns) {
      flags.push_back(f);
      heads.push_back(h);
    }
  }
  while (flags.size() % 4 != 0) {
    flags.push_back(static_cast<std::uint32_t>(r.next()));
    heads.push_back(static_cast<std::uint32_t>(r.next()));
  }
  std::vector<int> expected;
  for (std::size_t w = 0; w < flags.size(); ++w) model_warp(flags[w], heads[w], expected);

  const predix_test::device_buffer<std::uint32_t> d_flags(flags), d_heads(heads);
  predix_test::device_buffer<int> d_out(expected.size());
  warp_binary_scan_kernel<<<static_cast<unsigned>(flags.size() / 4), 128>>>(
      d_flags.get(), d_heads.get(), d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
    const std::size_t thread = i / outputs, w = thread / 32;
    const int k = static_cast<int>(i % outputs);
    return std::string(names[k / 2]) + (k % 2 ? " aggregate" : " value") + " at lane " +
           std::to_string(thread % 32) + " of flags " + std::to_string(flags[w]) + ", heads " +
           std::to_string(heads[w]);
  });
}

}  // namespace
