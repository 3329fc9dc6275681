// block_binary_reduce against a host model of a block: count, any, all, parity, max, min
// in every thread, for every block size of for_each_block_size in 1-, 2- and 3-D shapes,
// over the adversarial and random patterns of block_patterns().
#include <predix/cuda/block/block_binary_reduce.cuh>

#include "cuda_test.cuh"

namespace {

constexpr int outputs = 6;  // count any all parity max min

template <int BLOCK_THREADS>
__global__ void block_binary_reduce_kernel(const std::uint32_t* words, int* out) {
  using reduce = predix::gpu::block_binary_reduce<BLOCK_THREADS>;
  __shared__ typename reduce::TempStorage storage;
  const int tid = predix::gpu::linear_thread_id();
  const int item = blockIdx.x * BLOCK_THREADS + tid;
  const bool flag = (words[item / 32] >> (item % 32)) & 1u;
  reduce r(storage);
  int* o = out + item * outputs;
  o[0] = r.count(flag);
  o[1] = r.any(flag);
  o[2] = r.all(flag);
  o[3] = r.parity(flag);
  o[4] = r.max(flag);
  o[5] = r.min(flag);
}

class BlockBinaryReduce : public predix_test::cuda_test {};

TEST_F(BlockBinaryReduce, EveryBlockSizeShapeAndPattern) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  predix_test::for_each_block_size([&](auto size) {
    constexpr int threads = decltype(size)::value;
    const auto patterns = predix_test::block_patterns(r, threads);
    std::vector<int> expected;
    for (const auto& words : patterns) {
      int count = 0;
      for (const std::uint32_t w : words) count += __builtin_popcount(w);
      const int any = count > 0, all = count == threads;
      for (int t = 0; t < threads; ++t) {
        expected.insert(expected.end(), {count, any, all, count % 2, any, all});
      }
    }
    const predix_test::device_buffer<std::uint32_t> d_words(predix_test::flatten(patterns));
    for (const dim3 shape : predix_test::block_shapes(threads)) {
      SCOPED_TRACE(predix_test::shape_name(shape));
      predix_test::device_buffer<int> d_out(expected.size());
      block_binary_reduce_kernel<threads>
          <<<static_cast<unsigned>(patterns.size()), shape>>>(d_words.get(), d_out.get());
      PREDIX_CUDA_CHECK_LAUNCH();
      static const char* names[outputs] = {"count", "any", "all", "parity", "max", "min"};
      predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
        const std::size_t item = i / outputs;
        return std::string(names[i % outputs]) + " at thread " + std::to_string(item % threads) +
               " of pattern " + std::to_string(item / threads) + ", " +
               std::to_string(threads) + " threads";
      });
    }
  });
}

}  // namespace
