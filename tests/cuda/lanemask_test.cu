// Lane ids and lane masks against the host model: lane = linear thread id % 32,
// lt = (1 << lane) - 1, le = lt | 1 << lane, gt = ~le, ge = ~lt; for 1-, 2- and 3-D blocks,
// including a block whose last warp is partial.
#include <predix/cuda/warp/lanemask.cuh>

#include "cuda_test.cuh"

namespace {

struct lane_info {
  unsigned linear, lane, lt, le, gt, ge;
};

__global__ void lanemask_kernel(lane_info* out) {
  const int tid = predix::gpu::linear_thread_id();
  const int threads = static_cast<int>(blockDim.x * blockDim.y * blockDim.z);
  out[blockIdx.x * threads + tid] = {static_cast<unsigned>(tid), predix::gpu::lane_id(),
                                     predix::gpu::lanemask_lt(), predix::gpu::lanemask_le(),
                                     predix::gpu::lanemask_gt(), predix::gpu::lanemask_ge()};
}

class Lanemask : public predix_test::cuda_test {};

TEST_F(Lanemask, MatchesLaneOfLinearThreadId) {
  for (const dim3 block : {dim3(1024), dim3(12, 8), dim3(5, 3, 7), dim3(32, 2, 2)}) {
    const int threads = static_cast<int>(block.x * block.y * block.z);
    const int blocks = 3;
    predix_test::device_buffer<lane_info> out(std::size_t(blocks) * threads);
    lanemask_kernel<<<blocks, block>>>(out.get());
    PREDIX_CUDA_CHECK_LAUNCH();
    const std::vector<lane_info> got = out.to_host();

    for (int b = 0; b < blocks; ++b) {
      for (unsigned z = 0; z < block.z; ++z) {
        for (unsigned y = 0; y < block.y; ++y) {
          for (unsigned x = 0; x < block.x; ++x) {
            const unsigned linear = (z * block.y + y) * block.x + x;
            const unsigned lane = linear % 32;
            const unsigned lt = static_cast<unsigned>((std::uint64_t(1) << lane) - 1);
            const unsigned le = static_cast<unsigned>((std::uint64_t(2) << lane) - 1);
            const lane_info& g = got[std::size_t(b) * threads + linear];
            SCOPED_TRACE("block (" + std::to_string(block.x) + "," + std::to_string(block.y) +
                         "," + std::to_string(block.z) + ") thread (" + std::to_string(x) + "," +
                         std::to_string(y) + "," + std::to_string(z) + ")");
            ASSERT_EQ(g.linear, linear);
            ASSERT_EQ(g.lane, lane);
            ASSERT_EQ(g.lt, lt);
            ASSERT_EQ(g.le, le);
            ASSERT_EQ(g.gt, ~le);
            ASSERT_EQ(g.ge, ~lt);
          }
        }
      }
    }
  }
}

}  // namespace
