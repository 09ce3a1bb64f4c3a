// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/game_json.h"

#include "server/domain/play/holidays.h"
#include "server/domain/play/proposal_rules.h"

#include <algorithm>
#include <cmath>

#include "ai/level_ratings.h"
#include "ai/spec_parser.h"
#include "core/geometry.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/turn_count.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/play/board_text.h"

namespace ludus::server {
namespace {

nlohmann::json site_names(const Geometry& geometry, const std::vector<int>& sites) {
  nlohmann::json names = nlohmann::json::array();
  for (int site : sites) names.push_back(geometry.name(site));
  return names;
}

template <class T>
nlohmann::json optional_json(const std::optional<T>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json player_json(const Board& board, const State& state, int seat) {
  const std::string& user = board.player(seat);
  const int colour = state.colour_of_seat(seat);
  nlohmann::json j = {{"seat", seat},
                      {"user", user},
                      {"ai", Accounts::is_ai(user)},
                      {"bot", board.record().bots[static_cast<size_t>(seat)]},
                      {"colour", board.game().colour_name(colour)}};
  // The score the rules show players (Epoxy's legal first actions), in games that have one.
  if (const std::optional<int> score = state.shown_score(colour)) j["score"] = *score;
  return j;
}

}  // namespace

nlohmann::json seats_json(const Board& board, const State& state) {
  return {player_json(board, state, 0), player_json(board, state, 1)};
}

nlohmann::json to_move_json(const Board& board, const State& state, bool over) {
  if (over) return nullptr;
  const int seat = state.seat_to_move();
  return {{"seat", seat}, {"user", board.player(seat)}, {"colour", board.game().colour_name(state.to_move())}};
}

nlohmann::json proposal_json(const Board& board) {
  const GameRecord& r = board.record();
  if (r.proposal.empty() || !r.proposal_seat) return nullptr;
  return {{"kind", r.proposal}, {"seat", *r.proposal_seat}, {"user", board.player(*r.proposal_seat)}};
}

nlohmann::json holidays_json(const Board& board) {
  nlohmann::json out = nlohmann::json::array();
  for (const Holiday& h : board.holidays()) out.push_back(holiday_json(h));
  return out;
}

std::string proposal_refusal_text(const Board& board, const std::string& kind) {
  const auto refusal = kind == "abort" ? abort_refusal(board) : takeback_refusal(board);
  return refusal ? refusal->reason : "";
}

nlohmann::json comments_json(const Board& board) {
  nlohmann::json comments = nlohmann::json::array();
  for (const auto& c : board.comments())
    comments.push_back({{"id", c.id},
                        {"user", c.user},
                        {"after_move", c.after_ply},
                        {"after_turn", turns_in(board.history(), std::min(c.after_ply, board.num_moves()))},
                        {"text", c.body},
                        {"created_at", c.created_at}});
  return comments;
}

namespace {

nlohmann::json move_json(const Board& board, int index) {
  const MoveRecord& m = board.moves()[index];
  // The turn as the replayed history counts it (rows stored before every move had to be a
  // whole turn may number the two halves of one apart).
  return {{"number", m.ply},
          {"turn", board.history().turn_number(index)},
          {"action", action_in_turn(board.history(), index)},
          {"move", m.move},
          {"seat", m.seat},
          {"user", board.player(m.seat)},
          {"colour", board.game().colour_name(board.colour_of_move(index))},
          {"played_at", m.played_at}};
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

nlohmann::json record_json(const Board& board) {
  return record_to_json(board.history());
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

nlohmann::json game_summary_json(const GameRecord& g) {
  return {{"board", g.id},
          {"game", g.game},
          {"options", g.options},
          {"players", g.seats},
          {"bots", g.bots},
          {"challenger", g.challenger},
          {"status", g.status()},
          {"moves_played", g.num_moves},
          {"next_move_number", g.num_moves + 1},
          {"turns_played", g.num_turns},
          {"turn", g.finished() ? g.num_turns : g.num_turns + 1},
          {"to_move_seat", optional_json(g.to_move_seat)},
          {"to_move_user", g.to_move_seat ? nlohmann::json(g.seats[*g.to_move_seat]) : nlohmann::json()},
          {"result", g.result},
          {"winner_seat", optional_json(g.winner_seat)},
          {"end_reason", g.end_reason},
          {"proposal", g.proposal.empty() ? nlohmann::json() : nlohmann::json(g.proposal)},
          {"rated", g.rated},
          {"exploration", g.exploration},
          {"created_at", g.created_at},
          {"updated_at", g.updated_at},
          {"finished_at", optional_json(g.finished_at)},
          {"revision", g.revision}};
}

ViewedPosition::ViewedPosition(const Board& board, std::optional<int> ply)
    : latest(!ply || *ply == board.num_moves()),
      plies(latest ? board.num_moves() : *ply),
      history_(&board.position_at(plies, scratch_)),
      over_(latest ? board.is_over() : history_->state().is_terminal()) {}

nlohmann::json board_json(const Board& board, std::optional<int> ply, BoardDetail detail) {
  const ViewedPosition view(board, ply);
  const bool latest = view.latest;
  const int plies = view.plies;
  const History& history = view.history();
  const State& state = history.state();
  const GameRecord& r = board.record();

  nlohmann::json j = game_summary_json(r);
  j["title"] = board.game().info().title;
  j["colours"] = board.game().info().colours;
  j["seats"] = seats_json(board, state);
  j["position_move_number"] = plies;  // moves replayed for this view
  j["latest"] = latest;
  j["status_text"] = latest ? status_line(board) : history.status();
  // Whose turn in this view (null when the game is over there).
  j["to_move"] = to_move_json(board, state, view.over());
  j["outcome"] = latest ? outcome_json(board.history(), &r.seats) : nlohmann::json();
  nlohmann::json moves = nlohmann::json::array();
  for (int i = 0; i < board.num_moves(); ++i) moves.push_back(move_json(board, i));
  j["moves"] = moves;
  j["last_move"] = plies > 0 ? move_json(board, plies - 1) : nlohmann::json();
  add_turn_json(j, history, view.playable());
  j["proposal"] = proposal_json(board);
  j["takeback_refused"] = proposal_refusal_text(board, "undo");
  j["abort_refused"] = proposal_refusal_text(board, "abort");
  j["holidays"] = holidays_json(board);
  j["tournament"] = optional_json(r.tournament);
  j["comments"] = comments_json(board);
  j["board_text"] = state.render();
  if (detail == BoardDetail::Full) {
    j["record"] = record_json(board);
    j["mail"] = format_board(board, plies, history);
  }
  j["geometry"] = geometry_json(history);
  j["deciding_sites"] = deciding_sites_json(history);
  return j;
}

namespace {

// The plain AI levels' measured ratings on `game`'s default board (data/ai-ratings.json),
// weakest first: [{"level": "ai:medium", "rating": 1450, "low": .., "high": ..}]; the
// rating and its ends are null where unbounded; [] for a game not measured.  The ladder's rungs between
// the levels (e.g. "beginner:slip=0.4") are not offered to players, so not listed.
nlohmann::json ai_levels_json(const std::string& game) {
  nlohmann::json levels = nlohmann::json::array();
  const ai::GameLevelRatings* measured = ai::measured_level_ratings(game);
  if (!measured) return levels;
  auto end = [](double value) { return std::isfinite(value) ? nlohmann::json(std::lround(value)) : nlohmann::json(); };
  for (const ai::LevelRating& l : measured->levels)
    if (ai::is_plain_level(l.level))
      levels.push_back({{"level", "ai:" + l.level}, {"rating", end(l.rating)}, {"low", end(l.low)},
                        {"high", end(l.high)}});
  return levels;
}

}  // namespace

nlohmann::json catalog_json() {
  nlohmann::json games = nlohmann::json::array();
  std::vector<GameEntry> entries = registered_games();
  std::stable_sort(entries.begin(), entries.end(), [](const GameEntry& a, const GameEntry& b) {
    return a.info->rules_section < b.info->rules_section;
  });
  for (const auto& entry : entries) {
    const GameInfo& info = *entry.info;
    nlohmann::json options = nlohmann::json::array();
    for (const auto& o : info.options) {
      nlohmann::json spec = {{"name", o.name}, {"default", o.default_value}, {"help", o.help}};
      if (o.kind == OptionSpec::Kind::Integer) {
        spec["type"] = "integer";
        spec["min"] = o.min;
        spec["max"] = o.max;
      } else {
        spec["type"] = "choice";
        spec["choices"] = o.choices;
      }
      options.push_back(spec);
    }
    nlohmann::json examples = nlohmann::json::array();
    for (const auto& example : info.turn_help.examples)
      examples.push_back({{"text", example.text}, {"meaning", example.meaning}});
    games.push_back({{"name", info.name},
                     {"title", info.title},
                     {"colours", info.colours},
                     {"summary", info.summary},
                     {"options", options},
                     {"stones_on", stone_sites_name(info.stones_on)},
                     {"draws", info.may_draw},
                     {"turn", {{"summary", info.turn_help.summary}, {"examples", examples}}},
                     {"ai_levels", ai_levels_json(info.name)}});
  }
  return {{"games", games}};
}

}  // namespace ludus::server
