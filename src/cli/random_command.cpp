// SPDX-License-Identifier: Apache-2.0
// `ludus random GAME`: uniformly random games, as records or as a speed/result summary.
#include <chrono>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "study/self_play.h"
#include "core/random.h"
#include "core/record.h"

namespace ludus::cli {
namespace {

struct RandomArgs {
  GameArgs game;
  uint64_t seed = 1;
  int games = 1;
  int max_plies = 0;  // 0 = default_ply_limit(game)
  bool quiet = false;
};

const bool kRandom = register_command({"random", "Play uniformly random games and print their records", 40, [](CLI::App& app) {
  auto args = std::make_shared<RandomArgs>();
  add_game_args(app, args->game);
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_option("-n,--games", args->games, "Number of games")->check(CLI::Range(1, 100000000));
  app.add_option("--max-plies", args->max_plies,
                 "Stop longer games and count them as draws (default: 20 per action id, at least 1000)")
      ->check(CLI::Range(1, 100000000));
  app.add_flag("-q,--quiet", args->quiet, "Print only the summary (fast path: no records are kept)");
  set_examples(app, {"ludus random netted --seed 7 --games 3", "ludus random epoxy --games 1000 --quiet"});
  return [args] {
    auto game = args->game.make();
    Rng rng(args->seed);
    int wins[3] = {0, 0, 0};  // colour 0, colour 1, draw
    long long total_plies = 0;
    int stopped = 0;  // games cut at the ply limit (a safeguard: the rules end every game)
    const int limit = args->max_plies > 0 ? args->max_plies : default_ply_limit(*game);
    auto start = std::chrono::steady_clock::now();
    for (int g = 0; g < args->games; ++g) {
      int winner;
      if (args->quiet) {
        // The engines' fast playouts; the repetition rules end every game.
        auto state = game->new_initial_state();
        winner = state->random_playout(rng);
      } else {
        History h(game);
        h.set_players({"random", "random"});
        std::vector<Action> actions;
        while (!h.is_over() && !h.adjudicate_at_ply_limit(limit)) {
          h.state().legal_actions(actions);
          h.play(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
        }
        total_plies += h.num_moves();
        winner = h.winner();
        if (h.ending() == Ending::Adjudication) ++stopped;
        std::cout << record_to_json(h).dump() << "\n";
      }
      ++wins[winner == kDraw ? 2 : winner];
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string summary = fmt::format("{} games in {:.3f} s ({:.0f} games/s): {} {}, {} {}, {} draws", args->games,
                                      seconds, args->games / std::max(seconds, 1e-9), game->colour_name(0), wins[0],
                                      game->colour_name(1), wins[1], wins[2]);
    if (!args->quiet) summary += fmt::format(", {:.1f} plies/game", double(total_plies) / args->games);
    if (stopped) summary += fmt::format(" ({} stopped at {} plies and scored as draws)", stopped, limit);
    (args->quiet ? std::cout : std::cerr) << summary << "\n";
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
