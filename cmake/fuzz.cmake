# SPDX-License-Identifier: Apache-2.0
# Coverage-guided fuzz targets (tests/fuzz/, docs/fuzzing.md): each tests/fuzz/fuzz_NAME.cpp
# defines LLVMFuzzerTestOneInput for one parser, and its seed corpus is
# tests/fuzz/corpus/NAME/.
#
# * -DLUDUS_FUZZ=ON (clang only): fuzz_NAME is a libFuzzer executable; everything it links
#   is built with coverage, ASan and UBSan (tools/fuzz.sh NAME SECONDS runs one).
# * otherwise (the normal build, any compiler): fuzz_NAME feeds every file of its corpus to
#   the same function once (tests/fuzz/replay_main.cpp), a ctest with the label fuzz-replay,
#   so every input that ever found a bug stays a regression test.
#
# The libraries each target needs: the parsers of core and the games alone link only those;
# the server's (commands, mail, HTTP, db import) link the server library.
set(LUDUS_FUZZ_CORE_TARGETS sgf records notation options)
set(LUDUS_FUZZ_AI_TARGETS book)
set(LUDUS_FUZZ_SERVER_TARGETS commands mail http db_import)

function(ludus_add_fuzz_target name)
  add_executable(fuzz_${name} tests/fuzz/fuzz_${name}.cpp)
  target_include_directories(fuzz_${name} PRIVATE ${CMAKE_SOURCE_DIR}/tests)
  target_compile_definitions(fuzz_${name} PRIVATE LUDUS_SOURCE_DIR="${CMAKE_SOURCE_DIR}" LUDUS_SHARED_DIR="${LUDUS_SHARED_DIR}")
  target_link_libraries(fuzz_${name} PRIVATE ${ARGN})
  if(LUDUS_FUZZ)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
  else()
    target_sources(fuzz_${name} PRIVATE tests/fuzz/replay_main.cpp)
    add_test(NAME fuzz-replay/${name} COMMAND fuzz_${name} ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${name})
    ludus_timeout(replay_timeout 300)
    set_tests_properties(fuzz-replay/${name} PROPERTIES LABELS fuzz-replay TIMEOUT ${replay_timeout})
  endif()
endfunction()

foreach(name ${LUDUS_FUZZ_CORE_TARGETS})
  ludus_add_fuzz_target(${name} ludus_core ${LUDUS_GAME_TARGETS})
endforeach()
if(TARGET ludus_ai)
  foreach(name ${LUDUS_FUZZ_AI_TARGETS})
    ludus_add_fuzz_target(${name} ludus_core ${LUDUS_GAME_TARGETS} ludus_ai)
  endforeach()
endif()
if(TARGET ludus_server)
  foreach(name ${LUDUS_FUZZ_SERVER_TARGETS})
    ludus_add_fuzz_target(${name} ludus_core ${LUDUS_GAME_TARGETS} ludus_ai ludus_server)
  endforeach()
endif()
