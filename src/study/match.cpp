// SPDX-License-Identifier: Apache-2.0
#include "study/match.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "study/stats.h"
#include "core/error.h"

namespace ludus::study {
namespace {

double ms_per_move(const SeatClock& c) { return c.moves ? 1000.0 * c.seconds / static_cast<double>(c.moves) : 0.0; }

std::string format_ms(double ms) {
  if (ms < 1) return fmt::format("{:.2f} us", ms * 1000);
  return ms >= 100 ? fmt::format("{:.0f} ms", ms) : fmt::format("{:.3g} ms", ms);
}

nlohmann::json tally_json(const MatchTally& t) { return {{"wins", t.wins}, {"losses", t.losses}, {"draws", t.draws}}; }

int ply_limit(const MatchRequest& request) { return request.max_plies > 0 ? request.max_plies : default_ply_limit(*request.game); }

}  // namespace

nlohmann::json match_game_to_json(const MatchGame& g) {
  nlohmann::json clocks = nlohmann::json::array();
  for (const auto& c : g.clock_by_player) clocks.push_back({c.seconds, c.moves});
  return {{"a_seat", g.a_seat}, {"a_result", g.a_result}, {"plies", g.plies}, {"adjudicated", g.adjudicated}, {"clock", clocks}};
}

MatchGame match_game_from_json(const nlohmann::json& j) {
  try {
    MatchGame g;
    g.a_seat = j.at("a_seat").get<int>();
    g.a_result = j.at("a_result").get<int>();
    g.plies = j.at("plies").get<int>();
    g.adjudicated = j.at("adjudicated").get<bool>();
    const auto& clocks = j.at("clock");
    if (!clocks.is_array() || clocks.size() != 2) throw LudusError("\"clock\" is not two clocks");
    for (size_t p = 0; p < 2; ++p) g.clock_by_player[p] = {clocks[p].at(0).get<double>(), clocks[p].at(1).get<long long>()};
    if ((g.a_seat != 0 && g.a_seat != 1) || g.a_result < -1 || g.a_result > 1 || g.plies < 0)
      throw LudusError("a field is out of range");
    return g;
  } catch (const nlohmann::json::exception& e) {
    throw LudusError(std::string("bad match game: ") + e.what());
  } catch (const LudusError& e) {
    throw LudusError(std::string("bad match game: ") + e.what());
  }
}

void check_match(const MatchRequest& request) {
  check_ai_spec(request.a);
  check_ai_spec(request.b);
  if (request.games < 1) throw LudusError("--games must be at least 1");
}

MatchGame play_match_game(const MatchRequest& request, long long index, bool single_threaded, SelfPlayGame* played) {
  const int a_seat = static_cast<int>(index % 2);
  std::array<std::string, 2> specs;
  specs[static_cast<size_t>(a_seat)] = request.a;
  specs[static_cast<size_t>(1 - a_seat)] = request.b;
  SelfPlayOptions options;
  options.single_threaded = single_threaded;
  options.max_plies = ply_limit(request);
  SelfPlayGame game = play_ai_game(request.game, specs, request.seed, index, options);
  MatchGame g;
  g.a_seat = a_seat;
  g.a_result = game.winning_seat == kDraw ? 0 : game.winning_seat == a_seat ? 1 : -1;
  g.plies = game.history.num_moves();
  g.adjudicated = game.adjudicated;
  g.clock_by_player = {game.clock[static_cast<size_t>(a_seat)], game.clock[static_cast<size_t>(1 - a_seat)]};
  if (played) *played = std::move(game);
  return g;
}

MatchSummary summarize_match(const std::vector<MatchGame>& games) {
  MatchSummary s;
  for (const auto& g : games) {
    s.adjudicated += g.adjudicated;
    s.total.add(g.a_result);
    (g.a_seat == 0 ? s.as_first : s.as_second).add(g.a_result);
    s.plies += g.plies;
    for (size_t p = 0; p < 2; ++p) {
      s.clock[p].seconds += g.clock_by_player[p].seconds;
      s.clock[p].moves += g.clock_by_player[p].moves;
    }
  }
  return s;
}

nlohmann::json match_summary_json(const MatchRequest& request, const MatchSummary& s, int threads) {
  const Interval score = wilson_interval(s.total.points(), s.total.games());
  const EloEstimate elo = elo_estimate(s.total.points(), s.total.games());
  const double games = static_cast<double>(s.total.games());
  auto finite_or_null = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  return {
      {"game", request.game->name()},
      {"options", request.game->options().values()},
      {"a", request.a},
      {"b", request.b},
      {"games", s.total.games()},
      {"seed", request.seed},
      {"threads", threads},
      {"a_wins", s.total.wins},
      {"a_losses", s.total.losses},
      {"draws", s.total.draws},
      {"a_as_first", tally_json(s.as_first)},
      {"a_as_second", tally_json(s.as_second)},
      {"a_score", s.total.points() / games},
      {"a_score_interval", {score.low, score.high}},
      {"elo", finite_or_null(elo.elo)},
      {"elo_interval", {finite_or_null(elo.low), finite_or_null(elo.high)}},
      {"average_plies", static_cast<double>(s.plies) / games},
      {"adjudicated_draws", s.adjudicated},
      {"ms_per_move", {{"a", ms_per_move(s.clock[0])}, {"b", ms_per_move(s.clock[1])}}},
  };
}

void print_match_summary(const MatchRequest& request, const MatchSummary& s, std::ostream& out) {
  const MatchTally& total = s.total;
  const Interval score = wilson_interval(total.points(), total.games());
  const EloEstimate elo = elo_estimate(total.points(), total.games());
  const double games = static_cast<double>(total.games());
  out << fmt::format("{} ({}): A = {}, B = {}; {} games, seed {}\n", request.game->name(), request.game->options().to_string(),
                     request.a, request.b, total.games(), request.seed);
  out << fmt::format("A: {} wins, {} losses, {} draws (as first player {}-{}-{}, as second {}-{}-{})\n", total.wins,
                     total.losses, total.draws, s.as_first.wins, s.as_first.losses, s.as_first.draws, s.as_second.wins,
                     s.as_second.losses, s.as_second.draws);
  out << fmt::format("A score: {:.1f}%  95% interval [{:.1f}%, {:.1f}%] (Wilson, draw = 1/2)\n", 100 * total.points() / games,
                     100 * score.low, 100 * score.high);
  out << fmt::format("Elo A - B: {}  95% interval [{}, {}]\n", format_elo(elo.elo), format_elo(elo.low),
                     format_elo(elo.high));
  out << fmt::format("Average game length: {:.1f} plies\n", static_cast<double>(s.plies) / games);
  if (s.adjudicated)
    out << fmt::format("{} games reached the limit of {} plies and count as draws\n", s.adjudicated, ply_limit(request));
  out << fmt::format("Average time per move: A {}, B {}\n", format_ms(ms_per_move(s.clock[0])), format_ms(ms_per_move(s.clock[1])));
}

}  // namespace ludus::study
