# Finds Kokkos (>= 3.4) for predix::kokkos, in this build and in the installed package config.
#
#   predix_find_kokkos(FOUND_VAR REASON_VAR [VERSION DIR])
#                                find_package(Kokkos CONFIG), then repair the target; with VERSION
#                                and DIR, the Kokkos predix was built with: looked for in DIR
#                                first, and any other version refused
#   predix_repair_kokkos_target()             fixes Debian's Kokkos::kokkos include directory
#   predix_kokkos_dependency(VERSION DIR)     for predixConfig.cmake: find_dependency() semantics,
#                                             the installed package pinned to the Kokkos it was
#                                             built with
#
# Debian's libtrilinos-kokkos-dev (Kokkos 3.4.1 inside Trilinos 13.2) installs its package config
# in /usr/lib/<multiarch>/cmake/Kokkos and computes the prefix of Kokkos::kokkos as four levels
# up from there, so the target's include directory is /usr/lib/include, which does not exist
# (CMake then refuses every target that links it). Its Kokkos_INCLUDE_DIRS variable is right:
# /usr/include/trilinos. An upstream Kokkos install puts no broken path there and is left as is.
include_guard(GLOBAL)

function(predix_repair_kokkos_target)
  if(NOT TARGET Kokkos::kokkos)
    return()
  endif()
  get_target_property(dirs Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
  if(NOT dirs)
    return()  # upstream Kokkos: the include directories come with Kokkos::kokkoscore
  endif()
  set(kept "")
  set(missing "")
  foreach(dir IN LISTS dirs)
    if(dir MATCHES "\\$<" OR EXISTS "${dir}")
      list(APPEND kept "${dir}")
    else()
      list(APPEND missing "${dir}")
    endif()
  endforeach()
  if(NOT missing)
    return()
  endif()
  set(found "")
  foreach(dir IN LISTS Kokkos_INCLUDE_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE)  # .../cmake/Kokkos/../../../../include/trilinos
    if(EXISTS "${dir}/Kokkos_Core.hpp")
      list(APPEND found "${dir}")
    endif()
  endforeach()
  if(NOT found)
    message(WARNING "predix: Kokkos::kokkos names include directories that do not exist "
                    "(${missing}) and Kokkos_INCLUDE_DIRS (${Kokkos_INCLUDE_DIRS}) has no "
                    "Kokkos_Core.hpp; set Kokkos_ROOT to a working Kokkos install")
  endif()
  list(APPEND kept ${found})
  list(REMOVE_DUPLICATES kept)
  set_target_properties(Kokkos::kokkos PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${kept}")
endfunction()

function(predix_find_kokkos found_var reason_var)
  # Kokkos's package config warns and forces CMAKE_CXX_EXTENSIONS=OFF into the cache unless the
  # variable is defined; predix's code builds either way, so keep the caller's cache untouched.
  if(NOT DEFINED CMAKE_CXX_EXTENSIONS)
    set(CMAKE_CXX_EXTENSIONS OFF)
  endif()
  set(built_with "${ARGV2}")  # the version and package directory predix was built with
  set(built_in "${ARGV3}")
  if(built_with)
    find_package(Kokkos CONFIG QUIET HINTS "${built_in}")
  else()
    find_package(Kokkos CONFIG QUIET)
  endif()
  set(found FALSE)
  if(NOT Kokkos_FOUND)
    set(reason "no Kokkos package was found; install libtrilinos-kokkos-dev or set Kokkos_ROOT")
    if(built_with)
      string(CONCAT reason "Kokkos ${built_with}, the one predix was built with, is neither in "
                           "${built_in} nor elsewhere; set Kokkos_DIR to its package directory")
    endif()
  elseif(built_with AND NOT Kokkos_VERSION VERSION_EQUAL built_with)
    string(CONCAT reason "Kokkos ${Kokkos_VERSION} was found in ${Kokkos_DIR}, not Kokkos "
                         "${built_with}, the one predix was built with (${built_in}); set "
                         "Kokkos_DIR to ${built_in}")
  elseif(Kokkos_VERSION VERSION_LESS 3.4)
    set(reason "Kokkos ${Kokkos_VERSION} in ${Kokkos_DIR} is older than 3.4")
  elseif(NOT TARGET Kokkos::kokkos)
    set(reason "the Kokkos package in ${Kokkos_DIR} defines no Kokkos::kokkos target")
  else()
    predix_repair_kokkos_target()
    set(found TRUE)
    set(reason "")
    if(NOT predix_FIND_QUIETLY)
      message(STATUS "predix: Kokkos ${Kokkos_VERSION} (${Kokkos_DEVICES}) in ${Kokkos_DIR}")
    endif()
  endif()
  set(${found_var} ${found} PARENT_SCOPE)
  set(${reason_var} "${reason}" PARENT_SCOPE)
  set(Kokkos_VERSION "${Kokkos_VERSION}" PARENT_SCOPE)  # as find_package would leave them
  set(Kokkos_DEVICES "${Kokkos_DEVICES}" PARENT_SCOPE)
endfunction()

# A macro, as find_dependency(): on failure it marks the calling package config not found and
# returns from it.
macro(predix_kokkos_dependency version dir)
  predix_find_kokkos(_predix_kokkos_found _predix_kokkos_reason "${version}" "${dir}")
  if(NOT _predix_kokkos_found)
    set(${CMAKE_FIND_PACKAGE_NAME}_NOT_FOUND_MESSAGE
        "predix was built with its Kokkos backend, but ${_predix_kokkos_reason}")
    set(${CMAKE_FIND_PACKAGE_NAME}_FOUND FALSE)
    return()
  endif()
endmacro()
