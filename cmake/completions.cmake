# SPDX-License-Identifier: Apache-2.0
# Writes the bash and zsh completion scripts of the built binary (`ludus completion SHELL`).
#   cmake -DLUDUS=path/to/ludus -DDIR=output/dir -P completions.cmake
foreach(shell bash zsh)
  if(shell STREQUAL "bash")
    set(file ${DIR}/ludus)
  else()
    set(file ${DIR}/_ludus)
  endif()
  execute_process(COMMAND ${LUDUS} completion ${shell} OUTPUT_FILE ${file} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ludus completion ${shell} failed: ${rc}")
  endif()
endforeach()
