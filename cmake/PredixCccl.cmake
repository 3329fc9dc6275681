# predix_find_cccl(VAR): the directory of the CCCL headers (Thrust, CUB, libcu++) that g++
# needs to build Thrust code for its OMP or CPP device system: the CUDA toolkit's include/cccl
# (next to the CUDA compiler, or in /usr/local/cuda). VAR is <VAR>-NOTFOUND without them.
include_guard(GLOBAL)

function(predix_find_cccl var)
  set(hints "")
  if(CMAKE_CUDA_COMPILER)
    get_filename_component(root "${CMAKE_CUDA_COMPILER}" DIRECTORY)
    get_filename_component(root "${root}" DIRECTORY)
    list(APPEND hints "${root}/include/cccl" "${root}/include")
  endif()
  find_path(PREDIX_CCCL_INCLUDE_DIR thrust/version.h HINTS ${hints}
    PATHS /usr/local/cuda/include/cccl /usr/local/cuda/include
    DOC "CCCL include directory (Thrust) for g++ builds of Thrust's OMP and CPP systems")
  set(${var} "${PREDIX_CCCL_INCLUDE_DIR}" PARENT_SCOPE)
endfunction()
