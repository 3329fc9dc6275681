// predix::kokkos before Kokkos::initialize and after Kokkos::finalize: every algorithm throws
// std::runtime_error naming itself and saying which (and so none of them reaches another
// backend). This test's main (GoogleTest's) does not initialize Kokkos; the test initializes
// and finalizes it itself.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>

#include <predix/predix.hpp>

#include "../support/entry_points.hpp"

namespace {

struct odd {
  bool operator()(int x) const { return x % 2 != 0; }
};

/// Calls every public algorithm form on predix::kokkos (support/entry_points.hpp), and count_if
/// on an empty range; each call must throw std::runtime_error whose message names the algorithm
/// called ("predix::any_of on predix::kokkos: ...") and contains `expected`. So must space().
void expect_every_algorithm_throws(const std::string& expected) {
  std::vector<int> in(64, 3), out(64), out2(64);
  const auto& p = predix::kokkos;
  try {
    (void)p.space();
    ADD_FAILURE() << "space(): no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
  }
  auto entries = predix_test::entry_points(p, in.begin(), in.end(), in.begin(), out.begin(),
                                           out2.begin(), odd{});
  entries.push_back({"count_if", "empty range",
                     [&] { (void)predix::count_if(p, in.begin(), in.begin(), odd{}); }});
  predix_test::expect_every_entry_point_throws<std::runtime_error>(entries, expected);
  EXPECT_EQ(in, std::vector<int>(64, 3));  // nothing was written
  EXPECT_EQ(out, std::vector<int>(64, 0));
  EXPECT_EQ(out2, std::vector<int>(64, 0));
}

TEST(KokkosInitialization, ThrowsBeforeInitializeAndAfterFinalize) {
  ASSERT_FALSE(Kokkos::is_initialized());
  {
    SCOPED_TRACE("before Kokkos::initialize");
    expect_every_algorithm_throws("Kokkos is not initialized; call Kokkos::initialize");
  }

  Kokkos::initialize();
  {
    std::vector<int> values = {1, 2, 3, 4, 5};
    EXPECT_EQ(predix::count_if(predix::kokkos, values.begin(), values.end(), odd{}), 3);
    EXPECT_EQ(predix::reduce(predix::kokkos, values.begin(), values.end()), 15);
  }
  Kokkos::finalize();

  SCOPED_TRACE("after Kokkos::finalize");
  expect_every_algorithm_throws("Kokkos has been finalized");
}

}  // namespace
