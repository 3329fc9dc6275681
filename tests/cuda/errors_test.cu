// Errors of the CUDA backend (DESIGN.md §6, error.hpp): a host pointer is refused before any
// kernel runs, a failed temporary allocation is std::bad_alloc with the output untouched,
// and a failed CUDA call or a kernel's fault is predix::cuda_error naming the algorithm.
#include <thrust/device_ptr.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "../support/cases.hpp"
#include "../support/entry_points.hpp"
#include "../support/iterators.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

class Errors : public cuda_test {};

bool pageable_memory_is_device_accessible() {
  int device = 0, value = 0;
  PREDIX_CUDA_CHECK(cudaGetDevice(&device));
  PREDIX_CUDA_CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrPageableMemoryAccess, device));
  return value != 0;
}

/// Pageable host memory: refused by every form of every algorithm as its input
/// (support/entry_points.hpp), and by those with a stencil or outputs as these, each time
/// naming the algorithm called (not the core operation it is built on: "predix::any_of", not
/// "predix::find_if"), before anything is written to the device arrays — unless kernels can
/// read it (HMM / ATS systems), where it must just work.
TEST_F(Errors, HostPointerIsRefused) {
  std::vector<int> host(1000, 3);
  int* const h = host.data();
  auto in = M::upload(host_array<int>(1000, 3));
  auto out = M::upload(poisoned<int>(1000)), out2 = M::upload(poisoned<int>(1000));
  int* const di = in.begin();
  int* const d = out.begin();
  int* const d2 = out2.begin();
  const is_selected pred{};
  if (pageable_memory_is_device_accessible()) {
    EXPECT_EQ(predix::count_if(predix::cuda, h, h + 1000, pred), 1000);
    predix::inclusive_scan(predix::cuda, h, h + 1000, d);
    const auto got = M::download(out);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(got[i], 3 * (i + 1));
    GTEST_SKIP() << "this device reads pageable host memory: predix::cuda accepts it";
  }
  const auto& p = predix::cuda;
  auto entries = entry_points(p, h, h + 1000, h, d, d2, pred);
  ASSERT_EQ(entries.size(), 32u);
  const thrust::host_vector<int> hv(1000, 3);
  const auto hp = thrust::device_pointer_cast(h);
  const std::vector<entry_point> elsewhere = {
      {"inclusive_scan", "host output", [&] { predix::inclusive_scan(p, di, di + 1000, h); }},
      {"exclusive_scan", "host output", [&] { predix::exclusive_scan(p, di, di + 1000, h); }},
      {"copy_if", "host output", [&] { predix::copy_if(p, di, di + 1000, h, pred); }},
      {"copy_if", "host stencil", [&] { predix::copy_if(p, di, di + 1000, h, d, pred); }},
      {"remove_copy_if", "host output",
       [&] { predix::remove_copy_if(p, di, di + 1000, h, pred); }},
      {"remove_copy_if", "host stencil",
       [&] { predix::remove_copy_if(p, di, di + 1000, h, d, pred); }},
      {"remove_if", "host stencil", [&] { predix::remove_if(p, di, di + 1000, h, pred); }},
      {"partition", "host stencil", [&] { predix::partition(p, di, di + 1000, h, pred); }},
      {"stable_partition", "host stencil",
       [&] { predix::stable_partition(p, di, di + 1000, h, pred); }},
      {"partition_copy", "host output of selected items",
       [&] { predix::partition_copy(p, di, di + 1000, h, d2, pred); }},
      {"partition_copy", "host output of rejected items",
       [&] { predix::partition_copy(p, di, di + 1000, d, h, pred); }},
      {"stable_partition_copy", "host stencil",
       [&] { predix::stable_partition_copy(p, di, di + 1000, h, d, d2, pred); }},
      {"stable_partition_copy", "host output of rejected items",
       [&] { predix::stable_partition_copy(p, di, di + 1000, d, h, pred); }},
      {"count", "thrust::device_ptr to host memory",
       [&] { (void)predix::count(p, hp, hp + 1000, 3); }},
      {"all_of", "thrust::host_vector iterators",
       [&] { (void)predix::all_of(p, hv.begin(), hv.end(), pred); }},
  };
  entries.insert(entries.end(), elsewhere.begin(), elsewhere.end());
  expect_every_entry_point_throws<std::invalid_argument>(entries, "host pointer");
  EXPECT_TRUE(same_elements(M::download(in), host_array<int>(1000, 3)));
  EXPECT_TRUE(same_elements(M::download(out), poisoned<int>(1000)));
  EXPECT_TRUE(same_elements(M::download(out2), poisoned<int>(1000)));
  EXPECT_EQ(host, std::vector<int>(1000, 3));
}

/// A scan whose tile states cannot fit in device memory: std::bad_alloc, output untouched.
TEST_F(Errors, FailedAllocationIsBadAlloc) {
  if (quick_mode()) GTEST_SKIP() << provokes_api_errors;
  std::size_t free = 0, total = 0;
  PREDIX_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  // total / 4 × 4096 items: far more tiles than the device has bytes (each state is >= 8).
  const long long n = static_cast<long long>(total / 4) * 4096;
  const counting_iterator<long long> first(0);
  auto out = M::upload(poisoned<long long>(64));
  EXPECT_THROW(predix::inclusive_scan(predix::cuda, first, first + n, out.begin()), std::bad_alloc);
  EXPECT_TRUE(same_elements(M::download(out), poisoned<long long>(64)));
  EXPECT_EQ(predix::count_if(predix::cuda, first, first + 1000, is_selected{}), 500)
      << "still usable";
}

/// A CUDA call that fails: synchronizing a stream that is being captured into a graph is
/// refused (cudaErrorStreamCaptureUnsupported); the error names the algorithm, and the
/// device stays usable.
TEST_F(Errors, FailedCallIsCudaErrorNamingTheAlgorithm) {
  if (quick_mode()) GTEST_SKIP() << provokes_api_errors;
  cudaStream_t stream;
  PREDIX_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  auto data = M::upload(host_array<int>(1000, 3));
  PREDIX_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed));
  try {
    predix::count_if(predix::cuda.on(stream), data.begin(), data.end(), is_selected{});
    ADD_FAILURE() << "no exception";
  } catch (const predix::cuda_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("predix::count_if"), std::string::npos) << what;
    EXPECT_STREQ(e.code().category().name(), "cuda");
    EXPECT_NE(e.error(), cudaSuccess);
    EXPECT_NE(what.find(cudaGetErrorName(e.error())), std::string::npos) << what;
  }
  cudaGraph_t graph = nullptr;
  (void)cudaStreamEndCapture(stream, &graph);
  if (graph != nullptr) (void)cudaGraphDestroy(graph);
  (void)cudaGetLastError();
  PREDIX_CUDA_CHECK(cudaStreamDestroy(stream));
  EXPECT_EQ(predix::count_if(predix::cuda, data.begin(), data.end(), is_selected{}), 1000);
}

/// Traps (a kernel fault) on the item `at`; otherwise x > 0 (a predicate) or x + y (an op).
struct traps_at {
  int at;
  __host__ __device__ void trap_on(int x) const {
#ifdef __CUDA_ARCH__
    if (x == at) __trap();
#endif
    (void)x;
  }
  __host__ __device__ bool operator()(int x) const {
    trap_on(x);
    return x > 0;
  }
  __host__ __device__ int operator()(int x, int y) const {
    trap_on(x);
    trap_on(y);
    return x + y;
  }
};

/// A kernel that faults during a call that polls for its result (count_if, reduce, find_if:
/// call_slots.hpp get_polled, get_polled_count), or during a selection (which synchronizes), is
/// predix::cuda_error naming the algorithm, not a hang: the poll queries the stream. A fault
/// spoils the process's CUDA context for good, so each call runs in a child process of its own
/// (a death test in the "threadsafe" style: a fresh process started from main), which exits
/// with 0 once the error is caught. The data are zeros (find_if reads up to the trap) and the
/// trap lies well past the first block's tile.
TEST_F(Errors, KernelFaultIsCudaErrorNotAHang) {
  if (quick_mode()) GTEST_SKIP() << provokes_api_errors;
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const traps_at trap{-7};
  auto expect_cuda_error = [&](const char* algorithm, auto&& call) {
    SCOPED_TRACE(algorithm);
    auto child = [&] {
      host_array<int> input(100000, 0);
      input[54321] = trap.at;
      auto data = M::upload(input);
      try {
        call(data.begin(), data.end());
      } catch (const predix::cuda_error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        std::_Exit(0);
      }
      std::_Exit(1);
    };
    EXPECT_EXIT(child(), ::testing::ExitedWithCode(0),
                std::string("predix::") + algorithm +
                    ": (cudaStreamQuery|cudaStreamSynchronize|kernel launch): cudaError");
  };
  expect_cuda_error("count_if", [&](int* first, int* last) {
    (void)predix::count_if(predix::cuda, first, last, trap);
  });
  expect_cuda_error("reduce", [&](int* first, int* last) {
    (void)predix::reduce(predix::cuda, first, last, 0, trap);
  });
  expect_cuda_error("find_if", [&](int* first, int* last) {
    (void)predix::find_if(predix::cuda, first, last, trap);
  });
  expect_cuda_error("copy_if", [&](int* first, int* last) {
    device_array<int> out(last - first);
    (void)predix::copy_if(predix::cuda, first, last, out.begin(), trap);
  });
  expect_cuda_error("partition_copy", [&](int* first, int* last) {
    device_array<int> selected(last - first), rejected(last - first);
    (void)predix::partition_copy(predix::cuda, first, last, selected.begin(), rejected.begin(),
                                 trap);
  });
  // Algorithms built on another's core operation name themselves.
  expect_cuda_error("any_of", [&](int* first, int* last) {
    (void)predix::any_of(predix::cuda, first, last, trap);
  });
  expect_cuda_error("count", [&](int* first, int* last) {  // the items read through the trap
    const auto items = thrust::make_transform_iterator(first, trap);
    (void)predix::count(predix::cuda, items, items + (last - first), true);
  });
  expect_cuda_error("remove_copy_if", [&](int* first, int* last) {
    device_array<int> out(last - first);
    (void)predix::remove_copy_if(predix::cuda, first, last, out.begin(), trap);
  });
  expect_cuda_error("stable_partition_copy", [&](int* first, int* last) {
    device_array<int> selected(last - first), rejected(last - first);
    (void)predix::stable_partition_copy(predix::cuda, first, last, selected.begin(),
                                        rejected.begin(), trap);
  });
}

TEST_F(Errors, CudaErrorCarriesCodeAndMessage) {
  try {
    predix::gpu::detail::check(cudaErrorInvalidValue, "reduce", "cudaMemsetAsync");
    ADD_FAILURE() << "no exception";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), static_cast<int>(cudaErrorInvalidValue));
    EXPECT_EQ(e.code().category(), predix::cuda_category());
    const std::string what = e.what();
    EXPECT_NE(what.find("predix::reduce: cudaMemsetAsync"), std::string::npos) << what;
    EXPECT_NE(what.find(cudaGetErrorString(cudaErrorInvalidValue)), std::string::npos) << what;
  }
  predix::gpu::detail::check(cudaSuccess, "reduce", "nothing");
}

}  // namespace
