// The libFuzzer harness: every input decodes to a case (decoder.hpp) that each host backend of
// this build runs against the serial reference; a difference, a lost element or a sanitizer
// report stops the run, and libFuzzer keeps the input as crash-<hash>. Built with
// PREDIX_FUZZ=ON by clang (docs/reliability.md):
//   differential_fuzz -max_total_time=60 NEW_INPUTS_DIR tests/fuzz/corpus
//   differential_fuzz crash-<hash>      replays one input
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#if PREDIX_HAS_KOKKOS
#include <Kokkos_Core.hpp>
#endif

#include "host_backends.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
#if PREDIX_HAS_KOKKOS
  Kokkos::initialize();
  std::atexit([] { Kokkos::finalize(); });
#endif
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace predix_test::fuzz;
  const std::string failure = check_host_backends(decode(data, size));
  if (!failure.empty()) {
    std::fprintf(stderr, "predix differential fuzz: %s\n", failure.c_str());
    std::abort();
  }
  return 0;
}
