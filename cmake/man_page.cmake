# SPDX-License-Identifier: Apache-2.0
# Writes the manual page of the built binary: help2man turns `ludus --help` and
# `ludus --version` into the page, and every command's help (`ludus help --all`) becomes
# its COMMANDS section, kept as printed.  Then gzip, as Debian ships manual pages.
#   cmake -DLUDUS=path/to/ludus -DOUTPUT=dir/ludus.1.gz -P man_page.cmake
execute_process(COMMAND ${LUDUS} help --all OUTPUT_VARIABLE commands RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ludus help --all failed: ${rc}")
endif()
# roff: a backslash is \e, and a line may not start with a request character.
string(REPLACE "\\" "\\e" commands "${commands}")
string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" commands "${commands}")
get_filename_component(dir ${OUTPUT} DIRECTORY)
set(include_file ${dir}/ludus.h2m)
file(WRITE ${include_file} "[COMMANDS]\n.nf\n${commands}\n.fi\n
[FILES]
.TP
.I PREFIX/share/ludus/web
the play server's web page (ludus serve)
.TP
.I PREFIX/share/ludus/conformance
the recorded reference games (ludus verify)
.PP
An installed ludus finds them beside its own directory (bin/../share/ludus);
.B LUDUS_DATA_DIR
names another data directory.
[SEE ALSO]
ludus rules conventions; the README in /usr/share/doc/ludus.
")
string(REGEX REPLACE "\\.gz$" "" page ${OUTPUT})
execute_process(COMMAND help2man --no-info --section=1
                        "--name=engine, AI and play server for five abstract strategy games"
                        --include=${include_file} --output=${page} ${LUDUS}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed: ${rc}")
endif()
execute_process(COMMAND gzip -9nf ${page} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed: ${rc}")
endif()
