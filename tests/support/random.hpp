#pragma once
// Test randomness: one seed per test, taken from PREDIX_TEST_SEED or drawn fresh, and
// printed with every failure (through SCOPED_TRACE) so a failing run can be replayed; and the
// other switches tests read from the environment.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

namespace predix_test {

/// splitmix64: fast, good enough for test data.
class rng {
 public:
  explicit rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, bound).
  std::uint64_t below(std::uint64_t bound) { return bound == 0 ? 0 : next() % bound; }
  /// True with probability p.
  bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }

 private:
  std::uint64_t state_;
};

inline std::uint64_t test_seed() {
  if (const char* fixed = std::getenv("PREDIX_TEST_SEED")) return std::strtoull(fixed, nullptr, 0);
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

inline bool env_flag(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::strcmp(value, "") != 0 && std::strcmp(value, "0") != 0;
}

/// PREDIX_TEST_QUICK=1: fewer patterns and sizes, for slow runs (sanitizers).
inline bool quick_mode() { return env_flag("PREDIX_TEST_QUICK"); }

/// Why a test that makes CUDA calls fail on purpose skips in quick mode: compute-sanitizer
/// (run with PREDIX_TEST_QUICK=1) counts failed CUDA API calls as errors.
constexpr const char* provokes_api_errors =
    "PREDIX_TEST_QUICK: this test makes CUDA calls fail on purpose";

inline std::string seed_message(std::uint64_t seed) {
  return "seed " + std::to_string(seed) + " (rerun with PREDIX_TEST_SEED=" + std::to_string(seed) +
         ")";
}

}  // namespace predix_test
