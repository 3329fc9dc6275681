// Uses the installed package: copy_if and exclusive_scan on predix::seq and predix::host.
#include <cstdio>
#include <algorithm>
#include <vector>

#include <predix/predix.hpp>

#if PREDIX_HAS_KOKKOS
#include <Kokkos_Core.hpp>
#endif

int main(int argc, char** argv) {
#if PREDIX_HAS_KOKKOS
  Kokkos::ScopeGuard kokkos(argc, argv);
#else
  (void)argc;
  (void)argv;
#endif
  std::vector<int> values(1000);
  for (int i = 0; i < 1000; ++i) values[i] = (i * 7919) % 1000;
  auto odd = [](int x) { return x % 2; };

  std::vector<int> a(1000), b(1000), sums(1000);
  const auto na = predix::copy_if(predix::seq, values.begin(), values.end(), a.begin(), odd);
  const auto nb = predix::copy_if(predix::host, values.begin(), values.end(), b.begin(), odd);
  predix::exclusive_scan(predix::host, values.begin(), values.end(), sums.begin(), 0);

  const bool ok = na - a.begin() == 500 && nb - b.begin() == 500 && a == b && sums[0] == 0 &&
                  sums[999] + values[999] == 999 * 1000 / 2;
  std::printf("predix consumer: %s (OpenMP %d, Kokkos %d)\n", ok ? "ok" : "WRONG",
              PREDIX_HAS_OPENMP, PREDIX_HAS_KOKKOS);
  return ok ? 0 : 1;
}
