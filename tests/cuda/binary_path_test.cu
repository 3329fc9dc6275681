// The binary-path trait of binary_path.cuh: which scans and reductions run on ballots and
// counts, and which item types predix's selection kernel takes. Compile-time checks, plus one run of each side of the rule (both give the serial
// answer; scan_test.cu and reduce_test.cu cover the paths in depth).
#include <predix/predix.hpp>

#include <thrust/device_ptr.h>
#include <thrust/functional.h>
#include <thrust/iterator/transform_iterator.h>

#include <functional>
#include <numeric>

#include "../support/iterators.hpp"
#include "../support/types.hpp"
#include "cuda_test.cuh"

namespace {

using predix::gpu::binary_kind;
using predix::gpu::binary_kind_v;
using predix::gpu::uses_binary_path_v;
using flag_iterator = predix_test::transform_iterator<predix_test::selected_flag, const int*>;
using thrust_flags = thrust::transform_iterator<predix_test::selected_flag, const int*>;

// 0/1 by type: bool items, and transform iterators whose functor returns bool.
static_assert(uses_binary_path_v<bool*, std::plus<>>);
static_assert(uses_binary_path_v<const bool*, std::plus<>, int>);
static_assert(uses_binary_path_v<thrust::device_ptr<bool>, thrust::plus<int>>);
static_assert(uses_binary_path_v<flag_iterator, std::plus<>, long long>);
static_assert(uses_binary_path_v<thrust_flags, std::plus<>, unsigned char>);
// Every binary op, from std::, cuda::std:: / thrust:: and cuda::.
static_assert(binary_kind_v<std::plus<>> == binary_kind::sum);
static_assert(binary_kind_v<thrust::plus<int>> == binary_kind::sum);
static_assert(binary_kind_v<std::logical_or<bool>> == binary_kind::any);
static_assert(binary_kind_v<std::bit_or<>> == binary_kind::any);
static_assert(binary_kind_v<cuda::maximum<>> == binary_kind::any);
static_assert(binary_kind_v<thrust::maximum<int>> == binary_kind::any);
static_assert(binary_kind_v<std::logical_and<>> == binary_kind::all);
static_assert(binary_kind_v<cuda::std::bit_and<unsigned>> == binary_kind::all);
static_assert(binary_kind_v<thrust::minimum<>> == binary_kind::all);
static_assert(binary_kind_v<std::bit_xor<>> == binary_kind::parity);
static_assert(binary_kind_v<const std::plus<>&> == binary_kind::sum);
// Not binary: items that are not 0/1 by type, other ops, float ops or accumulators.
static_assert(!uses_binary_path_v<int*, std::plus<>>);
static_assert(!uses_binary_path_v<unsigned char*, std::plus<>>);
static_assert(!uses_binary_path_v<predix_test::counting_iterator<int>, std::plus<>>);
static_assert(!uses_binary_path_v<bool*, std::multiplies<>>);
static_assert(!uses_binary_path_v<bool*, predix_test::maximum>);
static_assert(!uses_binary_path_v<bool*, std::plus<float>, int>);
static_assert(!uses_binary_path_v<bool*, std::plus<>, float>);
static_assert(!uses_binary_path_v<bool*, std::plus<>, double>);

// Selection (device/select.cuh): predix's kernel for items it can stage as bytes, Thrust's
// CUDA implementation for the rest.
struct counted {  // not trivially copyable
  int value = 0;
  counted() = default;
  counted(const counted& other) : value(other.value + 1) {}
};
static_assert(predix::gpu::selects_natively_v<bool>);
static_assert(predix::gpu::selects_natively_v<unsigned char>);
static_assert(predix::gpu::selects_natively_v<double>);
static_assert(predix::gpu::selects_natively_v<predix_test::affine>);
static_assert(!predix::gpu::selects_natively_v<counted>);

class BinaryPath : public predix_test::cuda_test {};

/// Both sides of the rule on the same flags: the count (binary) and the same count over
/// the flags as int (generic) agree with std::exclusive_scan.
TEST_F(BinaryPath, BothPathsGiveTheSerialAnswer) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  const int n = 100003;
  std::vector<int> values(n);
  for (int& v : values) v = static_cast<int>(r.below(1000));
  std::vector<int> expected(n);
  std::vector<int> flags(n);
  std::transform(values.begin(), values.end(), flags.begin(), predix_test::selected_flag{});
  std::exclusive_scan(flags.begin(), flags.end(), expected.begin(), 3);
  const predix_test::device_buffer<int> in(values);
  const auto first = predix_test::make_transform_iterator(static_cast<const int*>(in.get()),
                                                          predix_test::selected_flag{});
  static_assert(uses_binary_path_v<std::decay_t<decltype(first)>, std::plus<>, int>);
  predix_test::device_buffer<int> out(n);
  predix::exclusive_scan(predix::cuda, first, first + n, out.get(), 3);
  predix_test::expect_all_equal(expected, out.to_host(),
                                [](std::size_t i) { return "binary, item " + std::to_string(i); });
  const predix_test::device_buffer<int> as_int(flags);
  static_assert(!uses_binary_path_v<const int*, std::plus<>, int>);
  predix_test::device_buffer<int> out2(n);
  const int* const ints = as_int.get();
  predix::exclusive_scan(predix::cuda, ints, ints + n, out2.get(), 3);
  predix_test::expect_all_equal(expected, out2.to_host(),
                                [](std::size_t i) { return "generic, item " + std::to_string(i); });
}

}  // namespace
