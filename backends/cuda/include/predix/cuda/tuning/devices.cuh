#pragma once
// Tuning chosen at run time, per device: the numbers that need no kernel of their own (the
// look-back's delays) come from a table keyed by the device's class, so one binary built for
// sm_90 runs the H100's numbers on an H100 and the H200's on an H200. Launch shapes (threads,
// items per thread, resident-block floors) pick kernel instantiations and stay per build
// (sm90.cuh); they measured best alike on both cards (docs/perf/devices.md).
//   device "NVIDIA H200", 132 SMs  ->  device_class::h200  ->  scan first sleep 1500 ns,
//                                                              selection's 1500 ns
// A build may override an entry for every class (sweeps: -DPREDIX_LOOK_BACK_FIRST_NS=…,
// -DPREDIX_SELECT_LOOK_BACK_FIRST_NS=…).
#include <cuda_runtime_api.h>

#include <cstring>
#include <map>
#include <mutex>

#include <predix/cuda/error.hpp>

namespace predix::gpu::tuning {

enum class device_class { h100, h200, other };

/// A selection's first look-back sleeps, from which each tile's is computed
/// (sm90.cuh select::look_back_first_ns): a tile that writes a full share of its items sleeps
/// first_ns (byte_first_ns: 1-byte items in calls shorter than a long one), one that writes
/// none few_ns, and the tiles of a long call of 1-byte items in its first and last wave
/// byte_edge_ns (0: as the others).
struct select_sleeps {
  unsigned first_ns;
  unsigned byte_first_ns;
  unsigned few_ns;
  unsigned byte_edge_ns;
};

/// A look-back's delays: the sleep before its first read and between reads of a window not
/// ready yet, in grids of at least min_tiles tiles (hundreds of spinning warps otherwise queue
/// at the L2 slice that holds the tile states); a selection takes its first sleep from
/// `select` instead of first_ns.
struct look_back_delays {
  unsigned first_ns;
  unsigned poll_ns;
  unsigned min_tiles;
  select_sleeps select;
};

/// What a device class runs with; `bytes_per_ns_per_sm`: its memory bandwidth per SM, from
/// which a device of no class derives its delays (derived_tuning).
struct device_tuning {
  device_class kind;
  double bytes_per_ns_per_sm;
  look_back_delays look_back;
};

/// The measured classes (evidence: docs/perf/devices.md, docs/perf/look_back.md).
inline constexpr device_tuning device_table[] = {
    // H100 SXM5 80 GB, HBM3
    {device_class::h100, 3352.0 / 132, {2500, 500, 500, {2500, 1500, 1000, 500}}},
    // H200 141 GB, HBM3e
    {device_class::h200, 4800.0 / 132, {1500, 500, 500, {1500, 1500, 1000, 500}}},
};

/// The class of a device from its name and SM count: the H100 SXM (132 SMs; the PCIe and NVL
/// cards differ in SMs or memory) and the H200; every other device: other.
inline device_class classify(const char* name, int sms) {
  if (std::strstr(name, "H200") != nullptr) return device_class::h200;
  if (std::strstr(name, "H100") != nullptr && std::strstr(name, "HBM3") != nullptr && sms == 132) {
    return device_class::h100;
  }
  return device_class::other;
}

/// A device of no class: the H100's delays with the first sleeps (the scan's and the
/// selection's full one) scaled by the H100's memory bandwidth per SM over the device's (a
/// tile's predecessors publish sooner where each SM streams faster: the H200's 1500 ns against
/// the H100's 2500), within [500, 5000] ns.
inline device_tuning derived_tuning(int sms, double bytes_per_ns) {
  const device_tuning& h100 = device_table[0];
  device_tuning t{device_class::other, bytes_per_ns / (sms > 0 ? sms : 1), h100.look_back};
  auto scaled = [&](unsigned ns) {
    const double s = t.bytes_per_ns_per_sm > 0
                         ? ns * h100.bytes_per_ns_per_sm / t.bytes_per_ns_per_sm
                         : ns;
    const double rounded = static_cast<double>(static_cast<long long>(s / 100 + 0.5) * 100);
    return static_cast<unsigned>(rounded < 500 ? 500 : rounded > 5000 ? 5000 : rounded);
  };
  t.look_back.first_ns = scaled(h100.look_back.first_ns);
  t.look_back.select.first_ns = scaled(h100.look_back.select.first_ns);
  return t;
}

/// The table's entry for a class, or the derived one; then the build's overrides.
inline device_tuning tuning_of(const char* name, int sms, double bytes_per_ns) {
  const device_class kind = classify(name, sms);
  device_tuning t = derived_tuning(sms, bytes_per_ns);
  for (const device_tuning& entry : device_table) {
    if (entry.kind == kind) t = entry;
  }
#ifdef PREDIX_LOOK_BACK_FIRST_NS
  t.look_back.first_ns = PREDIX_LOOK_BACK_FIRST_NS;
#endif
#ifdef PREDIX_LOOK_BACK_POLL_NS
  t.look_back.poll_ns = PREDIX_LOOK_BACK_POLL_NS;
#endif
#ifdef PREDIX_LOOK_BACK_MIN_TILES
  t.look_back.min_tiles = PREDIX_LOOK_BACK_MIN_TILES;
#endif
#ifdef PREDIX_SELECT_LOOK_BACK_FIRST_NS
  t.look_back.select.first_ns = PREDIX_SELECT_LOOK_BACK_FIRST_NS;
#endif
#ifdef PREDIX_SELECT_BYTE_LOOK_BACK_FIRST_NS
  t.look_back.select.byte_first_ns = PREDIX_SELECT_BYTE_LOOK_BACK_FIRST_NS;
#endif
#ifdef PREDIX_SELECT_LOOK_BACK_FEW_NS
  t.look_back.select.few_ns = PREDIX_SELECT_LOOK_BACK_FEW_NS;
#endif
#ifdef PREDIX_SELECT_BYTE_EDGE_NS
  t.look_back.select.byte_edge_ns = PREDIX_SELECT_BYTE_EDGE_NS;
#endif
  return t;
}

/// The tuning of the current device, read from its properties once per device and kept.
inline device_tuning current_device_tuning(const char* algorithm) {
  static std::mutex mutex;
  static std::map<int, device_tuning> known;
  int device = 0;
  detail::check(cudaGetDevice(&device), algorithm, "cudaGetDevice");
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = known.find(device);
  if (found != known.end()) return found->second;
  cudaDeviceProp p{};
  detail::check(cudaGetDeviceProperties(&p, device), algorithm, "cudaGetDeviceProperties");
  int khz = 0;  // the memory clock: two transfers a cycle over the bus
  detail::check(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, device), algorithm,
                "cudaDeviceGetAttribute");
  const double bytes_per_ns = 2.0 * khz * 1e-6 * p.memoryBusWidth / 8;
  const device_tuning t = tuning_of(p.name, p.multiProcessorCount, bytes_per_ns);
  known.emplace(device, t);
  return t;
}

}  // namespace predix::gpu::tuning
