# SPDX-License-Identifier: Apache-2.0
# The Python module (docs/python.md): the package python/ludus/ (pure Python: the
# environment, the Dask study) around the extension ludus._ludus (python/src/, pybind11 over
# the engine).  Built into BUILD/python/ludus/, so `PYTHONPATH=BUILD/python python3 -c
# "import ludus"` works from the build tree; installed beside Debian's Python packages.
#
# Debian's interpreter, never another python3 on PATH (pyenv, a venv): the module is built
# for one interpreter's ABI, and numpy and Dask come from Debian's packages.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python3 3.9 REQUIRED COMPONENTS Interpreter Development.Module)
find_package(pybind11 2.6 CONFIG REQUIRED)

set(LUDUS_PYTHON_DIR ${CMAKE_BINARY_DIR}/python)
file(GLOB LUDUS_PYTHON_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/python/src/*.cpp)
pybind11_add_module(ludus_python MODULE NO_EXTRAS ${LUDUS_PYTHON_SOURCES})
set_target_properties(ludus_python PROPERTIES OUTPUT_NAME _ludus LIBRARY_OUTPUT_DIRECTORY ${LUDUS_PYTHON_DIR}/ludus)
target_link_libraries(ludus_python PRIVATE ${LUDUS_MODULE_LIBRARIES})
# The engine's symbols stay inside the module (another extension may link its own copies).
target_link_options(ludus_python PRIVATE -Wl,--exclude-libs,ALL)

# The pure-Python files, copied beside the extension at every build that changes them.
file(GLOB LUDUS_PYTHON_PACKAGE CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/python/ludus/*.py)
set(LUDUS_PYTHON_PACKAGE_COPIES)
foreach(file ${LUDUS_PYTHON_PACKAGE})
  get_filename_component(name ${file} NAME)
  set(copy ${LUDUS_PYTHON_DIR}/ludus/${name})
  add_custom_command(OUTPUT ${copy} COMMAND ${CMAKE_COMMAND} -E copy ${file} ${copy} DEPENDS ${file} VERBATIM)
  list(APPEND LUDUS_PYTHON_PACKAGE_COPIES ${copy})
endforeach()
add_custom_target(ludus_python_package ALL DEPENDS ${LUDUS_PYTHON_PACKAGE_COPIES})
add_dependencies(ludus_python ludus_python_package)

# Installed where this prefix's Python looks, decided at install time (`cmake --install
# --prefix` may change the prefix): /usr (the .deb) -> lib/python3/dist-packages, Debian's
# directory for packaged modules; /usr/local -> lib/python3.X/dist-packages, on Debian's
# sys.path too; any other prefix -> lib/python3.X/site-packages, which is the user site for
# ~/.local and a venv's for a venv.
set(LUDUS_PYTHON_VERSION ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR})
math(EXPR LUDUS_PYTHON_NEXT_MINOR "${Python3_VERSION_MINOR} + 1")
install(CODE "
  if(CMAKE_INSTALL_PREFIX STREQUAL \"/usr\")
    set(ludus_python_site lib/python3/dist-packages)
  elseif(CMAKE_INSTALL_PREFIX STREQUAL \"/usr/local\")
    set(ludus_python_site lib/python${LUDUS_PYTHON_VERSION}/dist-packages)
  else()
    set(ludus_python_site lib/python${LUDUS_PYTHON_VERSION}/site-packages)
  endif()
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/\${ludus_python_site}/ludus\" TYPE FILE
       FILES \"$<TARGET_FILE:ludus_python>\" ${LUDUS_PYTHON_PACKAGE})
")

# Tests: each tests/python/*_test.py is one ctest test run by the same interpreter against
# the build tree.  The Dask test starts its own scheduler and workers.
set(LUDUS_PYTHON_TEST_ENVIRONMENT PYTHONPATH=${LUDUS_PYTHON_DIR} LUDUS_SOURCE_DIR=${CMAKE_SOURCE_DIR}
    LUDUS_BINARY=$<TARGET_FILE:ludus> PYTHONDONTWRITEBYTECODE=1)
# An AddressSanitizer build's extension needs the ASan runtime loaded before anything else
# in the (uninstrumented) interpreter: it is preloaded, and libstdc++ right after it, or
# ASan's __cxa_throw interceptor finds no real __cxa_throw (the interpreter does not link
# libstdc++) and the first C++ exception stops the process with "CHECK failed ...
# real___cxa_throw".  The interpreter leaves objects alive at exit on purpose, so leak
# checking is off here (the C++ tests check the engine's).
# LUDUS_PYTHON_SANITIZER_ENVIRONMENT: those variables (empty without ASan), also for the
# package test's interpreter.
set(LUDUS_PYTHON_SANITIZER_ENVIRONMENT "")
if(LUDUS_SANITIZE MATCHES "address")
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
                  OUTPUT_VARIABLE LUDUS_ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++.so
                  OUTPUT_VARIABLE LUDUS_CXX_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(LUDUS_PYTHON_SANITIZER_ENVIRONMENT LD_PRELOAD=${LUDUS_ASAN_RUNTIME}:${LUDUS_CXX_RUNTIME} ASAN_OPTIONS=detect_leaks=0)
  list(APPEND LUDUS_PYTHON_TEST_ENVIRONMENT ${LUDUS_PYTHON_SANITIZER_ENVIRONMENT})
endif()
file(GLOB LUDUS_PYTHON_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/python/*_test.py)
foreach(test ${LUDUS_PYTHON_TESTS})
  get_filename_component(name ${test} NAME_WE)
  add_test(NAME python/${name} COMMAND ${Python3_EXECUTABLE} ${test})
  ludus_timeout(python_timeout 300)
  set_tests_properties(python/${name} PROPERTIES LABELS python TIMEOUT ${python_timeout}
    ENVIRONMENT "${LUDUS_PYTHON_TEST_ENVIRONMENT}")
endforeach()
