#pragma once
// Device-wide inclusive_scan and exclusive_scan: one pass over the data, tile by tile, each
// tile's prefix from the decoupled look-back of tile_state.cuh.
//   in 3 1 4 1 5, plus       → inclusive 3 4 8 9 14      exclusive(init 0) 0 3 4 8 9
//   flags 1 0 1 1 0 (bool)   → inclusive 1 1 1 1 1 (running OR: bool accumulator)
//                              exclusive(init 0) 0 1 1 2 3 (a count: int accumulator)
// One block per tile; a block takes its tile's number from a global counter when it starts,
// so every tile it waits for is held by a block that is already running. Per tile
// (consume_tile):
//   generic path: the thread's items in the accumulator type A, reduced in order; a block
//     exclusive scan of the thread totals (block_scan, shuffles); the look-back by warp 0;
//     then each thread rescans its items from its prefix.
//   binary path (uses_binary_path_v, binary_path.cuh): the thread's items as a bit mask;
//     the block scan of the per-thread counts by bit planes (ballot + popc); every op is a
//     function of counts: with ℓ ones among the j items before an item,
//       sum ℓ, any ℓ > 0, all ℓ == j, parity ℓ & 1     (combined with the tile's prefix)
//     and the result is A(op(init, A(v))) (exclusive) or A(v) (inclusive); the look-back
//     carries the count (32-bit when A has at most 4 bytes: A wraps anyway) or a 0/1 flag.
// Works in place (out == first): a tile reads all its items before writing any.
#include <stdexcept>
#include <string>
#include <type_traits>

#include <predix/cuda/binary_path.cuh>
#include <predix/cuda/block/block_bit_plane_scan.cuh>
#include <predix/cuda/block/block_scan.cuh>
#include <predix/cuda/detail/runtime.hpp>
#include <predix/cuda/device/tile_io.cuh>
#include <predix/cuda/device/tile_state.cuh>
#include <predix/cuda/functional.cuh>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/tuning/tuning.cuh>

namespace predix::gpu {

/// The look-back domain of the binary path: what a run of 0/1 items reduces to.
template <binary_kind KIND, class V>
struct binary_domain {
  static constexpr V identity = KIND == binary_kind::all ? V(1) : V(0);
  /// The value of `count` ones among `items` items.
  __device__ static V from_count(long long count, long long items) {
    if constexpr (KIND == binary_kind::sum) return static_cast<V>(count);
    if constexpr (KIND == binary_kind::any) return count != 0;
    if constexpr (KIND == binary_kind::all) return count == items;
    if constexpr (KIND == binary_kind::parity) return count & 1;
  }
  __device__ V operator()(V a, V b) const {
    if constexpr (KIND == binary_kind::sum) return a + b;
    if constexpr (KIND == binary_kind::any) return a | b;
    if constexpr (KIND == binary_kind::all) return a & b;
    if constexpr (KIND == binary_kind::parity) return a ^ b;
  }
};

template <class Source, class Sink, class A, class Op, bool HAS_INIT, bool BINARY>
struct scan_agent {
  using tuning = tuning::active::scan;
  static constexpr int THREADS = tuning::threads;
  static constexpr int ITEMS = tuning::items(Source::element_bytes, sizeof(A));
  static constexpr long long TILE = static_cast<long long>(THREADS) * ITEMS;
  static_assert(THREADS >= 64, "run() relies on the barrier inside the block scans");
  static_assert(ITEMS <= 32, "the binary path keeps a thread's items in one 32-bit mask");

  // The binary domain: over bool, a sum is an OR; a count for A of <= 4 bytes wraps at 2^32.
  static constexpr binary_kind KIND =
      std::is_same_v<A, bool> && binary_kind_v<Op> == binary_kind::sum ? binary_kind::any
                                                                       : binary_kind_v<Op>;
  using count_t = std::conditional_t<KIND == binary_kind::sum && (sizeof(A) > 4),
                                     unsigned long long, unsigned>;
  using domain = binary_domain<KIND, count_t>;
  using V = std::conditional_t<BINARY, count_t, A>;  // what the look-back carries
  using prefix_op = std::conditional_t<BINARY, domain, Op>;
  static constexpr int BITS =  // bits of a per-thread count, 0..ITEMS
      ITEMS < 2 ? 1 : ITEMS < 4 ? 2 : ITEMS < 8 ? 3 : ITEMS < 16 ? 4 : ITEMS < 32 ? 5 : 6;

  struct TempStorage {
    union {
      typename block_scan<A, THREADS>::TempStorage generic;
      typename block_bit_plane_scan<BITS, THREADS>::TempStorage binary;
    } scan;
    V prefix;           // the tile's exclusive prefix, from the look-back warp
    long long tile;     // the tile the block works on
  };

  Source source;
  Sink sink;
  long long n;
  bool aligned_in, aligned_out;
  Op op;
  A init;  // exclusive_scan only
  tile_prefix<V, prefix_op> prefix;

  static prefix_op prefix_op_of(const Op& op) {
    if constexpr (BINARY) {
      return domain{};
    } else {
      return op;
    }
  }

  /// Without a counter: tile blockIdx.x (a one-tile launch). With one: one block per tile,
  /// the tile's number taken from the counter when the block starts, so tiles begin in order
  /// and every tile a look-back waits for belongs to a block that is already running. A block
  /// that waits in its look-back holds only its own tile; the blocks scheduled after it keep
  /// loading (a persistent grid that worked through tiles one after another stalled at the
  /// look-back barrier: 56% of warp cycles, 29% of copy bandwidth for int32 on an H100).
  __device__ void run(TempStorage& storage, unsigned long long* counter, long long tiles) {
    if (counter == nullptr) {
      consume(storage, blockIdx.x, tiles);
      return;
    }
    if (threadIdx.x == 0) storage.tile = static_cast<long long>(atomicAdd(counter, 1ull));
    __syncthreads();
    consume(storage, storage.tile, tiles);
  }

  __device__ void consume(TempStorage& storage, long long tile, long long tiles) {
    if (tile + 1 < tiles) {
      consume_tile<false>(storage, tile);
    } else {
      consume_tile<true>(storage, tile);
    }
  }

  template <bool IS_LAST_TILE>
  __device__ void consume_tile(TempStorage& storage, long long tile) {
    const int t = threadIdx.x;
    const long long first = tile * TILE + t * ITEMS;
    const long long left = n - first;  // the last tile may end anywhere, even before this thread
    const int valid = !IS_LAST_TILE ? ITEMS : left <= 0 ? 0 : left < ITEMS ? int(left) : ITEMS;
    if constexpr (BINARY) {
      binary_tile<IS_LAST_TILE>(storage, tile, first, valid);
    } else {
      generic_tile<IS_LAST_TILE>(storage, tile, first, valid);
    }
  }

 private:
  /// Tile > 0: the exclusive prefix from warp 0's look-back, to every thread.
  __device__ V look_back(TempStorage& storage, long long tile, const V& aggregate, bool publish) {
    if (threadIdx.x < warp_threads) {
      const V p = prefix(tile, aggregate, publish);
      if (threadIdx.x == 0) storage.prefix = p;
    }
    __syncthreads();
    return storage.prefix;
  }

  template <bool IS_LAST_TILE>
  __device__ void generic_tile(TempStorage& storage, long long tile, long long first, int valid) {
    A items[ITEMS];
    detail::load_items<ITEMS>(source, first, valid, aligned_in,
                              [&](int k, const auto& x) { items[k] = static_cast<A>(x); });
    if (valid == 0) items[0] = static_cast<A>(source[tile * TILE]);  // past the end: any item
    A total = items[0];
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) {
      if (k < valid) total = op(total, items[k]);
    }
    const scan_result<A> r = block_scan<A, THREADS>(storage.scan.generic).exclusive_scan(total, op);
    const int t = threadIdx.x;
    A start = r.value;
    bool has_start = true;
    if (tile == 0) {
      if constexpr (HAS_INIT) start = t == 0 ? init : op(init, r.value);
      has_start = HAS_INIT || t != 0;
      if (!IS_LAST_TILE && t == 0) {
        prefix.state.publish(0, tile_inclusive, HAS_INIT ? op(init, r.aggregate) : r.aggregate);
      }
    } else {
      const A p = look_back(storage, tile, r.aggregate, !IS_LAST_TILE);
      start = t == 0 ? p : op(p, r.value);
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {  // each item becomes its result
      if (k >= valid) break;
      if constexpr (HAS_INIT) {
        const A item = items[k];
        items[k] = start;
        start = op(start, item);
      } else {
        if (has_start) items[k] = op(start, items[k]);
        start = items[k];
        has_start = true;
      }
    }
    detail::store_items<ITEMS>(sink, first, valid, aligned_out, items);
  }

  template <bool IS_LAST_TILE>
  __device__ void binary_tile(TempStorage& storage, long long tile, long long first, int valid) {
    unsigned bits = 0;  // bit k: item k is 1
    detail::load_items<ITEMS>(source, first, valid, aligned_in, [&](int k, const auto& x) {
      bits |= static_cast<unsigned>(static_cast<bool>(x)) << k;
    });
    const scan_result<int> r =
        block_bit_plane_scan<BITS, THREADS>(storage.scan.binary).exclusive_sum(__popc(bits));
    const V aggregate = domain::from_count(r.aggregate, TILE);
    V p = domain::identity;
    if (tile == 0) {
      if (!IS_LAST_TILE && threadIdx.x == 0) prefix.state.publish(0, tile_inclusive, aggregate);
    } else {
      p = look_back(storage, tile, aggregate, !IS_LAST_TILE);
    }
    const domain combine;
    const int before = threadIdx.x * ITEMS;  // items of the tile before this thread's
    A out[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int ones = r.value + __popc(bits & ((1u << k) - 1));  // ones before item k
      if constexpr (HAS_INIT) {
        const V v = combine(p, domain::from_count(ones, before + k));
        out[k] = tile == 0 && before + k == 0 ? init : static_cast<A>(op(init, static_cast<A>(v)));
      } else {
        const int one = (bits >> k) & 1u;
        out[k] = static_cast<A>(combine(p, domain::from_count(ones + one, before + k + 1)));
      }
    }
    detail::store_items<ITEMS>(sink, first, valid, aligned_out, out);
  }
};

template <class Agent>
__global__ void __launch_bounds__(Agent::THREADS)
    scan_kernel(Agent agent, unsigned long long* counter, long long tiles) {
  __shared__ typename Agent::TempStorage storage;
  agent.run(storage, counter, tiles);
}

/// The scan of [first, last) into out: exclusive with init when HAS_INIT, else inclusive
/// (A = the input's value type, init unused). Returns after the work is done.
template <bool HAS_INIT, class In, class Out, class A, class Op>
Out device_scan(const cuda_policy& policy, In first, In last, Out out, A init, Op op,
                const char* algorithm) {
  const long long n = last - first;
  if (n == 0) return out;
  detail::check_device_iterator(first, algorithm, "input");
  detail::check_device_iterator(out, algorithm, "output");
  using agent = scan_agent<detail::source_t<In>, detail::sink_t<Out>, A, device_function_t<Op>,
                           HAS_INIT, uses_binary_path_v<In, Op, A>>;
  const auto source = detail::make_source(first);
  const auto sink = detail::make_sink(out);
  const auto dop = to_device(op);
  agent a{source, sink, n, source.is_aligned(), sink.is_aligned(),
          dop, init, {{}, agent::prefix_op_of(dop)}};
  const long long tiles = (n + agent::TILE - 1) / agent::TILE;
  const cudaStream_t stream = policy.stream();
  if (tiles == 1) {  // no look-back: no temporary storage, one launch
    scan_kernel<<<1, agent::THREADS, 0, stream>>>(a, nullptr, 1);
    detail::check_launch(algorithm);
  } else {
    using state = tile_state<typename agent::V>;
    using storage = detail::temporary_storage;
    std::size_t bytes = 0;  // the tile counter, then the tile states; both start zeroed
    const std::size_t counter_at = storage::carve(bytes, sizeof(unsigned long long));
    const std::size_t state_at = storage::carve(bytes, state::bytes(tiles));
    storage temp(bytes, stream, algorithm);
    a.prefix.state = state::on(temp.at<char>(state_at), tiles);
    const std::size_t zeroed = state_at + state::zeroed_bytes(tiles);
    detail::check(cudaMemsetAsync(temp.at<char>(0), 0, zeroed, stream), algorithm,
                  "cudaMemsetAsync");
    if (tiles > 0x7fffffffLL) throw std::length_error(std::string("predix::") + algorithm +
                                                      ": too many items for one launch");
    scan_kernel<<<static_cast<unsigned>(tiles), agent::THREADS, 0, stream>>>(
        a, temp.at<unsigned long long>(counter_at), tiles);
    detail::check_launch(algorithm);
  }
  detail::synchronize(stream, algorithm);
  return out + n;
}

}  // namespace predix::gpu

namespace predix::impl {

template <class In, class Out, class Op>
Out inclusive_scan(const cuda_policy& policy, In first, In last, Out out, Op op) {
  using A = typename std::iterator_traits<In>::value_type;
  return gpu::device_scan<false>(policy, first, last, out, A{}, op, "inclusive_scan");
}

template <class In, class Out, class T, class Op>
Out exclusive_scan(const cuda_policy& policy, In first, In last, Out out, T init, Op op) {
  return gpu::device_scan<true>(policy, first, last, out, init, op, "exclusive_scan");
}

}  // namespace predix::impl
