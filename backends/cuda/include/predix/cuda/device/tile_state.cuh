#pragma once
// Decoupled look-back (Merrill & Garland, 2016), the single-pass prefix of every tile.
// Each tile publishes its status and value once it knows them:
//   INVALID   nothing yet (the storage starts zeroed)
//   PARTIAL   the reduction of the tile's own items
//   INCLUSIVE the reduction of every item up to the end of the tile
// and finds its exclusive prefix by reading its predecessors 32 at a time, one per lane of a
// warp: it waits until none of them is INVALID (__any_sync), takes the nearest INCLUSIVE
// (the highest lane of __ballot_sync), and joins it with the PARTIALs after it, in order:
//   tiles  ...  5          6        7        8      (tile 9 looks back)
//   status ...  INCLUSIVE  PARTIAL  PARTIAL  PARTIAL
//   prefix of tile 9 = inclusive(5) · partial(6) · partial(7) · partial(8)
// If all 32 are PARTIAL, their reduction is kept and the window moves 32 tiles back (a read
// may take several such windows at once: tuning look_back::windows). op need not commute.
// Tile 0 publishes INCLUSIVE at once, so the search always ends.
// In a large grid the warp sleeps before its first read (its predecessors are still
// loading) and between reads of a window that is not ready (tuning: look_back): hundreds
// of warps reading the same few lines without pause queue at one L2 slice and slow down the
// very publications they wait for.
//
// A status is stored tagged with the call's epoch (epoch · 4 + status, epoch >= 1): a word of
// another epoch reads as INVALID, so the states that an earlier call left in a look-back slot
// (call_slots.hpp) need no zeroing, and zeroed memory is epoch 0.
//
// Storage (tile_state<V>):
//   sizeof(V) <= 4: one 64-bit word per tile, the tagged status in the high half and V's bytes
//     in the low half, written and read whole with relaxed device-scope atomics — a reader
//     never sees a status without its value;
//   sizeof(V) == 8: one 16-byte word per tile, {status, value}, written and read with one
//     relaxed device-scope 16-byte access each (st/ld.relaxed.gpu.v2.u64, as CUB's tile
//     descriptors): one L2 round trip per read, where separate arrays need two dependent ones;
//   larger V: a status word per tile and two value arrays (partial, inclusive), each slot
//     written once before its status is stored with release semantics; readers load the
//     status with acquire semantics before the value.
#include <cstddef>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include <cuda/atomic>

#include <predix/cuda/detail/call_slots.hpp>
#include <predix/cuda/detail/chained_launch.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/detail/shuffle.cuh>
#include <predix/cuda/tuning/tuning.cuh>

namespace predix::gpu {

enum tile_status : unsigned { tile_invalid = 0, tile_partial = 1, tile_inclusive = 2 };

/// How a tile's status and value are stored: 0 one 64-bit word, 1 one 16-byte word, 2 apart.
template <class V>
inline constexpr int tile_word_v = sizeof(V) <= 4 ? 0 : sizeof(V) == 8 ? 1 : 2;

/// A status as stored in the call of `epoch`, and what a stored tag reads as in that call.
__device__ __forceinline__ unsigned tile_tag(unsigned epoch, tile_status s) {
  return epoch << 2 | s;
}
__host__ __device__ __forceinline__ unsigned tile_status_of(unsigned tag, unsigned epoch) {
  return tag >> 2 == epoch ? tag & 3u : unsigned(tile_invalid);
}

template <class V, int WORD = tile_word_v<V>>
struct tile_state;

template <class V>
struct tile_state<V, 0> {
  unsigned long long* words;
  unsigned epoch;

  /// Bytes for `tiles` tiles; the first zeroed_bytes must hold no tag of `epoch` when the
  /// kernel runs (zeroed, or left by calls of other epochs).
  static std::size_t bytes(long long tiles) { return sizeof(unsigned long long) * tiles; }
  static std::size_t zeroed_bytes(long long tiles) { return bytes(tiles); }
  static tile_state on(void* storage, long long, unsigned epoch) {
    return {static_cast<unsigned long long*>(storage), epoch};
  }

  __device__ __forceinline__ void publish(long long tile, tile_status s, const V& value) const {
    unsigned bits = 0;
    std::memcpy(&bits, &value, sizeof(V));
    ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device> word(words[tile]);
    word.store((static_cast<unsigned long long>(tile_tag(epoch, s)) << 32) | bits,
               ::cuda::memory_order_relaxed);
  }

  /// The tile's status; value is set unless it is tile_invalid.
  __device__ __forceinline__ unsigned read(long long tile, V& value) const {
    ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device> word(words[tile]);
    const unsigned long long w = word.load(::cuda::memory_order_relaxed);
    const unsigned bits = static_cast<unsigned>(w);
    std::memcpy(&value, &bits, sizeof(V));
    return tile_status_of(static_cast<unsigned>(w >> 32), epoch);
  }
  /// Where the tile's tagged status lies: the word's high half.
  __host__ __device__ __forceinline__ unsigned* tag_of(long long tile) const {
    return reinterpret_cast<unsigned*>(words + tile) + 1;
  }
};

template <class V>
struct tile_state<V, 1> {
  ulonglong2* words;
  unsigned epoch;

  static std::size_t bytes(long long tiles) { return sizeof(ulonglong2) * tiles; }
  static std::size_t zeroed_bytes(long long tiles) { return bytes(tiles); }
  static tile_state on(void* storage, long long, unsigned epoch) {
    return {static_cast<ulonglong2*>(storage), epoch};
  }

  __device__ __forceinline__ void publish(long long tile, tile_status s, const V& value) const {
    unsigned long long bits;
    std::memcpy(&bits, &value, sizeof(V));
    const unsigned long long status = tile_tag(epoch, s);
    asm volatile("st.relaxed.gpu.v2.u64 [%0], {%1, %2};" ::"l"(words + tile), "l"(status),
                 "l"(bits)
                 : "memory");
  }

  __device__ __forceinline__ unsigned read(long long tile, V& value) const {
    unsigned long long status, bits;
    asm volatile("ld.relaxed.gpu.v2.u64 {%0, %1}, [%2];"
                 : "=l"(status), "=l"(bits)
                 : "l"(words + tile)
                 : "memory");
    std::memcpy(&value, &bits, sizeof(V));
    return tile_status_of(static_cast<unsigned>(status), epoch);
  }
  /// Where the tile's tagged status lies: the low half of its status word.
  __host__ __device__ __forceinline__ unsigned* tag_of(long long tile) const {
    return reinterpret_cast<unsigned*>(words + tile);
  }
};

template <class V>
struct tile_state<V, 2> {
  unsigned* status;
  V* partial;
  V* inclusive;
  unsigned epoch;

  static std::size_t status_bytes(long long tiles) {  // rounded up so the values are aligned
    constexpr std::size_t align = alignof(V) > 16 ? alignof(V) : 16;
    return (sizeof(unsigned) * tiles + align - 1) / align * align;
  }
  static std::size_t bytes(long long tiles) { return status_bytes(tiles) + 2 * sizeof(V) * tiles; }
  static std::size_t zeroed_bytes(long long tiles) { return status_bytes(tiles); }
  static tile_state on(void* storage, long long tiles, unsigned epoch) {
    char* base = static_cast<char*>(storage);
    V* values = reinterpret_cast<V*>(base + status_bytes(tiles));
    return {reinterpret_cast<unsigned*>(base), values, values + tiles, epoch};
  }

  __device__ __forceinline__ void publish(long long tile, tile_status s, const V& value) const {
    (s == tile_partial ? partial : inclusive)[tile] = value;
    ::cuda::atomic_ref<unsigned, ::cuda::thread_scope_device> word(status[tile]);
    word.store(tile_tag(epoch, s), ::cuda::memory_order_release);
  }

  __device__ __forceinline__ unsigned read(long long tile, V& value) const {
    ::cuda::atomic_ref<unsigned, ::cuda::thread_scope_device> word(status[tile]);
    const unsigned s = tile_status_of(word.load(::cuda::memory_order_acquire), epoch);
    if (s == tile_partial) value = partial[tile];
    if (s == tile_inclusive) value = inclusive[tile];
    return s;
  }
  /// Where the tile's tagged status lies: its own word.
  __host__ __device__ __forceinline__ unsigned* tag_of(long long tile) const {
    return status + tile;
  }
};

/// A status without a value, stored and read as its tagged word alone (relaxed),
/// 4-byte accesses never mixed with the tile's own publish and read: a flag in a state that no
/// look-back reads (select_deferred.cuh: the choice one past the last tile).
template <class V>
__device__ __forceinline__ void publish_status(const tile_state<V>& state, long long tile,
                                               tile_status s) {
  ::cuda::atomic_ref<unsigned, ::cuda::thread_scope_device> tag(*state.tag_of(tile));
  tag.store(tile_tag(state.epoch, s), ::cuda::memory_order_relaxed);
}
template <class V>
__device__ __forceinline__ unsigned read_status(const tile_state<V>& state, long long tile) {
  ::cuda::atomic_ref<unsigned, ::cuda::thread_scope_device> tag(*state.tag_of(tile));
  return tile_status_of(tag.load(::cuda::memory_order_relaxed), state.epoch);
}
/// The same, read by the host once the call's work is done (tests: the way a call took).
template <class V>
unsigned read_status_on_host(const tile_state<V>& state, long long tile, const char* algorithm) {
  unsigned tag = 0;
  detail::check(cudaMemcpy(&tag, state.tag_of(tile), sizeof tag, cudaMemcpyDeviceToHost),
                algorithm, "cudaMemcpy");
  return tile_status_of(tag, state.epoch);
}

/// The prefix callback of a tile: called by the 32 lanes of one warp, for tile > 0, with the
/// tile's aggregate. Publishes PARTIAL(aggregate) unless it is the last tile, looks back,
/// publishes INCLUSIVE(prefix · aggregate) and returns the exclusive prefix in every lane.
/// delays: the look-back's sleeps, a launch's numbers for its device (tuning/devices.cuh; the
/// selections give their first sleep per tile).
/// IN_PLACE: the call's output is its input, and a tile stores over items of earlier tiles
/// (select_in_place.cuh). A tile's first publication is then a release (a fence, then the
/// relaxed store) and its look-back ends with a fence that both acquires what it read and
/// releases its INCLUSIVE publication: the loads a tile's threads make before the barrier that
/// precedes its first publication come before the stores of every tile that has seen it (or a
/// later tile's INCLUSIVE), made after the barrier that follows their look-back. Relaxed, a
/// publication may overtake the tile's loads of items it does not depend on (a stencil's
/// items), and a later tile overwrites them before they are read (docs/in_place.md).
template <class V, class Op, bool IN_PLACE = false>
struct tile_prefix {
  tile_state<V> state;
  Op op;
  tuning::look_back_delays delays{};

  /// Stores the tile's first status and value: PARTIAL, or tile 0's INCLUSIVE (a release when
  /// IN_PLACE). An INCLUSIVE after a look-back is stored by state.publish: the look-back's last
  /// fence makes it a release.
  __device__ __forceinline__ void publish(long long tile, tile_status s, const V& value) const {
    if constexpr (IN_PLACE) {
      ::cuda::atomic_thread_fence(::cuda::memory_order_release, ::cuda::thread_scope_device);
    }
    state.publish(tile, s, value);
  }

  __device__ __forceinline__ V operator()(long long tile, const V& aggregate, bool publish,
                                         unsigned first_ns) {
    const bool leader = lane_id() == 0;
    if (publish && leader) this->publish(tile, tile_partial, aggregate);
    const V prefix = exclusive_prefix(tile, first_ns);
    if (publish && leader) state.publish(tile, tile_inclusive, op(prefix, aggregate));
    return prefix;
  }

  /// Block-wide, tile > 0: warp 0 looks back (publishing when asked) and stores the exclusive
  /// prefix to `slot` (shared memory), while the other warps go on: every thread may read it
  /// after the block's next barrier.
  __device__ __forceinline__ void look_back_into(V& slot, long long tile, const V& aggregate,
                                                 bool publish, unsigned first_ns) {
    if (threadIdx.x < warp_threads) {
      const V p = (*this)(tile, aggregate, publish, first_ns);
      if (threadIdx.x == 0) slot = p;
    }
  }

  /// look_back_into in two halves, for a block with work between them that needs no prefix
  /// (the selection's staging), so that warp 0 does its part of that work during the first
  /// sleep. begin, block-wide: thread 0 publishes PARTIAL(aggregate) when asked.
  __device__ __forceinline__ void begin(long long tile, const V& aggregate, bool publish) {
    if (publish && threadIdx.x == 0) this->publish(tile, tile_partial, aggregate);
  }

  /// The second half, block-wide: warp 0 looks back, its first sleep shortened by the time
  /// since `begun` (a clock64() taken after begin; SM clocks counted at 2 per ns, the fastest
  /// clock, so the sleep is never shorter than it should be), publishes INCLUSIVE when asked
  /// and stores the exclusive prefix to `slot`.
  __device__ __forceinline__ void finish_into(V& slot, long long tile, const V& aggregate,
                                              bool publish, unsigned first_ns, long long begun) {
    if (threadIdx.x < warp_threads) {
      const long long spent_ns = (clock64() - begun) / 2;
      const V p = exclusive_prefix(
          tile, spent_ns < first_ns ? first_ns - static_cast<unsigned>(spent_ns) : 0u);
      if (threadIdx.x == 0) {
        slot = p;
        if (publish) state.publish(tile, tile_inclusive, op(p, aggregate));
      }
    }
  }

  /// look_back_into with the delays' first sleep, then the barrier: every thread gets the
  /// exclusive prefix.
  __device__ __forceinline__ V for_block(V& slot, long long tile, const V& aggregate,
                                         bool publish) {
    look_back_into(slot, tile, aggregate, publish, delays.first_ns);
    __syncthreads();
    return slot;
  }

  /// Reduction of every tile before `tile` (> 0), in order. A read takes WINDOWS windows of
  /// 32 tiles at once (window 0 the nearest), and waits while a window up to the first that
  /// holds an INCLUSIVE tile has an INVALID one.
  __device__ __forceinline__ V exclusive_prefix(long long tile, unsigned first_ns) {
    constexpr int WINDOWS = tuning::active::look_back::windows;
    const bool sleep = gridDim.x >= delays.min_tiles;
    if (sleep && first_ns > 0) __nanosleep(first_ns);
    const int lane = static_cast<int>(lane_id());
    V running;  // the windows already passed (later tiles); set once `have`
    bool have = false;
    for (long long end = tile;; end -= WINDOWS * warp_threads) {
      V value[WINDOWS];
      unsigned inclusive[WINDOWS];  // per window: its lanes that read an INCLUSIVE tile
      for (;;) {  // before tile 0 there is nothing to read: those lanes are never joined below
        bool wait = false;  // an INVALID tile in a window that is needed
        bool found = false;  // an INCLUSIVE tile in a nearer window: the later are not needed
#pragma unroll
        for (int w = 0; w < WINDOWS; ++w) {
          const long long t = end - (w + 1) * warp_threads + lane;  // lane 31: the nearest
          const unsigned status = t >= 0 ? state.read(t, value[w]) : unsigned(tile_partial);
          inclusive[w] = __ballot_sync(full_warp_mask, status == tile_inclusive);
          if (!found) wait = wait || __any_sync(full_warp_mask, status == tile_invalid);
          found = found || inclusive[w] != 0;
        }
        if (!wait) break;
        if (sleep && delays.poll_ns > 0) __nanosleep(delays.poll_ns);
      }
#pragma unroll
      for (int w = 0; w < WINDOWS; ++w) {
        const int lo = inclusive[w] != 0 ? warp_threads - 1 - __clz(inclusive[w]) : 0;
        const V window =
            detail::shfl(detail::suffix_reduce_lanes(value[w], lo, warp_threads, op), lo);
        running = have ? op(window, running) : window;
        have = true;
        if (inclusive[w] != 0) {
          if constexpr (IN_PLACE) {  // the states read before the tile's stores and INCLUSIVE
            ::cuda::atomic_thread_fence(::cuda::memory_order_acq_rel, ::cuda::thread_scope_device);
          }
          return running;
        }
      }
    }
  }
};

/// The tile a block works on: from the block's index, the kernel of whole tiles covering tiles
/// [0, grid) and the general kernel the last `grid` tiles. Blocks start in index order (the
/// hardware's dispatch, which CUB's single-pass kernels rely on too), so every tile a look-back
/// waits for belongs to a block that is already running or done, and no atomic delays the
/// tile's loads (numbers from an atomic counter ran 3–12% slower: docs/perf/look_back.md "The
/// tile from the block index"). The barrier keeps ptxas from scheduling the tile's loads and
/// staging across the block's start (without it, the uint8 selection spilled 544 bytes).
/// Without a counter (a one-tile launch, which has no look-back memory): blockIdx.x.
template <bool WHOLE>
__device__ __forceinline__ long long take_tile(unsigned long long* counter, long long tiles) {
  if (counter == nullptr) return blockIdx.x;
  __syncthreads();
  return (WHOLE ? 0 : tiles - gridDim.x) + blockIdx.x;
}

/// The tile that lies prefetch_bytes_per_sm (tuning look_back) per SM after `tile`, in tiles
/// that move TILE_BYTES (read and written).
template <long long TILE_BYTES>
__device__ __forceinline__ long long tile_ahead(long long tile) {
  unsigned sms;
  asm("mov.u32 %0, %%nsmid;" : "=r"(sms));
  constexpr long long per_sm = tuning::active::look_back::prefetch_bytes_per_sm;
  return tile + per_sm * sms / TILE_BYTES;
}

/// Called by every thread of a block of whole tiles after take_tile: the block's last thread
/// calls prefetch(ahead) for the tile tile_ahead(tile) when there is one, to ask L2 for its
/// items (sources.cuh: prefetch_l2). A block starts on that tile a while later and finds them
/// there, come while the blocks before it waited in their look-backs. Not warp 0: a prefetch
/// issued there delays the look-back (H100: copy_if uint8 at 2^28 lost 3% against none).
template <int THREADS, long long TILE_BYTES, class Prefetch>
__device__ __forceinline__ void prefetch_ahead(long long tile, long long tiles,
                                               Prefetch&& prefetch) {
  const long long ahead = tile_ahead<TILE_BYTES>(tile);
  if (threadIdx.x == THREADS - 1 && ahead != tile && ahead < tiles) prefetch(ahead);
}

/// Where a call's look-back lives: the tile counter (zero when the kernels start; nullptr for a
/// single tile) and the tile states.
template <class V>
struct look_back_memory {
  unsigned long long* counter = nullptr;
  tile_state<V> state{};

  /// Bytes of the memory of up to `tiles` tiles in storage the caller gives (given_storage.cuh),
  /// all of it zeroed before the call: the counter, then the states (epoch 1).
  static std::size_t bytes(long long tiles) {
    return detail::look_back_slot::counter_bytes + tile_state<V>::bytes(tiles);
  }
  /// The memory of `tiles` tiles at `at` (bytes(tiles) or more, zeroed).
  static look_back_memory at(char* at, long long tiles) {
    if (tiles <= 1) return {};
    return {reinterpret_cast<unsigned long long*>(at),
            tile_state<V>::on(at + detail::look_back_slot::counter_bytes, tiles, 1)};
  }
};

/// The look-back memory of one call of more than one tile: the tile counter (zero) and the
/// tile states. A call whose states fit a look-back slot (call_slots.hpp) takes one, with the
/// slot's next epoch: no allocation and no memset on the stream (a slot whose epochs are used
/// up is zeroed first). Others take temporary storage, zeroed on the stream, as epoch 1. The
/// slot goes back to its pool at destruction if the caller has waited for the call's kernels
/// (done()); otherwise (a failed call) it stays out of use, as its counter may not be zero.
template <class V>
class look_back_storage {
  static constexpr int layout = tile_word_v<V>;  // 2: separate arrays, never in a slot
  using state_type = tile_state<V>;

 public:
  look_back_storage(long long tiles, cudaStream_t stream, const char* algorithm) {
    if (tiles <= 1) return;
    if constexpr (layout != 2) {
      if (take_slot<false>(tiles, algorithm) || take_slot<true>(tiles, algorithm)) {
        using slot = detail::look_back_slot;
        if (slot_.epoch + 1 == slot::epoch_limit) {  // every epoch used: zeroed, epoch 0 again
          detail::check(cudaMemsetAsync(slot_.at + slot::counter_bytes, 0,
                                        slot_bytes_ - slot::counter_bytes, stream),
                        algorithm, "cudaMemsetAsync");
          slot_.epoch = 0;
        }
        slot_.epoch += 1;
        counter_ = reinterpret_cast<unsigned long long*>(slot_.at);
        state_ = state_type::on(slot_.at + slot::counter_bytes, tiles, slot_.epoch);
        return;
      }
    }
    std::size_t bytes = 0;
    const std::size_t counter_at = storage::carve(bytes, sizeof(unsigned long long));
    const std::size_t state_at = storage::carve(bytes, state_type::bytes(tiles));
    temp_.emplace(bytes, stream, algorithm);
    state_ = state_type::on(temp_->at<char>(state_at), tiles, 1);
    counter_ = temp_->at<unsigned long long>(counter_at);
    detail::check(cudaMemsetAsync(counter_, 0,
                                  state_at + state_type::zeroed_bytes(tiles) - counter_at, stream),
                  algorithm, "cudaMemsetAsync");
  }
  look_back_storage(const look_back_storage&) = delete;
  look_back_storage& operator=(const look_back_storage&) = delete;
  ~look_back_storage() {
    if (slot_.at != nullptr && done_) pool_->give_back(slot_);
  }

  /// The tile counter (nullptr for a single tile) and the states.
  look_back_memory<V> memory() const { return {counter_, state_}; }
  /// The caller has waited for the call's kernels.
  void done() { done_ = true; }

 private:
  /// Takes a free slot of the size LARGE says if the states fit one.
  template <bool LARGE>
  bool take_slot(long long tiles, const char* algorithm) {
    using slots = detail::look_back_slots<layout, LARGE>;
    if (slots::slot::counter_bytes + state_type::bytes(tiles) > slots::bytes) return false;
    pool_ = &slots::pool(detail::current_device(algorithm));
    slot_ = pool_->take();
    slot_bytes_ = slots::bytes;
    return slot_.at != nullptr;
  }

  using storage = detail::temporary_storage;
  detail::slot_pool<detail::look_back_slot>* pool_ = nullptr;
  detail::look_back_slot slot_{};
  std::size_t slot_bytes_ = 0;
  std::optional<storage> temp_;
  unsigned long long* counter_ = nullptr;
  state_type state_{};
  bool done_ = false;
};

/// Points an agent's look-back at a call's tile states, with the device's delays (an agent made
/// of others overloads it: select_in_place.cuh either_sweep).
template <class Agent, class V>
void use_tile_states(Agent& agent, const tile_state<V>& state,
                     const tuning::look_back_delays& delays) {
  agent.prefix.state = state;
  agent.prefix.delays = delays;
}

/// Runs a look-back kernel pair over `tiles` tiles with the counter and states of `memory`:
/// tiles [0, whole) on the kernel of whole tiles (agent) and the rest (a ragged last tile, or
/// every tile of unaligned data; for the scan also every tile of a small call) on the general
/// kernel (general: the same agent, or one of smaller tiles that starts where the whole tiles
/// end), launched after it; both number their tiles by take_tile (the whole kernel from 0, the
/// general one after it). `after_own`: the call launched a kernel of its own just before (a
/// selection's head). `after_zeroing`: the kernel before is given_storage's zero_kernel, of the
/// memory the first kernel uses: that kernel waits for it before anything else (the general
/// kernel after the kernel of whole tiles need not: it starts once every block of that one has
/// passed its wait). A kernel that follows one of the call's own starts as its dependent
/// (detail/chained_launch.cuh): both kernels call let_next_start as they begin and
/// wait_for_earlier before their stores.
template <class Agent, class GeneralAgent, class WholeKernel, class GeneralKernel>
void launch_tiles(Agent& agent, GeneralAgent& general,
                  const look_back_memory<typename Agent::V>& memory, WholeKernel whole_kernel,
                  GeneralKernel general_kernel, long long whole, long long tiles,
                  cudaStream_t stream, const char* algorithm, bool after_own = false,
                  bool after_zeroing = false) {
  if (tiles > 0x7fffffffLL) {  // after the allocation: its failure is std::bad_alloc
    throw std::length_error(std::string("predix::") + algorithm +
                            ": too many items for one launch");
  }
  const tuning::look_back_delays delays = tuning::current_device_tuning(algorithm).look_back;
  use_tile_states(agent, memory.state, delays);
  use_tile_states(general, memory.state, delays);
  unsigned long long* const counter = memory.counter;
  if (whole > 0) {
    detail::launch_kernel(whole_kernel, static_cast<unsigned>(whole), Agent::THREADS, stream,
                          after_own || after_zeroing, algorithm, agent, counter, tiles,
                          after_zeroing);
  }
  if (whole < tiles) {
    detail::launch_kernel(general_kernel, static_cast<unsigned>(tiles - whole),
                          GeneralAgent::THREADS, stream, after_own || after_zeroing || whole > 0,
                          algorithm, general, counter, tiles, after_zeroing && whole == 0);
  }
}

}  // namespace predix::gpu
