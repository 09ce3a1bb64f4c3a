// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournaments/tournament_text.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/registry.h"
#include "server/domain/play/board_settings.h"
#include "server/domain/play/board_text.h"
#include "server/domain/play/offer_format.h"
#include "server/domain/service.h"

namespace ludus::server {
namespace {

// "3", "2.5", "0.75": points and tiebreaks as people write them.
std::string number(double value) {
  std::string text = fmt::format("{:.2f}", value);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}


// "1-0", "0-1", "½-½", "+/-" (forfeit), "bye", "..." (being played).
std::string result_text(const TournamentGame& g) {
  if (g.kind == TournamentGameKind::Bye) return "bye";
  switch (g.outcome) {
    case GameOutcome::Pending: return "...";
    case GameOutcome::FirstWins: return g.kind == TournamentGameKind::Forfeit ? "+/-" : "1-0";
    case GameOutcome::SecondWins: return g.kind == TournamentGameKind::Forfeit ? "-/+" : "0-1";
    case GameOutcome::Draw: return "½-½";
    case GameOutcome::BothLose: return "-/-";
  }
  return "";
}

// The round robin's cross table: row player's points against each column player (both
// games of a double round robin, as "1 ½"), by the standings' order.
std::vector<std::vector<std::string>> cross_table(const TournamentView& v) {
  std::map<std::string, size_t> at;
  for (size_t i = 0; i < v.standings.size(); ++i) at[v.standings[i].player] = i;
  std::vector<std::vector<std::string>> cells(v.standings.size(), std::vector<std::string>(v.standings.size()));
  for (size_t i = 0; i < cells.size(); ++i) cells[i][i] = "*";
  for (const TournamentGame& g : v.games) {
    if (!g.has_opponent() || !g.decided() || !at.count(g.first) || !at.count(g.second)) continue;
    for (const auto& [me, them] : {std::pair{g.first, g.second}, std::pair{g.second, g.first}}) {
      std::string& cell = cells[at[me]][at[them]];
      const double p = g.points_of(me);
      cell += (cell.empty() ? "" : " ") + (p == 0.5 ? std::string("½") : number(p));
    }
  }
  return cells;
}

// How many rounds, in plain words: "3 rounds"; before a round robin or knockout starts,
// what its number of players will make of them.
std::string rounds_text(const TournamentRecord& t) {
  if (t.rounds > 0) return fmt::format("{} round{}", t.rounds, t.rounds == 1 ? "" : "s");
  switch (t.format) {
    case TournamentFormat::DoubleRoundRobin: return "everyone meets everyone twice";
    case TournamentFormat::Knockout: return "rounds until one player is left";
    default: return "everyone meets everyone";
  }
}

}  // namespace

const char* format_title(TournamentFormat format) {
  switch (format) {
    case TournamentFormat::RoundRobin: return "round robin";
    case TournamentFormat::DoubleRoundRobin: return "double round robin";
    case TournamentFormat::Swiss: return "Swiss";
    case TournamentFormat::Knockout: return "knockout";
  }
  return "";
}

std::string default_tournament_name(const std::string& game, TournamentFormat format, int64_t id) {
  return fmt::format("{} {} #{}", game_title(game), format_title(format), id);
}

std::string display_name(const TournamentRecord& t) { return fmt::format("{} ({})", t.title, t.name()); }

Message pairing_summary(const TournamentRecord& t, const TournamentGame& g) {
  const TextArgs args{{"tournament", display_name(t)}, {"round", g.round}, {"replay", g.replay}, {"first", g.first}, {"second", g.second}};
  // TRANSLATORS: {tournament} is its title and number; {first} - {second} are the two players.
  if (g.replay) return text("{tournament}, round {round} (replay {replay}): {first} - {second}", args);
  return text("{tournament}, round {round}: {first} - {second}", args);
}

std::string tournament_line(const TournamentRecord& t) {
  std::string start = t.starts_at ? "starts " + format_time(*t.starts_at) : std::string("starts when full");
  std::string state(tournament_status_name(t.status));
  if (t.status == TournamentStatus::Running) state += fmt::format(", round {} of {}", t.round, t.rounds);
  return fmt::format("{}: {} {} ({}), {}, {}-{} players, {}, {}", display_name(t), game_title(t.game), format_title(t.format),
                     options_text(t.options_and_settings()), rounds_text(t), t.min_players, t.max_players, start, state);
}

std::string format_tournament(const TournamentView& v) {
  const TournamentRecord& t = v.tournament;
  std::string out = tournament_line(t) + "\n";
  out += fmt::format("Created by {} on {}.\n", t.creator, format_time(t.created_at));
  if (t.status == TournamentStatus::Open) {
    out += fmt::format("\nPlayers ({} of {}):", v.players.size(), t.max_players);
    for (const TournamentPlayer& p : v.players) out += " " + p.player;
    out += "\nJoining is consent to every board it starts, with the settings above.\n";
    out += fmt::format("Join with: tournament join {} USER PASSWORD\n", t.id);
    return out;
  }
  if (t.status == TournamentStatus::Finished) {
    const auto first = first_place(v.standings);
    out += first.size() == 1 ? "\nWinner: " + first.front() + "\n" : "\nShared first place: " + names_text(first) + "\n";
  }
  // A knockout ranks by rounds won alone (its points count the draws of replayed games).
  out += fmt::format("\nStandings (by {}; players still equal share the place):\n", ranking_text(t.format));
  out += fmt::format("  {:>3}  {:<20} {:>5} {:>6}  {:>3} {:>3} {:>3}  seed\n", "#", "player", "pts", "tb", "w", "d", "l");
  for (const TournamentStanding& s : v.standings)
    out += fmt::format("  {:>3}  {:<20} {:>5} {:>6}  {:>3} {:>3} {:>3}  {}{}\n", fmt::format("{}{}", s.rank, s.shared ? "=" : ""),
                       s.player, number(s.points), number(s.tiebreak), s.wins, s.draws, s.losses, s.seed,
                       s.withdrawn ? "  (withdrawn)" : "");
  out += fmt::format("  (tb: {})\n", tiebreak_name(t.format));
  if (t.format == TournamentFormat::RoundRobin || t.format == TournamentFormat::DoubleRoundRobin) {
    const auto cells = cross_table(v);
    out += "\nCross table:\n  " + std::string(25, ' ');
    for (size_t j = 0; j < cells.size(); ++j) out += fmt::format(" {:>5}", j + 1);
    out += "\n";
    for (size_t i = 0; i < cells.size(); ++i) {
      out += fmt::format("  {:>3} {:<21}", i + 1, v.standings[i].player);
      for (const std::string& cell : cells[i]) out += fmt::format(" {:>5}", cell);
      out += "\n";
    }
  }
  // A round robin of an odd number rests one player a round.
  auto rests = [&](int round) {
    if (t.format == TournamentFormat::Knockout || t.format == TournamentFormat::Swiss) return std::string();
    std::string lines;
    for (const TournamentPlayer& p : v.players)
      if (std::none_of(v.games.begin(), v.games.end(), [&](const TournamentGame& g) {
            return g.round == round && (g.first == p.player || g.second == p.player);
          }))
        lines += "  rests: " + p.player + "\n";
    return lines;
  };
  int round = 0;
  for (const TournamentGame& g : v.games) {
    if (g.round != round) {
      if (round) out += rests(round);
      round = g.round;
      out += fmt::format("\n{} {}:\n", t.format == TournamentFormat::Knockout ? "Bracket, round" : "Round", round);
    }
    const std::string where = g.board ? board_name(*g.board) : std::string(g.kind == TournamentGameKind::Bye ? "" : "no board");
    if (g.has_opponent())
      out += fmt::format("  {:<10} {} - {}  {}\n", where, g.first, g.second, result_text(g));
    else
      out += fmt::format("  {:<10} {}  {}\n", where, g.first, g.kind == TournamentGameKind::Bye ? "bye" : "forfeit (withdrawn)");
  }
  if (round) out += rests(round);
  return out;
}

std::string format_tournament_list(const std::string& title, const std::vector<TournamentRecord>& tournaments) {
  std::string out = fmt::format("{}: {}\n", title, tournaments.size());
  for (const TournamentRecord& t : tournaments) out += "  " + tournament_line(t) + "\n";
  if (!tournaments.empty()) out += "\nMore with: tournament show NUMBER\n";
  return out;
}

nlohmann::json tournament_json(const TournamentRecord& t) {
  return {{"id", t.id},
          {"name", t.title},
          {"game", t.game},
          {"options", t.options_and_settings()},
          // Tournament boards keep hard time (docs/turns.md "Holidays"): said with the limits.
          {"time_limits", time_limits_text(t.limits) + "; hard time: holidays do not pause the clocks"},
          {"rated", t.rated},
          {"format", tournament_format_name(t.format)},
          {"rounds", t.rounds},
          {"min_players", t.min_players},
          {"max_players", t.max_players},
          {"starts_at", optional_json(t.starts_at)},
          {"creator", t.creator},
          {"status", tournament_status_name(t.status)},
          {"round", t.round},
          {"created_at", t.created_at},
          {"started_at", optional_json(t.started_at)},
          {"finished_at", optional_json(t.finished_at)},
          {"revision", t.revision}};
}

nlohmann::json tournament_view_json(const TournamentView& v) {
  nlohmann::json out = tournament_json(v.tournament);
  out["tiebreak"] = tiebreak_name(v.tournament.format);
  out["tiebreaks"] = nlohmann::json::array();
  for (Tiebreak tiebreak : tiebreak_order(v.tournament.format)) out["tiebreaks"].push_back(tiebreak_title(tiebreak));
  // Who won, once it is over: one player, or several sharing first place.
  out["winners"] = v.tournament.status == TournamentStatus::Finished ? first_place(v.standings) : std::vector<std::string>{};
  out["players"] = nlohmann::json::array();
  for (const TournamentPlayer& p : v.players)
    out["players"].push_back({{"player", p.player}, {"seed", optional_json(p.seed)}, {"rating", optional_json(p.rating)},
                              {"withdrawn", p.withdrawn}});
  out["games"] = nlohmann::json::array();
  for (const TournamentGame& g : v.games)
    out["games"].push_back({{"round", g.round}, {"slot", g.slot}, {"replay", g.replay}, {"first", g.first},
                            {"second", g.has_opponent() ? nlohmann::json(g.second) : nlohmann::json()},
                            {"kind", tournament_game_kind_name(g.kind)}, {"outcome", game_outcome_name(g.outcome)},
                            {"result", result_text(g)}, {"board", optional_json(g.board)}});
  out["standings"] = nlohmann::json::array();
  for (const TournamentStanding& s : v.standings)
    out["standings"].push_back({{"rank", s.rank}, {"shared", s.shared}, {"player", s.player}, {"seed", s.seed},
                                {"points", s.points}, {"tiebreak", s.tiebreak}, {"sonneborn_berger", s.sonneborn_berger},
                                {"buchholz", s.buchholz}, {"wins", s.wins}, {"draws", s.draws}, {"losses", s.losses},
                                {"byes", s.byes}, {"withdrawn", s.withdrawn}});
  const auto f = v.tournament.format;
  if ((f == TournamentFormat::RoundRobin || f == TournamentFormat::DoubleRoundRobin) && !v.standings.empty())
    out["cross_table"] = cross_table(v);
  return out;
}

}  // namespace ludus::server
