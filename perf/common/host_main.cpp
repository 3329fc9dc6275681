// main of predix_perf_host: Google Benchmark's flags, the matrix flags of harness.hpp, Kokkos
// initialised around the run when the Kokkos backend is built, TBB (std_par, thrust_tbb rows)
// held to as many threads as OpenMP's team so that every parallel row runs on the same cores.
#include "host.hpp"
#if PERF_HAS_TBB
#include <tbb/global_control.h>
#endif
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
  benchmark::AddCustomContext("absent_baselines", perf::absent_baselines());
#ifdef _OPENMP
  benchmark::AddCustomContext("omp_threads", std::to_string(omp_get_max_threads()));
#if PERF_HAS_TBB
  tbb::global_control tbb_threads(tbb::global_control::max_allowed_parallelism,
                                  std::size_t(omp_get_max_threads()));
#endif
#endif
  return perf::run_main(argc, argv, cfg, "host", perf::measure_host_copy);
}
