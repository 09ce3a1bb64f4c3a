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
std::string rounds_text(const TournamentRecord& t, const Language& language) {
  if (t.rounds > 0) return trn(language, "{n} round", "{n} rounds", t.rounds);
  switch (t.format) {
    case TournamentFormat::DoubleRoundRobin: return tr(language, "everyone meets everyone twice");
    case TournamentFormat::Knockout: return tr(language, "rounds until one player is left");
    default: return tr(language, "everyone meets everyone");
  }
}

// "Friday blitz (tournament 3)" (display_name) in `language`.
std::string shown_name(const TournamentRecord& t, const Language& language) {
  return tr(language, "{title} (tournament {tournament})", {{"title", t.title}, {"tournament", t.id}});
}

// "open", "running", ...: the status word of the grammar (tournament list STATUS), in words.
std::string status_words(TournamentStatus status, const Language& language) {
  switch (status) {
    case TournamentStatus::Open: return tr(language, "open");
    case TournamentStatus::Running: return tr(language, "running");
    case TournamentStatus::Finished: return tr(language, "finished");
    case TournamentStatus::Cancelled: return tr(language, "cancelled");
  }
  return std::string(tournament_status_name(status));
}

}  // namespace

const char* format_title(TournamentFormat format) {
  switch (format) {
    case TournamentFormat::RoundRobin: return N_("round robin");
    case TournamentFormat::DoubleRoundRobin: return N_("double round robin");
    case TournamentFormat::Swiss: return N_("Swiss");
    case TournamentFormat::Knockout: return N_("knockout");
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

std::string tournament_line(const TournamentRecord& t, const Language& language) {
  std::string start = t.starts_at ? tr(language, "starts {time}", {{"time", format_time(*t.starts_at)}})
                                  : tr(language, "starts when full");
  std::string state = status_words(t.status, language);
  if (t.status == TournamentStatus::Running)
    state = tr(language, "{status}, round {round} of {rounds}", {{"status", state}, {"round", t.round}, {"rounds", t.rounds}});
  return tr(language, "{tournament}: {game} {format} ({options}), {rounds}, {min}-{max} players, {start}, {status}",
            {{"tournament", shown_name(t, language)},
             {"game", game_title(t.game)},
             {"format", tr(language, format_title(t.format))},
             {"options", options_text(t.options_and_settings())},
             {"rounds", rounds_text(t, language)},
             {"min", t.min_players},
             {"max", t.max_players},
             {"start", start},
             {"status", state}});
}

std::string format_tournament(const TournamentView& v, const Language& language) {
  const TournamentRecord& t = v.tournament;
  std::string out = tournament_line(t, language) + "\n";
  out += tr(language, "Created by {user} on {time}.", {{"user", t.creator}, {"time", format_time(t.created_at)}}) + "\n";
  if (t.status == TournamentStatus::Open) {
    std::string players;
    for (const TournamentPlayer& p : v.players) players += " " + p.player;
    out += "\n" + tr(language, "Players ({count} of {max}):", {{"count", v.players.size()}, {"max", t.max_players}}) + players;
    out += "\n" + tr(language, "Joining is consent to every board it starts, with the settings above.") + "\n";
    out += tr(language, "Join with: tournament join {tournament} USER PASSWORD", {{"tournament", t.id}}) + "\n";
    return out;
  }
  if (t.status == TournamentStatus::Finished) {
    const auto first = first_place(v.standings);
    out += "\n" +
           (first.size() == 1 ? tr(language, "Winner: {user}", {{"user", first.front()}})
                              : tr(language, "Shared first place: {users}", {{"users", names_text(first)}})) +
           "\n";
  }
  // A knockout ranks by rounds won alone (its points count the draws of replayed games).
  out += "\n" + tr(language, "Standings (by {ranking}; players still equal share the place):",
                    {{"ranking", ranking_text(t.format, language)}}) +
         "\n";
  // TRANSLATORS: column heads of the standings, short: player, points, tie-break, won, drawn, lost.
  out += fmt::format("  {:>3}  {:<20} {:>5} {:>6}  {:>3} {:>3} {:>3}  {}\n", "#", tr(language, "player"), tr(language, "pts"),
                     tr(language, "tb"), tr(language, "w"), tr(language, "d"), tr(language, "l"), tr(language, "seed"));
  for (const TournamentStanding& s : v.standings)
    out += fmt::format("  {:>3}  {:<20} {:>5} {:>6}  {:>3} {:>3} {:>3}  {}{}\n", fmt::format("{}{}", s.rank, s.shared ? "=" : ""),
                       s.player, number(s.points), number(s.tiebreak), s.wins, s.draws, s.losses, s.seed,
                       s.withdrawn ? "  " + tr(language, "(withdrawn)") : "");
  out += "  " + tr(language, "(tb: {tiebreak})", {{"tiebreak", tiebreak_name(t.format)}}) + "\n";
  if (t.format == TournamentFormat::RoundRobin || t.format == TournamentFormat::DoubleRoundRobin) {
    const auto cells = cross_table(v);
    out += "\n" + tr(language, "Cross table:") + "\n  " + std::string(25, ' ');
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
        lines += "  " + tr(language, "rests: {user}", {{"user", p.player}}) + "\n";
    return lines;
  };
  int round = 0;
  for (const TournamentGame& g : v.games) {
    if (g.round != round) {
      if (round) out += rests(round);
      round = g.round;
      out += "\n" +
             (t.format == TournamentFormat::Knockout ? tr(language, "Bracket, round {round}:", {{"round", round}})
                                                     : tr(language, "Round {round}:", {{"round", round}})) +
             "\n";
    }
    const std::string where = g.board ? tr(language, "board {board}", {{"board", *g.board}})
                                      : (g.kind == TournamentGameKind::Bye ? std::string() : tr(language, "no board"));
    if (g.has_opponent())
      out += fmt::format("  {:<10} {} - {}  {}\n", where, g.first, g.second, result_text(g));
    else
      out += fmt::format("  {:<10} {}  {}\n", where, g.first,
                         g.kind == TournamentGameKind::Bye ? tr(language, "bye") : tr(language, "forfeit (withdrawn)"));
  }
  if (round) out += rests(round);
  return out;
}

std::string format_tournament_list(const std::string& title, const std::vector<TournamentRecord>& tournaments,
                                   const Language& language) {
  std::string out = fmt::format("{}: {}\n", title, tournaments.size());
  for (const TournamentRecord& t : tournaments) out += "  " + tournament_line(t, language) + "\n";
  if (!tournaments.empty()) out += "\n" + tr(language, "More with: tournament show NUMBER") + "\n";
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
