// SPDX-License-Identifier: Apache-2.0
// ludus.State: one game in progress (a History), with OpenSpiel's names for what it does;
// records in and out (JSON, SGF), serialisation and pickling.
#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "core/error.h"
#include "core/record.h"
#include "core/sgf.h"
#include "handles.h"

namespace ludus::python {

std::vector<double> seat_returns(const History& history) {
  std::vector<double> r(2, 0.0);
  if (!history.is_over()) return r;
  const int w = history.winning_seat();
  if (w != kDraw) {
    r[static_cast<size_t>(w)] = 1.0;
    r[static_cast<size_t>(1 - w)] = -1.0;
  }
  return r;
}

int checked_threads(int threads, int lowest) {
  constexpr int kMostThreads = 1024;
  if (threads < lowest || threads > kMostThreads)
    throw LudusError("threads must be in [" + std::to_string(lowest) + ", " + std::to_string(kMostThreads) + "], not " +
                     std::to_string(threads));
  return threads;
}

int current_player(const History& history) { return history.is_over() ? kTerminalPlayer : history.state().seat_to_move(); }

std::string serialize_state(const StateHandle& state) { return record_to_json(state.history).dump(); }

StateHandle deserialize_state(const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw LudusError("bad serialized state: not JSON");
  }
  History history = record_from_json(j);
  return StateHandle{game_handle(history.game_ptr()), std::move(history)};
}

StateBatch states_of(const py::handle& states) {
  StateBatch batch;
  auto add = [&batch](const py::handle& item) {
    if (!py::isinstance<StateHandle>(item)) throw py::type_error("expected ludus.State objects");
    batch.owners.push_back(py::reinterpret_borrow<py::object>(item));
    batch.states.push_back(&item.cast<const StateHandle&>());
  };
  if (py::isinstance<StateHandle>(states)) {
    add(states);
  } else {
    for (const py::handle item : py::iter(states)) add(item);
  }
  const auto& out = batch.states;
  for (size_t i = 1; i < out.size(); ++i) {
    const Game& a = *out[0]->game->game;
    const Game& b = *out[i]->game->game;
    if (a.name() != b.name() || !(a.options() == b.options()))
      throw LudusError("state " + std::to_string(i) + " is of another game (" + b.name() + " " + b.options().to_string() + ")");
  }
  return batch;
}

namespace {

std::vector<StateHandle> states_of_records(std::vector<History> histories) {
  std::vector<StateHandle> states;
  for (auto& h : histories) {
    GamePtr game = game_handle(h.game_ptr());
    states.push_back(StateHandle{std::move(game), std::move(h)});
  }
  return states;
}

// The canonical text of `action` in this position; only legal actions have one.
std::string action_text(const StateHandle& s, Action action) {
  const State& state = s.history.state();
  if (action < 0 || action >= s.game->game->num_distinct_actions() || s.history.is_over() || !state.is_legal(action))
    throw LudusError("action " + std::to_string(action) + " is not legal in this position");
  return state.action_to_text(action);
}

py::array_t<float> observation(const StateHandle& s) {
  const ObservationEncoder& encoder = s.game->observation();
  const auto& shape = encoder.shape();
  py::array_t<float> out({shape.planes, shape.rows, shape.cols});
  encoder.encode(s.history, out.mutable_data());
  return out;
}

py::array_t<int8_t> legal_mask(const StateHandle& s) {
  py::array_t<int8_t> mask(s.game->game->num_distinct_actions());
  std::fill(mask.mutable_data(), mask.mutable_data() + mask.size(), 0);
  if (!s.history.is_over())
    for (Action a : s.history.state().legal_actions()) mask.mutable_data()[a] = 1;
  return mask;
}

std::vector<Action> legal_actions(const StateHandle& s) {
  if (s.history.is_over()) return {};
  return s.history.state().legal_actions();
}

}  // namespace

void bind_states(py::module_& m) {
  py::class_<StateHandle>(m, "State", "A game in progress: the position, its moves and turns (game.new_initial_state()).")
      .def_property_readonly("game", [](const StateHandle& s) { return std::const_pointer_cast<GameHandle>(s.game); })
      // --- whose turn, the end ---
      .def("current_player", [](const StateHandle& s) { return current_player(s.history); },
           "The seat to move (0 = first player, 1 = second), or TERMINAL_PLAYER (-4) once the game is over.")
      .def("colour_to_move", [](const StateHandle& s) { return s.history.is_over() ? -1 : s.history.state().to_move(); },
           "The colour to move (0 = first colour), or -1 once the game is over; a pie swap gives seats the other colour.")
      .def("is_terminal", [](const StateHandle& s) { return s.history.is_over(); })
      .def("returns", [](const StateHandle& s) { return seat_returns(s.history); },
           "By seat: +1 win, -1 loss, 0 draw; zeros while the game is on.")
      .def("player_return", [](const StateHandle& s, int seat) { return seat_returns(s.history).at(static_cast<size_t>(seat)); },
           py::arg("player"))
      .def("rewards", [](const StateHandle& s) { return seat_returns(s.history); },
           "The returns: ludus games pay only at the end, so a terminal state's rewards are its returns.")
      .def("winner", [](const StateHandle& s) { return s.history.is_over() ? s.history.winning_seat() : kTerminalPlayer; },
           "The winning seat, -1 for a draw; TERMINAL_PLAYER (-4) while the game is on.")
      .def("result", [](const StateHandle& s) { return s.history.result_text(); },
           "The winning colour's name, \"draw\", or \"\" while the game is on (as records write it).")
      .def("status", [](const StateHandle& s) { return s.history.status(); }, "\"X to move (first player)\", \"O wins: line of 5\"...")
      .def("end_reason", [](const StateHandle& s) { return s.history.end_reason(); })
      // --- moves ---
      .def("legal_actions", [](const StateHandle& s) { return legal_actions(s); }, "Legal action ids (empty once the game is over).")
      .def("legal_actions", [](const StateHandle& s, int player) {
             return player == current_player(s.history) ? legal_actions(s) : std::vector<Action>{};
           }, py::arg("player"))
      .def("legal_actions_mask", &legal_mask, "int8 array of num_distinct_actions(): 1 where the action is legal.")
      .def("is_legal", [](const StateHandle& s, Action a) {
             return !s.history.is_over() && a >= 0 && a < s.game->game->num_distinct_actions() && s.history.state().is_legal(a);
           }, py::arg("action"))
      .def("action_to_string", &action_text, py::arg("action"), "The move's ludus notation (only for legal actions).")
      .def("action_to_string", [](const StateHandle& s, int /*player*/, Action a) { return action_text(s, a); },
           py::arg("player"), py::arg("action"))
      .def("string_to_action", [](const StateHandle& s, const std::string& text) {
             if (s.history.is_over()) throw LudusError("illegal move '" + text + "': the game is over");
             return s.history.state().parse_action(text);
           }, py::arg("text"), "Parses one ply in ludus notation (any accepted spelling); LudusError with the reason when illegal.")
      .def("string_to_action", [](const StateHandle& s, int /*player*/, const std::string& text) {
             if (s.history.is_over()) throw LudusError("illegal move '" + text + "': the game is over");
             return s.history.state().parse_action(text);
           }, py::arg("player"), py::arg("text"))
      .def("apply_action", [](StateHandle& s, Action a) { s.history.play(a); }, py::arg("action"),
           "Plays one ply; LudusError when it is illegal or the game is over.")
      .def("apply_move", [](StateHandle& s, const std::string& text) { return s.history.play(text); }, py::arg("text"),
           "Plays one ply given in notation; returns its action id.")
      .def("play_turn", [](StateHandle& s, const std::string& text) { return s.history.play_turn(text); }, py::arg("text"),
           "Plays a whole turn as a person types it (Epoxy: \"d3,e5-e7\") all or nothing; returns the plies played.")
      .def("child", [](const StateHandle& s, Action a) {
             StateHandle c = s;
             c.history.play(a);
             return c;
           }, py::arg("action"), "A copy with the action applied.")
      .def("undo_turn", [](StateHandle& s) { return s.history.undo_turn(); },
           "Takes back the last whole turn (or an ending from outside the rules); False at the start.")
      .def("resign", [](StateHandle& s, int seat) { s.history.resign(seat); }, py::arg("player"))
      .def("clone", [](const StateHandle& s) { return StateHandle(s); })
      .def("__copy__", [](const StateHandle& s) { return StateHandle(s); })
      .def("__deepcopy__", [](const StateHandle& s, const py::dict&) { return StateHandle(s); }, py::arg("memo"))
      // --- the moves so far and the turn ---
      .def("history", [](const StateHandle& s) { return s.history.actions(); }, "Action ids of every ply played.")
      .def("moves", [](const StateHandle& s) { return s.history.moves(); }, "Every ply played, in ludus notation.")
      .def("move_number", [](const StateHandle& s) { return s.history.num_moves(); }, "Plies played.")
      .def_property_readonly("turn", [](const StateHandle& s) { return s.history.current_turn(); },
                             "1-based number of the turn the next ply belongs to (a turn is what one player plays "
                             "at once); once the game is over, the last turn's.")
      .def_property_readonly("mid_turn", [](const StateHandle& s) { return s.history.mid_turn(); },
                             "Whether the next ply continues the mover's turn (Epoxy's second action).")
      // --- views ---
      .def("observation_tensor", &observation, "float32 array of game.observation_tensor_shape() (docs/python.md).")
      .def("__str__", [](const StateHandle& s) { return s.history.state().render(); })
      .def("__repr__", [](const StateHandle& s) {
             return "<ludus.State " + s.game->game->name() + " after " + std::to_string(s.history.num_moves()) + " plies: " +
                    s.history.status() + ">";
           })
      // --- records ---
      .def("to_json", [](const StateHandle& s) { return record_to_json(s.history).dump(); },
           "The game as a ludus JSON record (docs/records.md).")
      .def("to_sgf", [](const StateHandle& s) { return sgf_game_tree(s.history); }, "The game as one SGF game tree.")
      .def("set_players", [](StateHandle& s, const std::string& first, const std::string& second) {
             s.history.set_players({first, second});
           }, py::arg("first"), py::arg("second"), "The players' names (or AI specs) written in records.")
      .def("serialize", &serialize_state, "The state as text (a JSON record); ludus.deserialize_state reads it back.")
      .def(py::pickle([](const StateHandle& s) { return serialize_state(s); },
                      [](const std::string& text) { return deserialize_state(text); }));

  m.def("deserialize_state", &deserialize_state, py::arg("text"), "A state from State.serialize() (its game included).");
  m.def("read_records", [](const std::string& text) { return states_of_records(read_records(text)); }, py::arg("text"),
        "The games of a record text (JSON, JSON Lines, SGF) as finished or ongoing states.");
  m.def("read_record_file", [](const std::string& path) { return states_of_records(read_record_file(path)); }, py::arg("path"));
}

}  // namespace ludus::python
