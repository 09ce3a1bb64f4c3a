// SPDX-License-Identifier: Apache-2.0
// `ludus puzzles make|verify|load`: puzzles (ai/puzzles.h, docs/puzzles.md) built from the
// last positions of finished games (records, a play server's database, or self-play of an
// AI) and written as JSON Lines; verify finds every puzzle of a file again from its game and
// position alone, with a node budget, and fails when one is not found again; load adds a
// file's puzzles to a play server's database (domain/puzzles/puzzles.h).
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "ai/player.h"
#include "ai/puzzles.h"
#include "cli/command.h"
#include "core/error.h"
#include "core/record.h"
#include "core/text.h"
#include "core/turn_count.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/play/board.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/storage/store.h"
#include "study/self_play.h"

namespace ludus::cli {
namespace {

struct PuzzleArgs {
  std::vector<std::string> records;
  std::string db;
  int selfplay = 0;
  GameArgs game;
  std::string ai = "easy";
  uint64_t seed = 1;
  int limit = 0;
  std::string out = "-";
  std::vector<std::string> files;
  uint64_t nodes = ai::PuzzleLimits{}.nodes;
  int turns = ai::PuzzleLimits{}.max_turns;
  bool quiet = false;
};

ai::PuzzleLimits limits_of(const PuzzleArgs& args) {
  ai::PuzzleLimits limits;
  limits.nodes = args.nodes;
  limits.reply_steps = args.nodes;
  limits.max_turns = args.turns;
  return limits;
}

// A finished self-play game of `ai`.
History selfplay_game(const std::shared_ptr<const Game>& game, const std::string& spec, uint64_t seed) {
  auto player = ai::make_player(spec, {.seed = seed, .threads = 1});
  History history(game);
  const int limit = default_ply_limit(*game);
  while (!history.is_over() && history.num_moves() < limit) history.play(player->choose(history).action);
  return history;
}

// The finished boards of a play server's database, replayed, `limit` at most (0: all).
std::vector<History> finished_boards(const std::string& db) {
  server::Store store(db);
  auto session = store.session();
  auto tx = session.read();
  std::vector<History> out;
  server::GameFilter filter;
  filter.status = "finished";
  filter.limit = 1000;
  for (;; filter.offset += filter.limit) {
    const std::vector<server::GameRecord> page = session.list_games(filter);
    for (const server::GameRecord& record : page)
      out.push_back(server::Board(record, session.moves(record.id)).history());
    if (static_cast<int>(page.size()) < filter.limit) break;
  }
  return out;
}

int run_make(const PuzzleArgs& args) {
  if (!args.records.empty() + !args.db.empty() + (args.selfplay > 0) != 1)
    throw LudusError("give one of --from RECORDS, --db DATABASE or --selfplay N GAME");
  const ai::PuzzleLimits limits = limits_of(args);
  const auto start = std::chrono::steady_clock::now();
  // Each puzzle is written as it is found, so a long run stopped early keeps what it found.
  std::ofstream file;
  if (args.out != "-") {
    file.open(args.out, std::ios::binary);
    if (!file) throw LudusError("cannot write '" + args.out + "'");
  }
  std::ostream& lines = args.out == "-" ? std::cout : file;
  ai::PuzzleTally tally;
  long long games = 0;
  auto take = [&](const History& history) {
    ++games;
    if (auto puzzle = ai::puzzle_from_game(history, limits, tally)) {
      lines << ai::puzzle_json(*puzzle) << std::endl;
      if (!lines) throw LudusError("cannot write '" + args.out + "'");
      if (!args.quiet) std::cerr << fmt::format("game {}: a puzzle in {} ({} nodes)\n", games, counted(puzzle->turns(), "turn"), puzzle->nodes);
    }
  };
  auto enough = [&] { return args.limit > 0 && tally.kept >= args.limit; };
  if (!args.db.empty()) {
    for (const History& history : finished_boards(args.db)) {
      if (enough()) break;
      take(history);
    }
  } else if (!args.records.empty()) {
    for (const std::string& path : args.records)
      for (const History& history : read_record_file(path)) {
        if (enough()) break;
        take(history);
      }
  } else {
    auto game = args.game.make();
    study::check_ai_spec(args.ai);
    for (int g = 0; g < args.selfplay && !enough(); ++g) take(selfplay_game(game, args.ai, args.seed * 1000003 + g));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string why;
  for (size_t r = 1; r < tally.rejected.size(); ++r)
    if (tally.rejected[r])
      why += fmt::format("{}{} {}", why.empty() ? "" : ", ", tally.rejected[r], ai::rejection_name(static_cast<ai::PuzzleRejection>(r)));
  std::cerr << fmt::format("ludus: {} games, {} positions tried, {} puzzles kept ({}), {} solver nodes, {:.1f} s\n", games,
                           tally.positions, tally.kept, why.empty() ? "none refused" : why, tally.nodes, seconds);
  return 0;
}

int run_verify(const PuzzleArgs& args) {
  const ai::PuzzleLimits limits = limits_of(args);
  long long passed = 0, failed = 0;
  for (const std::string& path : args.files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LudusError("cannot read puzzles file '" + path + "'");
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (line.empty()) continue;
      std::string problem;
      try {
        problem = ai::verify_puzzle(ai::parse_puzzle(line), limits);
      } catch (const LudusError& e) {
        problem = e.what();
      }
      if (problem.empty()) {
        ++passed;
      } else {
        ++failed;
        std::cout << terminal_safe(fmt::format("{}:{}: {}", path, number, problem)) << "\n";
      }
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? kExitFailure : 0;
}

int run_load(const PuzzleArgs& args) {
  server::Store store(args.db);
  server::Puzzles puzzles(store, server::system_clock());
  for (const std::string& path : args.files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LudusError("cannot read puzzles file '" + path + "'");
    std::ostringstream text;
    text << in.rdbuf();
    const int added = puzzles.load(text.str(), path);
    std::cout << terminal_safe(fmt::format("{}: {} new puzzles", path, added)) << "\n";
  }
  return 0;
}

const bool kPuzzles = register_command({"puzzles", "Make puzzles (one winning turn, proven) from games, and verify them", 63,
                                        [](CLI::App& app) {
  auto args = std::make_shared<PuzzleArgs>();
  app.require_subcommand(1);
  auto* make = app.add_subcommand("make", "Find puzzles in the last positions of finished games; write them as JSON Lines");
  auto* verify = app.add_subcommand("verify", "Find every puzzle of FILES again from its position and the rules alone");
  auto* load = app.add_subcommand("load", "Add the puzzles of FILES that a play server's database lacks");
  make->add_option("--db", args->db, "Search the finished boards of a play server's database (SQLite file or postgresql://...)");
  load->add_option("--db", args->db, "The play server's database: an SQLite file, sqlite:PATH, or postgresql://USER@HOST/DBNAME")
      ->envname("LUDUS_DB")
      ->required();
  load->add_option("FILES", args->files, "Puzzle files (JSON Lines, as make writes them)")->required();
  make->add_option("--from", args->records, "Record files (JSON, JSON Lines, SGF) whose games are searched");
  make->add_option("--selfplay", args->selfplay, "Search N self-play games of GAME instead")->check(CLI::Range(1, 1000000));
  add_game_args(*make, args->game, false);
  make->add_option("--ai", args->ai, "The AI playing the self-play games (easy)");
  make->add_option("--seed", args->seed, "Seed of the self-play games");
  make->add_option("--max", args->limit, "Stop after this many puzzles (0: no limit)")->check(CLI::Range(0, 1000000));
  make->add_option("--out", args->out, "File to write ('-': standard output)")->capture_default_str();
  make->add_option("--turns", args->turns, "The winner's turns in a line at most")->check(CLI::Range(1, 5))->capture_default_str();
  verify->add_option("FILES", args->files, "Puzzle files (JSON Lines)")->required();
  for (auto* sub : {make, verify}) {
    sub->add_option("--nodes", args->nodes, "Solver nodes for each of the winner's turns (a position left unsettled is refused)")
        ->check(CLI::Range(uint64_t{1000}, uint64_t{1'000'000'000}))
        ->capture_default_str();
    sub->add_flag("-q,--quiet", args->quiet, "No progress on stderr");
  }
  set_examples(app, {"ludus puzzles make --selfplay 200 ndengrod --max 20 --out data/puzzles/ndengrod.jsonl",
                     "ludus puzzles make --from my-games.jsonl --turns 3 --out mine.jsonl",
                     "ludus puzzles verify data/puzzles/*.jsonl",
                     "ludus puzzles make --db ludus.db --out ours.jsonl && ludus puzzles load --db ludus.db ours.jsonl"});
  return [args, make, load]() -> int {
    if (make->parsed()) return run_make(*args);
    if (load->parsed()) return run_load(*args);
    return run_verify(*args);
  };
}});

}  // namespace
}  // namespace ludus::cli
