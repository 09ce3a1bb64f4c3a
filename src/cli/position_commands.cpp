// SPDX-License-Identifier: Apache-2.0
// `ludus show`, `ludus moves` and `ludus think`: a position given by options and moves, or by a record
// (a game of a record file, at a chosen ply), with moves played on from there.  A record file
// may hold any text (players, an adjudication's reason): text is printed through
// terminal_safe, JSON with every character past ASCII escaped (the same data), SGF as it is
// written unless the output is a terminal.
#include <unistd.h>

#include <iostream>

#include <nlohmann/json.hpp>

#include "ai/choice_json.h"
#include "ai/player.h"
#include "cli/command.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/text.h"

namespace ludus::cli {
namespace {

struct PositionArgs {
  GameArgs game;
  std::vector<std::string> moves;
  std::string record;
  int game_number = 0;  // 0: the only game of the file
  int at_ply = -1;      // -1: the end of the record
  bool json = false;
  bool sgf = false;

  History history() const {
    History h = record.empty() ? from_game() : from_record();
    h.play_moves(moves);
    return h;
  }

 private:
  History from_game() const {
    if (game.game.empty()) throw LudusError("give a GAME or --record FILE");
    if (game_number || at_ply >= 0) throw LudusError("--game and --at need --record FILE");
    return History(game.make());
  }

  // With --record, GAME (when given) is the first move, since the game comes from the file.
  History from_record() const {
    if (!game.options.empty()) throw LudusError("--record takes the game and its options from the file (drop -o)");
    auto games = read_record_file(record);
    if (game_number == 0 && games.size() > 1)
      throw LudusError("'" + record + "' holds " + std::to_string(games.size()) + " games: choose one with --game N");
    const int index = game_number ? game_number : 1;
    if (index < 1 || index > static_cast<int>(games.size()))
      throw LudusError("'" + record + "' has no game " + std::to_string(index) + " (games: 1.." +
                       std::to_string(games.size()) + ")");
    History h = std::move(games[static_cast<size_t>(index - 1)]);
    if (at_ply > h.num_moves())
      throw LudusError("game " + std::to_string(index) + " has no ply " + std::to_string(at_ply) + " (plies: 0.." +
                       std::to_string(h.num_moves()) + ")");
    if (at_ply >= 0) h.truncate(at_ply);
    if (!game.game.empty()) h.play_moves({game.game});
    return h;
  }
};

// JSON for standard output: ASCII only (\u escapes), so no character of a record reaches a
// terminal raw, and the same JSON to a program.
std::string ascii_json(const nlohmann::json& value) { return value.dump(-1, ' ', true) + "\n"; }

void add_position_args(CLI::App& app, PositionArgs& args) {
  add_game_args(app, args.game, false);
  app.add_option("moves", args.moves, "Moves played from the start (or from the record's position)");
  app.add_option("--record", args.record,
                 "Start from a saved game record instead of GAME: a JSON record, JSON Lines (one game per line) or SGF");
  app.add_option("--game", args.game_number, "With --record: the game N (1 = first line or game tree) of a file of several")
      ->check(CLI::PositiveNumber);
  app.add_option("--at", args.at_ply, "With --record: the position after PLY plies (0 = the start)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--json", args.json, "Print JSON instead of text");
}

// `show` also writes the position's record as SGF.
void add_sgf_flag(CLI::App& app, PositionArgs& args) {
  app.add_flag("--sgf", args.sgf, "Print the record of the position as SGF instead of text")->excludes("--json");
}

const bool kShow = register_command({"show", "Show the position after some moves", 20, [](CLI::App& app) {
  auto args = std::make_shared<PositionArgs>();
  add_position_args(app, *args);
  add_sgf_flag(app, *args);
  set_examples(app, {"ludus show ndengrod -o size=4 b2 swap c3", "ludus show --record game.sgf --at 10"});
  return [args] {
    History h = args->history();
    if (args->sgf) {
      const std::string sgf = record_text(h, RecordFormat::Sgf);
      std::cout << (isatty(STDOUT_FILENO) ? terminal_safe(sgf) : sgf);
    } else if (args->json) {
      auto j = record_to_json(h);
      j["board"] = h.state().render();
      j["status"] = h.status();
      std::cout << ascii_json(j);
    } else {
      std::cout << terminal_safe(describe_history(h));
    }
    return 0;
  };
}});

const bool kMoves = register_command({"moves", "List the legal moves after some moves", 21, [](CLI::App& app) {
  auto args = std::make_shared<PositionArgs>();
  add_position_args(app, *args);
  set_examples(app, {"ludus moves trellis -o size=7 d4,e6"});
  return [args] {
    History h = args->history();
    std::vector<std::string> texts;
    if (!h.is_over())
      for (Action a : h.state().legal_actions()) texts.push_back(h.state().action_to_text(a));
    if (args->json) {
      std::cout << ascii_json(texts);
    } else {
      for (size_t i = 0; i < texts.size(); ++i) std::cout << texts[i] << (i + 1 < texts.size() ? " " : "\n");
      if (texts.empty()) std::cout << "(none: " << terminal_safe(h.status()) << ")\n";
    }
    return 0;
  };
}});

// The move an AI chooses, as the page's engine (WebAssembly, docs/wasm.md) chooses it: the
// same spec, seed and budget give the same move there, which tests/wasm checks.
const bool kThink = register_command({"think", "Print the move an AI chooses in a position", 22, [](CLI::App& app) {
  auto args = std::make_shared<PositionArgs>();
  add_position_args(app, *args);
  auto spec = std::make_shared<std::string>("medium");
  app.add_option("--ai", *spec, "The AI: a level or a spec (ludus help match), e.g. medium or mcts:iters=500,seed=3")
      ->capture_default_str();
  set_examples(app, {"ludus think ndengrod e5 --ai mcts:iters=2000,seed=7 --json"});
  return [args, spec] {
    const History h = args->history();
    if (h.is_over()) throw LudusError("the game is over: " + h.status());
    auto player = ai::make_player(*spec, ai::PlayerConfig{.seed = 1, .threads = 1});
    const nlohmann::json choice = ai::turn_choice_json(*player, h);
    if (args->json) {
      std::cout << ascii_json(choice);
    } else {
      std::cout << join_plies(choice["turn"].get<std::vector<std::string>>()) << "\n";
    }
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
