#!/usr/bin/env bash
# Builds predix with every backend this machine has and runs the whole test suite.
# Usage: scripts/test.sh [extra CMake arguments]   (build tree: build/test)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packages.sh
predix_require_packages cmake ninja-build g++ libgtest-dev libtrilinos-kokkos-dev

build=build/test
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPREDIX_BUILD_TESTS=ON -DPREDIX_BUILD_EXAMPLES=ON \
  $(predix_cuda_args) "$@"
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
