#pragma once
// predix's CUB compatibility layer (DESIGN.md §5): switch CUB code to predix by namespace,
//   cub::DeviceSelect::If(d_temp, bytes, d_in, d_out, d_count, n, op, stream)
//   → predix::cub::DeviceSelect::If(d_temp, bytes, d_in, d_out, d_count, n, op, stream)
// with CUB 3.0.1's signatures and two-phase protocol (a null d_temp_storage asks for the size):
//   DeviceSelect::{If, Flagged}, DevicePartition::{If, Flagged},
//   DeviceScan::{InclusiveSum, ExclusiveSum, InclusiveScan, ExclusiveScan}, DeviceReduce::Sum.
// Differences from CUB: each call returns after its work is done (the count or sum is then
// written to the device on the stream); predix takes temporary storage from its own pool, so
// the size asked for is 1 byte and the storage passed in is not used. CUDA only (nvcc).
#include <predix/cub/device_partition.cuh>
#include <predix/cub/device_reduce.cuh>
#include <predix/cub/device_scan.cuh>
#include <predix/cub/device_select.cuh>
