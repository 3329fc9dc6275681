#!/usr/bin/env bash
# The main job: builds the benchmarks and compares predix with the stock libraries on the best
# backend this machine has — CUDA against CUB and Thrust when nvcc is installed and nvidia-smi
# lists a GPU, otherwise the host backends against std:: and Thrust's OpenMP backend — then
# prints the tables and writes the report (<machine>.md) and its plots. See perf/README.md.
#
# Usage: scripts/bench.sh [options] [-- google-benchmark-flags]
#   --quick             few sizes and cases (host: 2^20, 2^24; CUDA: 2^20, 2^28, 50%)
#   --host, --cuda      run these instead of choosing (both: both, one report)
#   --out DIR           JSON, report and plots go to DIR (default: perf/results/raw/ for the
#                       JSON, perf/results/ for <machine>.md and <machine>/*.png)
#   --cuda-arch ARCH    CMAKE_CUDA_ARCHITECTURES (default 90)
#   --sizes 16,20,...   log2 of the item counts     --types uint8,int32,...
#   --sels 1,50,99,clustered (selection cases)      --hits 1,50,99,none (find_if, any_of, all_of)
#   --runs 1,8,256      mean run length of the keys (by-key algorithms)
#   --offset K          CUDA: every buffer starts K items (1..15) past a 16-byte boundary
#   --filter REGEX      Google Benchmark --benchmark_filter
#   --min-time S        seconds of timed runs per row (default 0.05)
#   --cmake ARG         extra CMake configure argument (repeatable)
#   --busy N            the benchmarks run beside N busy processes (endless shell loops; 0:
#                       none): the host backends on shared cores; the report is <machine>-busyN
# Build tree: build/perf (or $PREDIX_PERF_BUILD). As root, missing Debian/Ubuntu packages are
# installed (PREDIX_SKIP_PACKAGES=1 skips the check, for machines set up without apt).
# PREDIX_COMMIT names the commit in the report where the tree has no .git (a copied tree).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packages.sh
command_line="scripts/bench.sh $*"

quick=0 out="" arch="" filter="" min_time="" busy=0
modes=() cmake_args=() perf_args=() bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --host | --cuda) modes+=("${1#--}") ;;
    --out | --cuda-arch | --filter | --min-time | --cmake | --busy | --sizes | --types | --sels | --hits | --runs | --offset)
      [ $# -ge 2 ] || { echo "bench.sh: $1 needs a value" >&2; exit 2; }
      case "$1" in
        --out) out=$2 ;;
        --cuda-arch) arch=$2 ;;
        --filter) filter=$2 ;;
        --min-time) min_time=$2 ;;
        --cmake) cmake_args+=("$2") ;;
        --busy) busy=$2 ;;
        *) perf_args+=("$1=$2") ;;
      esac
      shift ;;
    --out=* | --cuda-arch=* | --filter=* | --min-time=*)
      value=${1#*=}
      case "$1" in
        --out=*) out=$value ;;
        --cuda-arch=*) arch=$value ;;
        --filter=*) filter=$value ;;
        --min-time=*) min_time=$value ;;
      esac ;;
    --sizes=* | --types=* | --sels=* | --hits=* | --runs=* | --offset=*) perf_args+=("$1") ;;
    --) shift; bench_args=("$@"); break ;;
    -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

predix_require_packages cmake ninja-build g++ libbenchmark-dev python3-matplotlib

cuda_args=$(predix_cuda_args)
if [ ${#modes[@]} -eq 0 ]; then
  if [ -n "$cuda_args" ] && predix_has_gpu; then modes=(cuda); else modes=(host); fi
fi
for mode in "${modes[@]}"; do
  if [ "$mode" = cuda ] && [ -z "$cuda_args" ]; then
    echo "bench.sh: --cuda needs nvcc (the CUDA toolkit)" >&2
    exit 1
  fi
  if [ "$mode" = host ]; then  # optional: the predix_kokkos rows need Kokkos, std_par and thrust_tbb TBB
    (predix_require_packages libtrilinos-kokkos-dev) >/dev/null 2>&1 ||
      echo "bench.sh: Kokkos not installed; no predix_kokkos rows" >&2
    (predix_require_packages libtbb-dev) >/dev/null 2>&1 ||
      echo "bench.sh: TBB not installed (libtbb-dev); no std_par or thrust_tbb rows" >&2
  fi
done

build=${PREDIX_PERF_BUILD:-build/perf}
predix_configure_perf "$build" ${arch:+-DCMAKE_CUDA_ARCHITECTURES=$arch} ${cmake_args[@]+"${cmake_args[@]}"} |
  { grep '^-- predix' || true; }
cmake --build "$build" -j "$(nproc)" --target $(printf 'predix_perf_%s ' "${modes[@]}")

slug() { sed -e 's/([RrTtMmCc]*)//g' | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//'; }
if [[ " ${modes[*]} " == *" cuda "* ]]; then
  machine=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 | slug || true)
  machine=${machine:-cuda-device}
else
  machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | slug)-$(nproc)cpu"
fi
raw=${out:-perf/results/raw}
results=${out:-perf/results}
mkdir -p "$raw" "$results"

hogs=()
if [ "$busy" -gt 0 ]; then
  for _ in $(seq "$busy"); do (while :; do :; done) & hogs+=($!); done
  trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
  machine="$machine-busy$busy"
fi
jsons=()
for mode in "${modes[@]}"; do
  args=()
  if [ "$quick" = 1 ]; then
    if [ "$mode" = host ]; then args+=(--sizes=20,24); else args+=(--sizes=20,28 --sels=50 --hits=50,none); fi
  fi
  args+=(${perf_args[@]+"${perf_args[@]}"})
  json="$raw/$machine-$mode.json"
  echo "bench.sh: predix_perf_$mode ${args[*]} → $json" >&2
  "$build/perf/predix_perf_$mode" ${args[@]+"${args[@]}"} \
    --benchmark_min_time="$(predix_min_time "$build/perf/predix_perf_$mode" "${min_time:-0.05}s")" \
    ${filter:+--benchmark_filter="$filter"} \
    --benchmark_out="$json" --benchmark_out_format=json ${bench_args[@]+"${bench_args[@]}"}
  jsons+=("$json")
done
if [ ${#hogs[@]} -gt 0 ]; then kill "${hogs[@]}" 2>/dev/null || true; fi

python=python3  # the interpreter that has matplotlib (python3-matplotlib is for /usr/bin/python3)
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import matplotlib' >/dev/null 2>&1; then python=$candidate; break; fi
done
"$python" perf/report.py --out "$results" --machine "$machine" --command "$command_line" \
  ${PREDIX_COMMIT:+--commit "$PREDIX_COMMIT"} "${jsons[@]}"
