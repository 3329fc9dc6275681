# CTest driver: installs the build tree into a scratch prefix, then configures, builds and
# runs the consumer project against it. Arguments: BUILD_DIR SOURCE_DIR WORK_DIR GENERATOR;
# with the Kokkos backend EXPECT_KOKKOS_DIR (the Kokkos predix was built with, which the
# consumer must find) and, where this machine has another Kokkos, OTHER_KOKKOS_DIR (a consumer
# pointed at it must fail to configure, saying which Kokkos predix needs).
file(REMOVE_RECURSE "${WORK_DIR}")
function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    string(JOIN " " command ${ARGN})
    message(FATAL_ERROR "consumer test: '${command}' failed (${result})")
  endif()
endfunction()
step("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
step("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
     "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix" -DCMAKE_BUILD_TYPE=Release
     "-DEXPECT_KOKKOS_DIR=${EXPECT_KOKKOS_DIR}")
step("${CMAKE_COMMAND}" --build "${WORK_DIR}/build")
step("${WORK_DIR}/build/consumer")
if(OTHER_KOKKOS_DIR)
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/other" -G "${GENERATOR}"
                          "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix" "-DKokkos_DIR=${OTHER_KOKKOS_DIR}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "[ \n]+" " " said "${out}${err}")  # CMake wraps its messages
  if(result EQUAL 0 OR NOT said MATCHES "the one predix was built with")
    message(FATAL_ERROR "consumer test: with Kokkos_DIR=${OTHER_KOKKOS_DIR} the consumer "
                        "configured (${result}) without refusing that Kokkos:\n${out}${err}")
  endif()
  message(STATUS "consumer test: Kokkos in ${OTHER_KOKKOS_DIR} refused, as it should be")
endif()

