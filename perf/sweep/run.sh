#!/usr/bin/env bash
# Builds a sweep (scan_sweep.cu, or select_sweep.cu with -s select) once per variant (in
# parallel) and runs each in turn.
#   perf/sweep/run.sh [-n LOG2N] [-s scan|select] 'name: -DMACRO=value ...' ...
# A variant is a name and the tuning macros it sets (tuning/sm90.cuh lists them), e.g.
#   perf/sweep/run.sh 'base:' 'no-sleep: -DPREDIX_LOOK_BACK_FIRST_NS=0 -DPREDIX_LOOK_BACK_POLL_NS=0'
# Environment: OUT (build and log folder, default build/sweep), CUDA_ARCH (90).
set -euo pipefail
cd "$(dirname "$0")/../.."
log2n=28 sweep=scan
while [ $# -gt 0 ]; do
  case "$1" in
    -n) log2n=$2; shift 2 ;;
    -s) sweep=$2; shift 2 ;;
    *) break ;;
  esac
done
out=${OUT:-build/sweep}/$sweep
mkdir -p "$out"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
flags=(-O3 -std=c++17 --extended-lambda -arch=sm_"${CUDA_ARCH:-90}" -Iinclude -Ibackends/serial/include
       -Ibackends/cuda/include -DPREDIX_ENABLE_CUDA_BACKEND)
names=()
for v in "$@"; do
  name=${v%%:*}
  defs=${v#*:}
  names+=("$name")
  # shellcheck disable=SC2086
  "$nvcc" "${flags[@]}" $defs perf/sweep/${sweep}_sweep.cu -o "$out/$name" >"$out/$name.build.log" 2>&1 &
done
wait
for name in "${names[@]}"; do
  echo "=== $name: $(sed -n "s/^$name://p" <<<"$(printf '%s\n' "$@")")"
  if [ -x "$out/$name" ]; then "$out/$name" "$log2n"; else tail -5 "$out/$name.build.log"; fi
done
