// predix::cub's entry points over runs of keys against CUB's: DeviceSelect::Unique and
// UniqueByKey, DeviceRunLengthEncode::Encode and NonTrivialRuns, DeviceScan's *ByKey forms and
// DeviceReduce::ReduceByKey, through CUB's two-phase protocol (expect_same_as_cub: the size
// query, one byte too few, storage of exactly the size) on fresh random keys in runs (none
// long, long ones, one over the whole input), every output and count equal to CUB's.
#include "cub_test.hpp"

namespace predix_test {
namespace {

struct same_parity_cuda {  // an equality that is not ==
  __host__ __device__ bool operator()(int a, int b) const { return (a - b) % 2 == 0; }
};

TEST(CubByKey, SelectAndRunLengthEncode) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints keys = runs(r, n, threshold);
    const ints values = random_ints(r, n);
    const std::tuple<ints, dvec<long long>> unique{ints(n, poison), dvec<long long>(1, -1)};
    expect_same_as_cub(unique, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Select::Unique(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                           raw(std::get<1>(o)), n);
    });
    const std::tuple<ints, ints, dvec<int>> by_key{ints(n, poison), ints(n, poison),
                                                   dvec<int>(1, -1)};
    expect_same_as_cub(by_key, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Select::UniqueByKey(temp, bytes, raw(keys), raw(values),
                                                raw(std::get<0>(o)), raw(std::get<1>(o)),
                                                raw(std::get<2>(o)), n);
    });
    expect_same_as_cub(by_key, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Select::UniqueByKey(temp, bytes, raw(keys), raw(values),
                                                raw(std::get<0>(o)), raw(std::get<1>(o)),
                                                raw(std::get<2>(o)), n, same_parity_cuda{});
    });
    const std::tuple<ints, ints, dvec<int>> runs_out{ints(n, poison), ints(n, poison),
                                                     dvec<int>(1, -1)};
    expect_same_as_cub(runs_out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::RunLengthEncode::Encode(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                                    raw(std::get<1>(o)), raw(std::get<2>(o)),
                                                    static_cast<int>(n));
    });
    expect_same_as_cub(runs_out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::RunLengthEncode::NonTrivialRuns(
          temp, bytes, raw(keys), raw(std::get<0>(o)), raw(std::get<1>(o)), raw(std::get<2>(o)),
          static_cast<int>(n));
    });
  });
}

TEST(CubByKey, ScansAndReduce) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints keys = runs(r, n, threshold);
    const ints values = random_ints(r, n);
    const std::tuple<ints> out{ints(n, poison)};
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveSumByKey(temp, bytes, raw(keys), raw(values),
                                                    raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveSumByKey(temp, bytes, raw(keys), raw(values),
                                                    raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveScanByKey(temp, bytes, raw(keys), raw(values),
                                                     raw(std::get<0>(o)), ::cuda::maximum<>{}, n,
                                                     same_parity_cuda{});
    });
    expect_same_as_cub(out, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveScanByKey(temp, bytes, raw(keys), raw(values),
                                                     raw(std::get<0>(o)), ::cuda::minimum<>{},
                                                     threshold, n);
    });
    // In place: the values are the output.
    const std::tuple<ints> data{values};
    expect_same_as_cub(data, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::InclusiveSumByKey(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                                    raw(std::get<0>(o)), n);
    });
    expect_same_as_cub(data, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Scan::ExclusiveSumByKey(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                                    raw(std::get<0>(o)), n);
    });
    const std::tuple<ints, ints, dvec<long long>> reduced{ints(n, poison), ints(n, poison),
                                                          dvec<long long>(1, -1)};
    expect_same_as_cub(reduced, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::ReduceByKey(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                                raw(values), raw(std::get<1>(o)),
                                                raw(std::get<2>(o)), ::cuda::std::plus<>{}, n);
    });
    expect_same_as_cub(reduced, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::ReduceByKey(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                                raw(values), raw(std::get<1>(o)),
                                                raw(std::get<2>(o)), ::cuda::maximum<>{}, n);
    });
    // 0/1 values (predix: the segmented binary path, heads counted): counts per run into int
    thrust::host_vector<bool> h_flags(n);
    for (std::ptrdiff_t i = 0; i < n; ++i) h_flags[i] = r.chance(0.5);
    const dvec<bool> flags = h_flags;
    expect_same_as_cub(reduced, [&](auto api, void* temp, std::size_t& bytes, auto& o) {
      return decltype(api)::Reduce::ReduceByKey(temp, bytes, raw(keys), raw(std::get<0>(o)),
                                                raw(flags), raw(std::get<1>(o)),
                                                raw(std::get<2>(o)), ::cuda::std::plus<>{}, n);
    });
  });
}

}  // namespace
}  // namespace predix_test
