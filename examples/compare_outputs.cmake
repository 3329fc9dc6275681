# CTest driver: runs an example as written (REFERENCE) and as switched to predix (CANDIDATE)
# and fails unless both succeed and print the same lines.
#   cmake -DREFERENCE=<program> -DCANDIDATE=<program> -P compare_outputs.cmake
# A CUDA build on a machine without a usable GPU prints "no CUDA device: ..." (the test is
# then reported as skipped), unless PREDIX_REQUIRE_CUDA is set.
function(run_example program out_var)
  execute_process(COMMAND "${program}" RESULT_VARIABLE result OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    set(no_device "cudaErrorNoDevice|cudaErrorInsufficientDriver|no CUDA-capable device")
    if("${out}${err}" MATCHES "${no_device}" AND NOT "$ENV{PREDIX_REQUIRE_CUDA}")
      message("no CUDA device: ${err}")
      return()
    endif()
    message(FATAL_ERROR "${program} failed (${result}):\n${out}${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

run_example("${REFERENCE}" expected)
if(NOT DEFINED expected)
  return()  # no GPU
endif()
run_example("${CANDIDATE}" actual)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "outputs differ\n--- ${REFERENCE}\n${expected}--- ${CANDIDATE}\n${actual}")
endif()
message("same output from ${REFERENCE} and ${CANDIDATE}:\n${actual}")
