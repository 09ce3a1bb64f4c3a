// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the Python objects hold: ludus.Game is a GameHandle (the engine's Game and its
// observation encoder, shared by every state of the game), ludus.State a StateHandle (a
// History: the position, the moves, turns and endings from outside the rules).  Each
// bind_* function adds one part of the API to the module (module.cpp calls them all).
#include <memory>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "core/game.h"
#include "core/history.h"
#include "core/observation.h"

namespace ludus::python {

namespace py = pybind11;

// OpenSpiel's id of the player "to move" in a finished game.
constexpr int kTerminalPlayer = -4;

struct GameHandle {
  std::shared_ptr<const Game> game;
  // Null when the game does not expose its board (then it has no observation tensor).
  std::shared_ptr<const ObservationEncoder> encoder;
  const ObservationEncoder& observation() const;  // throws LudusError when null
};
using GamePtr = std::shared_ptr<const GameHandle>;

// Wraps a game the engine made (make_game, a record's replay).
GamePtr game_handle(std::shared_ptr<const Game> game);

struct StateHandle {
  GamePtr game;
  History history;
};

// The states of a Python iterable (or one State), all of one game, with references that
// keep them alive (a generator's items have no other owner).  Throws LudusError naming the
// first state of another game, and py::type_error for a non-State.  Destroy it with the
// GIL held.
struct StateBatch {
  std::vector<py::object> owners;
  std::vector<const StateHandle*> states;
};
StateBatch states_of(const py::handle& states);

// `threads` when in [lowest, 1024] (0: every core, where lowest is 0); else LudusError.
int checked_threads(int threads, int lowest = 0);

// Returns of a finished game by seat (+1 win, -1 loss, 0 draw); zeros while it is on.
std::vector<double> seat_returns(const History& history);
// The seat to move, or kTerminalPlayer once the game is over.
int current_player(const History& history);

// The state as a one-line JSON record (core/record.h), and back.
std::string serialize_state(const StateHandle& state);
StateHandle deserialize_state(const std::string& text);

void bind_games(py::module_& m);
void bind_states(py::module_& m);
void bind_ai(py::module_& m);
void bind_batch(py::module_& m);
void bind_study(py::module_& m);

}  // namespace ludus::python
