# Installs the CMake package: find_package(predix CONFIG [COMPONENTS openmp kokkos cuda]).
include(CMakePackageConfigHelpers)

# Backends add find_dependency() lines with
#   set_property(GLOBAL APPEND PROPERTY PREDIX_PACKAGE_DEPENDENCIES "find_dependency(OpenMP)")
get_property(_predix_deps GLOBAL PROPERTY PREDIX_PACKAGE_DEPENDENCIES)
list(JOIN _predix_deps "\n" PREDIX_PACKAGE_DEPENDENCIES)

set(PREDIX_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/predix)
install(EXPORT predix-targets NAMESPACE predix:: DESTINATION ${PREDIX_CMAKE_INSTALL_DIR})
configure_package_config_file(cmake/predixConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/predixConfig.cmake
  INSTALL_DESTINATION ${PREDIX_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/predixConfigVersion.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/predixConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/predixConfigVersion.cmake
        DESTINATION ${PREDIX_CMAKE_INSTALL_DIR})
