// predix::thrust::par in device code: a kernel that calls a Thrust algorithm with par runs
// Thrust's own implementation there, as it does with thrust::device (sequentially, in the
// calling thread), instead of compiling to nothing. Every form predix::thrust overloads is
// called from a kernel, once with par and once with thrust::device, on the same input and
// poisoned outputs: the same outputs and results, and nothing reaches predix's host path.
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/find.h>
#include <thrust/functional.h>
#include <thrust/logical.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scan.h>

#include <string>

#include "compat_test.hpp"

namespace predix_test {
namespace {

using longs = thrust::device_vector<long long>;

/// Where a kernel's forms write: slab k of `out` (n ints each) and result[k].
struct sink {
  int* out;
  long long* result;
  int n;
  __device__ int* slab(int k) const { return out + static_cast<long long>(k) * n; }
  /// result[k] = it - slab(k): where an algorithm's returned iterator points in its slab.
  __device__ void end(int k, const int* it) const { result[k] = it - slab(k); }
};

/// The scans (outputs in slabs 0-4) and reduce (results 5-7).
template <class Policy>
__global__ void scans(Policy exec, const int* in, int n, int threshold, sink s) {
  const int* last = in + n;
  s.end(0, thrust::inclusive_scan(exec, in, last, s.slab(0)));
  s.end(1, thrust::inclusive_scan(exec, in, last, s.slab(1), thrust::maximum<int>()));
  s.end(2, thrust::exclusive_scan(exec, in, last, s.slab(2)));
  s.end(3, thrust::exclusive_scan(exec, in, last, s.slab(3), threshold));
  s.end(4, thrust::exclusive_scan(exec, in, last, s.slab(4), 1 << 20, thrust::minimum<int>()));
  s.result[5] = thrust::reduce(exec, in, last);
  s.result[6] = thrust::reduce(exec, in, last, threshold);
  s.result[7] = thrust::reduce(exec, in, last, -1, thrust::maximum<int>());
}

/// Copies (slabs 0-3), partition copies (slabs 4-11: the selected items in an even slab, the
/// rejected ones in the odd slab after it), then the in-place forms on copies of the input
/// (slabs 12-17) and the partition queries on the stable partition of slab 16.
template <class Policy>
__global__ void selections(Policy exec, const int* in, const int* stencil, int n, int threshold,
                           sink s) {
  const int* last = in + n;
  const less_than pred{threshold};
  s.end(0, thrust::copy_if(exec, in, last, s.slab(0), pred));
  s.end(1, thrust::copy_if(exec, in, last, stencil, s.slab(1), pred));
  s.end(2, thrust::remove_copy_if(exec, in, last, s.slab(2), pred));
  s.end(3, thrust::remove_copy_if(exec, in, last, stencil, s.slab(3), pred));
  const auto ends = [&](int k, auto pair) {
    s.end(k, pair.first);
    s.end(k + 1, pair.second);
  };
  ends(4, thrust::partition_copy(exec, in, last, s.slab(4), s.slab(5), pred));
  ends(6, thrust::partition_copy(exec, in, last, stencil, s.slab(6), s.slab(7), pred));
  ends(8, thrust::stable_partition_copy(exec, in, last, s.slab(8), s.slab(9), pred));
  ends(10, thrust::stable_partition_copy(exec, in, last, stencil, s.slab(10), s.slab(11), pred));
  for (int k = 12; k < 18; ++k) {
    for (int i = 0; i < n; ++i) s.slab(k)[i] = in[i];
  }
  const auto whole = [&](int k) { return s.slab(k) + n; };
  s.end(12, thrust::remove_if(exec, s.slab(12), whole(12), pred));
  s.end(13, thrust::remove_if(exec, s.slab(13), whole(13), stencil, pred));
  s.end(14, thrust::partition(exec, s.slab(14), whole(14), pred));
  s.end(15, thrust::partition(exec, s.slab(15), whole(15), stencil, pred));
  s.end(16, thrust::stable_partition(exec, s.slab(16), whole(16), pred));
  s.end(17, thrust::stable_partition(exec, s.slab(17), whole(17), stencil, pred));
  s.result[18] = thrust::partition_point(exec, s.slab(16), whole(16), pred) - s.slab(16);
  s.result[19] = thrust::is_partitioned(exec, s.slab(16), whole(16), pred);
  s.result[20] = thrust::is_partitioned(exec, in, last, pred);
}

/// Counts, finds and votes (results 0-7).
template <class Policy>
__global__ void votes(Policy exec, const int* in, int n, int threshold, sink s) {
  const int* last = in + n;
  const less_than pred{threshold};
  s.result[0] = thrust::count_if(exec, in, last, pred);
  s.result[1] = thrust::count(exec, in, last, threshold);
  s.result[2] = thrust::find_if(exec, in, last, pred) - in;
  s.result[3] = thrust::find_if_not(exec, in, last, pred) - in;
  s.result[4] = thrust::find(exec, in, last, threshold) - in;
  s.result[5] = thrust::any_of(exec, in, last, pred);
  s.result[6] = thrust::all_of(exec, in, last, pred);
  s.result[7] = thrust::none_of(exec, in, last, pred);
}

/// launch(policy, sink) on par and on thrust::device, each writing its own poisoned `slabs`
/// slabs of n ints and `results` results: the same slabs and results, and no call reached
/// predix's host path.
template <class Launch>
void expect_same_in_kernel(std::ptrdiff_t n, int slabs, int results, Launch&& launch) {
  ints out_par(slabs * n, poison), out_device(slabs * n, poison);
  longs result_par(results, poison), result_device(results, poison);
  const auto run = [&](const auto& policy, ints& out, longs& result) {
    launch(policy, sink{thrust::raw_pointer_cast(out.data()),
                        thrust::raw_pointer_cast(result.data()), static_cast<int>(n)});
    ASSERT_EQ(cudaGetLastError(), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  };
  via_thrust([&] {
    run(par, out_par, result_par);
    return 0;
  });
  run(thrust::device, out_device, result_device);
  EXPECT_TRUE(same_range(result_par, result_device)) << "results";
  EXPECT_TRUE(same_range(out_par, out_device)) << "outputs";
}

TEST(ThrustInKernel, EveryForm) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for (std::ptrdiff_t n : {0, 1, 33, 1000, 5000}) {
    for (int threshold : {0, 500, 1000}) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", threshold " + std::to_string(threshold));
      const ints in_vector = random_ints(r, n), stencil_vector = random_ints(r, n);
      const int* in = thrust::raw_pointer_cast(in_vector.data());
      const int* stencil = thrust::raw_pointer_cast(stencil_vector.data());
      const int size = static_cast<int>(n);
      expect_same_in_kernel(n, 5, 8, [&](auto policy, sink s) {
        scans<<<1, 1>>>(policy, in, size, threshold, s);
      });
      expect_same_in_kernel(n, 18, 21, [&](auto policy, sink s) {
        selections<<<1, 1>>>(policy, in, stencil, size, threshold, s);
      });
      expect_same_in_kernel(n, 0, 8, [&](auto policy, sink s) {
        votes<<<1, 1>>>(policy, in, size, threshold, s);
      });
    }
  }
}

}  // namespace
}  // namespace predix_test
