#pragma once
// The tuning the device algorithms use. Host and device code must agree on it, so it is
// chosen at compile time, one per build: sm_90's values, which every architecture uses
// until it has measured values of its own (then: a tuning struct per architecture here and
// a host-side choice by the device's compute capability, one kernel instantiation each).
#include <predix/cuda/tuning/sm90.cuh>

namespace predix::gpu::tuning {
using active = sm90;
}  // namespace predix::gpu::tuning
