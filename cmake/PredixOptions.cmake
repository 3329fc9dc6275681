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
