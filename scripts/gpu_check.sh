#!/usr/bin/env bash
# The GPU check on a CUDA machine (made for an H100 with 16 cores):
#   configure build/gpu (sm_90, tests and benchmarks) → build the CUDA tests (primitives and
#   device algorithms: predix_cuda_tests; the conformance suite: conformance_cuda; fuzz,
#   concurrency and huge inputs: predix_cuda_reliability_tests; the compat suite: compat_cuda)
#   → ctest -L cuda (compat.cuda included) → ctest -L huge (alone)
#   → compute-sanitizer (memcheck, racecheck, synccheck, initcheck) over the CUDA tests
#   → the warp/block primitives and call-floor microbenchmarks (call_floor_bench.cu)
#   → SASS instruction counts per primitive
#   → kernel times by ncu: find_if with its match at 1% against a whole count_if, 2^28 items
#   → the benchmark suite's quick matrix (scripts/bench.sh --cuda --quick)
# On a fresh machine this takes two calls: the build alone needs 7-10 minutes of 16 cores (the
# heaviest test files take 4-5 minutes each), more than a device call's 10. So first
# `scripts/gpu_check.sh --build-only`, then, while the machine is still warm (its build tree
# kept), `scripts/gpu_check.sh`, whose build step then finds nothing to do (docs/reliability.md).
# With --sanitize the sanitizers run over every CUDA test binary (predix_cuda_tests,
# conformance_cuda, predix_cuda_reliability_tests without Huge.*, compat_cuda), each under
# PREDIX_TEST_QUICK=1, and write sanitizer_table.md; the benchmark steps are left out.
# On an H100 racecheck alone needs about 230 s (conformance_cuda), so the four tools take two
# calls: PREDIX_SANITIZE_TOOLS="memcheck synccheck initcheck", then PREDIX_SANITIZE_TOOLS=racecheck
# (docs/reliability.md).
# Every step runs even when an earlier one failed (unless it needs what failed); a summary
# table ends the output. Files in $OUT (default ./out): summary.txt, cuda_tests.log,
# sanitizer_table.md, bench_quick.txt, bench.tgz (the suite's JSON, report and plots, and
# primitives_bench.json) and logs.tgz (build.log, huge_tests.log, sanitizer.log,
# primitives_bench.txt, sass.txt, kernel_times.txt and ncu's CSV).
#
#   scripts/gpu_check.sh               on the GPU machine
#   scripts/gpu_check.sh --build-only  the configure and build steps alone (tests and benchmark
#                                      binary together), with the whole budget
#   scripts/gpu_check.sh --sanitize    the same tests, then the four sanitizers over all of them
#   scripts/gpu_check.sh --fetch-deps  here, beforehand, when the GPU machine may lack
#                                      GoogleTest / Google Benchmark: puts their sources in
#                                      .gpu-deps/ (git-ignored); carry that folder along and
#                                      the check builds them first.
# Environment: OUT, JOBS (16), PREDIX_SANITIZE_TOOLS (memcheck synccheck initcheck racecheck),
# PREDIX_GPU_BUDGET_S (510: the whole run's time limit, steps shrink their timeouts to fit),
# PREDIX_CUDA_ARCH (90), PREDIX_GPU_BUILD (build/gpu), PREDIX_GPU_CUDA_FLAGS (CMAKE_CUDA_FLAGS of
# the build: a tuning switch of tuning/sm90.cuh checked by every step, e.g.
# "-DPREDIX_FIND_LATER_BYTES_PER_THREAD=0"; give such a build its own PREDIX_GPU_BUILD).
# Adding a step (e.g. scripts/bench.sh): one `step NAME CAP_S RESERVE_S command...` line.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ "${1:-}" = "--fetch-deps" ]; then
  set -e
  deps=.gpu-deps
  mkdir -p "$deps"
  exclude=$(git rev-parse --git-path info/exclude)
  mkdir -p "$(dirname "$exclude")"
  grep -qx '/.gpu-deps/' "$exclude" 2>/dev/null || echo '/.gpu-deps/' >>"$exclude"
  rm -rf "$deps/googletest" "$deps/benchmark"
  cp -r /usr/src/googletest "$deps/googletest"  # Debian's googletest package
  tmp=$(mktemp -d)
  mkdir -p "$tmp/lists/partial"
  echo "deb-src http://deb.debian.org/debian bookworm main" >"$tmp/src.list"
  apt_src=(-o "Dir::Etc::SourceList=$tmp/src.list" -o Dir::Etc::SourceParts=/dev/null
           -o "Dir::State::Lists=$tmp/lists")
  apt-get "${apt_src[@]}" update -q >/dev/null 2>&1
  (cd "$tmp" && apt-get "${apt_src[@]}" source --download-only -q benchmark >/dev/null 2>&1)
  mkdir -p "$deps/benchmark"
  tar -xzf "$tmp"/benchmark_*.orig.tar.gz -C "$deps/benchmark" --strip-components=1
  rm -rf "$tmp"
  du -sh "$deps"
  echo "carry .gpu-deps to the GPU machine; scripts/gpu_check.sh builds it there"
  exit 0
fi

sanitize_all=0 build_only=0
[ "${1:-}" = "--sanitize" ] && sanitize_all=1
[ "${1:-}" = "--build-only" ] && build_only=1

OUT=${OUT:-$root/out}
mkdir -p "$OUT/bench"
exec 3>&1  # the console, for progress lines while a step's output goes to a log
jobs=${JOBS:-16}
build=${PREDIX_GPU_BUILD:-build/gpu}
budget=${PREDIX_GPU_BUDGET_S:-570}
t_start=$(date +%s)
summary=()

# step NAME CAP RESERVE cmd...: runs cmd (a program or an exported function) with a timeout
# of min(CAP, time left - RESERVE) seconds (RESERVE: what the later steps need), and records
# its status and time for the summary.
step() {
  local name=$1 cap=$2 reserve=$3
  shift 3
  local left=$((budget - ($(date +%s) - t_start) - reserve))
  local limit=$((cap < left ? cap : left))
  if [ "$limit" -lt 10 ]; then
    summary+=("$(printf '%-22s %-8s %6s  %s' "$name" SKIPPED - 'no time left')")
    return 1
  fi
  echo "=== $name (timeout ${limit}s)" | tee /dev/fd/3
  local t0=$(date +%s) rc
  timeout --kill-after=10 "$limit" bash -c '"$@"' "$name" "$@"
  rc=$?
  local status=ok
  [ $rc -ne 0 ] && status=FAILED
  [ $rc -eq 124 ] && status=TIMEOUT
  summary+=("$(printf '%-22s %-8s %5ss  %s' "$name" "$status" "$(($(date +%s) - t0))" "${note:-}")")
  note=""
  return $rc
}
skip() { summary+=("$(printf '%-22s %-8s %6s  %s' "$1" SKIPPED - "$2")"); }
# A benchmark step that does not run: left out by --sanitize (not a failure), else skipped.
skip_bench() {
  if [ $sanitize_all -eq 1 ]; then
    summary+=("$(printf '%-22s %-8s %6s  %s' "$1" omitted - '--sanitize: no benchmarks')")
  else
    skip "$@"
  fi
}
note=""
# The end of every run: logs archived, the summary printed and kept. A GPU machine sends back
# at most 8 files: the logs beside the summary, the test log, the sanitizer table and the
# benchmarks go back as one archive, logs.tgz. Exit status: 0 only when every step passed.
finish() {
  (cd "$OUT" && logs=$(ls -A | grep -vxE 'summary.txt|cuda_tests.log|sanitizer_table.md|bench_quick.txt|bench.tgz|bench') &&
    [ -n "$logs" ] && tar -czf logs.tgz $logs && rm -f $logs)
  {
    echo
    echo "=== predix GPU check: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1), $(($(date +%s) - t_start)) s"
    [ -n "${PREDIX_GPU_CUDA_FLAGS:-}" ] && echo "built with CMAKE_CUDA_FLAGS=$PREDIX_GPU_CUDA_FLAGS"
    printf '%-22s %-8s %6s  %s\n' step status time notes
    printf '%s\n' "${summary[@]}"
    echo "files in $OUT: $(cd "$OUT" && ls | tr '\n' ' ')"
  } | tee "$OUT/summary.txt"
  ! printf '%s\n' "${summary[@]}" | grep -qE ' (FAILED|TIMEOUT|SKIPPED) '
  exit
}

# --- dependencies carried as sources (.gpu-deps), installed into build/gpu-deps
prefix_args=()
cuda_flags=()
[ -n "${PREDIX_GPU_CUDA_FLAGS:-}" ] && cuda_flags=("-DCMAKE_CUDA_FLAGS=$PREDIX_GPU_CUDA_FLAGS")
build_deps() {
  set -e
  local d=$root/build/gpu-deps
  cmake -S .gpu-deps/googletest -B "$d/gtest" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_GMOCK=OFF -DCMAKE_INSTALL_PREFIX="$d/prefix" >/dev/null
  cmake --build "$d/gtest" -j "$jobs" >/dev/null
  cmake --install "$d/gtest" >/dev/null
  cmake -S .gpu-deps/benchmark -B "$d/benchmark" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
    -DBENCHMARK_ENABLE_TESTING=OFF -DBENCHMARK_ENABLE_GTEST_TESTS=OFF \
    -DBENCHMARK_ENABLE_WERROR=OFF -DCMAKE_INSTALL_PREFIX="$d/prefix" >/dev/null
  cmake --build "$d/benchmark" -j "$jobs" >/dev/null
  cmake --install "$d/benchmark" >/dev/null
}
gen="Unix Makefiles"
command -v ninja >/dev/null && gen=Ninja
export -f build_deps
export root gen jobs
if [ -d .gpu-deps ]; then
  step deps 150 330 build_deps >"$OUT/build.log" 2>&1 &&
    prefix_args=(-DCMAKE_PREFIX_PATH="$root/build/gpu-deps/prefix")
fi

# --- configure and build
source scripts/packages.sh
step configure 90 300 cmake -S . -B "$build" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES="${PREDIX_CUDA_ARCH:-90}" -DPREDIX_BUILD_TESTS=ON -DPREDIX_BUILD_PERF=ON \
  -DPREDIX_ENABLE_CUDA=ON -DPREDIX_CUDA_RELIABILITY=ON $(predix_cuda_args) "${prefix_args[@]}" \
  "${cuda_flags[@]}" >>"$OUT/build.log" 2>&1
configured=$?

tests_bin=$build/tests/cuda/predix_cuda_tests
reliability_bin=$build/tests/cuda/predix_cuda_reliability_tests
bench_bin=$build/perf/predix_perf_cuda
[ $sanitize_all -eq 1 ] && bench_bin=""  # --sanitize: no benchmarks
if [ $build_only -eq 1 ]; then  # the tests and the benchmark binary in one build, then stop
  if [ $configured -eq 0 ]; then
    step build 600 0 cmake --build "$build" -j "$jobs" --target predix_cuda_tests \
      conformance_cuda predix_cuda_reliability_tests compat_cuda predix_perf_cuda \
      >>"$OUT/build.log" 2>&1
  else
    skip build "configure failed (see build.log)"
  fi
  finish
elif [ $configured -eq 0 ]; then
  step build_tests 330 200 cmake --build "$build" -j "$jobs" --target predix_cuda_tests \
    conformance_cuda predix_cuda_reliability_tests compat_cuda >>"$OUT/build.log" 2>&1
  # The benchmark builds in the background while the tests and sanitizers run.
  if [ -n "$bench_bin" ]; then
    (timeout 300 cmake --build "$build" -j "$jobs" --target predix_perf_cuda >"$OUT/.bench_build.log" 2>&1;
     echo $? >"$OUT/.bench_build.rc") &
    bench_build_pid=$!
  fi
else
  skip build_tests "configure failed (see build.log)"
fi

# --- the CUDA tests (a GPU must be there: PREDIX_REQUIRE_CUDA turns skips into failures). They
# come before every later step: after a slow build they take the time of the sanitizers and
# benchmarks, keeping 30 s for the huge tests (with 180 kept, a 254 s build left them 41 s).
if [ -x "$tests_bin" ]; then
  PREDIX_REQUIRE_CUDA=1 step ctest_cuda 120 30 \
    ctest --test-dir "$build" -L cuda -j 4 -V >"$OUT/cuda_tests.log" 2>&1
  gtest_count() {  # sums "[  PASSED  ] 3 tests" lines over the suites
    grep -ho "\[  $1 *\] [0-9]* test" "$OUT/cuda_tests.log" | awk '{s += $4} END {print s + 0}'
  }
  passed=$(gtest_count PASSED) failed=$(gtest_count FAILED) skipped=$(gtest_count SKIPPED)
  ctest_line=$(grep -E 'tests passed|tests failed' "$OUT/cuda_tests.log" | tail -1)
  summary[-1]="${summary[-1]} ${ctest_line}; gtest: ${passed} passed, ${failed} failed, ${skipped} skipped"
  if [ -x "$reliability_bin" ]; then  # takes all device memory at one point: nothing beside it
    PREDIX_REQUIRE_CUDA=1 step ctest_huge 90 160 \
      ctest --test-dir "$build" -L huge -V >"$OUT/huge_tests.log" 2>&1
    summary[-1]="${summary[-1]} $(grep -oE '\[  (PASSED|FAILED) .*' "$OUT/huge_tests.log" | tr '\n' ' ')"
  fi
else
  skip ctest_cuda "no test binary"
fi

# --- compute-sanitizer (quick pattern lists), one tool at a time over the test binaries; each
# tool's step runs them in turn and adds one row per binary to sanitizer_table.md
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
: >"$OUT/sanitizer.log"
sanitized=("$tests_bin")
if [ $sanitize_all -eq 1 ]; then
  sanitized+=("$build/tests/cuda/conformance_cuda" "$reliability_bin:-Huge.*"
              "$build/tests/compat/compat_cuda")
fi
sanitize_binaries() {  # TOOL: runs it over every binary in $sanitized_list (PATH[:GTEST_FILTER])
  local tool=$1 rc=0 entry bin filter extra=() entries i=0 pids=() rows=() logs=() t0=$SECONDS
  [ "$tool" = memcheck ] && extra=(--leak-check full)
  read -ra entries <<<"$sanitized_list"
  for entry in "${entries[@]}"; do  # all binaries at once, each with its own log
    bin=${entry%%:*} filter=${entry#"$bin"}
    filter=${filter#:}
    # Thrust's own find_if (the thrust::device reference of these compat tests, is_partitioned
    # and the votes included) copies a tuple<bool, long> whose padding is uninitialized:
    # initcheck reports Thrust (cub DeviceReduceSingleTileKernel of __find_if), not predix.
    # Under the tools a stream-ordered allocation waits for the stream, so par_nosync's scans
    # cannot return before the kernel enqueued ahead of them ends (their graph test still runs).
    if [ "$(basename "$bin")" = compat_cuda ]; then
      filter="-CubGraph.ParNosyncScansReturnAtOnce"
      if [ "$tool" = initcheck ]; then
        filter+=":ThrustFind.Finds:ThrustFind.Votes:ThrustPartition.InPlace"
        filter+=":ThrustFunctors.IdentityInPlace:ThrustFunctors.IdentityVotes"
      fi
    fi
    # Under racecheck, 8 host threads launching on the legacy default stream never finish
    # (the same test passes 30 times in a row without the tool, and under the other three).
    if [ "$tool" = racecheck ] && [ "$(basename "$bin")" = predix_cuda_reliability_tests ]; then
      filter="$filter:Concurrency.EightThreadsOnTheDefaultStream"
    fi
    rows[i]="$(basename "$bin")${filter:+ ($filter)}"
    logs[i]=$OUT/.sanitizer_${tool}_${i}.log
    if [ -x "$bin" ]; then
      ( "$sanitizer" --tool "$tool" --error-exitcode 99 "${extra[@]}" "$bin" --gtest_brief=1 \
          ${filter:+"--gtest_filter=$filter"} >"${logs[i]}" 2>&1
        echo "exit $? after $((SECONDS - t0)) s" >>"${logs[i]}" ) &
      pids[i]=$!
    else
      echo "not built" >"${logs[i]}"
    fi
    i=$((i + 1))
  done
  for i in "${!rows[@]}"; do
    [ -n "${pids[i]:-}" ] && wait "${pids[i]}"
    echo "===== $tool ${rows[i]}" >>"$OUT/sanitizer.log"
    cat "${logs[i]}" >>"$OUT/sanitizer.log"
    grep -q "^exit 0 after" "${logs[i]}" || rc=1
    local result
    result=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^not built' "${logs[i]}" | head -1 | sed 's/^=* *//')
    result="${result:-no summary (killed?)}; gtest: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "${logs[i]}" | tr -s ' ' | tr '\n' ' ')"
    echo "| $tool | ${rows[i]} | $result | $(grep -o 'after [0-9]* s' "${logs[i]}" | cut -d' ' -f2-) |" >>"$OUT/sanitizer_table.md"
    rm -f "${logs[i]}"
  done
  return $rc
}
export -f sanitize_binaries
export sanitizer
if [ -x "$tests_bin" ] && [ -n "$sanitizer" ]; then
  printf '| tool | binary | result | time |\n|---|---|---|---|\n' >"$OUT/sanitizer_table.md"
  export sanitized_list="${sanitized[*]}"
  # tools after this one, each kept >= 45 s (--sanitize: 40 s; racecheck, the slowest, last
  # with what is left); 180 s kept for the benchmarks. Each tool runs the binaries in parallel.
  per_tool=45 bench_reserve=180 cap=120
  [ $sanitize_all -eq 1 ] && per_tool=40 bench_reserve=0 cap=400
  tools=(${PREDIX_SANITIZE_TOOLS:-memcheck synccheck initcheck racecheck})
  later=$((${#tools[@]} - 1))
  for tool in "${tools[@]}"; do
    reserve=$((bench_reserve + per_tool * later))
    later=$((later - 1))
    PREDIX_TEST_QUICK=1 PREDIX_REQUIRE_CUDA=1 step "sanitizer_$tool" "$cap" "$reserve" \
      sanitize_binaries "$tool"
    summary[-1]="${summary[-1]} $(grep "^| $tool |" "$OUT/sanitizer_table.md" |
      grep -oE '(ERROR|RACECHECK) SUMMARY: [0-9]+ [a-z]+|not built' | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
  done
else
  skip sanitizer "no test binary or no compute-sanitizer"
fi

# --- the microbenchmark: the warp/block rows of predix_perf_cuda
if [ -n "${bench_build_pid:-}" ]; then
  wait "$bench_build_pid"
  cat "$OUT/.bench_build.log" >>"$OUT/build.log"
  rc=$(cat "$OUT/.bench_build.rc" 2>/dev/null || echo 1)
  rm -f "$OUT/.bench_build.log" "$OUT/.bench_build.rc"
  summary+=("$(printf '%-22s %-8s %6s  %s' build_bench "$([ "$rc" = 0 ] && echo ok || echo FAILED)" - 'in the background')")
fi
if [ -x "$bench_bin" ]; then
  step primitives_bench 150 180 "$bench_bin" --benchmark_filter='^(warp|block|call)_' \
    --benchmark_min_time="$(predix_min_time "$bench_bin" 0.1s)" \
    --benchmark_out="$OUT/bench/primitives_bench.json" \
    --benchmark_out_format=json >"$OUT/primitives_bench.txt" 2>&1
else
  skip_bench primitives_bench "no benchmark binary"
fi

# --- SASS: instructions per collective call (probe kernel minus the identity probe), opcode
# classes, and registers / shared memory / spills per kernel
sass_counts() {
  local cuobjdump filt
  cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
  filt=$(command -v cu++filt || command -v c++filt || echo cat)
  "$cuobjdump" -sass "$bench_bin" >"$OUT/.sass" || return 1
  "$cuobjdump" -res-usage "$bench_bin" >"$OUT/.res" || return 1
  python3 - "$OUT/.sass" "$OUT/.res" "$filt" <<'EOF'
import re, subprocess, sys
sass, res, filt = sys.argv[1:4]
def demangle(names):
    if filt == "cat": return names
    out = subprocess.run([filt], input="\n".join(names), capture_output=True, text=True).stdout.split("\n")
    return out[:len(names)]
def short(name):
    name = re.sub(r"\(anonymous namespace\)::|predix::gpu::|cub::CUB_\d+_SM_\d+::", "", name)
    name = name.replace("(BlockScanAlgorithm)0", "raking").replace("(BlockScanAlgorithm)2", "warp_scans")
    return re.sub(r"\(unsigned int const\*, (int, )?int\*\)$", "", re.sub(r"^void ", "", name))
funcs, cur = {}, None
for line in open(sass):
    m = re.match(r"\s*Function : (\S+)", line)
    if m:
        cur = m.group(1); funcs[cur] = []; continue
    m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
    if m and cur: funcs[cur].append(m.group(2))
names = [n for n in funcs if "probe_kernel" in n or "tiles_kernel" in n]
pretty = dict(zip(names, demangle(names)))
classes = ["VOTE", "POPC", "FLO", "SHFL", "REDUX", "BAR", "LDS", "STS", "S2R"]
def count(ops):
    real = [o for o in ops if o != "NOP"]
    while real and real[-1] == "BRA": real.pop()  # the trailing self-branch after EXIT
    return real
base = {}
def block_threads(n):
    m = re.search(r", (\d+)>", pretty[n])
    return m.group(1) if m else None
for n in names:
    if "probe_kernel" in n and "identity" in pretty[n] and block_threads(n):
        base[block_threads(n)] = len(count(funcs[n]))
print("Instructions per collective call: SASS of probe_kernel<P, B> minus probe_kernel<identity, B>")
print(f"{'primitive, block threads':62s} {'instr':>5s} " + " ".join(f"{c:>5s}" for c in classes))
for n in sorted(names, key=lambda n: short(pretty[n])):
    if "probe_kernel" not in n or "identity" in pretty[n]: continue
    ops = count(funcs[n])
    b = block_threads(n)
    row = f"{short(pretty[n]).replace('probe_kernel<', '')[:-1]:62s} {len(ops) - base.get(b, 0):5d} "
    print(row + " ".join(f"{sum(1 for o in ops if o.split('.')[0] == c):5d}" for c in classes))
print("\nResources per benchmark kernel (cuobjdump -res-usage)")
func = None
for line in open(res):
    m = re.match(r"\s*Function (\S+?):?\s*$", line) or re.match(r"\s*Function (\S+):", line)
    if m:
        func = m.group(1); continue
    fields = dict(re.findall(r"(REG|SHARED|LOCAL|STACK):(\d+)", line))
    if func and fields and "tiles_kernel" in func:
        nm = short(demangle([func])[0]).replace("tiles_kernel<", "")[:-1]
        print(f"{nm:62s} regs {fields.get('REG','?'):>3s}  smem {fields.get('SHARED','?'):>5s} B  local {fields.get('LOCAL','?'):>3s} B  stack {fields.get('STACK','?'):>3s} B")
    if fields:
        func = None
EOF
  local rc=$?
  rm -f "$OUT/.sass" "$OUT/.res"
  return $rc
}
export -f sass_counts
export OUT bench_bin
if [ -x "$bench_bin" ]; then
  step sass_counts 60 150 sass_counts >"$OUT/sass.txt" 2>&1
else
  skip_bench sass_counts "no benchmark binary"
fi

# --- kernel times (ncu, clocks as they run): find_if with its match at 1% of 2^28 items against
# a whole count_if, per type, on the kernels alone (a call adds ~10 µs: docs/perf/call_cost.md "The
# floor of a call"), for the rule that the first costs at most 5% of the second
kernel_times() {
  "$ncu" --clock-control none --metrics gpu__time_duration.sum --csv --print-kernel-base demangled \
    -k regex:'^(find_if|count_if)_kernel' "$bench_bin" --sizes=28 --sels=50 --hits=1 \
    --types=uint8,int16,int32,int64 --benchmark_filter='^(find_if|count_if)/predix_cuda/' \
    --benchmark_min_time="$(predix_min_time "$bench_bin" 1x)" >"$OUT/.ncu.csv" || return 1
  python3 - "$OUT/.ncu.csv" <<'EOF'
import csv, re, statistics, sys
types = {"unsigned char": "uint8", "short": "int16", "int": "int32", "long": "int64"}
times = {}
for row in csv.DictReader(l for l in open(sys.argv[1]) if l.startswith('"')):
    m = re.search(r"(find_if|count_if)_kernel<[\w:]*<(unsigned char|short|int|long)\b", row["Kernel Name"])
    if m and row["Metric Name"] == "gpu__time_duration.sum":
        scale = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0, "ms": 1e3, "msecond": 1e3}[row["Metric Unit"]]
        times.setdefault((m.group(1), types[m.group(2)]), []).append(float(row["Metric Value"].replace(",", "")) * scale)
print("Kernel time at 2^28 (ncu, median of the launches): find_if, match at 1%, against count_if")
print(f"{'type':6s} {'find_if µs':>10s} {'count_if µs':>11s} {'ratio':>6s}")
for t in types.values():
    f, c = times.get(("find_if", t)), times.get(("count_if", t))
    if f and c:
        f, c = statistics.median(f), statistics.median(c)
        print(f"{t:6s} {f:10.1f} {c:11.1f} {100 * f / c:5.1f}%")
EOF
}
export -f kernel_times
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
export ncu
if [ -x "$bench_bin" ] && [ -x "$ncu" ]; then
  step kernel_times 90 120 kernel_times >"$OUT/kernel_times.txt" 2>&1
else
  skip_bench kernel_times "no benchmark binary or no ncu"
fi

# --- the benchmark suite, quick matrix (predix against CUB/Thrust), on the same build tree;
# its report and plots come back as one archive
bench_quick() {
  PREDIX_SKIP_PACKAGES=1 PREDIX_PERF_BUILD=$build scripts/bench.sh --cuda --quick \
    --cuda-arch "${PREDIX_CUDA_ARCH:-90}" --out "$OUT/bench" &&
    tar -czf "$OUT/bench.tgz" -C "$OUT" bench && rm -rf "$OUT/bench"
}
export -f bench_quick
export build
if [ -x "$bench_bin" ] && [ "${PREDIX_GPU_BENCH:-quick}" = quick ]; then
  step bench_quick 150 0 bench_quick >"$OUT/bench_quick.txt" 2>&1
else
  skip_bench bench_quick "no benchmark binary or PREDIX_GPU_BENCH != quick"
fi

finish
