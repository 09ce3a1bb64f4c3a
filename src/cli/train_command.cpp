// SPDX-License-Identifier: Apache-2.0
// `ludus train GAME [-o k=v] [--games N --ai SPEC] [--records FILE...] [--out FILE]`:
// learns move priors (src/ai/priors) from self-play games of a strong-ish AI and/or
// recorded games, and writes the weights file the MCTS player reads (data/priors/GAME.txt
// is compiled in; `mcts:priors=FILE` reads one at run time).  Every tenth game is held out
// and only measured, so the report shows how well the weights predict play they never saw.
#include <fstream>
#include <iostream>
#include <mutex>

#include <fmt/format.h>

#include "ai/priors/prior_trainer.h"
#include "cli/command.h"
#include "cli/progress.h"
#include "study/self_play.h"
#include "core/error.h"
#include "core/record.h"

namespace ludus::cli {
namespace {

struct TrainArgs {
  GameArgs game;
  long long games = 200;
  std::string ai = "medium";
  std::vector<std::string> records;
  std::string out;
  int iterations = 30;
  int threads = 0;
  uint64_t seed = 1;
  bool quiet = false;
};

constexpr long long kHoldOutEvery = 10;  // every tenth game is measured, not fitted

std::string describe(const char* what, const ai::priors::PredictionReport& r) {
  return fmt::format("{}: {} positions, top-1 {:.1f}%, log-likelihood {:.3f} per move (uniform {:.3f})", what,
                     r.positions, 100.0 * r.top1, r.log_likelihood, r.uniform_log_likelihood);
}

int run_train(const TrainArgs& args, const std::string& command_line) {
  auto game = args.game.make();
  if (!game->board_geometry()) throw LudusError(game->name() + " has no board geometry: no move features to learn");
  if (args.games > 0) study::check_ai_spec(args.ai);
  ai::priors::PriorTrainer trainer(game);
  long long added = 0;
  for (const auto& file : args.records)
    for (const History& h : read_record_file(file)) {
      if (h.game().name() != game->name() || h.game().options().values() != game->options().values()) continue;
      trainer.add_game(h.actions(), added++ % kHoldOutEvery == kHoldOutEvery - 1);
    }
  if (args.games > 0) {
    std::mutex mutex;
    std::vector<std::vector<Action>> played(static_cast<size_t>(args.games));
    ProgressBar progress("train: self-play", args.games, !args.quiet);
    long long finished = 0;
    study::SelfPlayOptions options;
    options.single_threaded = args.threads != 1;
    study::parallel_for(args.games, args.threads, [&](long long index) {
      study::SelfPlayGame g = study::play_ai_game(game, {args.ai, args.ai}, args.seed, index, options);
      std::lock_guard lock(mutex);
      played[static_cast<size_t>(index)] = g.history.actions();
      progress.update(++finished);
    });
    progress.finish();
    for (const auto& actions : played) trainer.add_game(actions, added++ % kHoldOutEvery == kHoldOutEvery - 1);
  }
  if (trainer.positions(false) == 0) throw LudusError("no positions to learn from (give --games N or --records FILE)");
  const ai::priors::PriorWeights weights = trainer.fit(args.iterations);
  const auto fitted = trainer.evaluate(weights, false);
  const auto held_out = trainer.evaluate(weights, true);
  std::cout << fmt::format("{} games, {} moves considered\n", added, trainer.moves());
  std::cout << describe("fitted", fitted) << "\n";
  if (held_out.positions) std::cout << describe("held out", held_out) << "\n";
  if (!args.out.empty()) {
    std::vector<std::string> comment = {
        "ludus move priors (src/ai/priors): log gamma of each feature value; unlisted values have gamma 1.",
        "Made by: " + command_line,
        fmt::format("{} games; {}", added, describe("fitted", fitted)),
    };
    if (held_out.positions) comment.push_back(describe("held out", held_out));
    std::ofstream out(args.out, std::ios::binary);
    if (!out) throw LudusError("cannot write " + args.out);
    out << weights.format(comment);
    if (!out.flush()) throw LudusError("cannot write " + args.out);
    std::cout << "weights written to " << args.out << "\n";
  }
  return 0;
}

const bool kTrain = register_command({"train", "Learn move priors for the AI from self-play or recorded games", 62, [](CLI::App& app) {
  auto args = std::make_shared<TrainArgs>();
  add_game_args(app, args->game);
  app.add_option("-n,--games", args->games, "Self-play games to learn from (0: only --records)")
      ->check(CLI::Range(0LL, 10000000LL));
  app.add_option("--ai", args->ai, "The AI that plays the self-play games (default medium)");
  app.add_option("--records", args->records, "Record files (JSON lines or SGF, as `ludus match --record` writes) to learn from too");
  app.add_option("--out", args->out, "Write the weights to FILE (data/priors/GAME.txt is compiled in)");
  app.add_option("--iterations", args->iterations, "Rounds of the fit over every feature group")->check(CLI::Range(1, 10000));
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores)")->check(CLI::Range(0, 1024));
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_flag("-q,--quiet", args->quiet, "No progress report on stderr");
  set_examples(app, {"ludus train n-mesh --games 400 --out data/priors/n-mesh.txt",
                     "ludus train ndengrod --games 0 --records games.jsonl"});
  return [args] {
    std::string command_line = "ludus train " + args->game.game;
    for (const auto& o : args->game.options) command_line += " -o " + o;
    command_line += fmt::format(" --games {} --ai {} --iterations {} --seed {}", args->games, args->ai,
                                args->iterations, args->seed);
    for (const auto& r : args->records) command_line += " --records " + r;
    return run_train(*args, command_line);
  };
}});

}  // namespace
}  // namespace ludus::cli
