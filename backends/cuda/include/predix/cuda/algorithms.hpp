#pragma once
// predix::impl overloads for predix::cuda_policy (the core operations of CONTRIBUTING.md,
// "How dispatch works"). Every call checks the raw pointers it is given (host memory →
// std::invalid_argument), takes its temporary storage stream-ordered on the policy's stream,
// throws predix::cuda_error on a CUDA failure and returns after the work is done, as Thrust.
#include <predix/cuda/error.hpp>
#include <predix/cuda/policy.hpp>
#include <predix/cuda/thrust_fallback.hpp>
