#pragma once
// count_if's dispatch: the asynchronous core (storage given, the count left in device memory)
// and the synchronous form of predix::cuda on it (the count polled from a mapped result slot,
// call_slots.hpp). The kernel: count_if_agent.cuh.
#include <predix/cuda/detail/given_storage.cuh>
#include <predix/cuda/detail/results.cuh>
#include <predix/cuda/device/count_if_agent.cuh>

namespace predix::gpu {

/// count_if_kernel for In and Pred, its count to Result, and the launch of a call.
template <class In, class Pred, class Result>
inline constexpr auto* count_if_kernel_v =
    &count_if_kernel<detail::source_t<In>, device_function_t<Pred>, Result>;
template <class In>
using count_if_launch = stream_launch<stream_shape<detail::source_t<In>>, detail::source_t<In>>;
/// Zeroed words of a count_if call's memory (used by a grid of more than one block, which
/// leaves them zero).
inline constexpr std::size_t count_if_counters_bytes = 3 * sizeof(unsigned long long);

/// Enqueues count_if over [first, first + n), n > 0, its count to `result`.
template <class In, class Pred, class Result>
void enqueue_count_if(const count_if_launch<In>& launch, const Pred& pred,
                      unsigned long long* counters, const Result& result, cudaStream_t stream,
                      const char* algorithm) {
  launch(count_if_kernel_v<In, Pred, Result>, stream, algorithm, to_device(pred), counters,
         result);
}

template <class In, class Pred, class Result>
count_if_launch<In> plan_count_if(In first, long long n, const char* algorithm) {
  return {detail::make_source(first), n, count_if_kernel_v<In, Pred, Result>, true, algorithm};
}

/// The asynchronous core of a kernel that ends with one count of items, f(count) to *out
/// (count_if, find_if): the two-phase protocol (given_storage.cuh) over n >= 0 items, its
/// zeroed counters of `counters_bytes`; enqueue(counters, result) launches it (n > 0), on an
/// empty range f(0) is stored.
template <class Out, class F, class Enqueue>
void counting_async(void* storage, std::size_t& bytes, std::size_t counters_bytes, long long n,
                    const Out& out, const F& f, cudaStream_t stream, const char* algorithm,
                    Enqueue&& enqueue) {
  detail::storage_layout layout;
  const std::size_t counters_at = layout.zeroed(counters_bytes);
  const detail::given_storage memory(storage, bytes, layout, stream, algorithm);
  if (!memory.ready()) return;
  const detail::stored_result<Out, F> result{out, f};
  if (n == 0) return detail::publish_on(result, 0ull, stream, algorithm);
  enqueue(memory.at<unsigned long long>(counters_at), result);
}

/// The asynchronous core of count_if over [first, first + n): f(count) to *out.
template <class In, class Pred, class Out, class F = detail::same_value>
void count_if_async(void* storage, std::size_t& bytes, In first, long long n, Pred pred, Out out,
                    cudaStream_t stream, const char* algorithm, F f = {}) {
  counting_async(storage, bytes, count_if_counters_bytes, n, out, f, stream, algorithm,
                 [&](unsigned long long* counters, const auto& result) {
                   using result_type = std::decay_t<decltype(result)>;
                   detail::check_device_iterator(first, algorithm, "input");
                   enqueue_count_if<In>(plan_count_if<In, Pred, result_type>(first, n, algorithm),
                                        pred, counters, result, stream, algorithm);
                 });
}

/// The number of items of [first, first + n) for which pred holds; n > 0. Synchronous: the
/// count is polled from a mapped result slot.
template <class In, class Pred>
long long device_count_if(const cuda_policy& policy, In first, long long n, Pred pred,
                          const char* algorithm) {
  detail::check_device_iterator(first, algorithm, "input");
  const auto launch = plan_count_if<In, Pred, detail::polled_count>(first, n, algorithm);
  const cudaStream_t stream = policy.stream();
  detail::call_slots<unsigned long long> slots(stream, algorithm, launch.grid > 1);
  enqueue_count_if<In>(launch, pred, slots.counters<unsigned long long>(),
                   slots.polled_count_result(), stream, algorithm);
  return static_cast<long long>(slots.get_polled_count(algorithm));
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Pred>
detail::diff_t<In> count_if(const cuda_policy& policy, In first, In last, Pred pred,
                            const char* algorithm) {
  const long long n = last - first;
  if (n == 0) return 0;
  return static_cast<detail::diff_t<In>>(gpu::device_count_if(policy, first, n, pred, algorithm));
}

}  // namespace predix::impl
