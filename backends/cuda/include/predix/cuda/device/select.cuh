#pragma once
// The selections' dispatch: the agent of a call, its tiles and memory, the launches; the
// asynchronous core (storage given, the count left in device memory) and the synchronous form
// of predix::cuda on it (counts read back from a mapped result slot, call_slots.hpp). The
// tile work: select_agent.cuh; in place: select_in_place.cuh.
#include <predix/cuda/detail/given_storage.cuh>
#include <predix/cuda/device/select_agent.cuh>

namespace predix::gpu {

/// The selection agent of [first, first + n) (the predicate on the stencil's item, or on the
/// item itself when the stencil is items_as_stencil) into out_selected (IN_PLACE: `first`
/// itself) and, as REJECTED says, out_rejected, its count to num_selected_out too; its counts
/// pointer is set by the caller. UNORDERED: its tiles reserve their places (any order).
template <rejected_to REJECTED, bool IN_PLACE, bool UNORDERED = false, class In, class StencilIt,
          class OutSel, class OutRej, class Pred, class NumOut = detail::no_count_out>
auto make_select_agent(In first, long long n, StencilIt stencil, OutSel out_selected,
                       OutRej out_rejected, Pred pred, NumOut num_selected_out = {}) {
  const auto tests = predix::detail::stencil_items(stencil);
  using agent = select_agent<detail::source_t<In>, detail::source_t<decltype(tests)>,
                             detail::sink_t<OutSel>, detail::sink_t<OutRej>,
                             device_function_t<Pred>, REJECTED, IN_PLACE,
                             !predix::detail::is_items_as_stencil_v<StencilIt>, NumOut,
                             UNORDERED>;
  const auto source = detail::make_source(first);
  const auto stencil_source = detail::make_source(tests);
  agent a{{},
          source,
          stencil_source,
          detail::make_sink(out_selected),
          detail::make_sink(out_rejected),
          n,
          source.is_aligned(),
          stencil_source.is_aligned(),
          to_device(pred),
          {},
          nullptr};
  a.num_selected_out = num_selected_out;
  return a;
}

/// Launches the tiles of a selection agent (a select_agent, or one that holds two:
/// select_in_place.cuh either_sweep) on the look-back memory given: `tiles` tiles, the first
/// `whole` on the kernel of whole tiles; `after_own`: the call launched a kernel of its own just
/// before (their kernel then starts as its dependent: launch_tiles); `after_zeroing`: the
/// kernel before zeroed the memory (given_storage.cuh).
template <class Agent>
void launch_selection(Agent& agent, long long tiles, long long whole,
                      const look_back_memory<typename Agent::V>& memory, cudaStream_t stream,
                      const char* algorithm, bool after_own = false, bool after_zeroing = false) {
  launch_tiles(agent, agent, memory, select_kernel<Agent, true>, select_kernel<Agent, false>,
               whole, tiles, stream, algorithm, after_own, after_zeroing);
}

/// One selection call: its agent, moved on past the head of unaligned data, and its tiles
/// (plan_select); then its launches (the head's kernel, the tiles') on the given look-back
/// memory. The caller sets the agent's counts (and head_count, with a head).
template <class Agent>
struct select_launch {
  using V = typename Agent::V;

  /// The most tiles of a call of n items, from n alone (given storage is sized before the
  /// iterators are known).
  static long long most_tiles(long long n) { return n / Agent::TILE + 1; }

  /// after_zeroing: the memory was zeroed by the kernel just before (given_storage.cuh); the
  /// head's kernel, which goes first, is launched plainly, after it.
  void operator()(const look_back_memory<V>& memory, cudaStream_t stream, const char* algorithm,
                  bool after_zeroing = false) {
    if (a.head > 0) {
      detail::launch_kernel(select_head_kernel<Agent>, 1, warp_threads, stream, false, algorithm,
                            a);
    }
    launch_selection(a, tiles, whole, memory, stream, algorithm, a.head > 0,
                     after_zeroing && a.head == 0);
  }

  Agent a;
  long long tiles;
  long long whole;  // tiles of the kernel of whole tiles
};

template <rejected_to REJECTED, bool IN_PLACE, bool UNORDERED = false, class In,
          class StencilIt, class OutSel, class OutRej, class Pred,
          class NumOut = detail::no_count_out>
auto plan_select(In first, long long n, StencilIt stencil, OutSel out_selected,
                 OutRej out_rejected, Pred pred, const char* algorithm,
                 NumOut num_selected_out = {}) {
  auto a = make_select_agent<REJECTED, IN_PLACE, UNORDERED>(first, n, stencil, out_selected,
                                                            out_rejected, pred, num_selected_out);
  a.skip_head();
  using agent = decltype(a);
  const long long tiles = (a.n + agent::TILE - 1) / agent::TILE;
  const long long whole = a.vectors() ? a.n / agent::TILE : 0;
  if (whole > 0 && agent::tuning::edges_sleep(agent::ITEM_BYTES, a.n)) {
    a.wave = detail::resident_blocks(select_kernel<agent, true>, agent::THREADS, algorithm);
  }
  return select_launch<agent>{a, tiles, whole};
}

/// The parts of a selection's given storage (given_storage.cuh), from n alone: its look-back
/// memory (zeroed: the most tiles of n items), its counts and the head's count.
template <class Agent>
struct select_parts {
  using memory_type = look_back_memory<typename Agent::V>;
  std::size_t states, counts, head;
  select_parts(detail::storage_layout& layout, long long n)
      : states(layout.zeroed(memory_type::bytes(select_launch<Agent>::most_tiles(n)))),
        counts(layout.plain(sizeof(select_counts))),
        head(layout.plain(sizeof(unsigned long long))) {}
};

/// The asynchronous core: the two-phase protocol (given_storage.cuh) for the selection of
/// [first, first + n), n >= 0, as device_select makes it, its count stored to *num_selected_out
/// (device memory) by its last tile. Its placing is never deferred (select_deferred.cuh: that
/// memory is the device's, kept between calls).
template <rejected_to REJECTED, bool IN_PLACE, class In, class StencilIt, class OutSel,
          class OutRej, class Pred, class NumOut>
void select_async(void* storage, std::size_t& bytes, In first, long long n, StencilIt stencil,
                  OutSel out_selected, OutRej out_rejected, Pred pred, NumOut num_selected_out,
                  cudaStream_t stream, const char* algorithm) {
  using agent = decltype(make_select_agent<REJECTED, IN_PLACE>(
      first, n, stencil, out_selected, out_rejected, pred, num_selected_out));
  detail::storage_layout layout;
  const select_parts<agent> parts(layout, n);
  const detail::given_storage memory(storage, bytes, layout, stream, algorithm, true);
  if (!memory.ready()) return;
  if (n == 0) {  // CUB's count of an empty range: 0
    if constexpr (!std::is_same_v<NumOut, detail::no_count_out>) {
      detail::publish_on(detail::stored_result<NumOut>{num_selected_out, {}}, 0ll, stream,
                         algorithm);
    }
    return;
  }
  detail::check_device_iterator(first, algorithm, "input");
  detail::check_device_iterator(stencil, algorithm, "stencil");
  detail::check_device_iterator(out_selected, algorithm, "output");
  auto launch = plan_select<REJECTED, IN_PLACE>(first, n, stencil, out_selected, out_rejected,
                                                pred, algorithm, num_selected_out);
  launch.a.counts = memory.at<select_counts>(parts.counts);
  launch.a.head_count = memory.at<unsigned long long>(parts.head);
  using memory_type = typename select_parts<agent>::memory_type;
  launch(memory_type::at(memory.at<char>(parts.states), launch.tiles), stream, algorithm,
         memory.zeroed());
}

/// Selects the items of [first, first + n) whose predicate (on the stencil's item, or on the
/// item itself when the stencil is items_as_stencil) holds into out_selected, the others as
/// REJECTED says into out_rejected (IN_PLACE: out_selected is `first`); returns the number
/// selected and where the rejected items in out_rejected begin (backward: store_backward;
/// otherwise the number selected). n > 0. Synchronous: the counts read back from a mapped
/// result slot, after the work is done. A one-output selection in order and not in place
/// places its items as `how` says (select_deferred.cuh) and tells the way taken to *taken.
/// UNORDERED: each output's items in any order (in order when tile_reservation does not fit n).
template <rejected_to REJECTED, bool IN_PLACE = false, bool UNORDERED = false, class In,
          class StencilIt, class OutSel, class OutRej, class Pred>
select_counts device_select(const cuda_policy& policy, In first, long long n,
                            StencilIt stencil, OutSel out_selected, OutRej out_rejected,
                            Pred pred, const char* algorithm, deferral how = deferral::choose,
                            deferral* taken = nullptr) {
  if constexpr (UNORDERED) {
    using agent = decltype(make_select_agent<REJECTED, IN_PLACE, true>(
        first, n, stencil, out_selected, out_rejected, pred));
    if (!tile_reservation::fits(n, select_launch<agent>::most_tiles(n))) {
      return device_select<REJECTED, IN_PLACE>(policy, first, n, stencil, out_selected,
                                               out_rejected, pred, algorithm, how, taken);
    }
  }
  auto launch = plan_select<REJECTED, IN_PLACE, UNORDERED>(first, n, stencil, out_selected,
                                                           out_rejected, pred, algorithm);
  auto& a = launch.a;
  using agent = std::remove_reference_t<decltype(a)>;
  const cudaStream_t stream = policy.stream();
  // To the host; with a head, a word of scratch for its count too.
  detail::call_slots<select_counts> counts(stream, algorithm, a.head > 0,
                                           sizeof(unsigned long long));
  a.counts = counts.result();
  if (a.head > 0) a.head_count = counts.template partials<unsigned long long>();
  deferral_storage<agent> deferring(a, how, launch.tiles, launch.whole, stream, algorithm);
  look_back_storage<typename agent::V> look_back(launch.tiles + deferring.on(), stream,
                                                 algorithm);
  launch(look_back.memory(), stream, algorithm);
  deferring.place(a, stream, algorithm);
  select_counts got = counts.get(algorithm);
  if (taken != nullptr) {
    *taken = deferring.deferred(look_back.memory().state, algorithm) ? deferral::always
                                                                     : deferral::never;
  }
  look_back.done();
  deferring.done();
  if constexpr (REJECTED != rejected_to::backward) got.aside_from = got.selected;
  return got;
}

}  // namespace predix::gpu

namespace predix::impl {

template <bool UNORDERED = false, class In, class Stencil, class Out, class Pred>
Out copy_if(const cuda_policy& policy, In first, In last, Stencil stencil, Out out, Pred pred,
            const char* algorithm) {
  if (first == last) return out;
  gpu::detail::check_device_iterator(first, algorithm, "input");
  gpu::detail::check_device_iterator(stencil, algorithm, "stencil");
  gpu::detail::check_device_iterator(out, algorithm, "output");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<In>::value_type>) {
    return gpu::detail::thrust_copy_if(policy, first, last, stencil, out, pred, algorithm);
  } else {
    const long long k = gpu::device_select<gpu::rejected_to::nowhere, false, UNORDERED>(
        policy, first, last - first, stencil, out, out, pred, algorithm).selected;
    return out + k;
  }
}

/// copy_if under predix::cuda.unordered(): the same items in any order.
template <class In, class Stencil, class Out, class Pred>
Out copy_if(const cuda_unordered_policy& policy, In first, In last, Stencil stencil, Out out,
            Pred pred, const char* algorithm) {
  return copy_if<true>(policy, first, last, stencil, out, pred, algorithm);
}

template <bool UNORDERED = false, class In, class Stencil, class OutTrue, class OutFalse,
          class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const cuda_policy& policy, In first, In last,
                                            Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred, const char* algorithm) {
  if (first == last) return {out_true, out_false};
  gpu::detail::check_device_iterator(first, algorithm, "input");
  gpu::detail::check_device_iterator(stencil, algorithm, "stencil");
  gpu::detail::check_device_iterator(out_true, algorithm, "output of selected items");
  gpu::detail::check_device_iterator(out_false, algorithm, "output of rejected items");
  if constexpr (!gpu::selects_natively_v<typename std::iterator_traits<In>::value_type>) {
    return gpu::detail::thrust_partition_copy(policy, first, last, stencil, out_true, out_false,
                                              pred, algorithm);
  } else {
    const long long n = last - first;
    const long long k = gpu::device_select<gpu::rejected_to::forward, false, UNORDERED>(
        policy, first, n, stencil, out_true, out_false, pred, algorithm).selected;
    return {out_true + k, out_false + (n - k)};
  }
}

/// partition_copy under predix::cuda.unordered(): each output's items in any order.
template <class In, class Stencil, class OutTrue, class OutFalse, class Pred>
std::pair<OutTrue, OutFalse> partition_copy(const cuda_unordered_policy& policy, In first,
                                            In last, Stencil stencil, OutTrue out_true,
                                            OutFalse out_false, Pred pred, const char* algorithm) {
  return partition_copy<true>(policy, first, last, stencil, out_true, out_false, pred,
                              algorithm);
}

}  // namespace predix::impl
