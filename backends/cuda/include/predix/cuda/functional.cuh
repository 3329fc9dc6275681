#pragma once
// Functors on the device. The std:: function objects (std::plus<>, the default op of the
// public API) are constexpr host functions that device code may not call without nvcc's
// --expt-relaxed-constexpr, so the CUDA backend replaces each by its cuda::std:: twin, which
// behaves identically on both sides:  device_function_t<std::plus<>>  is  cuda::std::plus<>.
// Any other functor (thrust::, cuda::, the user's own) is used as it is.
#include <functional>
#include <type_traits>

#include <cuda/functional>
#include <cuda/std/functional>

#include <predix/detail/functional.hpp>

namespace predix::gpu {

template <class F>
struct device_function {
  using type = F;
  static F convert(const F& f) { return f; }
};

#define PREDIX_CUDA_DEVICE_TWIN(name)                                          \
  template <class T>                                                          \
  struct device_function<std::name<T>> {                                      \
    using type = ::cuda::std::name<T>;                                        \
    static type convert(const std::name<T>&) { return type{}; }               \
  };
PREDIX_CUDA_DEVICE_TWIN(plus)
PREDIX_CUDA_DEVICE_TWIN(minus)
PREDIX_CUDA_DEVICE_TWIN(multiplies)
PREDIX_CUDA_DEVICE_TWIN(divides)
PREDIX_CUDA_DEVICE_TWIN(modulus)
PREDIX_CUDA_DEVICE_TWIN(negate)
PREDIX_CUDA_DEVICE_TWIN(equal_to)
PREDIX_CUDA_DEVICE_TWIN(not_equal_to)
PREDIX_CUDA_DEVICE_TWIN(less)
PREDIX_CUDA_DEVICE_TWIN(greater)
PREDIX_CUDA_DEVICE_TWIN(less_equal)
PREDIX_CUDA_DEVICE_TWIN(greater_equal)
PREDIX_CUDA_DEVICE_TWIN(logical_and)
PREDIX_CUDA_DEVICE_TWIN(logical_or)
PREDIX_CUDA_DEVICE_TWIN(logical_not)
PREDIX_CUDA_DEVICE_TWIN(bit_and)
PREDIX_CUDA_DEVICE_TWIN(bit_or)
PREDIX_CUDA_DEVICE_TWIN(bit_xor)
PREDIX_CUDA_DEVICE_TWIN(bit_not)
#undef PREDIX_CUDA_DEVICE_TWIN

/// find_if_not's negated predicate: its inner predicate is converted.
template <class Pred>
struct device_function<predix::detail::negate<Pred>> {
  using type = predix::detail::negate<typename device_function<Pred>::type>;
  static type convert(const predix::detail::negate<Pred>& f) {
    return type{device_function<Pred>::convert(f.pred)};
  }
};

template <class F>
using device_function_t = typename device_function<F>::type;

/// f as a functor device code may call.
template <class F>
device_function_t<F> to_device(const F& f) {
  return device_function<F>::convert(f);
}

/// Ops whose operands may be taken in any order (device/reduce.cuh): plus, multiplies, the
/// bit and logical ops, maximum and minimum, over void or an arithmetic type.
template <class F>
inline constexpr bool commutes_v = false;
#define PREDIX_CUDA_COMMUTES(op)                    \
  template <class T>                              \
  inline constexpr bool commutes_v<op<T>> = std::is_void_v<T> || std::is_arithmetic_v<T>;
PREDIX_CUDA_COMMUTES(::cuda::std::plus)
PREDIX_CUDA_COMMUTES(::cuda::std::multiplies)
PREDIX_CUDA_COMMUTES(::cuda::std::bit_and)
PREDIX_CUDA_COMMUTES(::cuda::std::bit_or)
PREDIX_CUDA_COMMUTES(::cuda::std::bit_xor)
PREDIX_CUDA_COMMUTES(::cuda::std::logical_and)
PREDIX_CUDA_COMMUTES(::cuda::std::logical_or)
PREDIX_CUDA_COMMUTES(::cuda::maximum)
PREDIX_CUDA_COMMUTES(::cuda::minimum)
#undef PREDIX_CUDA_COMMUTES

}  // namespace predix::gpu
