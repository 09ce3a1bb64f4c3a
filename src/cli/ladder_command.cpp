// SPDX-License-Identifier: Apache-2.0
// `ludus ladder GAME`: rates a chain of AI levels (random, easy, medium, hard by default)
// by a match between each level and the one below it, anchored at the first level = 0 or
// at `--anchor LEVEL=RATING`.  Each step's Elo difference and 95% interval come from the
// match summary's formula (study/stats.h elo_estimate); a level's rating adds the steps
// between it and the anchor.  The steps are independent matches, so their errors add as
// variances: each side of a level's interval is the root of the sum of the squared
// distances of the steps' ends on that side.  A step one side sweeps has an infinite end:
// the ladder says so rather than invent a number.  `--write FILE` puts the game's ratings
// into the ratings file (ai/level_ratings.h) with the command that measured them.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/level_ratings.h"
#include "cli/command.h"
#include "core/error.h"
#include "core/record.h"
#include "study/match.h"
#include "study/stats.h"

namespace ludus::cli {
namespace {

struct LadderArgs {
  GameArgs game;
  std::vector<std::string> levels = {"random", "easy", "medium", "hard"};
  long long games = 20;
  int threads = 1;
  uint64_t seed = 1;
  bool json = false;
  std::string anchor;  // LEVEL=RATING; empty: the first level = 0
  std::string write;   // the ratings file to update
};

struct Anchor {
  size_t index = 0;  // in LadderArgs::levels
  double rating = 0;
};

Anchor parse_anchor(const LadderArgs& args) {
  if (args.anchor.empty()) return {};
  const size_t eq = args.anchor.find('=');
  const std::string level = args.anchor.substr(0, eq);
  double rating = 0;
  std::istringstream number(eq == std::string::npos ? "" : args.anchor.substr(eq + 1));
  if (!(number >> rating) || !number.eof() || !std::isfinite(rating) || std::fabs(rating) > 1e6)
    throw LudusError("--anchor must be LEVEL=RATING, e.g. beginner=1000, not '" + args.anchor + "'");
  for (size_t i = 0; i < args.levels.size(); ++i)
    if (args.levels[i] == level) return {i, rating};
  throw LudusError("--anchor names '" + level + "', which is not one of --levels");
}

struct Rung {
  std::string level;
  study::MatchTally against_below;  // empty for the anchor
  study::EloEstimate step;          // this level minus the one below
  study::EloEstimate rating;        // from the anchor
};

// The match of `upper` (as A) against `lower`, game by game in parallel.
study::MatchTally play_step(const LadderArgs& args, const std::shared_ptr<const Game>& game, const std::string& upper,
                            const std::string& lower) {
  study::MatchRequest request;
  request.game = game;
  request.a = upper;
  request.b = lower;
  request.games = args.games;
  request.seed = args.seed;
  study::check_match(request);
  std::vector<int> results(static_cast<size_t>(args.games));
  study::parallel_for(args.games, args.threads, [&](long long index) {
    results[static_cast<size_t>(index)] = study::play_match_game(request, index, args.threads != 1).a_result;
  });
  study::MatchTally tally;
  for (int r : results) tally.add(r);
  return tally;
}

std::vector<Rung> climb(const LadderArgs& args) {
  if (args.levels.size() < 2) throw LudusError("--levels needs at least two levels");
  const Anchor anchor = parse_anchor(args);
  const auto game = args.game.make();
  std::vector<Rung> rungs{{args.levels[0], {}, {}, {}}};
  for (size_t i = 1; i < args.levels.size(); ++i) {
    Rung rung{args.levels[i], play_step(args, game, args.levels[i], args.levels[i - 1]), {}, {}};
    rung.step = study::elo_estimate(rung.against_below.points(), rung.against_below.games());
    rungs.push_back(rung);
  }
  // From the anchor outwards: the rating adds the steps in between (a step below the anchor
  // with its sign turned, so that its high end bounds the lower level's low end), and each
  // side of the interval adds the steps' distances to their ends on that side in quadrature.
  // A swept step (an infinite estimate) makes the rating infinite; its finite end still
  // bounds the other side.
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < rungs.size(); ++i) {
    double elo = anchor.rating, below = 0, above = 0, swept_low = 0, swept_high = 0;
    bool up_unbounded = false, down_unbounded = false;
    for (size_t k = std::min(i, anchor.index) + 1; k <= std::max(i, anchor.index); ++k) {
      const study::EloEstimate& s = rungs[k].step;
      const bool upwards = i > anchor.index;
      const double e = upwards ? s.elo : -s.elo, low = upwards ? s.low : -s.high, high = upwards ? s.high : -s.low;
      if (e == kInf) {
        up_unbounded = true, swept_low += low;
      } else if (e == -kInf) {
        down_unbounded = true, swept_high += high;
      } else {
        elo += e, below += (e - low) * (e - low), above += (high - e) * (high - e);
      }
    }
    const double low = down_unbounded ? -kInf : elo + swept_low - std::sqrt(below);
    const double high = up_unbounded ? kInf : elo + swept_high + std::sqrt(above);
    const double rating = up_unbounded == down_unbounded ? elo : up_unbounded ? kInf : -kInf;
    rungs[i].rating = {rating, low, high};
  }
  return rungs;
}

// A rating as JSON: an unbounded end (a swept step) is null, never a number.
nlohmann::json elo_json(double elo) { return std::isinf(elo) ? nlohmann::json(nullptr) : nlohmann::json(elo); }

// The command line that plays this ladder again, as the ratings file records it.
std::string ladder_command_line(const LadderArgs& args) {
  std::string levels;
  for (const auto& level : args.levels) levels += (levels.empty() ? "" : ",") + level;
  return fmt::format("ludus ladder {} --levels {} --games {} --threads {} --seed {}{} --write {}", args.game.game,
                     levels, args.games, args.threads, args.seed, args.anchor.empty() ? "" : " --anchor " + args.anchor,
                     args.write);
}

// The entries of the ratings file `file`, none when it does not exist yet; read before the
// matches, so that a file it could not update is refused before they are played.
std::vector<ai::GameLevelRatings> read_ratings(const std::string& file) {
  if (!std::filesystem::exists(file)) return {};
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw LudusError("cannot read '" + file + "'");
  return ai::parse_level_ratings(text.str());
}

// Puts this ladder's ratings into the ratings file, beside the other games' `games`.
void write_ratings(const LadderArgs& args, std::vector<ai::GameLevelRatings> games, const std::vector<Rung>& rungs) {
  const Anchor anchor = parse_anchor(args);
  ai::GameLevelRatings entry{args.game.make()->name(), ladder_command_line(args), today_utc(), args.games,
                             rungs[anchor.index].level, anchor.rating, {}};
  for (const Rung& r : rungs) entry.levels.push_back({r.level, r.rating.elo, r.rating.low, r.rating.high});
  const std::string text = ai::level_ratings_text(ai::with_game_ratings(std::move(games), std::move(entry)));
  std::ofstream out(args.write, std::ios::trunc);
  if (!(out << text) || !out.flush()) throw LudusError("cannot write '" + args.write + "'");
}

void print_ladder(const LadderArgs& args, const std::vector<Rung>& rungs) {
  std::cout << fmt::format("{:<24} {:>9} {:>17} {:>8} {:>19}\n", "level", "rating", "95% interval", "step",
                           fmt::format("vs below (of {})", args.games));
  for (const Rung& r : rungs) {
    const bool anchor = &r == &rungs[parse_anchor(args).index];
    const bool bottom = r.against_below.games() == 0;
    std::cout << fmt::format("{:<24} {:>9} {:>17} {:>8} {:>19}\n", r.level, study::format_elo(r.rating.elo),
                             anchor ? "anchor" : fmt::format("[{}, {}]", study::format_elo(r.rating.low), study::format_elo(r.rating.high)),
                             bottom ? "" : study::format_elo(r.step.elo),
                             bottom ? "" : fmt::format("+{} ={} -{}", r.against_below.wins, r.against_below.draws,
                                                       r.against_below.losses));
  }
}

const bool kLadder = register_command({"ladder", "Rate AI levels by matches between neighbours on a ladder", 55, [](CLI::App& app) {
  auto args = std::make_shared<LadderArgs>();
  add_game_args(app, args->game);
  app.add_option("--levels", args->levels, "AI levels from weakest to strongest (the first is rated 0 unless --anchor)")
      ->delimiter(',');
  app.add_option("--anchor", args->anchor, "LEVEL=RATING: the level of --levels the others are rated from, e.g. beginner=1000");
  app.add_option("--write", args->write, "Put the ratings into this ratings file (data/ai-ratings.json), with the command");
  app.add_option("-n,--games", args->games, "Games per step (the two levels alternate seats)")->check(CLI::Range(1LL, 100000000LL));
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores); each AI then uses one thread")
      ->check(CLI::Range(0, 1024));
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_flag("--json", args->json, "JSON output");
  set_examples(app, {"ludus ladder ndengrod", "ludus ladder netted --levels random,easy,medium --games 100 --threads 0",
                     "ludus ladder n-mesh --levels random,beginner,easy --anchor beginner=1000 --write data/ai-ratings.json"});
  return [args] {
    if (!args->write.empty() && !args->game.options.empty())
      throw LudusError("--write records the default board's ratings: leave out -o");
    auto others = args->write.empty() ? std::vector<ai::GameLevelRatings>{} : read_ratings(args->write);
    const auto rungs = climb(*args);
    if (!args->write.empty()) write_ratings(*args, std::move(others), rungs);
    if (!args->json) {
      print_ladder(*args, rungs);
      return 0;
    }
    nlohmann::json levels = nlohmann::json::array();
    for (const Rung& r : rungs)
      levels.push_back({{"level", r.level}, {"rating", elo_json(r.rating.elo)}, {"low", elo_json(r.rating.low)},
                        {"high", elo_json(r.rating.high)}, {"wins_against_below", r.against_below.wins},
                        {"draws_against_below", r.against_below.draws}, {"losses_against_below", r.against_below.losses}});
    std::cout << nlohmann::json({{"game", args->game.make()->name()}, {"anchor", rungs[parse_anchor(*args).index].level},
                                 {"games_per_step", args->games}, {"seed", args->seed}, {"levels", levels}})
                     .dump(2)
              << "\n";
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
