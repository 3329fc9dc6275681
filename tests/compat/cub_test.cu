// predix::cub against CUB: every entry point, with a separate output and in place, through
// CUB's two-phase protocol (a size query must succeed, ask for some bytes and write
// nothing; one byte less than it asked for is cudaErrorInvalidValue and writes nothing), on
// fresh random data: every output and count (d_num_selected_out) equal to CUB's. Also the
// stream argument, and errors as return codes. Graphs and asynchrony: cub_graph_test.cu.
#include <vector>

#include "cub_test.hpp"

namespace predix_test {
namespace {

TEST(Cub, DeviceSelect) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const auto flags = random_flags(r, n, threshold);
    const less_than pred{threshold};
    const std::tuple<ints, dvec<long long>> outputs{ints(n, poison), dvec<long long>(1, -1)};
    expect_same_as_cub(outputs, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Select::If(temp, bytes, raw(in), raw(std::get<0>(out)),
                                       raw(std::get<1>(out)), n, pred);
    });
    expect_same_as_cub(outputs, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Select::Flagged(temp, bytes, in.begin(), raw(flags),
                                            std::get<0>(out).begin(), raw(std::get<1>(out)), n);
    });
    // In place: the data is the output.
    const std::tuple<ints, dvec<int>> in_place{in, dvec<int>(1, -1)};
    expect_same_as_cub(in_place, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Select::If(temp, bytes, raw(std::get<0>(out)), raw(std::get<1>(out)),
                                       n, pred);
    });
    expect_same_as_cub(in_place, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Select::Flagged(temp, bytes, raw(std::get<0>(out)), raw(flags),
                                            raw(std::get<1>(out)), n);
    });
  });
}

TEST(Cub, DevicePartition) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const auto flags = random_flags(r, n, threshold);
    const less_than pred{threshold};
    const std::tuple<ints, dvec<int>> outputs{ints(n, poison), dvec<int>(1, -1)};
    expect_same_as_cub(outputs, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Partition::If(temp, bytes, raw(in), raw(std::get<0>(out)),
                                          raw(std::get<1>(out)), static_cast<int>(n), pred);
    });
    expect_same_as_cub(outputs, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Partition::Flagged(temp, bytes, raw(in), raw(flags),
                                               raw(std::get<0>(out)), raw(std::get<1>(out)),
                                               static_cast<int>(n));
    });
    // Three ways: below threshold / odd / the rest.
    const std::tuple<ints, ints, ints, dvec<long long>> parts{
        ints(n, poison), ints(n, poison), ints(n, poison), dvec<long long>(2, -1)};
    expect_same_as_cub(parts, [&](auto api, void* temp, std::size_t& bytes, auto& out) {
      return decltype(api)::Partition::If(temp, bytes, raw(in), raw(std::get<0>(out)),
                                          raw(std::get<1>(out)), raw(std::get<2>(out)),
                                          raw(std::get<3>(out)), static_cast<long long>(n), pred,
                                          is_odd{});
    });
  });
}

TEST(Cub, DeviceScan) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const auto flags = random_flags(r, n, threshold);
    const dvec<bool> bools(flags.begin(), flags.end());
    const std::tuple<ints> out{ints(n, poison)};
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveSum(temp, bytes, raw(in), raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveSum(temp, bytes, raw(in), raw(std::get<0>(o)), n);
    });
    // Flags sum into int (CUB's accumulator: int for bool and uint8 items), not a running OR.
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveSum(temp, bytes, raw(bools), raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveSum(temp, bytes, raw(flags), raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveScan(temp, bytes, raw(in), raw(std::get<0>(o)),
                                                ::cuda::maximum<>{}, n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveScan(temp, bytes, raw(in), raw(std::get<0>(o)),
                                                ::cuda::minimum<>{}, threshold, n);
    });
    // In place, and an initial value read from device memory.
    const std::tuple<ints> data{in};
    dvec<int> init(1, threshold);
    expect_same_as_cub(data, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveSum(temp, bytes, raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(data, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveSum(temp, bytes, raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(data, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveScan(temp, bytes, raw(std::get<0>(o)),
                                                ::cuda::maximum<>{}, n);
    });
    expect_same_as_cub(data, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveScan(temp, bytes, raw(std::get<0>(o)),
                                                ::cuda::minimum<>{}, threshold, n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveScan(temp, bytes, raw(in), raw(std::get<0>(o)),
                                                ::cuda::minimum<>{},
                                                ::cub::FutureValue<int>(raw(init)), n);
    });
  });
}

TEST(Cub, DeviceReduce) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints in = random_ints(r, n);
    const auto flags = random_flags(r, n, threshold);
    const dvec<bool> bools(flags.begin(), flags.end());
    const std::tuple<dvec<long long>> sum{dvec<long long>(1, -1)};
    expect_same_as_cub(sum, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::Sum(temp, bytes, raw(in), raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(sum, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::Sum(temp, bytes, raw(bools), raw(std::get<0>(o)), n);
    });
    // 1- and 2-byte items, signed ones with negative values, into CUB's int accumulator.
    const dvec<std::int8_t> small(in.begin(), in.end());
    thrust::host_vector<short> host_halves(in.begin(), in.end());
    for (auto& h : host_halves) h = static_cast<short>(h * 61 - 30000);  // negative ones too
    const dvec<short> halves(host_halves);
    const dvec<std::uint16_t> unsigned_halves(in.begin(), in.end());
    const std::tuple<dvec<int>> int_sum{dvec<int>(1, -1)};
    expect_same_as_cub(int_sum, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::Sum(temp, bytes, raw(small), raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(int_sum, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::Sum(temp, bytes, raw(halves), raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(int_sum, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::Sum(temp, bytes, raw(unsigned_halves), raw(std::get<0>(o)), n);
    });
    const std::tuple<dvec<std::uint8_t>> byte_sum{dvec<std::uint8_t>(1, 7)};
    expect_same_as_cub(byte_sum, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::Sum(temp, bytes, raw(flags), raw(std::get<0>(o)), n);
    });
  });
}

/// Spins for about `cycles` clock cycles, then writes data[i] = i.
__global__ void write_later(int* data, int n, long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    data[i] = i;
  }
}

/// The stream argument: the call runs after the work queued on the stream before it, and
/// writes its count there.
TEST(Cub, Stream) {
  cudaStream_t stream;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  const int n = 100000;
  ints in(n, -1), out(n, poison);
  dvec<int> count(1, -1);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  write_later<<<64, 256, 0, stream>>>(raw(in), n, 100'000'000);
  std::size_t bytes = 0;
  ASSERT_EQ(predix::cub::DeviceSelect::If(nullptr, bytes, raw(in), raw(out), raw(count), n,
                                          is_odd{}, stream),
            cudaSuccess);
  dvec<char> storage(bytes);
  ASSERT_EQ(predix::cub::DeviceSelect::If(raw(storage), bytes, raw(in), raw(out), raw(count), n,
                                          is_odd{}, stream),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(count[0], n / 2) << "predix::cub ran before the stream's earlier work";
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[n / 2 - 1], n - 1);
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

/// Whether kernels can read pageable host memory (HMM / ATS): host pointers then just work.
bool pageable_memory_access() {
  int device = 0, value = 0;
  (void)cudaGetDevice(&device);
  (void)cudaDeviceGetAttribute(&value, cudaDevAttrPageableMemoryAccess, device);
  return value != 0;
}

/// Failures come back as CUB's do, as a cudaError_t: a negative num_items and a host pointer
/// are cudaErrorInvalidValue, before anything runs; a later call works.
TEST(Cub, ErrorsAreReturned) {
  ints in(1000, 3);
  dvec<long long> sum(1, -1);
  std::size_t bytes = 0;
  ASSERT_EQ(predix::cub::DeviceReduce::Sum(nullptr, bytes, raw(in), raw(sum), 1000), cudaSuccess);
  dvec<char> storage(bytes);
  EXPECT_EQ(predix::cub::DeviceReduce::Sum(raw(storage), bytes, raw(in), raw(sum), -1),
            cudaErrorInvalidValue);
  std::vector<int> host(1000, 3);
  if (!pageable_memory_access()) {
    EXPECT_EQ(predix::cub::DeviceReduce::Sum(raw(storage), bytes, host.data(), raw(sum), 1000),
              cudaErrorInvalidValue);
  }
  EXPECT_EQ(sum[0], -1) << "a failed call wrote its output";
  EXPECT_EQ(predix::cub::DeviceReduce::Sum(raw(storage), bytes, raw(in), raw(sum), 1000),
            cudaSuccess);
  EXPECT_EQ(sum[0], 3000) << "still usable";
}

}  // namespace
}  // namespace predix_test
