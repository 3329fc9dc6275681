// predix::kokkos before Kokkos::initialize and after Kokkos::finalize: every algorithm throws
// std::runtime_error saying which (and so none of them reaches another backend). This test's
// main (GoogleTest's) does not initialize Kokkos; the test initializes and finalizes it itself.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>

#include <predix/predix.hpp>

namespace {

struct odd {
  bool operator()(int x) const { return x % 2 != 0; }
};

/// Calls every public algorithm form on predix::kokkos; each call must throw std::runtime_error
/// whose message contains `expected`.
void expect_every_algorithm_throws(const std::string& expected) {
  std::vector<int> in(64, 3), out(64), out2(64);
  const auto& p = predix::kokkos;
  const auto b = in.begin(), e = in.end(), o = out.begin(), o2 = out2.begin();
  const odd pred{};
  const std::vector<std::pair<const char*, std::function<void()>>> calls = {
      {"space", [&] { (void)p.space(); }},
      {"inclusive_scan", [&] { predix::inclusive_scan(p, b, e, o); }},
      {"inclusive_scan op", [&] { predix::inclusive_scan(p, b, e, o, std::plus<>{}); }},
      {"exclusive_scan", [&] { predix::exclusive_scan(p, b, e, o); }},
      {"exclusive_scan init", [&] { predix::exclusive_scan(p, b, e, o, 1); }},
      {"exclusive_scan init op", [&] { predix::exclusive_scan(p, b, e, o, 1, std::plus<>{}); }},
      {"reduce", [&] { predix::reduce(p, b, e); }},
      {"reduce init op", [&] { predix::reduce(p, b, e, 0, std::plus<>{}); }},
      {"copy_if", [&] { predix::copy_if(p, b, e, o, pred); }},
      {"copy_if stencil", [&] { predix::copy_if(p, b, e, b, o, pred); }},
      {"remove_copy_if", [&] { predix::remove_copy_if(p, b, e, o, pred); }},
      {"remove_if", [&] { predix::remove_if(p, in.begin(), in.end(), pred); }},
      {"remove_if stencil", [&] { predix::remove_if(p, in.begin(), in.end(), b, pred); }},
      {"partition", [&] { predix::partition(p, in.begin(), in.end(), pred); }},
      {"stable_partition", [&] { predix::stable_partition(p, in.begin(), in.end(), pred); }},
      {"partition_copy", [&] { predix::partition_copy(p, b, e, o, o2, pred); }},
      {"stable_partition_copy", [&] { predix::stable_partition_copy(p, b, e, o, o2, pred); }},
      {"is_partitioned", [&] { predix::is_partitioned(p, b, e, pred); }},
      {"partition_point", [&] { predix::partition_point(p, b, e, pred); }},
      {"count_if", [&] { predix::count_if(p, b, e, pred); }},
      {"count", [&] { predix::count(p, b, e, 3); }},
      {"find_if", [&] { predix::find_if(p, b, e, pred); }},
      {"find", [&] { predix::find(p, b, e, 3); }},
      {"any_of", [&] { predix::any_of(p, b, e, pred); }},
      {"all_of", [&] { predix::all_of(p, b, e, pred); }},
      {"none_of", [&] { predix::none_of(p, b, e, pred); }},
      {"count_if on an empty range", [&] { predix::count_if(p, b, b, pred); }},
  };
  for (const auto& [name, call] : calls) {
    SCOPED_TRACE(name);
    try {
      call();
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
  }
  EXPECT_EQ(in, std::vector<int>(64, 3));  // nothing was written
  EXPECT_EQ(out, std::vector<int>(64, 0));
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
