#pragma once
// Functors that predix's own iterators and ops hold run wherever the backend runs them: on a
// CUDA build, the std:: function objects become their cuda::std:: twins (callable on host and
// device; cuda/functional.cuh), every other functor stays as it is.
#include <predix/detail/backends.hpp>

namespace predix::detail {

template <class F>
auto portable(const F& f) {
#if PREDIX_HAS_CUDA
  return gpu::to_device(f);
#else
  return f;
#endif
}

}  // namespace predix::detail
