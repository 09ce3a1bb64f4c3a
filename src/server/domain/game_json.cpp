#include "server/domain/game_json.h"

#include "core/geometry.h"
#include "core/record.h"
#include "core/registry.h"
#include "server/domain/accounts.h"
#include "server/domain/board_text.h"

namespace ludus::server {
namespace {

template <class T>
nlohmann::json optional_json(const std::optional<T>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json player_json(const Board& board, const State& state, int seat) {
  const std::string& user = board.player(seat);
  return {{"seat", seat},
          {"user", user},
          {"ai", Accounts::is_ai(user)},
          {"colour", board.game().colour_name(state.colour_of_seat(seat))}};
}

nlohmann::json move_json(const Board& board, int index) {
  const MoveRecord& m = board.moves()[index];
  return {{"number", m.ply},
          {"turn", m.turn},
          {"move", m.move},
          {"seat", m.seat},
          {"user", board.player(m.seat)},
          {"colour", board.game().colour_name(board.colour_of_move(index))},
          {"played_at", m.played_at}};
}

}  // namespace

nlohmann::json geometry_json(const History& history) {
  const Geometry* g = history.game().board_geometry();
  if (!g) return nullptr;
  nlohmann::json sites = nlohmann::json::array();
  nlohmann::json stones = nlohmann::json::array();
  for (int s = 0; s < g->num_sites(); ++s) {
    Coord c = g->coord(s);
    sites.push_back({{"name", g->name(s)}, {"row", c.row}, {"col", c.col}});
    int colour = history.state().site_colour(s);
    stones.push_back(colour >= 0 ? nlohmann::json(history.game().colour_name(colour)) : nlohmann::json());
  }
  const bool hex = g->topology() == Topology::Hex;
  return {{"topology", hex ? "hex" : "square"},
          {"rows", g->num_rows()},
          {"cols", g->num_cols()},
          {"sites", sites},
          {"stones", stones}};
}

nlohmann::json deciding_sites_json(const History& history) {
  nlohmann::json names = nlohmann::json::array();
  const Geometry* g = history.game().board_geometry();
  if (!g) return names;
  for (int site : history.state().deciding_sites()) names.push_back(g->name(site));
  return names;
}

nlohmann::json record_json(const Board& board) {
  return record_to_json(board.history());
}

nlohmann::json game_summary_json(const GameRecord& g) {
  return {{"board", g.id},
          {"game", g.game},
          {"options", g.options},
          {"players", g.seats},
          {"challenger", g.challenger},
          {"status", g.status},
          {"moves_played", g.num_moves},
          {"next_move_number", g.num_moves + 1},
          {"to_move_seat", optional_json(g.to_move_seat)},
          {"to_move_user", g.to_move_seat ? nlohmann::json(g.seats[*g.to_move_seat]) : nlohmann::json()},
          {"result", g.result},
          {"winner_seat", optional_json(g.winner_seat)},
          {"end_reason", g.end_reason},
          {"proposal", g.proposal.empty() ? nlohmann::json() : nlohmann::json(g.proposal)},
          {"rated", g.rated},
          {"created_at", g.created_at},
          {"updated_at", g.updated_at},
          {"finished_at", optional_json(g.finished_at)},
          {"revision", g.revision}};
}

nlohmann::json board_json(const Board& board, std::optional<int> ply, BoardDetail detail) {
  const bool latest = !ply || *ply == board.num_moves();
  const int plies = latest ? board.num_moves() : *ply;
  std::optional<History> scratch;
  const History& history = board.position_at(plies, scratch);
  const State& state = history.state();
  const GameRecord& r = board.record();

  nlohmann::json j = game_summary_json(r);
  j["title"] = board.game().info().title;
  j["colours"] = board.game().info().colours;
  j["seats"] = {player_json(board, state, 0), player_json(board, state, 1)};
  j["position_move_number"] = plies;  // moves replayed for this view
  j["latest"] = latest;
  j["status_text"] = latest ? status_line(board) : history.status();
  // Whose turn in this view (null when the game is over there).
  const bool over_here = latest ? board.is_over() : state.is_terminal();
  if (over_here) {
    j["to_move"] = nullptr;
  } else {
    int seat = state.seat_to_move();
    j["to_move"] = {{"seat", seat}, {"user", board.player(seat)}, {"colour", board.game().colour_name(state.to_move())}};
  }
  if (latest && board.is_over()) {
    int w = board.winner_seat();
    j["outcome"] = {{"draw", w < 0},
                    {"winner_seat", w >= 0 ? nlohmann::json(w) : nlohmann::json()},
                    {"winner_user", w >= 0 ? nlohmann::json(board.player(w)) : nlohmann::json()},
                    {"winner_colour", w >= 0 ? nlohmann::json(board.game().colour_name(board.colour_of_seat(w)))
                                             : nlohmann::json()},
                    {"reason", board.end_reason()}};
  } else {
    j["outcome"] = nullptr;
  }
  nlohmann::json moves = nlohmann::json::array();
  for (int i = 0; i < board.num_moves(); ++i) moves.push_back(move_json(board, i));
  j["moves"] = moves;
  j["last_move"] = plies > 0 ? move_json(board, plies - 1) : nlohmann::json();
  nlohmann::json legal = nlohmann::json::array();
  if (latest && !board.is_over())
    for (Action a : state.legal_actions()) legal.push_back(state.action_to_text(a));
  j["legal_moves"] = legal;
  j["proposal"] = r.proposal.empty() || !r.proposal_seat
                      ? nlohmann::json()
                      : nlohmann::json{{"kind", r.proposal}, {"seat", *r.proposal_seat}, {"user", board.player(*r.proposal_seat)}};
  nlohmann::json comments = nlohmann::json::array();
  for (const auto& c : board.comments())
    comments.push_back({{"user", c.user}, {"after_move", c.after_ply}, {"text", c.body}, {"created_at", c.created_at}});
  j["comments"] = comments;
  j["board_text"] = state.render();
  if (detail == BoardDetail::Full) {
    j["record"] = record_json(board);
    j["mail"] = format_board(board, plies, history);
  }
  j["geometry"] = geometry_json(history);
  j["deciding_sites"] = deciding_sites_json(history);
  return j;
}

nlohmann::json catalog_json() {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& entry : registered_games()) {
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
    games.push_back({{"name", info.name}, {"title", info.title}, {"colours", info.colours}, {"summary", info.summary},
                     {"options", options}});
  }
  return {{"games", games}};
}

}  // namespace ludus::server
