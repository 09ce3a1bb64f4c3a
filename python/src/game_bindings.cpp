// SPDX-License-Identifier: Apache-2.0
// ludus.games(), ludus.game_info(), ludus.Game: the registry and a game with its options.
#include <map>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "core/error.h"
#include "core/geometry.h"
#include "core/registry.h"
#include "handles.h"

namespace ludus::python {

const ObservationEncoder& GameHandle::observation() const {
  if (!encoder) throw LudusError("game '" + game->name() + "' does not expose its board, so it has no observation tensor");
  return *encoder;
}

GamePtr game_handle(std::shared_ptr<const Game> game) {
  auto handle = std::make_shared<GameHandle>();
  if (game->board_geometry()) handle->encoder = std::make_shared<const ObservationEncoder>(game);
  handle->game = std::move(game);
  return handle;
}

namespace {

py::dict game_info(const std::string& name) {
  const GameInfo& info = *find_game(name).info;
  py::dict options;
  for (const auto& spec : info.options) {
    py::dict o;
    o["default"] = spec.default_value;
    o["range"] = spec.range_text();
    o["help"] = spec.help;
    options[py::str(spec.name)] = o;
  }
  py::dict d;
  d["name"] = info.name;
  d["title"] = info.title;
  d["colours"] = py::make_tuple(info.colours[0], info.colours[1]);
  d["summary"] = info.summary;
  d["options"] = options;
  // Whether the rules have a pie rule, and the on/off option that switches it (None when it
  // is always on or there is none).
  d["pie_rule"] = info.pie.offered;
  d["pie_option"] = info.pie.offered && !info.pie.option.empty() ? py::object(py::str(info.pie.option)) : py::object(py::none());
  d["may_draw"] = info.may_draw;
  return d;
}

std::string game_repr(const Game& game) { return "<ludus.Game " + game.name() + " " + game.options().to_string() + ">"; }

std::string game_string(const Game& game) {
  std::string text = game.name() + "(";
  const char* separator = "";
  for (const auto& [name, value] : game.options().values()) {
    text += separator + name + "=" + value;
    separator = ",";
  }
  return text + ")";
}

}  // namespace

void bind_games(py::module_& m) {
  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const auto& entry : registered_games()) names.push_back(entry.info->name);
        return names;
      },
      "The names of the games, sorted.");
  m.def("game_info", &game_info, py::arg("name"),
        "A game's title, colours, summary, options (default, range, help), pie option and whether it can be drawn.");
  m.def(
      "_load_game",
      [](const std::string& name, const std::map<std::string, std::string>& options) {
        return std::const_pointer_cast<GameHandle>(game_handle(make_game(name, options)));
      },
      py::arg("name"), py::arg("options"));

  py::class_<GameHandle, std::shared_ptr<GameHandle>>(m, "Game",
                                                      "A game with its options (immutable); ludus.load_game makes one.")
      .def_property_readonly("name", [](const GameHandle& g) { return g.game->name(); })
      .def_property_readonly("title", [](const GameHandle& g) { return g.game->info().title; })
      .def_property_readonly("colours", [](const GameHandle& g) { return py::make_tuple(g.game->colour_name(0), g.game->colour_name(1)); })
      .def_property_readonly("options", [](const GameHandle& g) { return g.game->options().values(); },
                             "Every option's value (defaults included), as text.")
      .def_property_readonly("offers_pie", [](const GameHandle& g) { return g.game->offers_pie(); },
                             "Whether the pie rule's `swap` move exists with these options.")
      .def("num_players", [](const GameHandle&) { return 2; })
      .def("num_distinct_actions", [](const GameHandle& g) { return g.game->num_distinct_actions(); },
           "Action ids are in [0, num_distinct_actions()).")
      .def("max_game_length",
           [](const GameHandle& g) {
             const int bound = g.game->max_game_length();
             return bound > 0 ? bound : default_ply_limit(*g.game);
           },
           "The most plies a game can last: the rules' bound (game.length_bound()); for a game whose rules give "
           "none (Ndengrod, Epoxy), the ply limit at which self-play scores a game a draw.")
      .def("length_bound",
           [](const GameHandle& g) {
             const int bound = g.game->max_game_length();
             return bound > 0 ? py::object(py::int_(bound)) : py::object(py::none());
           },
           "The most plies a game can last as the rules prove it, or None when they give no bound (captures or "
           "slides let positions recur; the repetition rules still end every game).")
      .def("max_utility", [](const GameHandle&) { return 1.0; }, "A win's return.")
      .def("min_utility", [](const GameHandle&) { return -1.0; }, "A loss's return.")
      .def("utility_sum", [](const GameHandle&) { return 0.0; }, "The returns of a finished game add up to 0 (zero-sum).")
      .def("max_chance_outcomes", [](const GameHandle&) { return 0; }, "0: the games have no chance.")
      .def("get_parameters",
           [](const GameHandle& g) {
             py::dict parameters;
             for (const auto& [name, value] : g.game->options().values()) {
               const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
               parameters[py::str(name)] = digits ? py::object(py::int_(std::stoll(value))) : py::object(py::str(value));
             }
             return parameters;
           },
           "The options as load_game takes them (numbers as int).")
      .def("policy_tensor_shape", [](const GameHandle& g) { return std::vector<int>{g.game->num_distinct_actions()}; })
      .def("observation_tensor_size", [](const GameHandle& g) { return static_cast<int>(g.observation().shape().size()); },
           "planes * rows * cols.")
      .def("information_state_tensor_shape",
           [](const GameHandle& g) { return std::vector<int>{static_cast<int>(g.observation().shape().size())}; },
           "[observation_tensor_size()]: State.information_state_tensor is the observation, flat.")
      .def("information_state_tensor_size", [](const GameHandle& g) { return static_cast<int>(g.observation().shape().size()); })
      .def("observation_tensor_shape",
           [](const GameHandle& g) {
             const auto& s = g.observation().shape();
             return std::vector<int>{s.planes, s.rows, s.cols};
           },
           "[planes, rows, cols] of State.observation_tensor().")
      .def("observation_planes", [](const GameHandle& g) { return g.observation().plane_names(); },
           "The names of the observation planes, in order.")
      .def("board_sites",
           [](const GameHandle& g) {
             const Geometry* geometry = g.game->board_geometry();
             if (!geometry) throw LudusError("game '" + g.game->name() + "' does not expose its board");
             const auto& cells = g.observation().cell_of_site();
             const int cols = g.observation().shape().cols;
             py::list sites;
             for (int s = 0; s < geometry->num_sites(); ++s)
               sites.append(py::make_tuple(geometry->name(s), cells[static_cast<size_t>(s)] / cols, cells[static_cast<size_t>(s)] % cols));
             return sites;
           },
           "Every site of the board as (name, row, col) in the observation tensor's grid.")
      .def("new_initial_state",
           [](const std::shared_ptr<GameHandle>& g) { return StateHandle{g, History(g->game)}; })
      .def("deserialize_state",
           [](const std::shared_ptr<GameHandle>& g, const std::string& text) {
             StateHandle state = deserialize_state(text);
             if (state.game->game->name() != g->game->name() || !(state.game->game->options() == g->game->options()))
               throw LudusError("the serialized state is of " + game_repr(*state.game->game) + ", not " + game_repr(*g->game));
             state.game = g;
             return state;
           },
           py::arg("text"))
      .def("__repr__", [](const GameHandle& g) { return game_repr(*g.game); })
      .def("__str__", [](const GameHandle& g) { return game_string(*g.game); },
           "OpenSpiel's game string, which load_game reads back: \"ndengrod(length=5,shape=hexhex,size=5,swap=on)\".")
      .def("__eq__",
           [](const GameHandle& a, const GameHandle& b) {
             return a.game->name() == b.game->name() && a.game->options() == b.game->options();
           })
      .def("__hash__", [](const GameHandle& g) { return py::hash(py::str(g.game->name() + " " + g.game->options().to_string())); })
      .def(py::pickle([](const GameHandle& g) { return py::make_tuple(g.game->name(), g.game->options().values()); },
                      [](const py::tuple& t) {
                        if (t.size() != 2) throw LudusError("bad pickled game");
                        return std::const_pointer_cast<GameHandle>(
                            game_handle(make_game(t[0].cast<std::string>(), t[1].cast<std::map<std::string, std::string>>())));
                      }));
}

}  // namespace ludus::python
