#!/usr/bin/env bash
# Builds predix with every backend this machine has and runs the whole test suite, then the host
# reliability checks of docs/reliability.md:
#   build/kokkos-4.6.01  where the Kokkos 4.6.01 release sits beside the project
#                    (../shared/third_party/kokkos-4.6.01.tar.gz, or PREDIX_KOKKOS_TARBALL):
#                    that Kokkos, built once with its OpenMP and Serial spaces, is the one
#                    build/test uses; elsewhere build/test uses the Kokkos it finds
#   build/test       every backend found, every test; without a GPU (nvidia-smi lists none) the
#                    CUDA code is compiled only (PREDIX_CUDA_COMPILE_ONLY) and its tests skip
#   build/test-asan  the host tests again with AddressSanitizer and UndefinedBehaviorSanitizer
#                    (no CUDA, -O0, PREDIX_TEST_QUICK sizes), against the system's Kokkos
#                    (Debian's 3.4.1, Serial space) when there is one
#   build/test-fuzz  the differential fuzzer under libFuzzer (clang, ASan + UBSan) for
#                    PREDIX_FUZZ_SECONDS (60), starting from tests/fuzz/corpus
# Usage: scripts/test.sh [extra CMake arguments for build/test]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packages.sh
predix_require_packages cmake ninja-build g++ libgtest-dev libtrilinos-kokkos-dev clang \
  libclang-rt-dev libomp-dev

kokkos_args=()
kokkos_tarball=${PREDIX_KOKKOS_TARBALL:-../shared/third_party/kokkos-4.6.01.tar.gz}
if [[ -f $kokkos_tarball ]]; then
  kokkos=$PWD/build/kokkos-4.6.01
  if [[ ! -f $kokkos/install/lib/cmake/Kokkos/KokkosConfig.cmake ]]; then
    rm -rf "$kokkos" && mkdir -p "$kokkos/source"
    tar xzf "$kokkos_tarball" -C "$kokkos/source" --strip-components=1
    cmake -S "$kokkos/source" -B "$kokkos/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_SERIAL=ON -DCMAKE_INSTALL_PREFIX="$kokkos/install"
    cmake --build "$kokkos/build" -j "$(nproc)"
    cmake --install "$kokkos/build" > /dev/null
  fi
  kokkos_args=(-DKokkos_ROOT="$kokkos/install")
fi

cuda_args=($(predix_cuda_args))
if [[ ${#cuda_args[@]} -gt 0 ]] && ! predix_has_gpu; then
  cuda_args+=(-DPREDIX_CUDA_COMPILE_ONLY=ON)
fi

build=build/test
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPREDIX_BUILD_TESTS=ON -DPREDIX_BUILD_EXAMPLES=ON \
  "${kokkos_args[@]}" "${cuda_args[@]}" "$@"
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"

export UBSAN_OPTIONS=print_stacktrace=1
sanitize=(-G Ninja -DCMAKE_BUILD_TYPE=Debug -DPREDIX_BUILD_TESTS=ON -DPREDIX_ENABLE_CUDA=OFF
          -DPREDIX_SANITIZE=address,undefined)

asan=build/test-asan
cmake -S . -B "$asan" "${sanitize[@]}"
cmake --build "$asan" -j "$(nproc)" --target predix_sanitized_tests
PREDIX_TEST_QUICK=1 ctest --test-dir "$asan" --output-on-failure -j "$(nproc)" \
  -L 'serial|openmp|kokkos' -LE 'package|fuzz' -E 'threads[12]$'

fuzz=build/test-fuzz
CC=clang CXX=clang++ cmake -S . -B "$fuzz" "${sanitize[@]}" -DPREDIX_FUZZ=ON
cmake --build "$fuzz" -j "$(nproc)" --target differential_fuzz
mkdir -p "$fuzz/corpus"  # new inputs; the committed corpus is only read
OMP_WAIT_POLICY=passive LSAN_OPTIONS=suppressions=tests/fuzz/lsan.supp \
  "$fuzz/tests/fuzz/differential_fuzz" -max_total_time="${PREDIX_FUZZ_SECONDS:-60}" \
  -print_final_stats=1 -artifact_prefix="$fuzz/" "$fuzz/corpus" tests/fuzz/corpus
