// Every device algorithm instantiated once, for the architectures CUDA 13 builds for (the
// CMake target predix_cuda_architectures: compiled, never run). It fails to build where a
// kernel uses what an architecture lacks without a fallback.
//   uint8 (byte permutes, packed staging) and int64 (wide tiles) through every entry point
#include <cstddef>
#include <cstdint>

#include <predix/cub.hpp>
#include <predix/predix.hpp>

namespace {

struct odd {
  template <class T>
  __host__ __device__ bool operator()(T x) const {
    return (x & 1) != 0;
  }
};

struct set_flag {
  __host__ __device__ bool operator()(std::uint8_t x) const { return x != 0; }
};

template <class T>
void every_algorithm(T* a, T* b, T* c, std::uint8_t* flags, std::size_t n, void* storage,
                     std::size_t bytes, int* count) {
  const auto p = predix::cuda;
  predix::copy_if(p, a, a + n, b, odd{});
  predix::copy_if(p, a, a + n, flags, b, set_flag{});
  predix::remove_copy_if(p, a, a + n, b, odd{});
  predix::partition_copy(p, a, a + n, b, c, odd{});
  predix::partition(p, a, a + n, odd{});
  predix::stable_partition(p, a, a + n, odd{});
  predix::remove_if(p, a, a + n, odd{});
  predix::inclusive_scan(p, a, a + n, b);
  predix::exclusive_scan(p, a, a + n, b, T{});
  predix::count_if(p, a, a + n, odd{});
  predix::reduce(p, a, a + n);
  predix::find_if(p, a, a + n, odd{});
  predix::unique_copy(p, a, a + n, b);
  predix::unique(p, a, a + n);
  predix::unique_count(p, a, a + n);
  predix::cub::DeviceSelect::If(storage, bytes, a, b, count, static_cast<int>(n), odd{});
  predix::cub::DevicePartition::If(storage, bytes, a, b, count, static_cast<int>(n), odd{});
  predix::cub::DeviceScan::InclusiveSum(storage, bytes, a, b, static_cast<int>(n));
  predix::cub::DeviceReduce::Sum(storage, bytes, a, b, static_cast<int>(n));
}

}  // namespace

void predix_architectures(std::uint8_t* bytes_in, std::int64_t* wide, int* offsets,
                          const bool* bools, std::size_t n, void* storage, std::size_t bytes,
                          int* count) {
  every_algorithm(bytes_in, bytes_in + n, bytes_in + 2 * n, bytes_in, n, storage, bytes, count);
  every_algorithm(wide, wide + n, wide + 2 * n, bytes_in, n, storage, bytes, count);
  predix::exclusive_scan(predix::cuda, bytes_in, bytes_in + n, offsets, 0);  // widened
  predix::exclusive_scan(predix::cuda, bools, bools + n, offsets, 0);        // binary path
}
