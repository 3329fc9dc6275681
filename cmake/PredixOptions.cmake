# predix_backend_option(NAME DOC): declares PREDIX_ENABLE_<NAME> = AUTO (default) / ON / OFF.
function(predix_backend_option name doc)
  set(PREDIX_ENABLE_${name} AUTO CACHE STRING "${doc}: AUTO, ON or OFF")
  set_property(CACHE PREDIX_ENABLE_${name} PROPERTY STRINGS AUTO ON OFF)
  if(NOT PREDIX_ENABLE_${name} MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "PREDIX_ENABLE_${name} must be AUTO, ON or OFF, not '${PREDIX_ENABLE_${name}}'")
  endif()
endfunction()

# predix_backend_wanted(NAME OUT): OUT is TRUE unless PREDIX_ENABLE_<NAME> is OFF.
function(predix_backend_wanted name out)
  if(PREDIX_ENABLE_${name} STREQUAL "OFF")
    set(${out} FALSE PARENT_SCOPE)
  else()
    set(${out} TRUE PARENT_SCOPE)
  endif()
endfunction()

# predix_backend_result(NAME FOUND REASON): reports the outcome; ON without FOUND is an error.
function(predix_backend_result name found reason)
  if(found)
    message(STATUS "predix: ${name} backend enabled")
  elseif(PREDIX_ENABLE_${name} STREQUAL "ON")
    message(FATAL_ERROR "predix: PREDIX_ENABLE_${name}=ON but ${reason}")
  else()
    message(STATUS "predix: ${name} backend disabled (${reason})")
  endif()
endfunction()

# predix_add_component(NAME DEPENDENCY...): the INTERFACE target predix_<NAME> (alias and
# export name predix::<NAME>) of the folder being processed: its include/ root, its link
# dependencies (predix::predix and the given ones), install rules.
function(predix_add_component name)
  add_library(predix_${name} INTERFACE)
  add_library(predix::${name} ALIAS predix_${name})
  set_target_properties(predix_${name} PROPERTIES EXPORT_NAME ${name})
  target_include_directories(predix_${name} INTERFACE
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(predix_${name} INTERFACE predix ${ARGN})
  install(TARGETS predix_${name} EXPORT predix-targets)
  install(DIRECTORY include/predix DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()

# predix_add_backend(NAME DEFINITION DEPENDENCY...): predix_add_component, plus the compile
# definition that turns the backend on.
function(predix_add_backend name definition)
  predix_add_component(${name} ${ARGN})
  target_compile_definitions(predix_${name} INTERFACE ${definition})
endfunction()
