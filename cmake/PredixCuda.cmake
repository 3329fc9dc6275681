# The CUDA language for the predix::cuda backend. Included from the top-level CMakeLists.txt,
# because enable_language(CUDA) must run in the directory above every CUDA target.
# Sets PREDIX_CUDA_FOUND. With no CMAKE_CUDA_ARCHITECTURES given, builds for sm_90 (H100);
# pass -DCMAKE_CUDA_ARCHITECTURES=... (e.g. 80, 90, "80;90", native) for other GPUs.
set(PREDIX_CUDA_FOUND FALSE)
predix_backend_wanted(CUDA _predix_cuda_wanted)
if(_predix_cuda_wanted)
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
      set(CMAKE_CUDA_ARCHITECTURES 90 CACHE STRING "CUDA architectures to build for")
    endif()
    if(NOT DEFINED CMAKE_CUDA_STANDARD)
      set(CMAKE_CUDA_STANDARD 17)
      set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    endif()
    enable_language(CUDA)
    set(PREDIX_CUDA_FOUND TRUE)
  endif()
endif()
unset(_predix_cuda_wanted)
