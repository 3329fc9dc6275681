// device/select.cuh beyond the conformance suite: sizes around each type's own tile and past
// the 32-tile look-back window, inputs, stencils and outputs shifted off 16-byte alignment
// (the kernel of whole tiles and the general one; runs stored with ragged heads and tails),
// stencils narrower and wider than the items, iterators read item by item, a user stream, and
// the asynchronous core of the in-place selections.
// Every result is compared with a host model of the algorithm.
#include <thrust/device_ptr.h>

#include <string>
#include <utility>
#include <vector>

#include "../support/cases.hpp"
#include "../support/iterators.hpp"
#include "conformance/memory.cuh"

namespace {

using namespace predix_test;
using M = backend_memory<predix::cuda_policy>;

/// The selection kernel's tile for items of T (tuning select).
template <class T>
std::ptrdiff_t select_tile() {
  using tuning = predix::gpu::tuning::active::select;
  return std::ptrdiff_t(tuning::threads) * tuning::items(int(sizeof(T)));
}

template <class T>
std::vector<std::ptrdiff_t> tile_sizes() {
  const std::ptrdiff_t tile = select_tile<T>();
  if (quick_mode()) return {1, tile + 1, 33 * tile + 5};
  return {1, 17, tile - 1, tile, tile + 1, 2 * tile + 3, 33 * tile + 5};
}

/// `values` uploaded `shift` items past the start of a device array (shift 1..3: off the
/// 16-byte alignment of cudaMalloc for items of up to 4 bytes).
template <class T>
struct shifted {
  device_array<T> data;
  std::ptrdiff_t shift;
  shifted(const host_array<T>& values, std::ptrdiff_t shift_)
      : data(M::upload(with_room(values, shift_))), shift(shift_) {}
  T* begin() { return data.begin() + shift; }
  T* end() { return data.end(); }
  host_array<T> download() const {
    const auto all = M::download(data);
    host_array<T> got(all.size() - shift);
    std::copy(all.begin() + shift, all.end(), got.begin());
    return got;
  }
  static host_array<T> with_room(const host_array<T>& values, std::ptrdiff_t shift) {
    host_array<T> all(values.size() + shift, value_traits<T>::poison());
    std::copy(values.begin(), values.end(), all.begin() + shift);
    return all;
  }
};

/// The host model: the items whose flag is set, in order, and the others, in order.
template <class T>
std::pair<host_array<T>, host_array<T>> split(const host_array<T>& items,
                                              const std::vector<bool>& flags) {
  std::vector<T> in, out;
  for (std::ptrdiff_t i = 0; i < items.size(); ++i) {
    (flags[std::size_t(i)] ? in : out).push_back(items[i]);
  }
  auto to_array = [](const std::vector<T>& v) {
    host_array<T> a(static_cast<std::ptrdiff_t>(v.size()));
    std::copy(v.begin(), v.end(), a.begin());
    return a;
  };
  return {to_array(in), to_array(out)};
}

/// a followed by b; `reverse_b`: b in reverse order.
template <class T>
host_array<T> joined(const host_array<T>& a, const host_array<T>& b, bool reverse_b = false) {
  host_array<T> r(a.size() + b.size());
  std::copy(a.begin(), a.end(), r.begin());
  if (reverse_b) {
    std::copy(b.begin(), b.end(), std::make_reverse_iterator(r.end()));
  } else {
    std::copy(b.begin(), b.end(), r.begin() + a.size());
  }
  return r;
}

/// The first `count` items of a, then poison up to `size`.
template <class T>
host_array<T> padded(const host_array<T>& a, std::ptrdiff_t size) {
  host_array<T> r = poisoned<T>(size);
  std::copy(a.begin(), a.end(), r.begin());
  return r;
}

/// stable_partition of [first, last) (n > 0) on the kernel that holds both sweeps, swept as
/// `way` says whatever a sample would say.
template <class T, class Stencil, class Pred>
T* swept(predix::gpu::sweep way, T* first, T* last, Stencil stencil, Pred pred) {
  predix::gpu::sweep taken = predix::gpu::sweep::choose;
  const long long k = predix::gpu::device_select_in_place<predix::gpu::rejected_to::forward>(
      predix::cuda, first, last - first, stencil, pred, "stable_partition", way, &taken);
  EXPECT_EQ(static_cast<int>(taken), static_cast<int>(way));
  return first + k;
}

/// Every selection of `items` (predicate is_selected) with input, outputs and stencil at the
/// given shifts, against the host model.
template <class T>
void check_all(const host_array<T>& items, const std::vector<bool>& flags, std::ptrdiff_t in_shift,
               std::ptrdiff_t out_shift) {
  const std::ptrdiff_t n = items.size();
  const auto [sel, rej] = split(items, flags);
  shifted<T> in(items, in_shift);
  {
    shifted<T> out(poisoned<T>(n), out_shift);
    const T* end = predix::copy_if(predix::cuda, in.begin(), in.end(), out.begin(), is_selected{});
    EXPECT_EQ(end - out.begin(), sel.size()) << "copy_if";
    EXPECT_TRUE(same_elements(out.download(), padded(sel, n))) << "copy_if";
  }
  host_array<std::uint8_t> stencil(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) stencil[i] = !flags[std::size_t(i)];  // negated
  {
    shifted<std::uint8_t> s(stencil, (in_shift + 1) % 4);
    shifted<T> out(poisoned<T>(n), out_shift);
    const T* end = predix::copy_if(predix::cuda, in.begin(), in.end(), s.begin(), out.begin(),
                                   predix_test::selected_flag{});
    EXPECT_EQ(end - out.begin(), rej.size()) << "copy_if, uint8 stencil";
    EXPECT_TRUE(same_elements(out.download(), padded(rej, n))) << "copy_if, uint8 stencil";
  }
  {
    shifted<T> yes(poisoned<T>(n), out_shift), no(poisoned<T>(n), (out_shift + 2) % 4);
    const auto ends = predix::partition_copy(predix::cuda, in.begin(), in.end(), yes.begin(),
                                             no.begin(), is_selected{});
    EXPECT_EQ(ends.first - yes.begin(), sel.size()) << "partition_copy";
    EXPECT_EQ(ends.second - no.begin(), rej.size()) << "partition_copy";
    EXPECT_TRUE(same_elements(yes.download(), padded(sel, n))) << "partition_copy, selected";
    EXPECT_TRUE(same_elements(no.download(), padded(rej, n))) << "partition_copy, rejected";
  }
  auto in_place = [&](const char* what, auto algorithm, const host_array<T>& expected,
                      std::ptrdiff_t end_at) {
    shifted<T> data(items, in_shift);
    const T* end = algorithm(data.begin(), data.end());
    EXPECT_EQ(end - data.begin(), end_at) << what;
    EXPECT_TRUE(same_elements(data.download(), expected)) << what;
  };
  in_place("partition",
           [](T* f, T* l) { return predix::partition(predix::cuda, f, l, is_selected{}); },
           joined(sel, rej, true), sel.size());
  in_place("stable_partition",
           [](T* f, T* l) { return predix::stable_partition(predix::cuda, f, l, is_selected{}); },
           joined(sel, rej), sel.size());
  for (const auto way : {predix::gpu::sweep::forward, predix::gpu::sweep::backward}) {
    const std::string name = way == predix::gpu::sweep::forward ? "forward" : "from the end";
    in_place(("stable_partition " + name + ", both sweeps' kernel").c_str(),
             [&](T* f, T* l) { return swept(way, f, l, f, is_selected{}); }, joined(sel, rej),
             sel.size());
    shifted<std::uint8_t> s(stencil, (in_shift + 1) % 4);
    in_place(("stable_partition " + name + ", both sweeps' kernel, uint8 stencil").c_str(),
             [&](T* f, T* l) { return swept(way, f, l, s.begin(), selected_flag{}); },
             joined(rej, sel), rej.size());
  }
  {  // remove_if: the items after the new end are unspecified; compare the kept ones
    shifted<T> data(items, in_shift);
    const T* end = predix::remove_if(predix::cuda, data.begin(), data.end(), is_selected{});
    ASSERT_EQ(end - data.begin(), rej.size()) << "remove_if";
    const auto got = data.download();
    host_array<T> kept(rej.size());
    std::copy(got.begin(), got.begin() + rej.size(), kept.begin());
    EXPECT_TRUE(same_elements(kept, rej)) << "remove_if";
  }
}

/// 1%: the warps of 1-byte selections stage their few selected items one by one
/// (stage_sparse); 5%: some warps of a tile do, the others stage every item. Sanitizer runs
/// (quick mode) leave 1% out.
std::vector<selectivity> selectivities() {
  std::vector<selectivity> got{{0.5, false}, {0.05, false}, {1.0, false}};
  if (!quick_mode()) got.push_back({0.01, false});
  return got;
}

class Select : public cuda_test {};

TEST_F(Select, AroundEachTypesTileAndOffAlignment) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  for_each_type([&](auto tag) {
    using T = typename decltype(tag)::type;
    for (const std::ptrdiff_t n : tile_sizes<T>()) {
      for (const selectivity s : selectivities()) {
        for (const auto& shifts : {std::pair<int, int>{0, 0}, {1, 3}, {3, 0}, {0, 2}}) {
          if (::testing::Test::HasFailure()) return;
          SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n) + ", " + s.name() +
                       ", input shift " + std::to_string(shifts.first) + ", output shift " +
                       std::to_string(shifts.second));
          const auto flags = make_flags(r, n, s);
          check_all(make_selection_input<T>(r, flags), flags, shifts.first, shifts.second);
        }
      }
    }
  });
}

/// Ranges of at least tuning::select::head_from_bytes whose items start off a 16-byte boundary:
/// they run as aligned data after a head of fewer than 16 items that a warp of its own selects
/// before the tiles (select_head_kernel), its items before the tiles' in both outputs.
TEST_F(Select, UnalignedPastTheHeadThreshold) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  auto check = [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(
        predix::gpu::tuning::active::select::head_from_bytes / sizeof(T) + 4099);
    for (const auto& shifts : {std::pair<int, int>{1, 3}, {3, 0}}) {
      if (::testing::Test::HasFailure()) return;
      SCOPED_TRACE(std::string(type_name<T>) + ", n = " + std::to_string(n) + ", input shift " +
                   std::to_string(shifts.first) + ", output shift " +
                   std::to_string(shifts.second));
      const auto flags = make_flags(r, n, {0.5, false});
      check_all(make_selection_input<T>(r, flags), flags, shifts.first, shifts.second);
      if (quick_mode()) return;  // the sanitizers' runs: one shift, the narrowest and widest
    }
  };
  check(type_tag<std::uint8_t>{});
  if (!quick_mode()) {
    check(type_tag<std::int16_t>{});
    check(type_tag<std::int32_t>{});
  }
  check(type_tag<std::int64_t>{});
}

/// Ranges large enough for stable_partition to let a sample of its predicate choose its sweep
/// (tuning::select::choose_from_bytes): from the end at few selected items, from the start
/// otherwise, and from the start when only one end of the items (or stencil) is 16-byte
/// aligned; the results are the same either way.
TEST_F(Select, StablePartitionChoosesItsSweep) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using T = std::int64_t;  // the fewest items for the bytes
  const auto least = static_cast<std::ptrdiff_t>(
      predix::gpu::tuning::active::select::choose_from_bytes / sizeof(T));
  using predix::gpu::sweep;
  struct round {
    double fraction;
    std::ptrdiff_t n;
    bool stencil;
    sweep expected;
  };
  for (const round& c : {round{0.01, least + 2, false, sweep::backward},
                         round{0.99, least + 2, false, sweep::forward},
                         round{0.01, least + 3, false, sweep::forward},  // its end unaligned
                         round{0.01, least + 32, true, sweep::backward}}) {
    SCOPED_TRACE(std::to_string(c.fraction * 100) + "% selected of " + std::to_string(c.n) +
                 (c.stencil ? ", uint8 stencil" : ""));
    const auto flags = make_flags(r, c.n, {c.fraction, false});
    const auto items = make_selection_input<T>(r, flags);
    const auto [sel, rej] = split(items, flags);
    host_array<std::uint8_t> tests(c.n);
    for (std::ptrdiff_t i = 0; i < c.n; ++i) tests[i] = flags[std::size_t(i)];
    auto data = M::upload(items);
    auto stencil = M::upload(tests);
    sweep taken = sweep::choose;
    using predix::gpu::rejected_to;
    const long long k =
        c.stencil
            ? predix::gpu::device_select_in_place<rejected_to::forward>(
                  predix::cuda, data.begin(), c.n, stencil.begin(), selected_flag{},
                  "stable_partition", sweep::choose, &taken)
            : predix::gpu::device_select_in_place<rejected_to::forward>(
                  predix::cuda, data.begin(), c.n, data.begin(), is_selected{},
                  "stable_partition", sweep::choose, &taken);
    EXPECT_EQ(static_cast<int>(taken), static_cast<int>(c.expected));
    EXPECT_EQ(k, sel.size());
    EXPECT_TRUE(same_elements(M::download(data), joined(sel, rej)));
    if (!c.stencil) {  // the public call, as chosen
      auto again = M::upload(items);
      const T* end =
          predix::stable_partition(predix::cuda, again.begin(), again.end(), is_selected{});
      EXPECT_EQ(end - again.begin(), sel.size());
      EXPECT_TRUE(same_elements(M::download(again), joined(sel, rej)));
    }
  }
}

/// The asynchronous core of the in-place selections (select_in_place_async): a null storage
/// asks for the size; less storage than that is cudaErrorInvalidValue; storage of exactly that
/// size, filled with garbage, gives the host model's items and leaves the number selected in
/// device memory — for remove_if, partition and stable_partition (large enough to let a sample
/// choose its sweep: from the end at 1% selected), on a stream of the test's own.
TEST_F(Select, InPlaceAsynchronousCore) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using T = std::int32_t;
  using predix::gpu::rejected_to;
  const auto choosing = static_cast<std::ptrdiff_t>(
      predix::gpu::tuning::active::select::choose_from_bytes / sizeof(T));
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  auto check = [&](auto rejected, std::ptrdiff_t n, double fraction) {
    constexpr rejected_to REJECTED = decltype(rejected)::value;
    SCOPED_TRACE(std::to_string(int(REJECTED)) + ", " + std::to_string(n) + " items, " +
                 std::to_string(fraction * 100) + "% selected");
    const auto flags = make_flags(r, n, {fraction, false});
    const auto items = make_selection_input<T>(r, flags);
    const auto [sel, rej] = split(items, flags);
    auto data = M::upload(items);
    device_array<long long> count(1);
    ASSERT_EQ(cudaMemset(count.begin(), 0xff, sizeof(long long)), cudaSuccess);
    std::size_t bytes = 0;
    auto call = [&](void* storage) {
      predix::gpu::select_in_place_async<REJECTED>(storage, bytes, data.begin(), n, data.begin(),
                                                   is_selected{}, count.begin(), stream,
                                                   "select_in_place_async");
    };
    call(nullptr);
    ASSERT_GT(bytes, 0u);
    device_array<char> storage(static_cast<std::ptrdiff_t>(bytes));
    ASSERT_EQ(cudaMemset(storage.begin(), 0xa5, bytes), cudaSuccess);
    const std::size_t asked = bytes;
    bytes = asked - 1;
    try {
      call(storage.begin());
      ADD_FAILURE() << "too little storage taken";
    } catch (const predix::cuda_error& e) {
      EXPECT_EQ(e.error(), cudaErrorInvalidValue);
    }
    bytes = asked;
    call(storage.begin());
    ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
    const auto got = M::download(data);
    EXPECT_EQ(M::download(count)[0], static_cast<long long>(sel.size()));
    if (REJECTED == rejected_to::nowhere) {  // the kept items; those after them unspecified
      host_array<T> kept(sel.size());
      std::copy(got.begin(), got.begin() + sel.size(), kept.begin());
      EXPECT_TRUE(same_elements(kept, sel));
    } else {
      EXPECT_TRUE(same_elements(got, joined(sel, rej, REJECTED == rejected_to::backward)));
    }
  };
  using nowhere = std::integral_constant<rejected_to, rejected_to::nowhere>;
  using backward = std::integral_constant<rejected_to, rejected_to::backward>;
  using forward = std::integral_constant<rejected_to, rejected_to::forward>;
  const std::ptrdiff_t tile = select_tile<T>();
  for (const std::ptrdiff_t n : {std::ptrdiff_t(0), std::ptrdiff_t(1), tile + 1, 33 * tile + 5}) {
    check(nowhere{}, n, 0.5);
    check(backward{}, n, 0.5);
    check(forward{}, n, 0.5);
  }
  for (const double fraction : {0.01, 0.99}) {
    check(backward{}, choosing + 2, fraction);
    check(forward{}, choosing + 2, fraction);
  }
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

/// Pred, slow in block 0 (tile 0's, which samples and publishes whether its call defers): the
/// choice comes late (~50 µs of the sample's 16 tests a thread), after the tiles resident
/// beside it are ranked, so that they stage their items before they know it.
template <class Pred>
struct late_in_block_zero {
  mutable Pred pred;  // as the algorithms call it (negate's call is not const)
  template <class T>
  __host__ __device__ bool operator()(const T& x) const {
#ifdef __CUDA_ARCH__
    if (blockIdx.x == 0) __nanosleep(3000);
#endif
    return pred(x);
  }
};

/// copy_if, with a uint8 stencil and as remove_copy_if, through device_select placed as `how`
/// says (select_deferred.cuh; `late`: with late_in_block_zero predicates), against the host
/// model; the way taken must be `expected` (for remove_copy_if, which selects the others:
/// `expected_remove`) unless that is choose.
template <class T>
void check_deferred(const host_array<T>& items, const std::vector<bool>& flags,
                    std::ptrdiff_t in_shift, predix::gpu::deferral how,
                    predix::gpu::deferral expected, predix::gpu::deferral expected_remove,
                    bool late = false) {
  using predix::gpu::deferral;
  const std::ptrdiff_t n = items.size();
  const auto [sel, rej] = split(items, flags);
  host_array<std::uint8_t> tests(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) tests[i] = flags[std::size_t(i)];
  shifted<T> in(items, in_shift);
  shifted<std::uint8_t> stencil(tests, in_shift);
  auto run = [&](const char* what, auto stencil_begin, auto pred, const host_array<T>& want,
                 deferral expected) {
    SCOPED_TRACE(what);
    shifted<T> out(poisoned<T>(n), 0);
    deferral taken = deferral::choose;
    auto call = [&](auto p) {
      return predix::gpu::device_select<predix::gpu::rejected_to::nowhere>(
                 predix::cuda, in.begin(), n, stencil_begin, out.begin(), out.begin(), p, what,
                 how, &taken)
          .selected;
    };
    const long long k = late ? call(late_in_block_zero<decltype(pred)>{pred}) : call(pred);
    if (expected != deferral::choose) {
      EXPECT_EQ(static_cast<int>(taken), static_cast<int>(expected));
    }
    EXPECT_EQ(k, want.size());
    EXPECT_TRUE(same_elements(out.download(), padded(want, n)));
  };
  const auto no_stencil = predix::detail::as_stencil(in.begin());
  run("copy_if", no_stencil, is_selected{}, sel, expected);
  // With a stencil a call defers only when forced (tuning select: it gains nothing).
  run("copy_if, uint8 stencil", stencil.begin(), selected_flag{}, sel,
      how == deferral::choose ? deferral::never : expected);
  run("remove_copy_if", no_stencil, predix::detail::negate<is_selected>{is_selected{}}, rej,
      expected_remove);
}

/// One-output selections of 1-byte items that defer their placing: every tile of a sparse
/// call fills a slot of its own, unless it selects more than the slot holds (then the placing
/// kernel selects it again). Forced at sizes around the tile, at fractions below, at and above
/// a slot's (1/32), and clustered (tiles in and over their slots side by side), with the
/// choice known as the tiles are ranked or published late (the tiles staged); chosen by the
/// sample at tuning select::defer_from_bytes (deferred at 1% selected, not at 50% or 99%),
/// also after the head of unaligned data, and in a public call with whole tiles selected near
/// the start and in the middle (selected again).
TEST_F(Select, DeferredPlacing) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  using T = std::uint8_t;
  using predix::gpu::deferral;
  const std::ptrdiff_t tile = select_tile<T>();
  std::vector<selectivity> fractions{{0.0, false}, {0.01, false}, {0.5, true}, {1.0, false}};
  if (!quick_mode()) fractions.insert(fractions.end(), {{0.03, false}, {0.05, false}});
  for (const std::ptrdiff_t n : tile_sizes<T>()) {
    for (const selectivity s : fractions) {
      for (const std::ptrdiff_t shift : {0, 1}) {
        if (::testing::Test::HasFailure()) return;
        SCOPED_TRACE("n = " + std::to_string(n) + ", " + s.name() + ", shift " +
                     std::to_string(shift));
        const auto flags = make_flags(r, n, s);
        // Deferred when the kernel of whole tiles runs: aligned, at least a tile. Late, the
        // tiles but tile 0 are ranked before the choice is known: they stage their items.
        const deferral expected = shift == 0 && n >= tile ? deferral::always : deferral::never;
        const auto items = make_selection_input<T>(r, flags);
        for (const bool late : {false, true}) {
          SCOPED_TRACE(late ? "chosen late" : "chosen at once");
          check_deferred(items, flags, shift, deferral::always, expected, expected, late);
        }
      }
    }
  }
  const auto least = static_cast<std::ptrdiff_t>(
      predix::gpu::tuning::active::select::defer_from_bytes / sizeof(T));
  struct round {
    double fraction;
    std::ptrdiff_t shift;
    deferral expected, expected_remove;
  };
  for (const round& c : {round{0.99, 3, deferral::never, deferral::always},
                         round{0.01, 0, deferral::always, deferral::never},
                         round{0.5, 0, deferral::never, deferral::never}}) {
    if (quick_mode() && c.shift == 0) continue;  // the sanitizers' runs: the head's round
    SCOPED_TRACE(std::to_string(c.fraction * 100) + "% of " + std::to_string(least + 64) +
                 ", shift " + std::to_string(c.shift));
    const auto flags = make_flags(r, least + 64, {c.fraction, false});
    check_deferred(make_selection_input<T>(r, flags), flags, c.shift, deferral::choose,
                   c.expected, c.expected_remove);
  }
  {  // the public call at 1%, two tiles selected whole (selected again), one near the start
     // (staged if it reads the choice before tile 0 has published it) and one of the middle
     // (from the lanes), both away from the sample's runs (every n / 32 items from item 0)
    auto flags = make_flags(r, least + 64, {0.01, false});
    const std::ptrdiff_t middle = ((least + 64) / tile / 2 + 100) * tile;
    for (const std::ptrdiff_t from : {7 * tile, middle}) {
      for (std::ptrdiff_t i = from + 3; i < from + 2 * tile; ++i) flags[std::size_t(i)] = true;
    }
    const auto items = make_selection_input<T>(r, flags);
    const auto [sel, rej] = split(items, flags);
    auto in = M::upload(items);
    auto out = M::upload(poisoned<T>(least + 64));
    const T* end = predix::copy_if(predix::cuda, in.begin(), in.end(), out.begin(), is_selected{});
    EXPECT_EQ(end - out.begin(), sel.size());
    EXPECT_TRUE(same_elements(M::download(out), padded(sel, least + 64)));
  }
}

struct nonzero {
  template <class S>
  __host__ __device__ bool operator()(const S& s) const { return s != 0; }
};

/// Stencils of 1 and 8 bytes under items of 8 and 1 bytes (a uint8 chunk of 16 items reads its
/// int64 stencil item by item), iterators read and written item by item, a user stream.
TEST_F(Select, StencilWidthsIteratorsAndStreams) {
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  const std::ptrdiff_t n = 5 * select_tile<std::uint8_t>() + 13;
  const auto flags = make_flags(r, n, {0.5, false});
  host_array<std::int64_t> wide(n);
  host_array<std::uint8_t> narrow(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    wide[i] = narrow[i] = flags[std::size_t(i)] ? 1 + i % 7 : 0;
  }
  const auto bytes = make_selection_input<std::uint8_t>(r, flags);
  const auto longs = make_selection_input<std::int64_t>(r, flags);
  const auto d_wide = M::upload(wide);
  const auto d_narrow = M::upload(narrow);
  const auto d_bytes = M::upload(bytes);
  const auto d_longs = M::upload(longs);
  {
    auto out = M::upload(poisoned<std::uint8_t>(n));
    const auto end = predix::copy_if(predix::cuda, d_bytes.begin(), d_bytes.end(), d_wide.begin(),
                                     out.begin(), nonzero{});
    const auto expected = split(bytes, flags).first;
    EXPECT_EQ(end - out.begin(), expected.size());
    EXPECT_TRUE(same_elements(M::download(out), padded(expected, n)))
        << "uint8 items, int64 stencil";
  }
  {
    auto out = M::upload(poisoned<std::int64_t>(n));
    const auto end = predix::copy_if(predix::cuda, d_longs.begin(), d_longs.end(),
                                     d_narrow.begin(), out.begin(), nonzero{});
    const auto expected = split(longs, flags).first;
    EXPECT_EQ(end - out.begin(), expected.size());
    EXPECT_TRUE(same_elements(M::download(out), padded(expected, n)))
        << "int64 items, uint8 stencil";
  }
  {  // the items of a counting iterator, selected by a transform iterator's flags, into device_ptr
    const counting_iterator<std::int64_t> first(0);
    const auto stencil = make_transform_iterator(d_narrow.begin(), nonzero{});
    auto out = M::upload(poisoned<std::int64_t>(n));
    cudaStream_t stream;
    PREDIX_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const auto to = thrust::device_pointer_cast(out.begin());
    const auto end = predix::copy_if(predix::cuda.on(stream), first, first + n, stencil, to,
                                     nonzero{});
    PREDIX_CUDA_CHECK(cudaStreamDestroy(stream));
    std::vector<std::int64_t> picked;
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      if (flags[std::size_t(i)]) picked.push_back(i);
    }
    host_array<std::int64_t> expected(static_cast<std::ptrdiff_t>(picked.size()));
    std::copy(picked.begin(), picked.end(), expected.begin());
    EXPECT_EQ(end - to, expected.size());
    EXPECT_TRUE(same_elements(M::download(out), padded(expected, n))) << "iterators, user stream";
  }
}

}  // namespace
