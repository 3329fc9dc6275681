#!/usr/bin/env bash
# A/B of tuning macros in the benchmark suite on the GPU machine: builds predix_perf_cuda once
# per variant (in parallel, build/ab/NAME), runs the variants in turn ROUNDS times with the same
# suite arguments, and prints one line per row: each variant's GB/s over the rounds, and the
# baselines' (CUB, Thrust) range over every run.
#   perf/ab.sh 'old: -DPREDIX_LOOK_BACK_FIRST_NS=1500' 'new:' -- --types=uint8 --sizes=20,28 \
#     --sels=50 --benchmark_filter='^copy_if/'
# A variant is a name and the macros it sets (tuning/sm90.cuh lists them). Environment: ROUNDS
# (3), OUT (logs and JSON; default build/ab), CUDA_ARCH (90), JOBS (nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-build/ab}
mkdir -p "$out"
source scripts/packages.sh
variants=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do variants+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
names=()
jobs=$(( ${JOBS:-$(nproc)} / ${#variants[@]} ))
for v in "${variants[@]}"; do
  name=${v%%:*}
  names+=("$name")
  (predix_configure_perf "build/ab/$name" -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" \
     "-DCMAKE_CUDA_FLAGS=${v#*:}" &&
   cmake --build "build/ab/$name" -j "$jobs" --target predix_perf_cuda) >"$out/build_$name.log" 2>&1 &
done
wait
for round in $(seq "${ROUNDS:-3}"); do
  for name in "${names[@]}"; do
    "build/ab/$name/perf/predix_perf_cuda" "$@" --benchmark_min_time=0.05s \
      --benchmark_out="$out/${name}_$round.json" --benchmark_out_format=json >/dev/null
  done
done
python3 - "$out" "${names[@]}" <<'EOF'
import glob, json, sys
out, names = sys.argv[1], sys.argv[2:]
rows = {}  # row (impl left out) -> {impl or variant: [GB/s]}
for name in names:
    for path in sorted(glob.glob(f"{out}/{name}_*.json")):
        for b in json.load(open(path))["benchmarks"]:
            if "GBps" not in b:
                continue
            parts = b["name"].split("/")
            impl = parts[1]
            key = "/".join([parts[0]] + parts[2:]).replace("/manual_time", "")
            who = name if impl.startswith("predix") else impl
            rows.setdefault(key, {}).setdefault(who, []).append(b["GBps"])
for key, got in rows.items():
    cells = [f"{n} " + " ".join(f"{g:.0f}" for g in got.get(n, [])) for n in names]
    cells += [f"{w} {min(g):.0f}-{max(g):.0f}" for w, g in got.items() if w not in names]
    print(f"{key:40s} | " + " | ".join(cells))
EOF
