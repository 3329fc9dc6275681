// A ptxas miscompile outside predix (CUDA 13.0, sm_90): see docs/perf/look_back.md "seal_mask".
//   nvcc -O3 -arch=sm_90 seal_mask_repro.cu -o repro && ./repro               # item 11 wrong
//   nvcc -O3 -arch=sm_90 -DSEAL seal_mask_repro.cu -o repro && ./repro        # 0 wrong
// Each block counts, for each of its items, the ones before it in the block (int8, from 100):
// a lane holds two 16-item chunks as bit masks (bit j: byte j != 0), a warp scan of the
// chunks' counts, a block step through shared memory, then per item the popc of the chunk's
// bits below it. Without SEAL ptxas rebuilds bits 8-10 of row 0's mask for item 11 from
// predicate registers that by then hold items of row 1.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

constexpr int THREADS = 256, WARPS = THREADS / 32, ROWS = 2, CHUNK = 16;
constexpr int ROW_ITEMS = 32 * CHUNK, WARP_ITEMS = ROWS * ROW_ITEMS, TILE = WARPS * WARP_ITEMS;

__global__ void __launch_bounds__(THREADS) count_before(const unsigned char* in, signed char* out,
                                                        signed char init) {
  __shared__ int warp_counts[WARPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const long long first = 1ll * blockIdx.x * TILE + warp * WARP_ITEMS + lane * CHUNK;
  unsigned bits[ROWS];  // row r: the lane's chunk at first + r * ROW_ITEMS
  for (int r = 0; r < ROWS; ++r) {
    const uint4 raw = *reinterpret_cast<const uint4*>(in + first + r * ROW_ITEMS);
    unsigned char e[CHUNK];
    memcpy(e, &raw, sizeof raw);
    bits[r] = 0;
    for (int j = 0; j < CHUNK; ++j) bits[r] |= static_cast<unsigned>(e[j] != 0) << j;
#ifdef SEAL
    asm volatile("" : "+r"(bits[r]));  // the mask as one opaque register
#endif
  }
  int before[ROWS], warp_count = 0;  // ones in the warp before the lane's chunk of row r
  for (int r = 0; r < ROWS; ++r) {
    const int own = __popc(bits[r]);
    int upto = own;
    for (int d = 1; d < 32; d *= 2) {
      const int y = __shfl_up_sync(~0u, upto, d);
      if (lane >= d) upto += y;
    }
    before[r] = warp_count + upto - own;
    warp_count += __shfl_sync(~0u, upto, 31);
  }
  if (lane == 0) warp_counts[warp] = warp_count;
  __syncthreads();
  const int c = lane < WARPS ? warp_counts[lane] : 0;
  const int warps_before = __reduce_add_sync(~0u, lane < warp ? c : 0);
  for (int r = 0; r < ROWS; ++r) {
    signed char o[CHUNK];
    for (int j = 0; j < CHUNK; ++j) {
      o[j] = static_cast<signed char>(init + warps_before + before[r] +
                                      __popc(bits[r] & ((1u << j) - 1)));
    }
    uint4 v;
    memcpy(&v, o, sizeof v);
    *reinterpret_cast<uint4*>(out + first + r * ROW_ITEMS) = v;
  }
}

int main() {
  const int blocks = 1024;
  const long long n = 1ll * blocks * TILE;
  std::vector<unsigned char> h(n);
  std::vector<signed char> got(n);
  std::mt19937 g(1);
  for (auto& x : h) x = g() & 1;
  unsigned char* in;
  signed char* out;
  cudaMalloc(&in, n);
  cudaMalloc(&out, n);
  cudaMemcpy(in, h.data(), n, cudaMemcpyHostToDevice);
  count_before<<<blocks, THREADS>>>(in, out, 100);
  cudaMemcpy(got.data(), out, n, cudaMemcpyDeviceToHost);
  long long wrong = 0, by_item[CHUNK] = {};
  int ones = 0;
  for (long long i = 0; i < n; ++i) {
    if (i % TILE == 0) ones = 0;
    if (got[i] != static_cast<signed char>(100 + ones)) ++wrong, ++by_item[i % CHUNK];
    ones += h[i] != 0;
  }
  printf("%lld of %lld counts wrong", wrong, n);
  for (int j = 0; j < CHUNK; ++j) {
    if (by_item[j]) printf(" (item %d of a chunk: %lld)", j, by_item[j]);
  }
  printf("\n");
  return wrong != 0;
}
