// SPDX-License-Identifier: Apache-2.0
// ludus.State: one game in progress (a History), with OpenSpiel's names for what it does;
// records in and out (JSON, SGF), serialisation and pickling.
#include <optional>

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

// The canonical text of `action`: a legal action's here, or the text a ply of the history
// was played with (the last such ply); other actions have none.
std::string action_text(const StateHandle& s, Action action) {
  const State& state = s.history.state();
  if (action >= 0 && action < s.game->game->num_distinct_actions() && !s.history.is_over() && state.is_legal(action))
    return state.action_to_text(action);
  const auto& played = s.history.actions();
  for (size_t ply = played.size(); ply-- > 0;)
    if (played[ply] == action) return s.history.moves()[ply];
  throw LudusError("action " + std::to_string(action) + " is neither legal in this position nor played in this game");
}

// A player argument: 0 or 1, else LudusError.
int checked_player(int player) {
  if (player != 0 && player != 1) throw LudusError("player must be 0 or 1, not " + std::to_string(player));
  return player;
}

// The observation seen by `seat`, or by the player to move when it is null.
py::array_t<float> observation(const StateHandle& s, std::optional<int> seat) {
  const ObservationEncoder& encoder = s.game->observation();
  const auto& shape = encoder.shape();
  py::array_t<float> out({shape.planes, shape.rows, shape.cols});
  if (seat)
    encoder.encode_for_seat(s.history, checked_player(*seat), out.mutable_data());
  else
    encoder.encode(s.history, out.mutable_data());
  return out;
}

std::vector<Action> legal_actions(const StateHandle& s) {
  if (s.history.is_over()) return {};
  return s.history.state().legal_actions();
}

// Legal actions of `seat` (null: the player to move): none for any other player.
std::vector<Action> legal_actions_of(const StateHandle& s, std::optional<int> seat) {
  if (seat && *seat != current_player(s.history)) return {};
  return legal_actions(s);
}

py::array_t<int8_t> legal_mask(const StateHandle& s, std::optional<int> seat) {
  py::array_t<int8_t> mask(s.game->game->num_distinct_actions());
  std::fill(mask.mutable_data(), mask.mutable_data() + mask.size(), 0);
  for (Action a : legal_actions_of(s, seat)) mask.mutable_data()[a] = 1;
  return mask;
}

// OpenSpiel's undo_action(player, action): takes back the last ply, which must be `action`
// played by `player`.
void undo_action(StateHandle& s, int player, Action action) {
  const History& h = s.history;
  if (h.num_moves() == 0) throw LudusError("undo_action: no ply to take back");
  const int last = h.num_moves() - 1;
  if (h.actions()[static_cast<size_t>(last)] != action || h.mover(last).seat != player)
    throw LudusError("undo_action: the last ply is action " + std::to_string(h.actions()[static_cast<size_t>(last)]) +
                     " by player " + std::to_string(h.mover(last).seat) + ", not action " + std::to_string(action) +
                     " by player " + std::to_string(player));
  s.history.truncate(last);
}

std::string history_text(const History& h) {
  std::string text;
  for (Action a : h.actions()) text += (text.empty() ? "" : " ") + std::to_string(a);
  return text;
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
      .def("player_return", [](const StateHandle& s, int seat) { return seat_returns(s.history)[static_cast<size_t>(checked_player(seat))]; },
           py::arg("player"))
      .def("player_reward", [](const StateHandle& s, int seat) { return seat_returns(s.history)[static_cast<size_t>(checked_player(seat))]; },
           py::arg("player"), "The seat's reward: its return, paid at the end.")
      .def("is_chance_node", [](const StateHandle&) { return false; }, "False: the games have no chance.")
      .def("is_simultaneous_node", [](const StateHandle&) { return false; }, "False: one player moves at a time.")
      .def("is_mean_field_node", [](const StateHandle&) { return false; })
      .def("is_player_node", [](const StateHandle& s) { return !s.history.is_over(); }, "Whether a player is to move.")
      .def("is_initial_state", [](const StateHandle& s) { return s.history.num_moves() == 0 && !s.history.is_over(); })
      .def("chance_outcomes", [](const StateHandle&) { return std::vector<std::pair<Action, double>>{}; },
           "[]: no state is a chance node.")
      .def("num_players", [](const StateHandle&) { return 2; })
      .def("get_game", [](const StateHandle& s) { return std::const_pointer_cast<GameHandle>(s.game); })
      .def("rewards", [](const StateHandle& s) { return seat_returns(s.history); },
           "The returns: ludus games pay only at the end, so a terminal state's rewards are its returns.")
      .def("winner", [](const StateHandle& s) { return s.history.is_over() ? s.history.winning_seat() : kTerminalPlayer; },
           "The winning seat, -1 for a draw; TERMINAL_PLAYER (-4) while the game is on.")
      .def("result", [](const StateHandle& s) { return s.history.result_text(); },
           "The winning colour's name, \"draw\", or \"\" while the game is on (as records write it).")
      .def("status", [](const StateHandle& s) { return s.history.status(); }, "\"X to move (first player)\", \"O wins: line of 5\"...")
      .def("end_reason", [](const StateHandle& s) { return s.history.end_reason(); })
      // --- moves ---
      .def("legal_actions", &legal_actions_of, py::arg("player") = py::none(),
           "Legal action ids of the player (default: the player to move); empty for the other player and once the "
           "game is over.")
      .def("legal_actions_mask", &legal_mask, py::arg("player") = py::none(),
           "int8 array of num_distinct_actions(): 1 where the action is legal for the player (default: the player to move).")
      .def("is_legal", [](const StateHandle& s, Action a) {
             return !s.history.is_over() && a >= 0 && a < s.game->game->num_distinct_actions() && s.history.state().is_legal(a);
           }, py::arg("action"))
      .def("action_to_string", &action_text, py::arg("action"),
           "The move's ludus notation: of a legal action, or of an action played in this game.")
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
      .def("undo_action", &undo_action, py::arg("player"), py::arg("action"),
           "Takes back the last ply, which must be `action` by `player` (OpenSpiel's undo_action); replays the game.")
      .def("undo_turn", [](StateHandle& s) { return s.history.undo_turn(); },
           "Takes back the last whole turn (or an ending from outside the rules); False at the start.")
      .def("resign", [](StateHandle& s, int seat) { s.history.resign(seat); }, py::arg("player"))
      .def("clone", [](const StateHandle& s) { return StateHandle(s); })
      .def("__copy__", [](const StateHandle& s) { return StateHandle(s); })
      .def("__deepcopy__", [](const StateHandle& s, const py::dict&) { return StateHandle(s); }, py::arg("memo"))
      // --- the moves so far and the turn ---
      .def("history", [](const StateHandle& s) { return s.history.actions(); }, "Action ids of every ply played.")
      .def("history_str", [](const StateHandle& s) { return history_text(s.history); }, "history() as text: \"30 12 41\".")
      .def("_ply_players", [](const StateHandle& s) {
             std::vector<int> seats;
             for (int ply = 0; ply < s.history.num_moves(); ++ply) seats.push_back(s.history.mover(ply).seat);
             return seats;
           })
      .def("moves", [](const StateHandle& s) { return s.history.moves(); }, "Every ply played, in ludus notation.")
      .def("move_number", [](const StateHandle& s) { return s.history.num_moves(); }, "Plies played.")
      .def_property_readonly("turn", [](const StateHandle& s) { return s.history.current_turn(); },
                             "1-based number of the turn the next ply belongs to (a turn is what one player plays "
                             "at once); once the game is over, the last turn's.")
      .def_property_readonly("mid_turn", [](const StateHandle& s) { return s.history.mid_turn(); },
                             "Whether the next ply continues the mover's turn (Epoxy's second action).")
      // --- views ---
      .def("observation_tensor", &observation, py::arg("player") = py::none(),
           "float32 array of game.observation_tensor_shape(), seen by the player (default: the player to move; "
           "docs/python.md).")
      .def("observation_string", [](const StateHandle& s, std::optional<int> seat) {
             if (seat) checked_player(*seat);
             return s.history.state().render();
           }, py::arg("player") = py::none(), "The board as text (str(state)): both players see all of it.")
      .def("information_state_string", [](const StateHandle& s, std::optional<int> seat) {
             if (seat) checked_player(*seat);
             return history_text(s.history);
           }, py::arg("player") = py::none(),
           "What the player knows: every ply (history_str()), since the games are of perfect information.")
      .def("information_state_tensor", [](const StateHandle& s, std::optional<int> seat) {
             py::array_t<float> planes = observation(s, seat);
             return planes.reshape({static_cast<py::ssize_t>(planes.size())});
           }, py::arg("player") = py::none(),
           "observation_tensor(player) flattened (information_state_tensor_size() floats); it does not encode the "
           "repetition history.")
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
