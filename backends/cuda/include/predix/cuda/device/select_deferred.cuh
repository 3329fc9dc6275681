#pragma once
// Deferred placing: a one-output selection that selects few items (select.cuh; tuning
// select::defers) without the look-back's wait. Where a tile writes little, its wait for the tiles
// before it is much of its time (docs/perf/selection_uint8.md "Deferred placing"). Tile 0 chooses
// by a sample of the predicate (deferred_tiles::choose) before it loads its own items, as the first
// wave of tiles waits for the choice before its look-backs; when the call defers, no tile waits in
// a look-back: each stores its count of selected items (and adds it to its group's total) and, when
// they fit its slot (tuning defer_slot_items), the items themselves in order to its slot (device
// memory kept between calls: deferral_block): straight from the lanes when the tile read the choice
// as it was ranked (stores that L2 keeps, staging::sparse, so that the slots wait there for
// place_kernel instead of going out to DRAM between the tiles' reads), else (the first tiles) from
// its staging. After the tiles, place_kernel gives each group of tiles the items selected before it
// (the earlier groups' totals), moves the slots' items to their places as one run, and selects the
// tiles whose slot was too small again, their places known:
//   counts  3 0 2 | 40 ...   slots  a b c | - | d e | (too many: selected again) ...
//   places  a b c d e, then tile 3's 40 items from item 5 on
// Items moved: n read, k written to the slots, k read back and written to their places (and
// the tiles selected again read twice). In place (remove_if) a tile selected again could read
// items already overwritten: those calls never defer.
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <optional>

#include <cuda/atomic>

#include <predix/cuda/block/block_reduce.cuh>
#include <predix/cuda/block/block_scan.cuh>
#include <predix/cuda/detail/call_slots.hpp>
#include <predix/cuda/detail/chained_launch.cuh>
#include <predix/cuda/detail/results.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/tile_state.cuh>
#include <predix/cuda/tuning/tuning.cuh>
#include <predix/detail/functional.hpp>

namespace predix::gpu {

/// How a one-output selection places its items: as a sample chooses, or never or (tests)
/// always deferred; `always` samples as `choose` does, with a threshold that every sample
/// meets, so both run the same kernel code.
enum class deferral { choose, never, always };

/// The items of a sample of tests' n items (n >= tuning select::sample_items) that pred
/// selects: sample_items items in sample_runs runs of consecutive items spread evenly (few
/// pages touched). Called by every thread of a block of THREADS; each gets the count.
template <int THREADS, class Tests, class Pred>
__device__ __forceinline__ int sampled_selected(const Tests& tests, long long n, Pred& pred) {
  using tuning = tuning::active::select;
  constexpr int PER_THREAD = tuning::sample_items / THREADS;
  constexpr long long RUN = tuning::sample_items / tuning::sample_runs;
  static_assert(PER_THREAD * THREADS == tuning::sample_items, "whole steps of the block");
  __shared__ typename block_reduce<int, THREADS>::TempStorage storage;
  const long long gap = n / tuning::sample_runs;  // from one run's start to the next's
  int mine = 0;
#pragma unroll
  for (int s = 0; s < PER_THREAD; ++s) {
    const long long i = threadIdx.x + static_cast<long long>(THREADS) * s;
    mine += predix::detail::test(pred, tests[i / RUN * gap + i % RUN]);
  }
  return block_reduce<int, THREADS>(storage).sum(mine);
}

/// A call's deferred tiles (device view): per tile its count of selected items and its slot
/// of SLOT items of T, and per group of GROUP tiles their total, added up by the tiles (zero
/// before a call: zeroed memory, and place_kernel's last block sets them back, counted by
/// `done`, which wraps to zero itself). Whether they defer is the status of tile state
/// `tiles` (one past the last; publish_status): INCLUSIVE when they do, PARTIAL when they look
/// back, published by tile 0.
template <class T>
struct deferred_tiles {
  unsigned* counts = nullptr;  // nullptr: the call never defers
  unsigned* group_counts = nullptr;
  unsigned* done = nullptr;
  T* slots = nullptr;
  long long tiles = 0;
  int sample_most = 0;  // the most selected items of the sample for which the call defers

  __host__ __device__ bool on() const { return counts != nullptr; }

  /// Tile 0, every thread of its block of THREADS (n >= tuning select::sample_items): chooses
  /// and publishes (INCLUSIVE: the call defers).
  template <int THREADS, class Tests, class Pred, class V>
  __device__ __forceinline__ void choose(const Tests& tests, long long n, Pred& pred,
                                         const tile_state<V>& state) const {
    const bool defers = sampled_selected<THREADS>(tests, n, pred) <= sample_most;
    if (threadIdx.x == 0) publish_status(state, tiles, defers ? tile_inclusive : tile_partial);
  }

  /// The choice's status now (INVALID until published).
  template <class V>
  __device__ __forceinline__ unsigned read(const tile_state<V>& state) const {
    return read_status(state, tiles);
  }
  /// Whether the tiles defer, waiting for the choice from a first read's status.
  template <class V>
  __device__ __forceinline__ bool wait(const tile_state<V>& state, unsigned status) const {
    while (status == tile_invalid) {
      __nanosleep(200);
      status = read(state);
    }
    return status == tile_inclusive;
  }

  /// A deferred tile's count, to its own word and its group's total (thread 0).
  template <int GROUP>
  __device__ __forceinline__ void count(long long tile, int selected) const {
    counts[tile] = static_cast<unsigned>(selected);
    atomicAdd(group_counts + tile / GROUP, static_cast<unsigned>(selected));
  }
};

/// The members a selection agent has only when it may defer (an empty base otherwise).
template <bool DEFERS, class T>
struct deferral_members {};
template <class T>
struct deferral_members<true, T> {
  deferred_tiles<T> deferred;  // on: the call may defer
};
/// The shared memory a selection tile has only when its call may defer. Two flags, not one:
/// a warp may still read defers_known (after striped_ones' barrier) when thread 0 has already
/// set defers, and must not see that later answer.
template <bool DEFERS>
struct deferral_flag {};
template <>
struct deferral_flag<true> {
  bool defers_known;  // the call defers, known as the tile was ranked (thread 0's first read)
  bool defers;        // the call defers (warp 0's read before its look-back)
};

/// place_kernel's shared memory: a tile's selection (Agent's; its staging also gathers the
/// slots), and per tile of the group its count, the items selected before it, and the items
/// in the slots of the group's tiles before it.
template <class Agent>
struct place_storage {
  using V = typename Agent::V;
  typename Agent::TempStorage tile;
  typename block_reduce<V, Agent::THREADS>::TempStorage reduce;
  typename block_scan<V, Agent::THREADS>::TempStorage scan;
  V at[Agent::GROUP];
  unsigned count[Agent::GROUP];
  unsigned gathered[Agent::GROUP];
  bool last;  // the block is the last to have read the group totals
};

/// After a call's tiles (their dependent), block b places group b of the deferred tiles
/// (Agent::GROUP tiles, whose slots together hold at most a tile) when the call deferred: the
/// items selected before it (the head's and the earlier groups' totals); the slots gathered
/// in shared memory, 16 bytes a load (the first half of each slot loaded with the counts, the
/// rest where a slot holds more), and stored as one run (store_run: 16-byte stores), or slot
/// by slot where a tile of the group did not fit its slot; those tiles selected again
/// (Agent::run, PLACED). The last block stores the call's count. When the call looked back,
/// each block only waits for the tiles' end.
template <class Agent>
__global__ void __launch_bounds__(Agent::THREADS) place_kernel(Agent agent) {
  using V = typename Agent::V;
  using T = typename Agent::T;
  constexpr int THREADS = Agent::THREADS;
  constexpr int SLOT = Agent::SLOT;
  constexpr int GROUP = Agent::GROUP;
  constexpr int PER_LOAD = 16 / static_cast<int>(sizeof(T));
  constexpr int LOADS = SLOT / PER_LOAD;  // per slot
  constexpr int EARLY = LOADS / 2;        // per slot, loaded before its count is known
  constexpr int STEPS = GROUP * EARLY / THREADS;  // per thread, in each half of the slots
  static_assert(16 % sizeof(T) == 0 && SLOT % PER_LOAD == 0, "slots of whole 16-byte vectors");
  static_assert(STEPS * THREADS == GROUP * EARLY && GROUP <= THREADS, "whole steps of a block");
  __shared__ place_storage<Agent> storage;
  detail::let_next_start();
  const auto& deferred = agent.deferred;
  const bool defers = deferred.wait(agent.prefix.state, deferred.read(agent.prefix.state));
  detail::wait_for_earlier();  // the tiles' counts and slots; a kernel after ends after them
  if (!defers) return;
  const long long first = blockIdx.x * static_cast<long long>(GROUP);
  const int count = static_cast<int>(deferred.tiles - first < GROUP ? deferred.tiles - first
                                                                     : GROUP);
  // Vector q of a slot: its items [q · PER_LOAD, (q + 1) · PER_LOAD); step s of a thread: the
  // slot's first half (early), then its second (late, when the slot holds that many).
  auto vector_of = [&](int s, bool late, int& t, int& from) {
    const int v = static_cast<int>(threadIdx.x) + s * THREADS;
    t = v / EARLY;
    from = (v % EARLY + (late ? EARLY : 0)) * PER_LOAD;
  };
  auto load = [&](int t, int from) {  // read once: as streaming (the tiles kept it in L2)
    return __ldcs(reinterpret_cast<const uint4*>(deferred.slots + (first + t) * SLOT + from));
  };
  uint4 early[STEPS], late[STEPS] = {};
#pragma unroll
  for (int s = 0; s < STEPS; ++s) {  // with the counts, before they are known
    int t, from;
    vector_of(s, false, t, from);
    early[s] = t < count ? load(t, from) : uint4{};
  }
  const unsigned own = threadIdx.x < count ? deferred.counts[first + threadIdx.x] : 0u;
  V mine = 0;
  for (int g = threadIdx.x; g < static_cast<int>(blockIdx.x); g += THREADS) {
    mine += deferred.group_counts[g];
  }
  V before = block_reduce<V, THREADS>(storage.reduce).sum(mine);
  if (agent.head > 0) before += *agent.head_count;
  if (threadIdx.x == 0) {  // the totals read (block_reduce's barrier): counted done
    storage.last = atomicInc(deferred.done, gridDim.x - 1) == gridDim.x - 1;
  }
  // One scan of both sums: every item of the group before the tile (high half), and those in
  // slots (low half; a group's items fit 32 bits: GROUP · TILE).
  static_assert(static_cast<long long>(GROUP) * Agent::TILE < (1LL << 32), "32-bit halves");
  const scan_result<V> up = block_scan<V, THREADS>(storage.scan).exclusive_sum(
      V(own) << 32 | V(own <= SLOT ? own : 0u));
  if (threadIdx.x < count) {
    storage.at[threadIdx.x] = before + (up.value >> 32);
    storage.count[threadIdx.x] = own;
    storage.gathered[threadIdx.x] = static_cast<unsigned>(up.value);
  }
  if (blockIdx.x + 1 == gridDim.x && threadIdx.x == 0) {
    agent.counts->selected = static_cast<long long>(before + (up.aggregate >> 32));
    detail::store_count(agent.num_selected_out, agent.counts->selected);
  }
  __syncthreads();
  if (storage.last) {  // every block has read the totals: zero for the next call
    for (int g = threadIdx.x; g < static_cast<int>(gridDim.x); g += THREADS) {
      deferred.group_counts[g] = 0;
    }
  }
  T* const buffer = reinterpret_cast<T*>(storage.tile.staged);  // TILE items and 16 bytes
  auto in_slot = [&](int t, int from) {  // vector `from` of slot t holds items
    return t < count && storage.count[t] <= SLOT && from < static_cast<int>(storage.count[t]);
  };
#pragma unroll
  for (int s = 0; s < STEPS; ++s) {
    int t, from;
    vector_of(s, true, t, from);
    if (in_slot(t, from)) late[s] = load(t, from);
  }
  auto gather = [&](const uint4& raw, int t, int from) {
    if (!in_slot(t, from)) return;
    T items[PER_LOAD];
    std::memcpy(items, &raw, sizeof raw);
    T* const to = buffer + storage.gathered[t] + from;
#pragma unroll
    for (int k = 0; k < PER_LOAD; ++k) {
      if (from + k < static_cast<int>(storage.count[t])) to[k] = items[k];
    }
  };
#pragma unroll
  for (int s = 0; s < STEPS; ++s) {
    int t, from;
    vector_of(s, false, t, from);
    gather(early[s], t, from);
    vector_of(s, true, t, from);
    gather(late[s], t, from);
  }
  const bool slotted_all =
      __syncthreads_and(threadIdx.x >= count || storage.count[threadIdx.x] <= SLOT) != 0;
  if (slotted_all) {  // one run: the group's items are consecutive in the output
    detail::store_run<THREADS>(agent.selected, static_cast<long long>(storage.at[0]), buffer,
                               static_cast<int>(static_cast<unsigned>(up.aggregate)));
    return;
  }
  for (int t = 0; t < count; ++t) {
    if (storage.count[t] > SLOT) continue;
    detail::store_run<THREADS>(agent.selected, static_cast<long long>(storage.at[t]),
                               buffer + storage.gathered[t], static_cast<int>(storage.count[t]));
  }
  for (int t = 0; t < count; ++t) {
    if (storage.count[t] <= SLOT) continue;
    __syncthreads();  // the tile's shared memory, used before
    agent.template run<false, true>(storage.tile, nullptr, deferred.tiles, first + t,
                                    storage.at[t]);
  }
}

namespace detail {

/// Device memory for the deferred tiles of one call at a time, kept per device and grown to
/// the largest call's need (its counts and slots: about 1/32 of its items' bytes), so that a
/// call allocates nothing on its stream. A call that finds it in use takes temporary storage
/// instead; a call that fails abandons it (its kernels may still use it). Zeroed when made
/// (place_kernel reads whole vectors of slots that hold fewer items: never uninitialized); a
/// call's first `zero` bytes (its counter and group totals) must be zero, as the call before
/// left them up to its own (place_kernel sets them back) and a memset on the stream beyond.
class deferral_block {
 public:
  static deferral_block& of(int device) {
    return per_device<deferral_block>(device, [] { return std::make_unique<deferral_block>(); });
  }
  deferral_block() = default;
  deferral_block(const deferral_block&) = delete;
  deferral_block& operator=(const deferral_block&) = delete;
  ~deferral_block() {
    if (at_ != nullptr) (void)cudaFree(at_);
  }

  /// At least `bytes` of it whose first `zero` are zero (on `stream`), or nullptr (in use, or
  /// it could not grow).
  void* take(std::size_t bytes, std::size_t zero, cudaStream_t stream, const char* algorithm) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (taken_) return nullptr;
    if (bytes_ < bytes) {
      if (at_ != nullptr) (void)cudaFree(at_);
      at_ = nullptr;
      bytes_ = 0;
      if (cudaMalloc(&at_, bytes) != cudaSuccess || cudaMemset(at_, 0, bytes) != cudaSuccess) {
        (void)cudaGetLastError();
        if (at_ != nullptr) (void)cudaFree(at_);
        at_ = nullptr;
        return nullptr;
      }
      bytes_ = bytes;
      zeroed_ = bytes;
    }
    if (zeroed_ < zero) check(cudaMemsetAsync(at_, 0, zero, stream), algorithm, "cudaMemsetAsync");
    zeroed_ = zero;  // beyond, the call may write
    taken_ = true;
    return at_;
  }
  /// After the call that took it: back in use (done), or abandoned.
  void give_back(bool done) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!done) {
      at_ = nullptr;
      bytes_ = 0;
      zeroed_ = 0;
    }
    taken_ = false;
  }

 private:
  std::mutex mutex_;
  void* at_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t zeroed_ = 0;  // the first bytes known zero
  bool taken_ = false;
};

}  // namespace detail

/// The memory of a call that may defer (Agent::DEFERS; not in place; `how` not never; a
/// kernel of whole tiles and at least a sample of items; at least tuning
/// select::defer_from_bytes of items and no stencil, or `how` always;
/// the memory to be had: the device's deferral_block, or temporary storage): the tiles'
/// counts, group totals and slots, set in the agent's `deferred`. Such a call has one tile
/// state more (the choice) and place_kernel after its tiles.
template <class Agent>
class deferral_storage {
  using tuning = tuning::active::select;

 public:
  deferral_storage(Agent& agent, deferral how, long long tiles, long long whole,
                   cudaStream_t stream, const char* algorithm) {
    if constexpr (Agent::DEFERS) {
      const bool pays = agent.n * Agent::ITEM_BYTES >= tuning::defer_from_bytes &&
                        agent.n >= tuning::sample_items && !Agent::USES_STENCIL;
      if (how == deferral::never || whole == 0 || agent.n < tuning::sample_items ||
          (how == deferral::choose && !pays)) {
        return;
      }
      using T = typename Agent::T;
      std::size_t bytes = 0;  // first what must be zero: the counter and the group totals
      const std::size_t done_at = detail::temporary_storage::carve(bytes, sizeof(unsigned));
      const std::size_t groups_at =
          detail::temporary_storage::carve(bytes, sizeof(unsigned) * groups(tiles));
      const std::size_t zero = bytes;
      const std::size_t counts_at =
          detail::temporary_storage::carve(bytes, sizeof(unsigned) * tiles);
      const std::size_t slots_at = detail::temporary_storage::carve(
          bytes, sizeof(T) * static_cast<std::size_t>(Agent::SLOT) * tiles);
      block_ = &detail::deferral_block::of(detail::current_device(algorithm));
      char* at = static_cast<char*>(block_->take(bytes, zero, stream, algorithm));
      if (at == nullptr) {
        block_ = nullptr;
        try {  // without the memory the call looks back, as any other
          temporary_.emplace(bytes, stream, algorithm);
        } catch (const std::bad_alloc&) {
          return;
        }
        at = temporary_->template at<char>(0);
        detail::check(cudaMemsetAsync(at, 0, bytes, stream), algorithm, "cudaMemsetAsync");
      }
      tiles_ = tiles;
      agent.deferred = {reinterpret_cast<unsigned*>(at + counts_at),
                        reinterpret_cast<unsigned*>(at + groups_at),
                        reinterpret_cast<unsigned*>(at + done_at),
                        reinterpret_cast<T*>(at + slots_at), tiles,
                        how == deferral::always ? tuning::sample_items
                                                : tuning::defer_sample_most};
      on_ = true;
    }
  }
  deferral_storage(const deferral_storage&) = delete;
  deferral_storage& operator=(const deferral_storage&) = delete;
  ~deferral_storage() {
    if (block_ != nullptr) block_->give_back(done_);
  }

  /// Whether the call may defer.
  bool on() const { return on_; }
  /// Whether it did, read on the host once its work is done (tests), from the choice's state.
  template <class V>
  bool deferred(const tile_state<V>& state, const char* algorithm) const {
    return on_ && read_status_on_host(state, tiles_, algorithm) == tile_inclusive;
  }
  /// The groups of `tiles` tiles (place_kernel's blocks).
  static long long groups(long long tiles) { return (tiles + Agent::GROUP - 1) / Agent::GROUP; }
  /// The call's kernels are done (its memory may go to the next call).
  void done() { done_ = true; }

  /// place_kernel after the tiles, as their dependent, when on: a block per group.
  void place(const Agent& agent, cudaStream_t stream, const char* algorithm) const {
    if constexpr (Agent::DEFERS) {
      if (!on()) return;
      detail::launch_kernel(place_kernel<Agent>,
                            static_cast<unsigned>(groups(agent.deferred.tiles)), Agent::THREADS,
                            stream, true, algorithm, agent);
    }
  }

 private:
  detail::deferral_block* block_ = nullptr;
  std::optional<detail::temporary_storage> temporary_;
  long long tiles_ = 0;
  bool on_ = false;
  bool done_ = false;
};

}  // namespace predix::gpu
