// SPDX-License-Identifier: Apache-2.0
// `ludus match GAME --a SPEC --b SPEC --games N`: two AIs play N games, alternating
// seats; prints A's score with its 95% interval, the Elo difference, game length and
// thinking time per move.  Games may run in parallel; a seeded run is reproducible.
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/progress.h"
#include "study/match.h"
#include "core/record.h"
#include "core/error.h"

namespace ludus::cli {
namespace {

struct MatchArgs {
  GameArgs game;
  std::string a, b;
  long long games = 10;
  int threads = 1;
  std::string record;
  bool json = false;
  bool quiet = false;
  uint64_t seed = 1;
  int max_plies = 0;
};

// One finished game and its record entry (records are written in game order).
struct GameOutcome {
  study::MatchGame game;
  std::string record_entry;  // one JSON line or SGF game tree, with its newline
};

int run_match(const MatchArgs& args) {
  study::MatchRequest request;
  request.game = args.game.make();
  request.a = args.a;
  request.b = args.b;
  request.games = args.games;
  request.seed = args.seed;
  request.max_plies = args.max_plies;
  study::check_match(request);
  std::ofstream record;
  const RecordFormat record_format = record_format_of(args.record);
  if (!args.record.empty()) {
    record.open(args.record, std::ios::app);
    if (!record) throw LudusError("cannot open record file '" + args.record + "'");
  }

  std::vector<std::optional<GameOutcome>> outcomes(static_cast<size_t>(args.games));
  std::mutex mutex;
  size_t next_to_write = 0;
  study::MatchTally running;
  long long finished = 0;
  ProgressBar progress("match", args.games, !args.quiet);

  study::parallel_for(args.games, args.threads, [&](long long index) {
    study::SelfPlayGame played{History(request.game)};
    GameOutcome o;
    o.game = study::play_match_game(request, index, args.threads != 1, &played);
    if (record.is_open() && record_format == RecordFormat::Sgf) {
      o.record_entry = record_text(played.history, RecordFormat::Sgf);
    } else if (record.is_open()) {  // JSON Lines also say which game of the match and which seat A had
      auto j = record_to_json(played.history);
      j["match_game"] = index + 1;
      j["a_seat"] = o.game.a_seat == 0 ? "first" : "second";
      o.record_entry = j.dump() + "\n";
    }
    std::lock_guard lock(mutex);
    running.add(o.game.a_result);
    outcomes[static_cast<size_t>(index)] = std::move(o);
    while (next_to_write < outcomes.size() && outcomes[next_to_write]) {
      if (record.is_open()) record << outcomes[next_to_write]->record_entry << std::flush;
      outcomes[next_to_write]->record_entry.clear();
      ++next_to_write;
    }
    ++finished;
    progress.update(finished, fmt::format("A {} - B {} - draws {}", running.wins, running.losses, running.draws));
  });
  progress.finish();

  std::vector<study::MatchGame> games;
  for (const auto& o : outcomes) games.push_back(o->game);
  const study::MatchSummary summary = study::summarize_match(games);
  if (args.json)
    std::cout << study::match_summary_json(request, summary, study::thread_count(args.threads)).dump(2) << "\n";
  else
    study::print_match_summary(request, summary, std::cout);
  return 0;
}

const bool kMatch = register_command({"match", "Play a match between two AIs and rate them", 50, [](CLI::App& app) {
  auto args = std::make_shared<MatchArgs>();
  add_game_args(app, args->game);
  app.add_option("--a", args->a, "AI of player A: random, beginner, easy, medium, hard, max or mcts:...")->required();
  app.add_option("--b", args->b, "AI of player B")->required();
  app.add_option("-n,--games", args->games, "Number of games (A and B alternate seats)")->check(CLI::Range(1LL, 100000000LL));
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores); each AI then uses one thread")
      ->check(CLI::Range(0, 1024));
  app.add_option("--record", args->record, "Append every game to FILE: one JSON record per line, or one SGF game tree per game when FILE ends in .sgf");
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_option("--max-plies", args->max_plies, "Stop longer games and count them as draws (default: 20 per action id, at least 1000)")
      ->check(CLI::Range(1, 100000000));
  app.add_flag("--json", args->json, "Print a JSON summary");
  app.add_flag("-q,--quiet", args->quiet, "No progress report on stderr");
  set_examples(app, {"ludus match ndengrod --a easy --b medium --games 20"});
  return [args] { return run_match(*args); };
}});

}  // namespace
}  // namespace ludus::cli
