// tuning/devices.cuh on the host (no GPU needed): the device classes from names and SM counts
// as the runtime reports them, the table's entry per class, and the delays a device of no
// class derives from its memory bandwidth per SM; on a GPU, the current device's tuning is one
// of those.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <predix/cuda/tuning/devices.cuh>

#include <cstdio>

namespace {

namespace tuning = predix::gpu::tuning;
using tuning::device_class;

TEST(DeviceTuning, ClassesFromNameAndSms) {
  EXPECT_EQ(tuning::classify("NVIDIA H100 80GB HBM3", 132), device_class::h100);
  EXPECT_EQ(tuning::classify("NVIDIA H200", 132), device_class::h200);
  EXPECT_EQ(tuning::classify("NVIDIA H100 PCIe", 114), device_class::other);
  EXPECT_EQ(tuning::classify("NVIDIA H100 NVL", 132), device_class::other);
  EXPECT_EQ(tuning::classify("NVIDIA A100-SXM4-80GB", 108), device_class::other);
}

TEST(DeviceTuning, TableEntriesPerClass) {
  const tuning::device_tuning h100 = tuning::tuning_of("NVIDIA H100 80GB HBM3", 132, 3352);
  const tuning::device_tuning h200 = tuning::tuning_of("NVIDIA H200", 132, 4917);
  EXPECT_EQ(h100.kind, device_class::h100);
  EXPECT_EQ(h200.kind, device_class::h200);
  EXPECT_EQ(h100.look_back.first_ns, tuning::device_table[0].look_back.first_ns);
  EXPECT_EQ(h200.look_back.first_ns, tuning::device_table[1].look_back.first_ns);
  EXPECT_GT(h100.look_back.first_ns, h200.look_back.first_ns);  // the H200's SMs stream faster
  EXPECT_EQ(h100.look_back.poll_ns, h200.look_back.poll_ns);
  EXPECT_EQ(h100.look_back.min_tiles, h200.look_back.min_tiles);
  // The selection's full first sleep is per class too; its other sleeps are alike.
  EXPECT_EQ(h100.look_back.select.first_ns, tuning::device_table[0].look_back.select.first_ns);
  EXPECT_EQ(h200.look_back.select.first_ns, tuning::device_table[1].look_back.select.first_ns);
  EXPECT_GT(h100.look_back.select.first_ns, h200.look_back.select.first_ns);
  EXPECT_EQ(h100.look_back.select.few_ns, h200.look_back.select.few_ns);
}

TEST(DeviceTuning, OtherDevicesDeriveFromBandwidthPerSm) {
  const unsigned h100 = tuning::device_table[0].look_back.first_ns;
  // As the H100 per SM: its sleep; half the bandwidth per SM: twice as long; in [500, 5000].
  EXPECT_EQ(tuning::tuning_of("NVIDIA H100 NVL", 132, 3352).look_back.first_ns, h100);
  EXPECT_EQ(tuning::tuning_of("NVIDIA A100-SXM4-80GB", 66, 1676).look_back.first_ns, h100);
  EXPECT_EQ(tuning::tuning_of("slow", 132, 1676).look_back.first_ns, 2 * h100);
  EXPECT_EQ(tuning::tuning_of("slower", 132, 100).look_back.first_ns, 5000u);
  EXPECT_EQ(tuning::tuning_of("faster", 132, 1e6).look_back.first_ns, 500u);
  EXPECT_EQ(tuning::tuning_of("unknown bandwidth", 132, 0).look_back.first_ns, h100);
  const unsigned h100_select = tuning::device_table[0].look_back.select.first_ns;
  EXPECT_EQ(tuning::tuning_of("slow", 132, 1676).look_back.select.first_ns, 2 * h100_select);
  EXPECT_EQ(tuning::tuning_of("faster", 132, 1e6).look_back.select.first_ns, 500u);
  const tuning::device_tuning other = tuning::tuning_of("NVIDIA A100-SXM4-80GB", 108, 2039);
  EXPECT_EQ(other.kind, device_class::other);
  EXPECT_EQ(other.look_back.poll_ns, tuning::device_table[0].look_back.poll_ns);
  EXPECT_EQ(other.look_back.select.byte_edge_ns,
            tuning::device_table[0].look_back.select.byte_edge_ns);
  EXPECT_EQ(other.look_back.first_ns % 100, 0u);
}

TEST(DeviceTuning, CurrentDeviceIsClassified) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    GTEST_SKIP() << "no CUDA device";
  }
  cudaDeviceProp p{};
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  const tuning::device_tuning t = tuning::current_device_tuning("device_tuning");
  EXPECT_EQ(t.kind, tuning::classify(p.name, p.multiProcessorCount)) << p.name;
  EXPECT_GE(t.look_back.first_ns, 500u);
  EXPECT_LE(t.look_back.first_ns, 5000u);
  int khz = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, 0), cudaSuccess);
  const double bytes_per_ns = 2.0 * khz * 1e-6 * p.memoryBusWidth / 8;
  const tuning::device_tuning derived = tuning::derived_tuning(p.multiProcessorCount, bytes_per_ns);
  std::printf("%s (%d SMs, %.0f GB/s): class %d, first sleep: scan %u ns (derived: %u ns), "
              "selection %u ns (derived: %u ns)\n",
              p.name, p.multiProcessorCount, bytes_per_ns, static_cast<int>(t.kind),
              t.look_back.first_ns, derived.look_back.first_ns, t.look_back.select.first_ns,
              derived.look_back.select.first_ns);
}

}  // namespace
