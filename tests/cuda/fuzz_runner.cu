// run<predix::cuda_policy, T, stream_memory> (tests/fuzz/differential.hpp) for one type of the
// suite, T = type_at<PREDIX_FUZZ_TYPE>: CMake compiles this file once per type, in parallel, for
// the fuzz and concurrency tests (fuzz_runner.cuh).
#include "fuzz_runner.cuh"

#ifndef PREDIX_FUZZ_TYPE
#error "PREDIX_FUZZ_TYPE must name a type of test_types by its index"
#endif

namespace predix_test::fuzz {

static_assert(type_count() == 9, "tests/cuda/CMakeLists.txt compiles this file for 9 types");

template <int I>
outcome run_type(const predix::cuda_policy& policy, const shape& s, const data<type_at<I>>& d) {
  return run<predix::cuda_policy, type_at<I>, stream_memory>(policy, s, d);
}

template outcome run_type<PREDIX_FUZZ_TYPE>(const predix::cuda_policy&, const shape&,
                                            const data<type_at<PREDIX_FUZZ_TYPE>>&);

}  // namespace predix_test::fuzz
