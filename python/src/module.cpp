// SPDX-License-Identifier: Apache-2.0
// The extension module ludus._ludus; the package ludus (python/ludus/__init__.py) re-exports
// it with the pure-Python parts.  Every engine error (unknown game, bad option, illegal
// move, corrupt record) is raised as ludus.LudusError, a ValueError, with the engine's
// one-line message.
#include <pybind11/pybind11.h>

#include "core/error.h"
#include "handles.h"

PYBIND11_MODULE(_ludus, m) {
  namespace py = pybind11;
  m.doc() = "ludus: the engine, AI and solver of five abstract strategy games (see docs/python.md)";
  py::register_exception<ludus::LudusError>(m, "LudusError", PyExc_ValueError);
  m.attr("TERMINAL_PLAYER") = ludus::python::kTerminalPlayer;
  ludus::python::bind_games(m);
  ludus::python::bind_states(m);
  ludus::python::bind_ai(m);
  ludus::python::bind_batch(m);
  ludus::python::bind_study(m);
}
