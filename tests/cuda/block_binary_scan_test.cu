// block_binary_scan against a host model of a block: exclusive, inclusive and both reverse
// sums, value and aggregate in every thread, for every block size of for_each_block_size
// in 1-, 2- and 3-D shapes, over the adversarial and random patterns of block_patterns().
#include <predix/cuda/block/block_binary_scan.cuh>

#include "cuda_test.cuh"

namespace {

using predix::gpu::scan_result;
constexpr int outputs = 8;

template <int BLOCK_THREADS>
__global__ void block_binary_scan_kernel(const std::uint32_t* words, int* out) {
  using scan = predix::gpu::block_binary_scan<BLOCK_THREADS>;
  __shared__ typename scan::TempStorage storage[4];  // one per call: no barrier in between
  const int tid = predix::gpu::linear_thread_id();
  const int item = blockIdx.x * BLOCK_THREADS + tid;
  const bool flag = (words[item / 32] >> (item % 32)) & 1u;
  const scan_result<int> r[4] = {
      scan(storage[0]).exclusive_sum(flag), scan(storage[1]).inclusive_sum(flag),
      scan(storage[2]).reverse_exclusive_sum(flag), scan(storage[3]).reverse_inclusive_sum(flag)};
  for (int k = 0; k < 4; ++k) {
    out[item * outputs + 2 * k] = r[k].value;
    out[item * outputs + 2 * k + 1] = r[k].aggregate;
  }
}

class BlockBinaryScan : public predix_test::cuda_test {};

TEST_F(BlockBinaryScan, EveryBlockSizeShapeAndPattern) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  predix_test::for_each_block_size([&](auto size) {
    constexpr int threads = decltype(size)::value;
    const auto patterns = predix_test::block_patterns(r, threads);
    std::vector<int> expected;
    for (const auto& words : patterns) {
      int total = 0;
      for (int t = 0; t < threads; ++t) total += (words[t / 32] >> (t % 32)) & 1;
      int before = 0;
      for (int t = 0; t < threads; ++t) {
        const int f = (words[t / 32] >> (t % 32)) & 1;
        expected.insert(expected.end(), {before, total, before + f, total, total - before - f,
                                         total, total - before, total});
        before += f;
      }
    }
    const predix_test::device_buffer<std::uint32_t> d_words(predix_test::flatten(patterns));
    for (const dim3 shape : predix_test::block_shapes(threads)) {
      SCOPED_TRACE(predix_test::shape_name(shape));
      predix_test::device_buffer<int> d_out(expected.size());
      block_binary_scan_kernel<threads>
          <<<static_cast<unsigned>(patterns.size()), shape>>>(d_words.get(), d_out.get());
      PREDIX_CUDA_CHECK_LAUNCH();
      static const char* names[] = {"exclusive_sum", "inclusive_sum", "reverse_exclusive_sum",
                                    "reverse_inclusive_sum"};
      predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
        const std::size_t item = i / outputs;
        const int k = static_cast<int>(i % outputs);
        return std::string(names[k / 2]) + (k % 2 ? " aggregate" : " value") + " at thread " +
               std::to_string(item % threads) + " of pattern " + std::to_string(item / threads) +
               ", " + std::to_string(threads) + " threads";
      });
    }
  });
}

}  // namespace
