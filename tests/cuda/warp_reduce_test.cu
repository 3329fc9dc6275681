// warp_reduce against a host model of one warp: reduce() for int with +, 1-byte integers
// and the non-commutative affine composition, and sum() for int and unsigned (one
// redux.sync on sm_80+) — the total in every lane.
#include <predix/cuda/warp/warp_reduce.cuh>

#include "../support/types.hpp"
#include "cuda_test.cuh"

namespace {

using predix::gpu::warp_reduce;
using predix_test::affine;

struct plus_op {
  template <class T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return static_cast<T>(a + b);
  }
};

template <class T, class Op, bool SUM>
__global__ void warp_reduce_kernel(const T* in, Op op, T* out) {
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  if constexpr (SUM) {
    out[thread] = warp_reduce<T>::sum(in[thread]);
  } else {
    out[thread] = warp_reduce<T>::reduce(in[thread], op);
  }
}

template <bool SUM, class T, class Op, class Make>
void check_warp_reduce(Op op, Make make) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  const int warps = 64;
  std::vector<T> in(warps * 32), expected;
  for (T& x : in) x = make(r);
  for (int w = 0; w < warps; ++w) {
    T total = in[w * 32];
    for (int j = 1; j < 32; ++j) total = op(total, in[w * 32 + j]);
    expected.insert(expected.end(), 32, total);
  }
  const predix_test::device_buffer<T> d_in(in);
  predix_test::device_buffer<T> d_out(expected.size());
  warp_reduce_kernel<T, Op, SUM><<<warps / 4, 128>>>(d_in.get(), op, d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  predix_test::expect_all_equal(expected, d_out.to_host(), [](std::size_t i) {
    return std::string(SUM ? "sum" : "reduce") + " at lane " + std::to_string(i % 32) +
           " of warp " + std::to_string(i / 32);
  });
}

auto small_int = [](predix_test::rng& r) { return static_cast<int>(r.below(2001)) - 1000; };

class WarpReduce : public predix_test::cuda_test {};

TEST_F(WarpReduce, IntPlus) { check_warp_reduce<false, int>(plus_op{}, small_int); }
TEST_F(WarpReduce, IntSum) { check_warp_reduce<true, int>(plus_op{}, small_int); }
TEST_F(WarpReduce, UnsignedSumWraps) {
  check_warp_reduce<true, unsigned>(plus_op{},
                                    [](predix_test::rng& r) { return unsigned(r.next()); });
}
TEST_F(WarpReduce, Uint8PlusWraps) {
  check_warp_reduce<false, std::uint8_t>(
      plus_op{}, [](predix_test::rng& r) { return static_cast<std::uint8_t>(r.next()); });
}
TEST_F(WarpReduce, AffineCompositionKeepsOrder) {
  check_warp_reduce<false, affine>(predix_test::compose{}, [](predix_test::rng& r) {
    return affine{r.next() | 1, r.next()};
  });
}

}  // namespace
