#pragma once
// The scans' dispatch: tiles and the look-back's memory, the two kernels' launch; the
// asynchronous core (storage given) and the synchronous form of predix::cuda on it (memory
// from the device's look-back slots, tile_state.cuh). The tile work: scan_agent.cuh.
#include <predix/cuda/detail/call_slots.hpp>
#include <predix/cuda/detail/given_storage.cuh>
#include <predix/cuda/device/scan_agent.cuh>

namespace predix::gpu {

/// One scan call: its agents — the kernel of whole tiles' and the general kernel's, of smaller
/// tiles — and their tiles, made from the iterators (plan_scan); then its launch on the given
/// look-back memory. Exclusive with init when HAS_INIT, else inclusive (init unused). Init: A, or
/// what gives A on the device (cub::FutureValue).
template <bool HAS_INIT, class In, class Out, class A, class Op, class Init>
struct scan_launch {
  using source_type = detail::source_t<In>;
  using sink_type = detail::sink_t<Out>;
  static constexpr bool binary = scan_on_binary_path_v<In, Op, A>;
  using agent = scan_agent<source_type, sink_type, A, device_function_t<Op>, HAS_INIT, binary,
                           false, Init>;
  using general_agent = scan_agent<source_type, sink_type, A, device_function_t<Op>, HAS_INIT,
                                   binary, true, Init>;
  using V = typename agent::V;  // what the look-back carries

  /// The most tiles of a call of n items, from n alone (given storage is sized before the
  /// iterators are known): every item in the smaller of the two tiles, and two ragged ones.
  static long long most_tiles(long long n) {
    constexpr long long smallest =
        agent::TILE < general_agent::TILE ? agent::TILE : general_agent::TILE;
    return n / smallest + 2;
  }

  /// after_zeroing: the memory was zeroed by the kernel just before (given_storage.cuh).
  void operator()(const look_back_memory<V>& memory, cudaStream_t stream, const char* algorithm,
                  bool after_zeroing = false) {
    launch_tiles(a, g, memory, scan_kernel<agent, true>, scan_kernel<general_agent, false>, whole,
                 tiles, stream, algorithm, false, after_zeroing);
  }

  agent a;
  general_agent g;
  long long whole;  // tiles of the kernel of whole tiles
  long long tiles;
};

/// The scan call of [first, first + n) into out, n > 0.
template <bool HAS_INIT, class A, class In, class Out, class Init, class Op>
scan_launch<HAS_INIT, In, Out, A, Op, Init> plan_scan(In first, long long n, Out out, Init init,
                                                      Op op) {
  using launch_type = scan_launch<HAS_INIT, In, Out, A, Op, Init>;
  using agent = typename launch_type::agent;
  using general_agent = typename launch_type::general_agent;
  using source_type = typename launch_type::source_type;
  auto source = detail::make_source(first);
  auto sink = detail::make_sink(out);
  // done apart by tile 0; the segmented binary path's sides are never moved (they read item
  // by item where unaligned)
  const long long head = agent::SEGMENTED ? 0 : detail::skip_head(n, source, sink);
  const auto dop = to_device(op);
  agent a{source, sink, n - head, source.is_aligned(), sink.is_aligned(),
          dop, init, {{}, agent::prefix_op_of(dop)}};
  // Tiles [0, whole) of the kernel of whole tiles, then the general kernel's smaller tiles
  // from item whole · agent::TILE on: every tile of unaligned data, and of a small call where
  // the general tiles are smaller or n is ragged (one launch instead of two; the general
  // kernel's checks cost where neither holds: uint8, a power of two).
  const long long items = a.n;  // after the head
  const bool small = items * source_type::element_bytes <=
                         agent::tuning::general_only_bytes(source_type::element_bytes) &&
                     (general_agent::TILE < agent::TILE || items % agent::TILE != 0);
  const bool general_only = small || !a.vectors();
  const long long whole = general_only ? 0 : items / agent::TILE;
  general_agent g{source, sink, items, a.aligned_in, a.aligned_out, dop, init, a.prefix,
                  whole, whole * agent::TILE};
  a.head = g.head = static_cast<int>(head);
  const long long tiles =
      whole + (items - g.first_item + general_agent::TILE - 1) / general_agent::TILE;
  return {a, g, whole, tiles};
}

/// The asynchronous core: the two-phase protocol (given_storage.cuh) for the scan of
/// [first, first + n), n >= 0, into out, accumulating in A.
template <bool HAS_INIT, class A, class In, class Out, class Init, class Op>
void scan_async(void* storage, std::size_t& bytes, In first, long long n, Out out, Init init,
                Op op, cudaStream_t stream, const char* algorithm) {
  using launch_type = scan_launch<HAS_INIT, In, Out, A, Op, Init>;
  using memory_type = look_back_memory<typename launch_type::V>;
  detail::storage_layout layout;
  const std::size_t at = layout.zeroed(memory_type::bytes(launch_type::most_tiles(n)));
  const detail::given_storage memory(storage, bytes, layout, stream, algorithm, true);
  if (!memory.ready() || n == 0) return;
  detail::check_device_iterator(first, algorithm, "input");
  detail::check_device_iterator(out, algorithm, "output");
  auto launch = plan_scan<HAS_INIT, A>(first, n, out, init, op);
  launch(memory_type::at(memory.at<char>(at), launch.tiles), stream, algorithm,
         memory.zeroed());
}

/// The scan of [first, last) into out: exclusive with init when HAS_INIT, else inclusive
/// (A = the input's value type, init unused). Synchronous: its look-back memory from the
/// device's slots, returning after the work is done; with policy.nosync(), the core on
/// stream-ordered temporary storage, returning at once.
template <bool HAS_INIT, class In, class Out, class A, class Op>
Out device_scan(const cuda_policy& policy, In first, In last, Out out, A init, Op op,
                const char* algorithm) {
  const long long n = last - first;
  if (n == 0) return out;
  const cudaStream_t stream = policy.stream();
  if (!policy.synchronizes()) {  // nosync: the core on stream-ordered storage, no waiting
    detail::on_temporary_storage(stream, algorithm, [&](void* storage, std::size_t& bytes) {
      scan_async<HAS_INIT, A>(storage, bytes, first, n, out, init, op, stream, algorithm);
    });
    return out + n;
  }
  detail::check_device_iterator(first, algorithm, "input");
  detail::check_device_iterator(out, algorithm, "output");
  auto launch = plan_scan<HAS_INIT, A>(first, n, out, init, op);
  look_back_storage<typename decltype(launch)::V> look_back(launch.tiles, stream, algorithm);
  launch(look_back.memory(), stream, algorithm);
  detail::synchronize(stream, algorithm);
  look_back.done();
  return out + n;
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Out, class Op>
Out inclusive_scan(const cuda_policy& policy, In first, In last, Out out, Op op,
                   const char* algorithm) {
  using A = typename std::iterator_traits<In>::value_type;
  return gpu::device_scan<false>(policy, first, last, out, A{}, op, algorithm);
}

template <class In, class Out, class T, class Op>
Out exclusive_scan(const cuda_policy& policy, In first, In last, Out out, T init, Op op,
                   const char* algorithm) {
  return gpu::device_scan<true>(policy, first, last, out, init, op, algorithm);
}

/// run(count), count a long long* in mapped host memory (a result slot, call_slots.hpp) that
/// the scans run() enqueues may store to; after their work, what they stored.
template <class D, class Run>
D counted(const cuda_policy& policy, Run&& run, const char* algorithm) {
  gpu::detail::call_slots<long long> slots(policy.stream(), algorithm);
  run(slots.result());
  return static_cast<D>(slots.get(algorithm));
}

}  // namespace predix::impl
