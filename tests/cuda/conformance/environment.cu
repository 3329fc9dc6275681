// The conformance suite on predix::cuda skips as a whole without a GPU (or fails, with
// PREDIX_REQUIRE_CUDA=1): a global test environment, as the suite's fixtures are shared with
// the host backends and know nothing of CUDA.
#include <cstdio>

#include "../cuda_test.cuh"

namespace {

class cuda_environment : public ::testing::Environment {
 public:
  void SetUp() override {
    const std::string& reason = predix_test::cuda_unavailable_reason();
    if (reason.empty()) return;
    if (predix_test::env_flag("PREDIX_REQUIRE_CUDA")) {
      FAIL() << "PREDIX_REQUIRE_CUDA is set but " << reason;
    }
    std::printf("no CUDA device: %s\n", reason.c_str());
    GTEST_SKIP() << "no CUDA device: " << reason;
  }
};

[[maybe_unused]] ::testing::Environment* const environment =
    ::testing::AddGlobalTestEnvironment(new cuda_environment);

}  // namespace
