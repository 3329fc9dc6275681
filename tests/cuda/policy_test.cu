// The CUDA policy as the public API sees it when compiled by nvcc with predix::cuda:
// PREDIX_HAS_CUDA is 1, predix::device is predix::cuda, and .on(stream) keeps the stream.
// (No device needed: these are compile-time and host-side checks.)
#include <predix/predix.hpp>

#include <gtest/gtest.h>

static_assert(PREDIX_HAS_CUDA == 1, "nvcc with predix::cuda defines PREDIX_HAS_CUDA");
static_assert(predix::is_execution_policy_v<predix::cuda_policy>);
static_assert(std::is_same_v<predix::device_policy, predix::cuda_policy>);

TEST(Policy, OnStreamKeepsTheStream) {
  const auto stream = reinterpret_cast<cudaStream_t>(std::uintptr_t{0x1234});
  EXPECT_EQ(predix::cuda.stream(), nullptr);
  EXPECT_EQ(predix::cuda.on(stream).stream(), stream);
  EXPECT_EQ(predix::device.on(stream).on(nullptr).stream(), nullptr);
}
