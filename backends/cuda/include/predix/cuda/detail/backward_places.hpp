#pragma once
// Where partition in place (select.cuh: rejected_to::backward, store_backward) puts a tile's
// rejected items. Their places [at, at + count) descend from the end of the range as the
// tiles go on, while the tiles' ends rise. A tile may write below its own end,
// where every item is read already: the places there take their items directly, the others
// go aside (temporary storage, copied back after the kernel). The tiles with places aside are
// the first ones, their places aside form [aside_from, n), and the last of them stores
// aside_from (a single tile has none: aside_from = n).
//   n 12, tiles of 4, flags 1000 1101 0111: tile 0 puts its 3 aside at 9..11, tile 1 its 1 at
//   8 (and stores aside_from 8), tile 2 its 1 directly at 7
#include <predix/config.hpp>

namespace predix::gpu::detail {

struct backward_places {
  int direct;            // the places from `at` below the tile's end: taken directly
  bool stores;           // this tile stores aside_from
  long long aside_from;  // its value, when `stores`
};

/// For a tile of `tile` items (fewer: the last) ending at tile_end, of n items, whose rejected
/// items go to [at, at + count).
PREDIX_HOST_DEVICE inline backward_places place_backward(long long n, long long tile,
                                                         long long tile_end, long long at,
                                                         int count, bool last) {
  const long long below = tile_end - at;
  const bool aside = at + count > tile_end;  // then every earlier tile's are aside as well
  const long long next_end = n - tile_end < tile ? n : tile_end + tile;
  const bool next_aside = !last && at > next_end;  // the next tile's places end at `at`
  return {below <= 0 ? 0 : below < count ? static_cast<int>(below) : count,
          !next_aside && (aside || tile_end <= tile), at > tile_end ? at : tile_end};
}

}  // namespace predix::gpu::detail
