// run<predix::cuda_policy, T, stream_memory> (tests/fuzz/differential.hpp) for one type of the
// suite, T = type_at<PREDIX_FUZZ_TYPE>, and one part of the forms (PREDIX_FUZZ_BY_KEY 1: the
// by-key forms, 0: the others): CMake compiles this file once per type and part, in parallel,
// for the fuzz and concurrency tests (fuzz_runner.cuh).
#include "fuzz_runner.cuh"

#if !defined(PREDIX_FUZZ_TYPE) || !defined(PREDIX_FUZZ_BY_KEY)
#error "PREDIX_FUZZ_TYPE must name a type of test_types by its index, PREDIX_FUZZ_BY_KEY a part"
#endif

namespace predix_test::fuzz {

static_assert(type_count() == 9, "tests/cuda/CMakeLists.txt compiles this file for 9 types");

template <int I, forms F>
outcome run_type(const predix::cuda_policy& policy, const shape& s, const data<type_at<I>>& d) {
  return run<predix::cuda_policy, type_at<I>, stream_memory, F>(policy, s, d);
}

constexpr forms part = PREDIX_FUZZ_BY_KEY ? forms::by_key : forms::others;
template outcome run_type<PREDIX_FUZZ_TYPE, part>(const predix::cuda_policy&, const shape&,
                                                  const data<type_at<PREDIX_FUZZ_TYPE>>&);

}  // namespace predix_test::fuzz
