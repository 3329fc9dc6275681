# The CUDA language for the predix::cuda backend. Included from the top-level CMakeLists.txt,
# because enable_language(CUDA) must run in the directory above every CUDA target.
# Sets PREDIX_CUDA_FOUND. With no CMAKE_CUDA_ARCHITECTURES given, builds for sm_90 (H100);
# pass -DCMAKE_CUDA_ARCHITECTURES=... (e.g. 80, 90, "80;90", native) for other GPUs.
# PREDIX_CUDA_COMPILE_ONLY (scripts/test.sh where no GPU is listed, so nothing runs device
# code): every CUDA file compiled, but to PTX for compute_90 and neither its host nor its device
# code optimized: the same compile errors, in less time (docs/reliability.md).
# The CUDA tests then find no device and skip; tests/cuda/architectures.cu still goes through
# ptxas for every architecture.
option(PREDIX_CUDA_COMPILE_ONLY "The CUDA code as unoptimized PTX, for a machine without a GPU" OFF)
set(PREDIX_CUDA_FOUND FALSE)
predix_backend_wanted(CUDA _predix_cuda_wanted)
if(_predix_cuda_wanted)
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(PREDIX_CUDA_COMPILE_ONLY)
      set(CMAKE_CUDA_ARCHITECTURES 90-virtual)
    elseif(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
      set(CMAKE_CUDA_ARCHITECTURES 90 CACHE STRING "CUDA architectures to build for")
    endif()
    if(NOT DEFINED CMAKE_CUDA_STANDARD)
      set(CMAKE_CUDA_STANDARD 17)
      set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    endif()
    enable_language(CUDA)
    if(PREDIX_CUDA_COMPILE_ONLY)
      foreach(config RELEASE RELWITHDEBINFO MINSIZEREL)
        string(REGEX REPLACE "-O[0-9s]" "-O0" CMAKE_CUDA_FLAGS_${config}
               "${CMAKE_CUDA_FLAGS_${config}}")
      endforeach()
      add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-G>)  # device code unoptimized
    endif()
    set(PREDIX_CUDA_FOUND TRUE)
  endif()
endif()
unset(_predix_cuda_wanted)
