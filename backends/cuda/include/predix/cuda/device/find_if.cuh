#pragma once
// find_if's dispatch: the asynchronous core (storage given, the index left in device memory)
// and the synchronous form of predix::cuda on it (the index polled from a mapped result slot,
// call_slots.hpp). The kernel: find_if_agent.cuh.
#include <predix/cuda/detail/given_storage.cuh>
#include <predix/cuda/detail/results.cuh>
#include <predix/cuda/device/count_if.cuh>
#include <predix/cuda/device/find_if_agent.cuh>

namespace predix::gpu {

/// find_if_kernel for In and Pred, its index to Result, and the launch of a call.
template <class In, class Pred, class Result>
inline constexpr auto* find_if_kernel_v =
    &find_if_kernel<detail::source_t<In>, device_function_t<Pred>, Result>;
template <class In>
using find_if_launch = stream_launch<find_shape<detail::source_t<In>>, detail::source_t<In>>;
/// Zeroed words of a find_if call's memory (left zero).
inline constexpr std::size_t find_if_counters_bytes = 2 * sizeof(unsigned long long);

template <class In, class Pred, class Result>
find_if_launch<In> plan_find_if(In first, long long n, const char* algorithm) {
  return {detail::make_source(first), n, find_if_kernel_v<In, Pred, Result>, false, algorithm};
}

/// Enqueues find_if over [first, first + n), n > 0, its index (n: none) to `result`.
template <class In, class Pred, class Result>
void enqueue_find_if(const find_if_launch<In>& launch, const Pred& pred,
                     unsigned long long* counters, const Result& result, cudaStream_t stream,
                     const char* algorithm) {
  launch(find_if_kernel_v<In, Pred, Result>, stream, algorithm, to_device(pred), counters,
         result);
}

/// The asynchronous core of find_if over [first, first + n) (count_if.cuh counting_async):
/// f(index of the first match, or n) to *out.
template <class In, class Pred, class Out, class F = detail::same_value>
void find_if_async(void* storage, std::size_t& bytes, In first, long long n, Pred pred, Out out,
                   cudaStream_t stream, const char* algorithm, F f = {}) {
  counting_async(storage, bytes, find_if_counters_bytes, n, out, f, stream, algorithm,
                 [&](unsigned long long* counters, const auto& result) {
                   using result_type = std::decay_t<decltype(result)>;
                   detail::check_device_iterator(first, algorithm, "input");
                   enqueue_find_if<In>(plan_find_if<In, Pred, result_type>(first, n, algorithm),
                                       pred, counters, result, stream, algorithm);
                 });
}

/// The index of the first item of [first, first + n) for which pred holds, or n; n > 0.
/// Synchronous: the index is polled from a mapped result slot.
template <class In, class Pred>
long long device_find_if(const cuda_policy& policy, In first, long long n, Pred pred,
                         const char* algorithm) {
  detail::check_device_iterator(first, algorithm, "input");
  const auto launch = plan_find_if<In, Pred, detail::polled_count>(first, n, algorithm);
  const cudaStream_t stream = policy.stream();
  detail::call_slots<unsigned long long> slots(stream, algorithm, true);
  enqueue_find_if<In>(launch, pred, slots.counters<unsigned long long>(),
                  slots.polled_count_result(), stream, algorithm);
  return static_cast<long long>(slots.get_polled_count(algorithm));
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Pred>
In find_if(const cuda_policy& policy, In first, In last, Pred pred, const char* algorithm) {
  const long long n = last - first;
  if (n == 0) return last;
  return first + gpu::device_find_if(policy, first, n, pred, algorithm);
}

}  // namespace predix::impl
