# SPDX-License-Identifier: Apache-2.0
# The engine in the page (docs/wasm.md): core, the five games and the AI as WebAssembly,
# with the façade src/wasm/engine.cpp as its one entry point.  Output: ludus-engine.js (an
# ES module factory, createLudusEngine) and ludus-engine.wasm in the build's engine/.
file(GLOB LUDUS_WASM_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/wasm/*.cpp)
add_executable(ludus_engine ${LUDUS_WASM_SOURCES})
# The games' OBJECT libraries, so that their static registrations are linked.
target_link_libraries(ludus_engine PRIVATE ludus_core ${LUDUS_GAME_TARGETS} ludus_ai)
# In a directory of their own, engine/, which the play server serves at /engine/ as it is
# (--engine-dir; docs/wasm.md) and the install copies to share/ludus/engine/.
set_target_properties(ludus_engine PROPERTIES OUTPUT_NAME ludus-engine SUFFIX ".js"
                      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/engine)
target_link_options(ludus_engine PRIVATE
  # The page loads it into a Web Worker as a module; node's test imports the same file.
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createLudusEngine -sENVIRONMENT=web,worker,node
  -sEXPORTED_FUNCTIONS=_ludus_engine_call -sEXPORTED_RUNTIME_METHODS=ccall
  # A search tree and the solver's table grow with the budget the page gives them.
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sMAXIMUM_MEMORY=1073741824)
# The rules, the opening book and the priors are compiled in; the page has no files.  The
# in-memory file system stays (-sFILESYSTEM=0 would save 13 KB gzipped): without it, a spec naming
# a file (mcts:priors=FILE) crashed the module instead of failing as "cannot open".
# Debian's emscripten runs its JavaScript optimiser under node with Debian's node modules
# (node-acorn, in /usr/share/nodejs); a node that does not look there by itself (NodeSource's)
# is shown them.
set_target_properties(ludus_engine PROPERTIES CXX_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")
