// word_compaction.cuh against a host model: every mask of 1-byte (16 masks) and 2-byte (4)
// items, each lane of a warp asking for a different mask than its neighbours (the selector
// comes from another lane), the three orders of the other items; then put_arranged storing
// the selected items from one place and the others from another, or the selected ones alone.
#include <predix/cuda/detail/word_compaction.cuh>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_test.cuh"

namespace {

namespace gpu = predix::gpu;
using gpu::detail::others_order;

template <int ITEM_BYTES>
__host__ __device__ constexpr int masks() {
  return 1 << (4 / ITEM_BYTES);
}

/// out[(thread · MASKS + m)]: the thread's word arranged for mask (m + lane) % MASKS.
template <int ITEM_BYTES, others_order ORDER>
__global__ void arrange_kernel(const unsigned* words, unsigned* out) {
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned table = gpu::detail::word_table<ITEM_BYTES, ORDER>();
  for (int m = 0; m < masks<ITEM_BYTES>(); ++m) {
    const unsigned mask = (static_cast<unsigned>(m) + gpu::lane_id()) % masks<ITEM_BYTES>();
    out[thread * masks<ITEM_BYTES>() + m] = gpu::detail::arrange_word(words[thread], mask, table);
  }
}

/// The host model: the selected items in order, then the others as ORDER says (none: zero).
template <int ITEM_BYTES>
unsigned arranged(unsigned word, unsigned mask, others_order order) {
  constexpr int PER_WORD = 4 / ITEM_BYTES;
  const unsigned item_mask = ITEM_BYTES == 1 ? 0xFFu : 0xFFFFu;
  std::vector<unsigned> items;
  for (int j = 0; j < PER_WORD; ++j) {
    if ((mask >> j) & 1u) items.push_back((word >> (8 * ITEM_BYTES * j)) & item_mask);
  }
  std::vector<unsigned> others;
  for (int j = 0; j < PER_WORD; ++j) {
    if (!((mask >> j) & 1u)) others.push_back((word >> (8 * ITEM_BYTES * j)) & item_mask);
  }
  if (order == others_order::reversed) std::reverse(others.begin(), others.end());
  if (order != others_order::none) items.insert(items.end(), others.begin(), others.end());
  unsigned result = 0;
  for (std::size_t q = 0; q < items.size(); ++q) result |= items[q] << (8 * ITEM_BYTES * q);
  return result;
}

template <int ITEM_BYTES, others_order ORDER>
void check_arrange(const std::vector<unsigned>& words) {
  SCOPED_TRACE("items of " + std::to_string(ITEM_BYTES) + " bytes, order " +
               std::to_string(static_cast<int>(ORDER)));
  std::vector<unsigned> expected;
  for (std::size_t t = 0; t < words.size(); ++t) {
    for (int m = 0; m < masks<ITEM_BYTES>(); ++m) {
      const unsigned mask = static_cast<unsigned>(m + t % 32) % masks<ITEM_BYTES>();
      expected.push_back(arranged<ITEM_BYTES>(words[t], mask, ORDER));
    }
  }
  const predix_test::device_buffer<unsigned> d_words(words);
  predix_test::device_buffer<unsigned> d_out(expected.size());
  arrange_kernel<ITEM_BYTES, ORDER>
      <<<static_cast<unsigned>(words.size() / 64), 64>>>(d_words.get(), d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  predix_test::expect_all_equal(expected, d_out.to_host(), [&](std::size_t i) {
    const std::size_t t = i / masks<ITEM_BYTES>();
    return "thread " + std::to_string(t) + ", word " + std::to_string(words[t]) + ", mask " +
           std::to_string((i % masks<ITEM_BYTES>() + t % 32) % masks<ITEM_BYTES>());
  });
}

/// Per thread, 16 places: put_arranged of an arranged word (items 1..PER_WORD) with k
/// selected (k = thread % (PER_WORD + 1)) at places 0.. and the others at 8 + q.
template <class Item, bool OTHERS>
__global__ void put_kernel(Item* out) {
  constexpr int PER_WORD = 4 / static_cast<int>(sizeof(Item));
  const int thread = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned word = 0;
  for (int q = 0; q < PER_WORD; ++q) word |= static_cast<unsigned>(q + 1) << (8 * sizeof(Item) * q);
  gpu::detail::put_arranged<OTHERS>(out + 16 * thread, word, thread % (PER_WORD + 1), 0, 8);
}

template <class Item, bool OTHERS>
void check_put() {
  SCOPED_TRACE(std::string("put_arranged, items of ") + std::to_string(sizeof(Item)) +
               " bytes, others " + (OTHERS ? "stored" : "dropped"));
  constexpr int PER_WORD = 4 / static_cast<int>(sizeof(Item));
  constexpr int THREADS = 64;
  Item poison;
  std::memset(&poison, 0xA5, sizeof poison);
  std::vector<Item> expected(16 * THREADS, poison);
  for (int t = 0; t < THREADS; ++t) {
    const int k = t % (PER_WORD + 1);
    for (int q = 0; q < PER_WORD; ++q) {
      if (q < k) expected[16 * t + q] = static_cast<Item>(q + 1);
      else if (OTHERS) expected[16 * t + 8 + q] = static_cast<Item>(q + 1);
    }
  }
  predix_test::device_buffer<Item> d_out(expected.size());  // poisoned
  put_kernel<Item, OTHERS><<<1, THREADS>>>(d_out.get());
  PREDIX_CUDA_CHECK_LAUNCH();
  predix_test::expect_all_equal(expected, d_out.to_host(), [](std::size_t i) {
    return "place " + std::to_string(i % 16) + " of thread " + std::to_string(i / 16);
  });
}

class WordCompaction : public predix_test::cuda_test {};

TEST_F(WordCompaction, EveryMaskAndOrder) {
  const std::uint64_t seed = predix_test::test_seed();
  SCOPED_TRACE(predix_test::seed_message(seed));
  predix_test::rng r(seed);
  std::vector<unsigned> words = {0u, ~0u, 0x04030201u, 0x80FF007Fu};
  while (words.size() < 256) words.push_back(static_cast<unsigned>(r.next()));
  check_arrange<1, others_order::none>(words);
  check_arrange<1, others_order::in_order>(words);
  check_arrange<1, others_order::reversed>(words);
  check_arrange<2, others_order::none>(words);
  check_arrange<2, others_order::in_order>(words);
  check_arrange<2, others_order::reversed>(words);
}

TEST_F(WordCompaction, PutArranged) {
  check_put<unsigned char, true>();
  check_put<unsigned char, false>();
  check_put<unsigned short, true>();
  check_put<unsigned short, false>();
}

}  // namespace
