#pragma once
// Shared by the predix::cub tests (cub_test.cu, cub_by_key_test.cu, cub_histogram_test.cu): the two namespaces a CUB
// program switches between, and expect_same_as_cub, which runs one entry point through CUB's
// two-phase protocol on both and compares every output.
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <predix/cub.hpp>

#include <cstdint>
#include <tuple>
#include <utility>

#include "compat_test.hpp"

namespace predix_test {

/// The two namespaces a CUB program can be switched between.
struct cub_api {
  using Select = ::cub::DeviceSelect;
  using Partition = ::cub::DevicePartition;
  using Scan = ::cub::DeviceScan;
  using Reduce = ::cub::DeviceReduce;
  using RunLengthEncode = ::cub::DeviceRunLengthEncode;
  using Histogram = ::cub::DeviceHistogram;
};
struct predix_api {
  using Select = predix::cub::DeviceSelect;
  using Partition = predix::cub::DevicePartition;
  using Scan = predix::cub::DeviceScan;
  using Reduce = predix::cub::DeviceReduce;
  using RunLengthEncode = predix::cub::DeviceRunLengthEncode;
  using Histogram = predix::cub::DeviceHistogram;
};

template <class T>
using dvec = thrust::device_vector<T>;

template <class T>
T* raw(dvec<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}
template <class T>
const T* raw(const dvec<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}

template <class Tuple, std::size_t... I>
::testing::AssertionResult same_outputs(const Tuple& actual, const Tuple& expected,
                                        std::index_sequence<I...>) {
  ::testing::AssertionResult result = ::testing::AssertionSuccess();
  ((result = result ? same_range(std::get<I>(actual), std::get<I>(expected)) << " (output " << I
                                                                              << ")"
                    : result),
   ...);
  return result;
}

/// Every device vector of a tuple equal, or the first difference.
template <class... T>
::testing::AssertionResult same_outputs(const std::tuple<dvec<T>...>& actual,
                                        const std::tuple<dvec<T>...>& expected) {
  return same_outputs(actual, expected, std::index_sequence_for<T...>{});
}

/// run(api, d_temp_storage, temp_storage_bytes, outputs) calls one entry point of `api` on
/// `outputs` (a tuple of device vectors). Runs it for CUB and for predix::cub, each on a copy
/// of `poisoned`: a size query; (predix::cub) a call with one byte less than it asked for,
/// which must fail with cudaErrorInvalidValue and write nothing; the call with storage of
/// exactly that size
/// (its contents garbage: what a previous call left); compares outputs.
template <class Outputs, class Run>
void expect_same_as_cub(const Outputs& poisoned, Run&& run) {
  Outputs outputs[2] = {poisoned, poisoned};
  const auto two_phase = [&](auto api, Outputs& out) {
    SCOPED_TRACE((std::is_same_v<decltype(api), cub_api> ? "CUB" : "predix::cub"));
    std::size_t bytes = 0;
    ASSERT_EQ(run(api, nullptr, bytes, out), cudaSuccess);
    EXPECT_GT(bytes, 0u);
    EXPECT_TRUE(same_outputs(out, poisoned)) << "the size query wrote an output";
    dvec<char> storage(bytes, static_cast<char>(0xa5));
    if constexpr (std::is_same_v<decltype(api), predix_api>) {  // CUB's Sum of 0 items does not
      std::size_t too_few = bytes - 1;                          // look at the size
      EXPECT_EQ(run(api, static_cast<void*>(raw(storage)), too_few, out), cudaErrorInvalidValue);
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
      EXPECT_TRUE(same_outputs(out, poisoned)) << "a call with too little storage wrote an output";
    }
    ASSERT_EQ(run(api, static_cast<void*>(raw(storage)), bytes, out), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  };
  two_phase(cub_api{}, outputs[0]);
  two_phase(predix_api{}, outputs[1]);
  EXPECT_TRUE(same_outputs(outputs[1], outputs[0])) << "predix::cub differs from CUB";
}

/// n random flags of the given density, as 0 or a random nonzero byte (flags count as set
/// when they convert to true).
inline dvec<std::uint8_t> random_flags(rng& r, std::ptrdiff_t n, int threshold) {
  thrust::host_vector<std::uint8_t> host(static_cast<std::size_t>(n));
  for (auto& f : host) f = r.below(1000) < static_cast<unsigned>(threshold) ? 1 + r.below(255) : 0;
  return host;
}

}  // namespace predix_test
