# SPDX-License-Identifier: Apache-2.0
# The page's translations (docs/translating.md), with GNU gettext's tools:
#   web.pot  the template: every text of web/index.html (tools/i18n/html_strings.py) and every
#            t()/tn() of web/*.js (xgettext), with the translators' comments;
#   LANG.mo  po/web/LANG.po compiled and checked by msgfmt;
#   LANG.json the page's catalogue (tools/i18n/catalogue_json.py), compiled into the binary and
#            served at GET /api/page-text (server/transport/page_text.h).
# `cmake --build build --target po-update` brings po/web/*.po up to date with the template
# (msgmerge); the ctest i18n/catalogues fails while a text of the template lacks a translation.
# Locations are file names without line numbers, so an edit elsewhere in a file leaves the
# PO files as they were.
find_program(LUDUS_XGETTEXT xgettext REQUIRED)
find_program(LUDUS_MSGFMT msgfmt REQUIRED)
find_program(LUDUS_MSGMERGE msgmerge REQUIRED)

set(LUDUS_I18N_DIR ${CMAKE_BINARY_DIR}/i18n)
set(LUDUS_WEB_POT ${LUDUS_I18N_DIR}/web.pot)
file(GLOB LUDUS_WEB_SCRIPTS RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*.js)
list(SORT LUDUS_WEB_SCRIPTS)
add_custom_command(OUTPUT ${LUDUS_WEB_POT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${LUDUS_I18N_DIR}
  COMMAND ${Python3_EXECUTABLE} tools/i18n/html_strings.py web/index.html ${LUDUS_WEB_POT}
  COMMAND ${LUDUS_XGETTEXT} --join-existing --language=JavaScript --from-code=UTF-8 --keyword= --keyword=t
          --keyword=tn:1,2 --add-comments=TRANSLATORS: --add-location=file --sort-by-file --output=${LUDUS_WEB_POT}
          ${LUDUS_WEB_SCRIPTS}
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
  DEPENDS ${CMAKE_SOURCE_DIR}/web/index.html ${CMAKE_SOURCE_DIR}/tools/i18n/html_strings.py
          ${LUDUS_WEB_SCRIPTS}
  COMMENT "Extracting the page's texts (web.pot)"
  VERBATIM)

file(GLOB LUDUS_WEB_PO CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/po/web/*.po)
list(SORT LUDUS_WEB_PO)
set(LUDUS_WEB_MO)
set(LUDUS_PAGE_CATALOGUES ${LUDUS_I18N_DIR}/json/en.json)
set(po_update_commands)
foreach(po ${LUDUS_WEB_PO})
  get_filename_component(lang ${po} NAME_WE)
  set(mo ${LUDUS_I18N_DIR}/${lang}.mo)
  add_custom_command(OUTPUT ${mo}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${LUDUS_I18N_DIR}
    COMMAND ${LUDUS_MSGFMT} --check --output-file=${mo} ${po}
    DEPENDS ${po}
    COMMENT "Compiling the page's catalogue ${lang}.po"
    VERBATIM)
  list(APPEND LUDUS_WEB_MO ${mo})
  list(APPEND LUDUS_PAGE_CATALOGUES ${LUDUS_I18N_DIR}/json/${lang}.json)
  list(APPEND po_update_commands COMMAND ${LUDUS_MSGMERGE} --quiet --update --backup=none --no-fuzzy-matching
       --no-wrap --add-location=file ${po} ${LUDUS_WEB_POT})
endforeach()
add_custom_command(OUTPUT ${LUDUS_PAGE_CATALOGUES}
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/i18n/catalogue_json.py ${LUDUS_I18N_DIR}/json ${LUDUS_WEB_MO}
  DEPENDS ${LUDUS_WEB_MO} ${CMAKE_SOURCE_DIR}/tools/i18n/catalogue_json.py
  COMMENT "Writing the page's JSON catalogues"
  VERBATIM)
# The template is made with every build, for the test and for po-update.
add_custom_target(web_pot ALL DEPENDS ${LUDUS_WEB_POT})

# The server's texts (server/base/texts.h): the mail, the replies of the commands, the error
# lines, and the games' own texts the server shows (summaries, options' and turns' help,
# colours: N_ in src/games, core/translatable.h).  server.pot holds every literal given to
# tr/trn/text/textn/N_ in src/server and src/games;
# po/server/LANG.po is compiled by msgfmt into build/i18n/server/LANG.mo, which is embedded
# in the binary as it is and read by Boost.Locale.
set(LUDUS_SERVER_POT ${LUDUS_I18N_DIR}/server.pot)
file(GLOB_RECURSE LUDUS_SERVER_TEXT_SOURCES RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/src/server/*.cpp ${CMAKE_SOURCE_DIR}/src/server/*.h ${CMAKE_SOURCE_DIR}/src/games/*.cpp)
list(SORT LUDUS_SERVER_TEXT_SOURCES)
add_custom_command(OUTPUT ${LUDUS_SERVER_POT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${LUDUS_I18N_DIR}
  COMMAND ${LUDUS_XGETTEXT} --language=C++ --from-code=UTF-8 --keyword= --force-po --keyword=tr:2 --keyword=trn:2,3
          --keyword=text:1 --keyword=textn:1,2 --keyword=N_ --add-comments=TRANSLATORS: --add-location=file
          --sort-by-file --package-name=ludus --output=${LUDUS_SERVER_POT} ${LUDUS_SERVER_TEXT_SOURCES}
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
  DEPENDS ${LUDUS_SERVER_TEXT_SOURCES}
  COMMENT "Extracting the server's texts (server.pot)"
  VERBATIM)
add_custom_target(server_pot ALL DEPENDS ${LUDUS_SERVER_POT})

file(GLOB LUDUS_SERVER_PO CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/po/server/*.po)
list(SORT LUDUS_SERVER_PO)
set(LUDUS_SERVER_MO)
foreach(po ${LUDUS_SERVER_PO})
  get_filename_component(lang ${po} NAME_WE)
  set(mo ${LUDUS_I18N_DIR}/server/${lang}.mo)
  add_custom_command(OUTPUT ${mo}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${LUDUS_I18N_DIR}/server
    COMMAND ${LUDUS_MSGFMT} --check --output-file=${mo} ${po}
    DEPENDS ${po}
    COMMENT "Compiling the server's catalogue ${lang}.po"
    VERBATIM)
  list(APPEND LUDUS_SERVER_MO ${mo})
  list(APPEND po_update_commands COMMAND ${LUDUS_MSGMERGE} --quiet --update --backup=none --no-fuzzy-matching
       --no-wrap --add-location=file ${po} ${LUDUS_SERVER_POT})
endforeach()
set(LUDUS_SERVER_CATALOGUES_SOURCE ${CMAKE_BINARY_DIR}/generated/server_catalogues_data.cpp)
ludus_embed_files(${LUDUS_SERVER_CATALOGUES_SOURCE} kServerCatalogues "the server's catalogues po/server/*.po"
                  ${LUDUS_SERVER_MO})

add_custom_target(po-update ${po_update_commands} DEPENDS ${LUDUS_WEB_POT} ${LUDUS_SERVER_POT}
                  COMMENT "Merging web.pot and server.pot into po/web/*.po and po/server/*.po" VERBATIM)

set(LUDUS_PAGE_CATALOGUES_SOURCE ${CMAKE_BINARY_DIR}/generated/page_catalogues_data.cpp)
ludus_embed_files(${LUDUS_PAGE_CATALOGUES_SOURCE} kPageCatalogues "the page's catalogues po/web/*.po"
                  ${LUDUS_PAGE_CATALOGUES})
