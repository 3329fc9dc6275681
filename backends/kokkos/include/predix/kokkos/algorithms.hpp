#pragma once
// The Kokkos backend: every core operation on Kokkos::parallel_scan / parallel_reduce /
// parallel_for over a RangePolicy (64-bit indices) on the policy's execution space instance;
// none falls back to the serial reference. Written against the Kokkos 3.4 API (Debian's
// libtrilinos-kokkos-dev) and newer Kokkos (OpenMP, Threads). Results equal the serial
// reference; exceptions from user functors are rethrown to the caller (kokkos/detail.hpp).
#include <predix/kokkos/copy_if.hpp>
#include <predix/kokkos/count_if.hpp>
#include <predix/kokkos/find_if.hpp>
#include <predix/kokkos/histogram.hpp>
#include <predix/kokkos/partition.hpp>
#include <predix/kokkos/policy.hpp>
#include <predix/kokkos/reduce.hpp>
#include <predix/kokkos/remove_if.hpp>
#include <predix/kokkos/scan.hpp>
