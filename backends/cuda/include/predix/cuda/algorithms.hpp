#pragma once
// predix::impl overloads for predix::cuda_policy: none yet. The device-wide algorithms
// (decoupled look-back scans, selection, partition, counts and votes) will be added here,
// one include per algorithm, built on the warp/ and block/ collectives.
#include <predix/cuda/policy.hpp>
