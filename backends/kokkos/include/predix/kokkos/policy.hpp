#pragma once
// predix::kokkos runs on Kokkos::DefaultHostExecutionSpace; predix::kokkos.on(space) on the given
// execution space instance (any host-accessible space: Serial, OpenMP, Threads, ...).
//   predix::count_if(predix::kokkos, b, e, pred);
//   predix::count_if(predix::kokkos.on(Kokkos::OpenMP()), b, e, pred);
// The policy object holds no Kokkos state until an algorithm runs, so it can exist before
// Kokkos::initialize. An algorithm run before Kokkos::initialize or after Kokkos::finalize
// throws std::runtime_error saying which.
#include <atomic>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include <Kokkos_Core.hpp>

#include <predix/serial/policy.hpp>

namespace predix {
namespace kokkos_detail {

#if KOKKOS_VERSION >= 30700
inline bool finalized() { return Kokkos::is_finalized(); }
#else
// Kokkos < 3.7 has no is_finalized(): a finalize hook, registered by the first check (before or
// after Kokkos::initialize), records it. Constant-initialized, so usable at any time.
inline std::atomic<bool> finalize_hooked{false};
inline std::atomic<bool> finalize_seen{false};
inline std::mutex finalize_hook_mutex;

inline bool finalized() {
  if (!finalize_hooked.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(finalize_hook_mutex);
    if (!finalize_hooked.load(std::memory_order_relaxed)) {
      Kokkos::push_finalize_hook([] {
        finalize_seen.store(true, std::memory_order_release);
        finalize_hooked.store(false, std::memory_order_release);  // hooks run once
      });
      finalize_hooked.store(true, std::memory_order_release);
    }
  }
  return finalize_seen.load(std::memory_order_acquire);
}
#endif

/// Throws std::runtime_error unless Kokkos is initialized; `what` names the caller.
inline void require_initialized(const char* what) {
  const bool after_finalize = finalized();
  if (Kokkos::is_initialized()) return;
  if (after_finalize) {
    throw std::runtime_error(std::string(what) +
                             ": Kokkos has been finalized; predix::kokkos cannot be used "
                             "after Kokkos::finalize");
  }
  throw std::runtime_error(std::string(what) +
                           ": Kokkos is not initialized; call Kokkos::initialize (or create a "
                           "Kokkos::ScopeGuard) before using predix::kokkos");
}

}  // namespace kokkos_detail

/// Kokkos backend: Kokkos::parallel_scan / parallel_reduce / parallel_for over a RangePolicy on
/// an execution space instance (by default Space's default instance).
template <class Space = Kokkos::DefaultHostExecutionSpace>
struct kokkos_policy : serial_policy {
  static_assert(Kokkos::is_execution_space<Space>::value,
                "predix::kokkos_policy<Space>: Space must be a Kokkos execution space");
  static_assert(Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible,
                "predix::kokkos runs on host-accessible execution spaces (the iterators are "
                "host iterators); use predix::cuda for GPUs");
  using execution_space = Space;

  kokkos_policy() = default;
  explicit kokkos_policy(const Space& space) : space_(space) {}

  /// The same backend on the execution space instance `space`.
  template <class Other>
  kokkos_policy<Other> on(const Other& space) const {
    return kokkos_policy<Other>(space);
  }

  /// The same policy: order kept (serial_policy::unordered).
  kokkos_policy unordered() const { return *this; }
  /// The instance the algorithms run on. Throws std::runtime_error if Kokkos is not initialized.
  Space space() const {
    kokkos_detail::require_initialized("predix::kokkos");
    return space_ ? *space_ : Space();
  }

 private:
  std::optional<Space> space_;
};

inline const kokkos_policy<> kokkos{};

}  // namespace predix
