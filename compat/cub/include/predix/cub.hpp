#pragma once
// predix's CUB compatibility layer (DESIGN.md §5): switch CUB code to predix by namespace,
//   cub::DeviceSelect::If(d_temp, bytes, d_in, d_out, d_count, n, op, stream)
//   → predix::cub::DeviceSelect::If(d_temp, bytes, d_in, d_out, d_count, n, op, stream)
// with CUB 3.0.1's signatures and two-phase protocol (a null d_temp_storage asks for the size):
//   DeviceSelect::{If, Flagged, Unique, UniqueByKey}, DevicePartition::{If, Flagged},
//   DeviceScan::{InclusiveSum, ExclusiveSum, InclusiveScan, ExclusiveScan} and their *ByKey
//   forms, DeviceReduce::{Sum, ReduceByKey}, DeviceRunLengthEncode::{Encode, NonTrivialRuns},
//   DeviceHistogram::{HistogramEven, HistogramRange} (single channel).
// As with CUB, a call only enqueues its work on the stream (no host synchronization), uses no
// memory but the storage it is given (the size query returns what it needs), writes its count
// or sum to device memory from its own kernels, and can be captured into a CUDA graph. Calls
// run on predix's asynchronous core (predix/cuda/device/*.cuh: *_async). CUDA only (nvcc).
#include <predix/cub/device_histogram.cuh>
#include <predix/cub/device_partition.cuh>
#include <predix/cub/device_reduce.cuh>
#include <predix/cub/device_run_length_encode.cuh>
#include <predix/cub/device_scan.cuh>
#include <predix/cub/device_select.cuh>
