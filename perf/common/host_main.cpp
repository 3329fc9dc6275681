// main of predix_perf_host: Google Benchmark's flags, the matrix flags of harness.hpp, Kokkos
// initialised around the run when the Kokkos backend is built.
#include "host.hpp"
#if PREDIX_HAS_KOKKOS
#include <Kokkos_Core.hpp>
#endif

int main(int argc, char** argv) {
#if PREDIX_HAS_KOKKOS
  Kokkos::ScopeGuard kokkos(argc, argv);
#endif
  perf::config cfg;
  cfg.sizes = {20, 27};
  cfg.types = {"int32", "uint8"};
  cfg.sels = {"50"};
  cfg.hits = {"50", "none"};
  benchmark::AddCustomContext("cpu_name", perf::cpu_name());
#ifdef _OPENMP
  benchmark::AddCustomContext("omp_threads", std::to_string(omp_get_max_threads()));
#endif
  return perf::run_main(argc, argv, cfg, "host", perf::measure_host_copy);
}
