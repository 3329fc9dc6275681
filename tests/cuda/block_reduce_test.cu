// block_reduce against a host model of a block: reduce() for int with + and for the
// non-commutative 16-byte affine composition, and sum() for int, the total in every
// thread, for every block size of for_each_block_size in 1-, 2- and 3-D shapes.
#include <predix/cuda/block/block_reduce.cuh>

#include "../support/types.hpp"
#include "cuda_test.cuh"

namespace {

using predix_test::affine;

struct plus_op {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};

template <class T, int BLOCK_THREADS, class Op, bool SUM>
__global__ void block_reduce_kernel(const T* in, Op op, T* out) {
  using reduce = predix::gpu::block_reduce<T, BLOCK_THREADS>;
  __shared__ typename reduce::TempStorage storage;
  const int item = blockIdx.x * BLOCK_THREADS + predix::gpu::linear_thread_id();
  if constexpr (SUM) {
    out[item] = reduce(storage).sum(in[item]);
  } else {
    out[item] = reduce(storage).reduce(in[item], op);
  }
}

template <bool SUM, class T, class Op, class Make>
void check_block_reduce(Op op, Make make) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  predix_test::for_each_block_size([&](auto size) {
    constexpr int threads = decltype(size)::value;
    const int blocks = 6;
    std::vector<T> in(std::size_t(blocks) * threads), expected;
    for (T& x : in) x = make(r);
    for (int b = 0; b < blocks; ++b) {
      T total = in[std::size_t(b) * threads];
      for (int t = 1; t < threads; ++t) total = op(total, in[std::size_t(b) * threads + t]);
      expected.insert(expected.end(), threads, total);
    }
    const predix_test::device_buffer<T> d_in(in);
    for (const dim3 shape : predix_test::block_shapes(threads)) {
      SCOPED_TRACE(predix_test::shape_name(shape));
      predix_test::device_buffer<T> d_out(expected.size());
      block_reduce_kernel<T, threads, Op, SUM><<<blocks, shape>>>(d_in.get(), op, d_out.get());
      PREDIX_CUDA_CHECK_LAUNCH();
      predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
        return std::string(SUM ? "sum" : "reduce") + " at thread " + std::to_string(i % threads) +
               " of block " + std::to_string(i / threads) + ", " + std::to_string(threads) +
               " threads";
      });
    }
  });
}

auto small_int = [](predix_test::rng& r) { return static_cast<int>(r.below(201)) - 100; };

class BlockReduce : public predix_test::cuda_test {};

TEST_F(BlockReduce, IntPlus) { check_block_reduce<false, int>(plus_op{}, small_int); }
TEST_F(BlockReduce, IntSum) { check_block_reduce<true, int>(plus_op{}, small_int); }
TEST_F(BlockReduce, AffineCompositionKeepsOrder) {
  check_block_reduce<false, affine>(predix_test::compose{}, [](predix_test::rng& r) {
    return affine{r.next() | 1, r.next()};
  });
}

}  // namespace
