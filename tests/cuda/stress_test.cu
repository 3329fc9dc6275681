// Repeated selections at the sizes where the tuning changes the selection's way: every
// selection and partition form (copy_if, remove_copy_if, partition_copy, stable_partition_copy;
// in place remove_if, partition, stable_partition; copy_if and partition_copy under
// predix::cuda.unordered(), their outputs sorted before the comparison), with and without a
// stencil, of 1-, 2- and
// 4-byte items, 1%, 50% and 99% selected, on the legacy default stream, a non-blocking stream
// and the per-thread stream, each call repeated PREDIX_STRESS_ROUNDS times (default 2; CTest
// stress.long: 20) on the same data, at one item below and a few above every size threshold of
// tuning select and look_back (stable_partition's sample, deferred placing, long 1-byte calls,
// the head of unaligned data, the grid from which the look-back sleeps, the look-back slot);
// odd rounds with every array one item past cudaMalloc's alignment (so that calls from
// head_from_bytes on select the unaligned head apart).
// PREDIX_TEST_QUICK (the sanitizers): one size, 99% selected, one round.
// Every result is compared with the serial reference (predix::seq), on the device:
//   items 5 2 7 1, stencil 1 0 1 1 (selected 5 7 1, rejected 2) → partition: 5 7 1 2
// A race between the tiles of one call (a tile that overwrites items an earlier tile has not
// read yet) shows only at some sizes and only sometimes: hence the repeats and the sizes.
#include <predix/predix.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include "cuda_test.cuh"

namespace {

using namespace predix_test;

/// Selects x when its low 7 bits are below t: t / 128 of uniform data.
struct below {
  unsigned t;
  __host__ __device__ bool operator()(unsigned x) const { return (x & 127u) < t; }
};

enum class form {
  copy_if,
  remove_copy_if,
  partition_copy,
  stable_partition_copy,
  remove_if,
  partition,
  stable_partition,
  unordered_copy_if,
  unordered_partition_copy
};
constexpr form forms[] = {form::copy_if,           form::remove_copy_if,
                          form::partition_copy,    form::stable_partition_copy,
                          form::remove_if,         form::partition,
                          form::stable_partition,  form::unordered_copy_if,
                          form::unordered_partition_copy};
const char* name(form f) {
  switch (f) {
    case form::copy_if: return "copy_if";
    case form::remove_copy_if: return "remove_copy_if";
    case form::partition_copy: return "partition_copy";
    case form::stable_partition_copy: return "stable_partition_copy";
    case form::remove_if: return "remove_if";
    case form::partition: return "partition";
    case form::stable_partition: return "stable_partition";
    case form::unordered_copy_if: return "copy_if (unordered)";
    default: return "partition_copy (unordered)";
  }
}

/// Rounds of each call: PREDIX_STRESS_ROUNDS, else 2 (1 under PREDIX_TEST_QUICK).
int rounds() {
  if (const char* r = std::getenv("PREDIX_STRESS_ROUNDS")) return std::max(1, std::atoi(r));
  return quick_mode() ? 1 : 2;
}

/// One item below and a few above each size threshold of the selection's tuning, in items of
/// T; quick mode (the sanitizers): 2^20 + 77 items alone.
template <class T>
std::vector<long long> threshold_sizes() {
  if (quick_mode()) return {(1LL << 20) + 77};
  using tuning = predix::gpu::tuning::active;
  using select = tuning::select;
  const long long s = sizeof(T);
  const long long tile = 1LL * select::threads * select::items(int(s));
  const long long slot_tiles =  // the tile states (16 bytes each) that fit a look-back slot
      (predix::gpu::detail::look_back_slots<1, false>::bytes -
       predix::gpu::detail::look_back_slot::counter_bytes) / 16;
  std::vector<long long> at = {select::choose_from_bytes / s, select::head_from_bytes / s,
                               predix::gpu::tuning::current_device_tuning("stress").look_back.min_tiles * tile, slot_tiles * tile};
  if (select::defers(int(s))) at.push_back(select::defer_from_bytes / s);
  if (select::long_bytes(int(s), LLONG_MAX)) {  // the first n that is long
    long long lo = 1, hi = LLONG_MAX / 2;
    while (lo < hi) {
      const long long mid = lo + (hi - lo) / 2;
      if (select::long_bytes(int(s), mid)) hi = mid; else lo = mid + 1;
    }
    at.push_back(lo);
  }
  std::vector<long long> sizes;
  for (long long t : at) {
    sizes.push_back(t - 1);
    sizes.push_back(t + 77);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

/// got[i] == want[i] (want reversed: want[count − 1 − i]; want null: the poison bytes 0xA5)
/// for i < count; the first i where not goes to *first by atomicMin.
template <class T>
__global__ void first_difference_kernel(const T* got, const T* want, long long count,
                                        bool reversed, unsigned long long* first) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    T expected;
    if (want == nullptr) {
      memset(&expected, 0xA5, sizeof(T));
    } else {
      expected = want[reversed ? count - 1 - i : i];
    }
    if (!(got[i] == expected)) atomicMin(first, static_cast<unsigned long long>(i));
  }
}

/// host copied to `to` + at.
template <class T>
void upload(device_buffer<T>& to, const std::vector<T>& host, long long at) {
  PREDIX_CUDA_CHECK(cudaMemcpy(to.get() + at, host.data(), sizeof(T) * host.size(),
                               cudaMemcpyHostToDevice));
}

/// The stress of one item type: data, the serial reference and the device buffers of one size.
template <class T>
class stress {
 public:
  stress(long long n, std::uint64_t seed)
      : n_(n), items_{device_buffer<T>(n), device_buffer<T>(n + 1)},
        stencil_{device_buffer<std::uint8_t>(n), device_buffer<std::uint8_t>(n + 1)},
        work_(n + 1), out_true_(n + 1), out_false_(n + 1), want_true_(n), want_false_(n),
        sorted_true_(n), sorted_false_(n), first_(1) {
    rng r(seed ^ static_cast<std::uint64_t>(n));
    items_host_.resize(std::size_t(n));
    stencil_host_.resize(std::size_t(n));
    for (auto& x : items_host_) x = static_cast<T>(r.next());
    for (auto& x : stencil_host_) x = static_cast<std::uint8_t>(r.next());
    for (int shift : {0, 1}) {
      upload(items_[shift], items_host_, shift);
      upload(stencil_[shift], stencil_host_, shift);
    }
  }

  /// Every form, stencil or not, on every stream, `rounds` times, for threshold t; counts the
  /// calls and the wrong ones (the first 20 reported).
  void run_all(unsigned t, int rounds, long long& calls, int& wrong) {
    for (bool with_stencil : {false, true}) {
      reference(below{t}, with_stencil);
      cudaStream_t non_blocking = nullptr;
      PREDIX_CUDA_CHECK(cudaStreamCreateWithFlags(&non_blocking, cudaStreamNonBlocking));
      const cudaStream_t streams[] = {cudaStream_t(0), non_blocking, cudaStreamPerThread};
      const char* stream_names[] = {"default stream", "non-blocking stream", "per-thread stream"};
      for (form f : forms) {
        for (int s = 0; s < 3; ++s) {
          for (int round = 0; round < rounds; ++round) {
            ++calls;
            const std::string what = check(f, below{t}, with_stencil, streams[s], round % 2);
            if (what.empty()) continue;
            if (++wrong <= 20) {
              ADD_FAILURE() << name(f) << (with_stencil ? " with a stencil" : "") << ", "
                            << sizeof(T) << "-byte items, n " << n_ << ", " << t
                            << "/128 selected, " << stream_names[s] << ", round " << round
                            << (round % 2 ? " (one item off alignment)" : "") << ": " << what;
            }
          }
        }
      }
      PREDIX_CUDA_CHECK(cudaStreamDestroy(non_blocking));
    }
  }

 private:
  /// The selected and rejected items in order by the serial reference (stable_partition_copy).
  void reference(below pred, bool with_stencil) {
    std::vector<T> selected_host(items_host_.size()), rejected_host(items_host_.size());
    auto ends =
        with_stencil
            ? predix::stable_partition_copy(predix::seq, items_host_.begin(), items_host_.end(),
                                            stencil_host_.begin(), selected_host.begin(),
                                            rejected_host.begin(), pred)
            : predix::stable_partition_copy(predix::seq, items_host_.begin(), items_host_.end(),
                                            selected_host.begin(), rejected_host.begin(), pred);
    k_ = ends.first - selected_host.begin();
    PREDIX_CUDA_CHECK(cudaMemcpy(want_true_.get(), selected_host.data(), sizeof(T) * k_,
                                 cudaMemcpyHostToDevice));
    PREDIX_CUDA_CHECK(cudaMemcpy(want_false_.get(), rejected_host.data(), sizeof(T) * (n_ - k_),
                                 cudaMemcpyHostToDevice));
    std::sort(selected_host.begin(), selected_host.begin() + k_);  // for the order-free forms
    std::sort(rejected_host.begin(), rejected_host.begin() + (n_ - k_));
    PREDIX_CUDA_CHECK(cudaMemcpy(sorted_true_.get(), selected_host.data(), sizeof(T) * k_,
                                 cudaMemcpyHostToDevice));
    PREDIX_CUDA_CHECK(cudaMemcpy(sorted_false_.get(), rejected_host.data(),
                                 sizeof(T) * (n_ - k_), cudaMemcpyHostToDevice));
  }

  /// Runs form f once on `stream` (inputs restored, outputs poisoned, stream-ordered), every
  /// array `shift` items past cudaMalloc's alignment, and compares it with the reference; empty
  /// when right, else what is wrong.
  std::string check(form f, below pred, bool with_stencil, cudaStream_t stream, int shift) {
    const std::size_t bytes = sizeof(T) * static_cast<std::size_t>(n_);
    T* const items = items_[shift].get() + shift;
    T* const work = work_.get() + shift;
    T* const yes = out_true_.get() + shift;
    T* const no = out_false_.get() + shift;
    const std::uint8_t* const st = stencil_[shift].get() + shift;
    PREDIX_CUDA_CHECK(cudaMemcpyAsync(work, items, bytes, cudaMemcpyDeviceToDevice, stream));
    PREDIX_CUDA_CHECK(cudaMemsetAsync(yes, 0xA5, bytes, stream));
    PREDIX_CUDA_CHECK(cudaMemsetAsync(no, 0xA5, bytes, stream));
    const auto p = predix::cuda.on(stream);
    const auto unordered = p.unordered();
    const long long n = n_, k = k_;
    long long got = -1, got_false = -1;  // the returned counts
    struct part {
      const char* what;
      T* at;
      const T* want;
      long long count;
      bool reversed;
      bool sorted = false;  // `at` sorted before the comparison (the order-free forms)
    };
    std::vector<part> parts;  // what must hold
    switch (f) {
      case form::copy_if:
        got = (with_stencil ? predix::copy_if(p, items, items + n, st, yes, pred)
                            : predix::copy_if(p, items, items + n, yes, pred)) - yes;
        parts = {{"selected", yes, want_true_.get(), k, false},
                 {"selected (past the end)", yes + k, nullptr, n - k, false}};
        got_false = n - k;
        break;
      case form::remove_copy_if:
        got_false = (with_stencil ? predix::remove_copy_if(p, items, items + n, st, no, pred)
                                  : predix::remove_copy_if(p, items, items + n, no, pred)) - no;
        parts = {{"kept", no, want_false_.get(), n - k, false},
                 {"kept (past the end)", no + n - k, nullptr, k, false}};
        got = k;
        break;
      case form::partition_copy:
      case form::stable_partition_copy: {
        const bool stable = f == form::stable_partition_copy;
        auto ends = with_stencil
                        ? (stable ? predix::stable_partition_copy(p, items, items + n, st, yes, no, pred)
                                  : predix::partition_copy(p, items, items + n, st, yes, no, pred))
                        : (stable ? predix::stable_partition_copy(p, items, items + n, yes, no, pred)
                                  : predix::partition_copy(p, items, items + n, yes, no, pred));
        got = ends.first - yes;
        got_false = ends.second - no;
        parts = {{"selected", yes, want_true_.get(), k, false},
                 {"selected (past the end)", yes + k, nullptr, n - k, false},
                 {"rejected", no, want_false_.get(), n - k, false},
                 {"rejected (past the end)", no + n - k, nullptr, k, false}};
        break;
      }
      case form::remove_if:
        got_false = (with_stencil ? predix::remove_if(p, work, work + n, st, pred)
                                  : predix::remove_if(p, work, work + n, pred)) - work;
        parts = {{"kept", work, want_false_.get(), n - k, false}};
        got = k;
        break;
      case form::unordered_copy_if:
        got = (with_stencil ? predix::copy_if(unordered, items, items + n, st, yes, pred)
                            : predix::copy_if(unordered, items, items + n, yes, pred)) - yes;
        parts = {{"selected", yes, sorted_true_.get(), k, false, true},
                 {"selected (past the end)", yes + k, nullptr, n - k, false}};
        got_false = n - k;
        break;
      case form::unordered_partition_copy: {
        auto ends = with_stencil
                        ? predix::partition_copy(unordered, items, items + n, st, yes, no, pred)
                        : predix::partition_copy(unordered, items, items + n, yes, no, pred);
        got = ends.first - yes;
        got_false = ends.second - no;
        parts = {{"selected", yes, sorted_true_.get(), k, false, true},
                 {"selected (past the end)", yes + k, nullptr, n - k, false},
                 {"rejected", no, sorted_false_.get(), n - k, false, true},
                 {"rejected (past the end)", no + n - k, nullptr, k, false}};
        break;
      }
      case form::partition:
      case form::stable_partition: {
        const bool stable = f == form::stable_partition;
        got = (with_stencil ? (stable ? predix::stable_partition(p, work, work + n, st, pred)
                                      : predix::partition(p, work, work + n, st, pred))
                            : (stable ? predix::stable_partition(p, work, work + n, pred)
                                      : predix::partition(p, work, work + n, pred))) - work;
        // partition: the rejected items in reverse order (DESIGN.md §1)
        parts = {{"selected", work, want_true_.get(), k, false},
                 {"rejected", work + k, want_false_.get(), n - k, !stable}};
        got_false = n - k;
        break;
      }
    }
    if (got != k || got_false != n - k) {
      return "returned " + std::to_string(got) + " selected and " + std::to_string(got_false) +
             " rejected, expected " + std::to_string(k) + " and " + std::to_string(n - k);
    }
    for (const part& q : parts) {
      if (q.sorted) thrust::sort(thrust::cuda::par.on(stream), q.at, q.at + q.count);
      unsigned long long* const first = first_.get();
      PREDIX_CUDA_CHECK(cudaMemsetAsync(first, 0xFF, sizeof *first, stream));
      if (q.count > 0) {
        first_difference_kernel<T><<<1024, 256, 0, stream>>>(q.at, q.want, q.count, q.reversed,
                                                              first);
        PREDIX_CUDA_CHECK(cudaGetLastError());
      }
      unsigned long long bad = 0;
      PREDIX_CUDA_CHECK(cudaMemcpyAsync(&bad, first, sizeof bad, cudaMemcpyDeviceToHost, stream));
      PREDIX_CUDA_CHECK(cudaStreamSynchronize(stream));
      if (bad == ~0ull) continue;
      T got_item{}, want_item{};
      PREDIX_CUDA_CHECK(cudaMemcpy(&got_item, q.at + bad, sizeof(T), cudaMemcpyDeviceToHost));
      if (q.want != nullptr) {
        const long long from = q.reversed ? q.count - 1 - static_cast<long long>(bad)
                                          : static_cast<long long>(bad);
        PREDIX_CUDA_CHECK(cudaMemcpy(&want_item, q.want + from, sizeof(T),
                                     cudaMemcpyDeviceToHost));
      } else {
        memset(&want_item, 0xA5, sizeof(T));
      }
      return std::string("item ") + std::to_string(bad) + " of the " + q.what + " items is " +
             std::to_string(+printable(got_item)) + ", expected " +
             std::to_string(+printable(want_item));
    }
    return "";
  }

  long long n_, k_ = 0;
  std::vector<T> items_host_;
  std::vector<std::uint8_t> stencil_host_;
  device_buffer<T> items_[2];  // the items, and one past alignment (at 1)
  device_buffer<std::uint8_t> stencil_[2];
  device_buffer<T> work_, out_true_, out_false_, want_true_, want_false_;
  device_buffer<T> sorted_true_, sorted_false_;  // the reference's items, sorted
  device_buffer<unsigned long long> first_;
};

class Stress : public cuda_test {
 protected:
  template <class T>
  void run() {
    const std::uint64_t seed = test_seed();
    SCOPED_TRACE(seed_message(seed));
    long long calls = 0;
    int wrong = 0;
    for (long long n : threshold_sizes<T>()) {
      stress<T> s(n, seed);
      for (unsigned t : {1u, 64u, 127u}) {
        if (!quick_mode() || t == 127u) s.run_all(t, rounds(), calls, wrong);
      }
    }
    std::printf("%d of %lld calls wrong\n", wrong, calls);
    EXPECT_EQ(wrong, 0);
  }
};

TEST_F(Stress, OneByteItems) { run<std::uint8_t>(); }
TEST_F(Stress, TwoByteItems) { run<std::uint16_t>(); }
TEST_F(Stress, FourByteItems) { run<std::uint32_t>(); }

}  // namespace
