// The test main of the Kokkos conformance suite: Kokkos is initialized once, around every test
// (Kokkos's --kokkos-* arguments and KOKKOS_* environment variables apply).
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  const int result = RUN_ALL_TESTS();
  Kokkos::finalize();
  return result;
}
