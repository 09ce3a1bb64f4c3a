# SPDX-License-Identifier: Apache-2.0
# The WebAssembly build's libraries (docs/wasm.md): fmt and nlohmann/json, header-only, from
# the host's Debian packages (libfmt-dev, nlohmann-json3-dev).  Emscripten has its own C and
# C++ libraries, so the host's /usr/include must never be on the include path (glibc's
# headers would be found first): a directory of links to just those two libraries' headers is.
find_path(LUDUS_HOST_FMT_DIR fmt/format.h PATHS /usr/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
find_path(LUDUS_HOST_JSON_DIR nlohmann/json.hpp PATHS /usr/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(NOT LUDUS_HOST_FMT_DIR OR NOT LUDUS_HOST_JSON_DIR)
  message(FATAL_ERROR "the WebAssembly build takes fmt's and nlohmann/json's headers from the host: apt-get install libfmt-dev nlohmann-json3-dev")
endif()
set(LUDUS_WASM_INCLUDE ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${LUDUS_WASM_INCLUDE})
file(CREATE_LINK ${LUDUS_HOST_FMT_DIR}/fmt ${LUDUS_WASM_INCLUDE}/fmt SYMBOLIC)
file(CREATE_LINK ${LUDUS_HOST_JSON_DIR}/nlohmann ${LUDUS_WASM_INCLUDE}/nlohmann SYMBOLIC)

add_library(fmt::fmt INTERFACE IMPORTED)
target_include_directories(fmt::fmt SYSTEM INTERFACE ${LUDUS_WASM_INCLUDE})
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${LUDUS_WASM_INCLUDE})

# The engine throws LudusError for bad input and the façade turns it into an error reply,
# so exceptions must be caught; Emscripten ignores them unless told.  WebAssembly's own
# exception handling (docs/wasm.md has the measurements against the JavaScript-based kind).
set(LUDUS_WASM_EXCEPTIONS "wasm" CACHE STRING "How the WebAssembly build catches exceptions: wasm (-fwasm-exceptions) or js (-sDISABLE_EXCEPTION_CATCHING=0)")
if(LUDUS_WASM_EXCEPTIONS STREQUAL "wasm")
  add_compile_options(-fwasm-exceptions)
  add_link_options(-fwasm-exceptions)
elseif(LUDUS_WASM_EXCEPTIONS STREQUAL "js")
  add_compile_options(-sDISABLE_EXCEPTION_CATCHING=0)
  add_link_options(-sDISABLE_EXCEPTION_CATCHING=0)
else()
  message(FATAL_ERROR "LUDUS_WASM_EXCEPTIONS is wasm or js, not ${LUDUS_WASM_EXCEPTIONS}")
endif()
