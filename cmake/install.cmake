# SPDX-License-Identifier: Apache-2.0
# Installation (`cmake --install build --prefix DIR`) and the Debian package (`cpack` in
# the build directory, or `cmake --build build --target package`).
#
#   bin/ludus
#   share/ludus/web/          the play server's web page
#   share/ludus/engine/       the engine in the page (ludus-engine.js and .wasm), when the
#                             WebAssembly build (build/wasm, ./ludus.sh) was made first
#   share/ludus/conformance/  the reference games `ludus verify` replays by default
#   share/doc/ludus/          README, NOTICE, copyright, changelog.Debian.gz, docs/ (the *.md, docs/rules/ with
#                             epoxy-boards.txt, the pictures of docs/solved/ and
#                             docs/tournaments/), packaging/
#                             prometheus/ and grafana/ (the monitoring examples)
#   share/man/man1/ludus.1.gz made by help2man from the built binary
#   share/bash-completion/completions/ludus, share/zsh/vendor-completions/_ludus
#   lib/systemd/system/ludus.service   the sandboxed service (packaging/ludus.service; the .deb's
#                             prefix /usr makes it /usr/lib/systemd/system)
#   lib/python3/dist-packages/ludus/  the Python module (cmake/python.cmake says where for
#                             other prefixes)
#
# The binary finds web/, engine/ and conformance/ through bin/../share/ludus (core/data_dir.h), so
# an installed copy needs nothing from the source or build tree.
include(GNUInstallDirs)

install(TARGETS ludus RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY web/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ludus/web)
install(DIRECTORY tests/conformance/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ludus/conformance)
# The engine the play server serves at /engine/ (docs/wasm.md): built by its own Emscripten
# build under this one (./ludus.sh), so taken as it is at install time, when it is there.
install(DIRECTORY ${CMAKE_BINARY_DIR}/wasm/engine/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ludus/engine OPTIONAL
        FILES_MATCHING PATTERN "ludus-engine.js" PATTERN "ludus-engine.wasm")
# docs/ as in the source tree, beside README.md, so that every link between them holds;
# with the pictures (docs/solved/*.svg, docs/tournaments/*.png) and data files
# (docs/rules/epoxy-boards.txt) they name.
install(DIRECTORY docs DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md" PATTERN "*.svg" PATTERN "*.png" PATTERN "*.txt")
install(FILES README.md NOTICE DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Debian policy: every package has /usr/share/doc/PACKAGE/copyright, and a package with a
# Debian revision its changelog.Debian.gz (packaging/changelog, compressed as Debian does).
install(FILES packaging/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
set(LUDUS_DEBIAN_CHANGELOG ${CMAKE_BINARY_DIR}/packaging/changelog.Debian.gz)
add_custom_command(OUTPUT ${LUDUS_DEBIAN_CHANGELOG}
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/packaging/changelog ${CMAKE_BINARY_DIR}/packaging/changelog.Debian
  COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/packaging/changelog.Debian
  DEPENDS ${CMAKE_SOURCE_DIR}/packaging/changelog
  COMMENT "Compressing the Debian changelog"
  VERBATIM)
install(FILES ${LUDUS_DEBIAN_CHANGELOG} DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The service with least privilege (docs/deploy.md); installed, not enabled.
install(FILES packaging/ludus.service DESTINATION lib/systemd/system)
# The monitoring examples docs/operations.md describes (Prometheus' scrape config and alert
# rules, a Grafana dashboard), where its links find them: packaging/ beside docs/.
install(DIRECTORY packaging/prometheus packaging/grafana DESTINATION ${CMAKE_INSTALL_DOCDIR}/packaging)

# Written from the built binary, so they always describe the options it really has.
set(LUDUS_MAN_PAGE ${CMAKE_BINARY_DIR}/man/ludus.1.gz)
set(LUDUS_COMPLETIONS ${CMAKE_BINARY_DIR}/completions/ludus ${CMAKE_BINARY_DIR}/completions/_ludus)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/man ${CMAKE_BINARY_DIR}/completions ${CMAKE_BINARY_DIR}/packaging)
add_custom_command(OUTPUT ${LUDUS_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -DLUDUS=$<TARGET_FILE:ludus> -DOUTPUT=${LUDUS_MAN_PAGE} -P ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
  DEPENDS ludus ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
  COMMENT "Writing the manual page with help2man"
  VERBATIM)
add_custom_command(OUTPUT ${LUDUS_COMPLETIONS}
  COMMAND ${CMAKE_COMMAND} -DLUDUS=$<TARGET_FILE:ludus> -DDIR=${CMAKE_BINARY_DIR}/completions -P ${CMAKE_SOURCE_DIR}/cmake/completions.cmake
  DEPENDS ludus ${CMAKE_SOURCE_DIR}/cmake/completions.cmake
  COMMENT "Writing the bash and zsh completions"
  VERBATIM)
add_custom_target(ludus_manual ALL DEPENDS ${LUDUS_MAN_PAGE} ${LUDUS_COMPLETIONS} ${LUDUS_DEBIAN_CHANGELOG})
install(FILES ${LUDUS_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_BINARY_DIR}/completions/ludus DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${CMAKE_BINARY_DIR}/completions/_ludus DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# --- the .deb -------------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ludus)
set(CPACK_PACKAGE_VENDOR "ludus")
set(CPACK_PACKAGE_CONTACT "ludus maintainers <ludus@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "engine, AI and play server for five abstract strategy games")
# CPack puts the summary first; this is the extended description under it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "N-Mesh, Netted, Trellis, Ndengrod and Epoxy: exact rules, MCTS players, play
in the terminal, a GTP engine, and a play-by-email style server with an HTTP API and web page.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The Debian revision: the package's version is VERSION-1, the first entry of
# packaging/changelog (the package test holds the two equal).
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # ludus_VERSION-REVISION_ARCH.deb
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# Depends from the libraries the binary links (dpkg-shlibdeps, from dpkg-dev), and what the
# Python module needs: the interpreter it was built for (its ABI) and numpy.  Dask only for
# ludus.study's clusters.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3 (>= ${LUDUS_PYTHON_VERSION}), python3 (<< ${Python3_VERSION_MAJOR}.${LUDUS_PYTHON_NEXT_MINOR}), python3-numpy")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-distributed")
include(CPack)
