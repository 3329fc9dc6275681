// block_scan against a host model of a block: inclusive and exclusive scans (with and
// without init; without, thread 0 gets its own item), value and
// aggregate in every thread, for every block size of for_each_block_size in 1-, 2- and
// 3-D shapes: int with + (and inclusive_sum / exclusive_sum), and the non-commutative
// 16-byte affine composition, which catches any out-of-order combination across warps; and
// the by-key scans' segment items (their warp ladder inside the block step too).
// One TempStorage serves all calls, with the documented barrier between them.
#include <predix/cuda/block/block_scan.cuh>

#include "../support/types.hpp"
#include "cuda_test.cuh"
#include "segment_pairs.cuh"

namespace {

using predix::gpu::scan_result;
using predix_test::affine;

struct plus_op {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};

// (the launch bound: 1024 threads of 24-byte segment items fit in an SM's registers)
template <class T, int BLOCK_THREADS, class Op, bool SUMS>
__global__ void __launch_bounds__(BLOCK_THREADS)
    block_scan_kernel(const T* in, T init, Op op, T* out) {
  using scan = predix::gpu::block_scan<T, BLOCK_THREADS>;
  __shared__ typename scan::TempStorage storage;
  const int item = blockIdx.x * BLOCK_THREADS + predix::gpu::linear_thread_id();
  T* o = out + item * (SUMS ? 10 : 6);
  const scan_result<T> inc = scan(storage).inclusive_scan(in[item], op);
  __syncthreads();
  const scan_result<T> exc = scan(storage).exclusive_scan(in[item], init, op);
  __syncthreads();
  const scan_result<T> bare = scan(storage).exclusive_scan(in[item], op);
  o[0] = inc.value, o[1] = inc.aggregate, o[2] = exc.value, o[3] = exc.aggregate;
  o[4] = bare.value, o[5] = bare.aggregate;
  if constexpr (SUMS) {
    __syncthreads();
    const scan_result<T> is = scan(storage).inclusive_sum(in[item]);
    __syncthreads();
    const scan_result<T> es = scan(storage).exclusive_sum(in[item]);
    o[6] = is.value, o[7] = is.aggregate, o[8] = es.value, o[9] = es.aggregate;
  }
}

template <bool SUMS, class T, class Op, class Make>
void check_block_scan(Op op, T init, Make make) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  predix_test::for_each_block_size([&](auto size) {
    constexpr int threads = decltype(size)::value;
    constexpr int outputs = SUMS ? 10 : 6;
    const int blocks = 6;
    std::vector<T> in(std::size_t(blocks) * threads), expected;
    for (T& x : in) x = make(r);
    for (int b = 0; b < blocks; ++b) {
      const T* x = &in[std::size_t(b) * threads];
      T total = x[0];
      for (int t = 1; t < threads; ++t) total = op(total, x[t]);
      T upto = x[0], before = init;
      for (int t = 0; t < threads; ++t) {
        const T bare = t == 0 ? x[0] : upto;  // the fold of x[0..t), before upto moves on
        if (t > 0) upto = op(upto, x[t]), before = op(before, x[t - 1]);
        expected.insert(expected.end(), {upto, total, before, total, bare, total});
        if constexpr (SUMS) expected.insert(expected.end(), {upto, total, upto - x[t], total});
      }
    }
    const predix_test::device_buffer<T> d_in(in);
    for (const dim3 shape : predix_test::block_shapes(threads)) {
      SCOPED_TRACE(predix_test::shape_name(shape));
      predix_test::device_buffer<T> d_out(expected.size());
      block_scan_kernel<T, threads, Op, SUMS><<<blocks, shape>>>(d_in.get(), init, op, d_out.get());
      PREDIX_CUDA_CHECK_LAUNCH();
      static const char* names[] = {"inclusive_scan", "exclusive_scan",
                                    "exclusive_scan without init", "inclusive_sum",
                                    "exclusive_sum"};
      predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
        const int k = static_cast<int>(i % outputs);
        return std::string(names[k / 2]) + (k % 2 ? " aggregate" : " value") + " at thread " +
               std::to_string(i / outputs % threads) + ", " + std::to_string(threads) +
               " threads";
      });
    }
  });
}

class BlockScan : public predix_test::cuda_test {};

TEST_F(BlockScan, IntPlus) {
  check_block_scan<true>(plus_op{}, -3,
                         [](predix_test::rng& r) { return static_cast<int>(r.below(201)) - 100; });
}

TEST_F(BlockScan, AffineCompositionKeepsOrder) {
  check_block_scan<false>(predix_test::compose{}, affine{3, 5},
                          [](predix_test::rng& r) { return affine{r.next() | 1, r.next()}; });
}

TEST_F(BlockScan, SegmentItemsRestartAtHeads) {
  using predix::detail::segment_op;
  using predix::detail::segment_value;
  check_block_scan<false>(segment_op<predix_test::compose>{},
                          segment_value<affine, bool>{affine{3, 5}, false},
                          predix_test::affine_segment_items{});
  check_block_scan<false>(segment_op<plus_op>{}, segment_value<int, unsigned>{-4, 0},
                          predix_test::counted_segment_item);
}

}  // namespace
