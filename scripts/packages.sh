# Sourced by the scripts: predix_require_packages PKG... makes sure Debian/Ubuntu packages
# are installed. As root it installs what is missing with apt-get; otherwise it prints the
# exact line to run and exits.
predix_require_packages() {
  [ "${PREDIX_SKIP_PACKAGES:-0}" = 1 ] && return 0
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "predix: not a Debian/Ubuntu system; make sure these are installed: $*" >&2
    return 0
  fi
  local missing=() pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "predix: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "predix: missing packages. Run:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}

# predix_cuda_args: prints the CMake arguments that point CMake at the CUDA toolkit when
# nvcc is installed (on PATH or in /usr/local/cuda), and nothing otherwise.
predix_cuda_args() {
  local nvcc
  nvcc=$(command -v nvcc || true)
  [ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
  [ -n "$nvcc" ] && echo "-DCMAKE_CUDA_COMPILER=$nvcc"
  return 0
}

# predix_has_gpu: whether nvidia-smi lists a GPU.
predix_has_gpu() {
  command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '
}

# predix_configure_perf BUILD [ARG...]: configures the benchmark suite in BUILD (Release, no
# tests; with the CUDA toolkit when there is one) with the extra CMake arguments ARG.
predix_configure_perf() {
  local build=$1
  shift
  # shellcheck disable=SC2046  # predix_cuda_args prints zero or one word
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPREDIX_BUILD_PERF=ON \
    -DPREDIX_BUILD_TESTS=OFF $(predix_cuda_args) "$@"
}

# predix_min_time BIN VALUE: the value of --benchmark_min_time for the benchmark binary BIN,
# VALUE given with its unit ("0.05s", "1x"): as it is where the library takes units (Google
# Benchmark 1.8, which warns for every row without one), else as 1.7 takes it: seconds
# without the unit, or 0 (the fewest iterations) for a count of iterations.
predix_min_time() {
  local bin=$1 value=$2
  if "$bin" --benchmark_list_tests --benchmark_min_time="$value" >/dev/null 2>&1; then
    echo "$value"
  else
    case $value in
      *x) echo 0 ;;
      *s) echo "${value%s}" ;;
      *) echo "$value" ;;
    esac
  fi
}
