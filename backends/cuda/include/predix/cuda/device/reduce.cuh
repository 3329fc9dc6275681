#pragma once
// reduce's dispatch: the asynchronous core (storage given, init · total left in device memory)
// and the synchronous form of predix::cuda on it (polled from a mapped result slot,
// call_slots.hpp). The kernel: reduce_agent.cuh; the binary path counts (count_if.cuh) or
// finds (find_if.cuh).
#include <predix/cuda/detail/given_storage.cuh>
#include <predix/cuda/detail/results.cuh>
#include <predix/cuda/device/count_if.cuh>
#include <predix/cuda/device/find_if.cuh>
#include <predix/cuda/device/reduce_agent.cuh>

namespace predix::gpu {

/// The binary path's result from what it found (count_if's count of ones, or find_if's index
/// of the first 1 or 0, n when none): A(op(init, A(v))), v the sum, parity, or whether a 1
/// exists (any) or no 0 does (all).
template <class T, class Op, binary_kind KIND>
struct binary_total {
  T init;
  Op op;
  long long n;
  __host__ __device__ T operator()(unsigned long long found) const {
    const long long v = KIND == binary_kind::any   ? found < static_cast<unsigned long long>(n)
                        : KIND == binary_kind::all ? found == static_cast<unsigned long long>(n)
                        : KIND == binary_kind::sum ? static_cast<long long>(found)
                                                   : static_cast<long long>(found & 1);
    return static_cast<T>(op(init, static_cast<T>(v)));
  }
};

template <class T, class Op>
binary_total<T, device_function_t<Op>, binary_kind_v<Op>> make_binary_total(const T& init,
                                                                              const Op& op,
                                                                              long long n) {
  return {init, to_device(op), n};
}

/// What the binary path of a reduce of In looks for: a 1 (any; the others count the ones), or a
/// 0 (all).
template <class Op>
using binary_reduce_pred =
    std::conditional_t<binary_kind_v<Op> == binary_kind::all, detail::is_zero, detail::is_one>;
template <class Op>
inline constexpr bool binary_reduce_finds_v =
    binary_kind_v<Op> == binary_kind::any || binary_kind_v<Op> == binary_kind::all;

/// reduce_kernel for In, T and Op, init · total to Result; whether the op commutes over In's
/// items (reduce_agent.cuh: commuting_total).
template <class In, class T, class Op>
inline constexpr bool reduce_commutes_v =
    commutes_v<device_function_t<Op>> && std::is_arithmetic_v<T> &&
    std::is_arithmetic_v<typename detail::source_t<In>::value_type>;
template <class In, class T, class Op, class Result>
inline constexpr auto* reduce_kernel_v =
    &reduce_kernel<detail::source_t<In>, T, device_function_t<Op>, reduce_commutes_v<In, T, Op>,
                   Result>;
template <class In>
using reduce_launch = stream_launch<stream_shape<detail::source_t<In>>, detail::source_t<In>>;
/// Zeroed words of a reduce call's memory (used by a grid of more than one block, which leaves
/// them zero); its partials follow, one T per block.
inline constexpr std::size_t reduce_counters_bytes = 2 * sizeof(unsigned long long);

template <class In, class T, class Op, class Result>
reduce_launch<In> plan_reduce(In first, long long n, const char* algorithm) {
  return {detail::make_source(first), n, reduce_kernel_v<In, T, Op, Result>,
          reduce_commutes_v<In, T, Op>, algorithm};
}

/// The most blocks of a reduce of n items (its partials), from n alone: the grid of
/// stream_shape::grid, at most a wave and at most a block per tile.
template <class In, class T, class Op, class Result>
long long reduce_most_blocks(long long n, const char* algorithm) {
  using shape = stream_shape<detail::source_t<In>>;
  const long long tiles = (n + shape::TILE - 1) / shape::TILE;
  const long long wave =
      detail::resident_blocks(reduce_kernel_v<In, T, Op, Result>, shape::THREADS, algorithm);
  return tiles < wave ? tiles : wave;
}

template <class In, class T, class Op, class Result>
void enqueue_reduce(const reduce_launch<In>& launch, const T& init, const Op& op, T* partials,
                    unsigned long long* counters, const Result& result, cudaStream_t stream,
                    const char* algorithm) {
  launch(reduce_kernel_v<In, T, Op, Result>, stream, algorithm, to_device(op), init, partials,
         counters, result);
}

/// The asynchronous core: the two-phase protocol (given_storage.cuh) for reduce over
/// [first, first + n), n >= 0; init · total (f(init · total)) goes to *out, in device memory,
/// by the kernel.
template <class In, class T, class Op, class Out>
void reduce_async(void* storage, std::size_t& bytes, In first, long long n, T init, Op op,
                  Out out, cudaStream_t stream, const char* algorithm) {
  if constexpr (uses_binary_path_v<In, Op, T>) {
    const auto total = make_binary_total(init, op, n);
    if constexpr (binary_reduce_finds_v<Op>) {
      find_if_async(storage, bytes, first, n, binary_reduce_pred<Op>{}, out, stream, algorithm,
                    total);
    } else {
      count_if_async(storage, bytes, first, n, binary_reduce_pred<Op>{}, out, stream, algorithm,
                     total);
    }
  } else {
    using result_type = detail::stored_result<Out>;
    detail::storage_layout layout;
    const std::size_t counters_at = layout.zeroed(reduce_counters_bytes);
    const std::size_t partials_at = layout.plain(
        sizeof(T) * (n == 0 ? 0 : reduce_most_blocks<In, T, Op, result_type>(n, algorithm)));
    const detail::given_storage memory(storage, bytes, layout, stream, algorithm);
    if (!memory.ready()) return;
    const result_type result{out, {}};
    if (n == 0) return detail::publish_on(result, init, stream, algorithm);
    detail::check_device_iterator(first, algorithm, "input");
    enqueue_reduce<In>(plan_reduce<In, T, Op, result_type>(first, n, algorithm), init, op,
                       memory.at<T>(partials_at), memory.at<unsigned long long>(counters_at),
                       result, stream, algorithm);
  }
}

/// init · x0 · x1 · ... of [first, first + n), n > 0. Synchronous: the result is polled from a
/// mapped result slot.
template <class In, class T, class Op>
T device_reduce(const cuda_policy& policy, In first, long long n, T init, Op op,
                const char* algorithm) {
  if constexpr (uses_binary_path_v<In, Op, T>) {
    const auto total = make_binary_total(init, op, n);
    if constexpr (binary_reduce_finds_v<Op>) {
      return total(device_find_if(policy, first, n, binary_reduce_pred<Op>{}, algorithm));
    } else {
      return total(device_count_if(policy, first, n, binary_reduce_pred<Op>{}, algorithm));
    }
  } else {
    detail::check_device_iterator(first, algorithm, "input");
    using result_type = detail::polled_result<T>;
    const auto launch = plan_reduce<In, T, Op, result_type>(first, n, algorithm);
    const cudaStream_t stream = policy.stream();
    detail::call_slots<T> slots(stream, algorithm, launch.grid > 1, sizeof(T) * launch.grid);
    enqueue_reduce<In>(launch, init, op, slots.template partials<T>(),
                   slots.template counters<unsigned long long>(), slots.polled(), stream,
                   algorithm);
    return slots.get_polled(algorithm);
  }
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class T, class Op>
T reduce(const cuda_policy& policy, In first, In last, T init, Op op, const char* algorithm) {
  const long long n = last - first;
  if (n == 0) return init;
  return gpu::device_reduce(policy, first, n, init, op, algorithm);
}

}  // namespace predix::impl
