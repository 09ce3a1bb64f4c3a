// SPDX-License-Identifier: Apache-2.0
// `ludus ladder GAME`: rates a chain of AI levels (random, easy, medium, hard by default)
// by a match between each level and the one below it, anchored at the first level = 0.
// Each step's Elo difference and 95% interval come from the match summary's formula
// (study/stats.h elo_estimate); a level's rating adds the steps below it and its interval
// adds their interval ends (conservative: the steps' errors are assumed to add up, not to
// cancel).  A step one side sweeps has an infinite end: the ladder says so rather than
// invent a number.
#include <cmath>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "core/error.h"
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
};

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
  const auto game = args.game.make();
  std::vector<Rung> rungs{{args.levels[0], {}, {}, {}}};
  for (size_t i = 1; i < args.levels.size(); ++i) {
    Rung rung{args.levels[i], play_step(args, game, args.levels[i], args.levels[i - 1]), {}, {}};
    rung.step = study::elo_estimate(rung.against_below.points(), rung.against_below.games());
    const study::EloEstimate& below = rungs.back().rating;
    rung.rating = {below.elo + rung.step.elo, below.low + rung.step.low, below.high + rung.step.high};
    rungs.push_back(rung);
  }
  return rungs;
}

nlohmann::json elo_json(double elo) { return std::isinf(elo) ? nlohmann::json(nullptr) : nlohmann::json(elo); }

void print_ladder(const LadderArgs& args, const std::vector<Rung>& rungs) {
  std::cout << fmt::format("{:<24} {:>9} {:>17} {:>8} {:>19}\n", "level", "rating", "95% interval", "step",
                           fmt::format("vs below (of {})", args.games));
  for (const Rung& r : rungs) {
    const bool anchor = r.against_below.games() == 0;
    std::cout << fmt::format("{:<24} {:>9} {:>17} {:>8} {:>19}\n", r.level, study::format_elo(r.rating.elo),
                             anchor ? "anchor" : fmt::format("[{}, {}]", study::format_elo(r.rating.low), study::format_elo(r.rating.high)),
                             anchor ? "" : study::format_elo(r.step.elo),
                             anchor ? "" : fmt::format("+{} ={} -{}", r.against_below.wins, r.against_below.draws,
                                                       r.against_below.losses));
  }
}

const bool kLadder = register_command({"ladder", "Rate AI levels by matches between neighbours on a ladder", 55, [](CLI::App& app) {
  auto args = std::make_shared<LadderArgs>();
  add_game_args(app, args->game);
  app.add_option("--levels", args->levels, "AI levels from weakest to strongest; the first is the anchor, rated 0")
      ->delimiter(',');
  app.add_option("-n,--games", args->games, "Games per step (the two levels alternate seats)")->check(CLI::Range(1LL, 100000000LL));
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores); each AI then uses one thread")
      ->check(CLI::Range(0, 1024));
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_flag("--json", args->json, "JSON output");
  set_examples(app, {"ludus ladder ndengrod", "ludus ladder netted --levels random,easy,medium --games 100 --threads 0"});
  return [args] {
    const auto rungs = climb(*args);
    if (!args->json) {
      print_ladder(*args, rungs);
      return 0;
    }
    nlohmann::json levels = nlohmann::json::array();
    for (const Rung& r : rungs)
      levels.push_back({{"level", r.level}, {"rating", elo_json(r.rating.elo)}, {"low", elo_json(r.rating.low)},
                        {"high", elo_json(r.rating.high)}, {"wins_against_below", r.against_below.wins},
                        {"draws_against_below", r.against_below.draws}, {"losses_against_below", r.against_below.losses}});
    std::cout << nlohmann::json({{"game", args->game.make()->name()}, {"anchor", rungs.front().level},
                                 {"games_per_step", args->games}, {"seed", args->seed}, {"levels", levels}})
                     .dump(2)
              << "\n";
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
