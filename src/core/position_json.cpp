// SPDX-License-Identifier: Apache-2.0
#include "core/position_json.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "core/ending.h"
#include "core/geometry.h"
#include "core/registry.h"

namespace ludus {
namespace {

nlohmann::json site_names(const Geometry& geometry, const std::vector<int>& sites) {
  nlohmann::json names = nlohmann::json::array();
  for (int site : sites) names.push_back(geometry.name(site));
  return names;
}

}  // namespace

nlohmann::json geometry_json(const History& history) {
  const Game& game = history.game();
  const Geometry* g = game.board_geometry();
  if (!g) return nullptr;
  nlohmann::json sites = nlohmann::json::array();
  nlohmann::json stones = nlohmann::json::array();
  for (int s = 0; s < g->num_sites(); ++s) {
    Coord c = g->coord(s);
    sites.push_back({{"name", g->name(s)}, {"row", c.row}, {"col", c.col}});
    int colour = history.state().site_colour(s);
    stones.push_back(colour >= 0 ? nlohmann::json(game.colour_name(colour)) : nlohmann::json());
  }
  nlohmann::json features = nlohmann::json::array();
  for (const BoardFeature& feature : game.board_features())
    features.push_back({{"name", feature.name}, {"sites", site_names(*g, feature.sites)}});
  const bool hex = g->topology() == Topology::Hex;
  return {{"topology", hex ? "hex" : "square"},
          {"rows", g->num_rows()},
          {"cols", g->num_cols()},
          {"stones_on", stone_sites_name(game.info().stones_on)},
          {"sites", sites},
          {"stones", stones},
          {"features", features}};
}

void add_turn_json(nlohmann::json& j, const History& history, bool playable) {
  const State& state = history.state();
  const Geometry* g = history.game().board_geometry();
  nlohmann::json legal = nlohmann::json::array();
  nlohmann::json actions = nlohmann::json::array();
  if (playable) {
    for (Action a : state.legal_actions()) {
      const std::string text = state.action_to_text(a);
      const ActionShape shape = state.action_shape(a);
      legal.push_back(text);
      actions.push_back({{"text", text},
                         {"sites", g ? site_names(*g, shape.sites) : nlohmann::json::array()},
                         {"kind", action_kind_name(shape.kind)},
                         {"ends_turn", state.ends_turn(a)}});
    }
  }
  j["legal_moves"] = legal;
  j["actions"] = actions;
  j["turn"] = history.current_turn();
  j["mid_turn"] = history.mid_turn();
  j["position_turn"] = turn_point_json(turn_point(history, history.num_moves()));
}

nlohmann::json turn_point_json(const TurnPoint& point) {
  return {{"turn", point.turn}, {"action", point.action}, {"whole", point.whole}, {"text", turn_point_text(point)}};
}

nlohmann::json plies_json(const History& history) {
  nlohmann::json plies = nlohmann::json::array();
  for (int ply = 0; ply < history.num_moves(); ++ply) {
    const PlyMover& mover = history.mover(ply);
    plies.push_back({{"number", ply + 1},
                     {"turn", history.turn_number(ply)},
                     {"action", action_in_turn(history, ply)},
                     {"move", history.moves()[static_cast<size_t>(ply)]},
                     {"seat", mover.seat},
                     {"colour", history.game().colour_name(mover.colour)}});
  }
  return plies;
}

nlohmann::json shown_scores_json(const State& state) {
  nlohmann::json scores = nlohmann::json::object();
  for (int colour = 0; colour < 2; ++colour)
    if (const std::optional<int> score = state.shown_score(colour)) scores[state.game().colour_name(colour)] = *score;
  return scores.empty() ? nlohmann::json() : scores;
}

nlohmann::json deciding_sites_json(const History& history) {
  const Geometry* g = history.game().board_geometry();
  return g ? site_names(*g, history.state().deciding_sites()) : nlohmann::json::array();
}

nlohmann::json outcome_json(const History& history, const std::array<std::string, 2>* players) {
  if (!history.is_over()) return nullptr;
  const int seat = history.winning_seat();
  const int colour = history.winner();
  const bool draw = seat == kDraw;  // no winner: a draw, or an aborted game (no result)
  nlohmann::json j = {{"draw", draw && history.ending() != Ending::Aborted},
                      {"winner_seat", draw ? nlohmann::json() : nlohmann::json(seat)},
                      {"winner_colour", draw ? nlohmann::json() : nlohmann::json(history.game().colour_name(colour))},
                      {"reason", history.end_reason()},
                      {"ending", ending_name(history.ending())}};
  if (players) j["winner_user"] = draw ? nlohmann::json() : nlohmann::json((*players)[static_cast<size_t>(seat)]);
  return j;
}

nlohmann::json position_json(const History& history) {
  const State& state = history.state();
  const Game& game = history.game();
  nlohmann::json j;
  j["game"] = game.name();
  j["moves"] = history.moves();
  j["status_text"] = history.status();
  if (history.is_over()) {
    j["to_move"] = nullptr;
    j["to_move_seat"] = nullptr;
    j["outcome"] = outcome_json(history);
  } else {
    j["to_move"] = game.colour_name(state.to_move());
    j["to_move_seat"] = state.seat_to_move();
    j["outcome"] = nullptr;
  }
  add_turn_json(j, history, !history.is_over());
  j["plies"] = plies_json(history);
  j["geometry"] = geometry_json(history);
  j["deciding_sites"] = deciding_sites_json(history);
  j["scores"] = shown_scores_json(state);
  j["board_text"] = state.render();
  return j;
}

}  // namespace ludus
