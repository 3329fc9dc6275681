// warp_scan against a host model of one warp: inclusive and exclusive scans (value and
// aggregate in every lane) for int with +, for 1-byte integers (shuffled inside a padded
// word) and for the 16-byte affine map under composition, which is not commutative, so a
// scan that combines lanes out of order fails; inclusive_sum / exclusive_sum; and the by-key
// scans' segment items under segment_op (their own ladder: heads by ballot, values alone).
#include <predix/cuda/warp/warp_scan.cuh>

#include "../support/types.hpp"
#include "cuda_test.cuh"
#include "segment_pairs.cuh"

namespace {

using predix::gpu::scan_result;
using predix::gpu::warp_scan;
using predix_test::affine;

struct plus_op {
  template <class T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return static_cast<T>(a + b);
  }
};

// out per lane: inclusive value, aggregate; exclusive value, aggregate (then the same for
// the sums when SUMS).
template <class T, class Op, bool SUMS>
__global__ void warp_scan_kernel(const T* in, T init, Op op, T* out) {
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  const T x = in[thread];
  T* o = out + thread * (SUMS ? 8 : 4);
  const scan_result<T> inc = warp_scan<T>::inclusive_scan(x, op);
  const scan_result<T> exc = warp_scan<T>::exclusive_scan(x, init, op);
  o[0] = inc.value, o[1] = inc.aggregate, o[2] = exc.value, o[3] = exc.aggregate;
  if constexpr (SUMS) {
    const scan_result<T> is = warp_scan<T>::inclusive_sum(x);
    const scan_result<T> es = warp_scan<T>::exclusive_sum(x);
    o[4] = is.value, o[5] = is.aggregate, o[6] = es.value, o[7] = es.aggregate;
  }
}

template <bool SUMS, class T, class Op, class Make>
void check_warp_scan(Op op, T init, Make make) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  const int warps = 64;
  std::vector<T> in(warps * 32);
  for (T& x : in) x = make(r);

  constexpr int outputs = SUMS ? 8 : 4;
  std::vector<T> expected;
  for (int w = 0; w < warps; ++w) {
    const T* x = &in[w * 32];
    T total = x[0];
    for (int j = 1; j < 32; ++j) total = op(total, x[j]);
    T upto = x[0], before = init;
    for (int lane = 0; lane < 32; ++lane) {
      if (lane > 0) upto = op(upto, x[lane]), before = op(before, x[lane - 1]);
      expected.insert(expected.end(), {upto, total, before, total});
      if constexpr (SUMS) {
        const T sum_before = static_cast<T>(upto - x[lane]);
        expected.insert(expected.end(), {upto, total, sum_before, total});
      }
    }
  }

  const predix_test::device_buffer<T> d_in(in);
  predix_test::device_buffer<T> d_out(expected.size());
  warp_scan_kernel<T, Op, SUMS><<<warps / 2, 64>>>(d_in.get(), init, op, d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  static const char* names[] = {"inclusive_scan", "exclusive_scan", "inclusive_sum",
                                "exclusive_sum"};
  predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
    const int k = static_cast<int>(i % outputs);
    return std::string(names[k / 2]) + (k % 2 ? " aggregate" : " value") + " at lane " +
           std::to_string(i / outputs % 32) + " of warp " + std::to_string(i / outputs / 32);
  });
}

class WarpScan : public predix_test::cuda_test {};

TEST_F(WarpScan, IntPlus) {
  check_warp_scan<true>(plus_op{}, 7, [](predix_test::rng& r) {
    return static_cast<int>(r.below(2001)) - 1000;
  });
}

TEST_F(WarpScan, Uint8PlusWraps) {
  check_warp_scan<true>(plus_op{}, std::uint8_t(3),
                        [](predix_test::rng& r) { return static_cast<std::uint8_t>(r.next()); });
}

TEST_F(WarpScan, AffineCompositionKeepsOrder) {
  check_warp_scan<false>(predix_test::compose{}, affine{3, 5},
                         [](predix_test::rng& r) { return affine{r.next() | 1, r.next()}; });
}

TEST_F(WarpScan, SegmentItemsRestartAtHeads) {
  using predix::detail::segment_op;
  using predix::detail::segment_value;
  check_warp_scan<false>(segment_op<predix_test::compose>{},
                         segment_value<affine, bool>{affine{3, 5}, false},
                         predix_test::affine_segment_items{});
  check_warp_scan<false>(segment_op<plus_op>{}, segment_value<int, unsigned>{-4, 0},
                         predix_test::counted_segment_item);
}

}  // namespace
