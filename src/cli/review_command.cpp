// SPDX-License-Identifier: Apache-2.0
// `ludus review RECORD`: the review of a played game (ai/review.h, docs/review.md) for
// any record file (JSON, JSON Lines, SGF): per turn the mover's winning chance before and
// after, the search's best turn, Lichess's labels and the solver's notes, and each
// player's accuracy.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "ai/spec_parser.h"
#include "cli/command.h"
#include "core/error.h"
#include "core/record.h"
#include "ai/review.h"

namespace ludus::cli {
namespace {

struct ReviewArgs {
  std::string record;
  int game_number = 0;
  int64_t iterations = ai::ReviewSettings{}.iterations;
  std::string proof_time = "250ms";
  std::string proof_total = "30s";
  int alternatives = ai::ReviewSettings{}.most_alternatives;
  uint64_t seed = 1;
  bool json = false;
};

int run_review(const ReviewArgs& args) {
  std::vector<History> games = read_record_file(args.record);
  if (games.empty()) throw LudusError("'" + args.record + "' holds no game");
  if (args.game_number == 0 && games.size() > 1)
    throw LudusError("'" + args.record + "' holds " + std::to_string(games.size()) + " games: choose one with --game N");
  const int index = args.game_number ? args.game_number : 1;
  if (index > static_cast<int>(games.size()))
    throw LudusError("'" + args.record + "' has no game " + std::to_string(index) + " (games: 1.." +
                     std::to_string(games.size()) + ")");
  const History& record = games[static_cast<size_t>(index - 1)];
  ai::ReviewSettings settings;
  settings.iterations = args.iterations;
  settings.seed = args.seed;
  settings.proof_seconds = args.proof_time == "0" ? 0 : ai::parse_duration(args.proof_time);
  settings.proof_total_seconds = ai::parse_duration(args.proof_total);
  settings.most_alternatives = args.alternatives;
  const ai::GameReview review = ai::review_game(record, settings);
  if (args.json) {
    nlohmann::json j = ai::review_json(review);
    j["game"] = record.game().name();
    j["options"] = record.game().options().values();
    // ASCII only (\u escapes): no character of a record reaches a terminal raw.
    std::cout << j.dump(-1, ' ', true) << "\n";
  } else {
    std::cout << ai::review_text(review, record);
  }
  return 0;
}

const bool kReview = register_command({"review", "Review a played game: winning chances, labelled turns, accuracy", 63,
                                       [](CLI::App& app) {
  auto args = std::make_shared<ReviewArgs>();
  app.add_option("record", args->record, "A record file: JSON, JSON Lines or SGF")->required();
  app.add_option("--game", args->game_number, "Which game of a file holding several (1-based)")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--iterations", args->iterations, "Search iterations per position (2000)")
      ->check(CLI::Range(int64_t{1}, int64_t{100000000}));
  app.add_option("--proof-time", args->proof_time,
                 "Solver time per question for the proof notes (250ms; 0 turns them off)");
  app.add_option("--proof-total", args->proof_total,
                 "Solver time for the whole review (30s); past it the rest goes without proof notes");
  app.add_option("--alternatives", args->alternatives,
                 "Look for 'the only winning move' when the mover had at most N other moves (64; 0: never)")
      ->check(CLI::Range(0, 100000));
  app.add_option("--seed", args->seed, "Seed of the searches (1)");
  app.add_flag("--json", args->json, "Print JSON instead of text");
  set_examples(app, {"ludus review game.json", "ludus review games.sgf --game 3 --iterations 5000",
                     "ludus review game.json --json --proof-time 1s"});
  return [args] { return run_review(*args); };
}});

}  // namespace
}  // namespace ludus::cli
