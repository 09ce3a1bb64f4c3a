// `ludus show` and `ludus moves`: a position given by options and moves, or by a record.
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "core/error.h"

namespace ludus::cli {
namespace {

struct PositionArgs {
  GameArgs game;
  std::vector<std::string> moves;
  std::string record;
  bool json = false;

  History history() const {
    if (!record.empty()) {
      std::ifstream in(record);
      if (!in) throw LudusError("cannot open record '" + record + "'");
      std::stringstream text;
      text << in.rdbuf();
      History h = History::from_json_text(text.str());
      play_typed_moves(h, moves);
      return h;
    }
    if (game.game.empty()) throw LudusError("give a GAME or --record FILE");
    History h(game.make());
    play_typed_moves(h, moves);
    return h;
  }
};

void add_position_args(CLI::App& app, PositionArgs& args) {
  add_game_args(app, args.game, false);
  app.add_option("moves", args.moves, "Moves played from the start (canonical notation)");
  app.add_option("--record", args.record, "Start from a saved game record (JSON) instead of GAME");
  app.add_flag("--json", args.json, "Print JSON instead of text");
}

const bool kShow = register_command({"show", "Show the position after some moves", 20, [](CLI::App& app) {
  auto args = std::make_shared<PositionArgs>();
  add_position_args(app, *args);
  return [args] {
    History h = args->history();
    if (args->json) {
      auto j = h.to_json();
      j["board"] = h.state().render();
      j["status"] = h.status();
      std::cout << j.dump() << "\n";
    } else {
      std::cout << describe_history(h);
    }
    return 0;
  };
}});

const bool kMoves = register_command({"moves", "List the legal moves after some moves", 21, [](CLI::App& app) {
  auto args = std::make_shared<PositionArgs>();
  add_position_args(app, *args);
  return [args] {
    History h = args->history();
    std::vector<std::string> texts;
    if (!h.is_over())
      for (Action a : h.state().legal_actions()) texts.push_back(h.state().action_to_text(a));
    if (args->json) {
      std::cout << nlohmann::json(texts).dump() << "\n";
    } else {
      for (size_t i = 0; i < texts.size(); ++i) std::cout << texts[i] << (i + 1 < texts.size() ? " " : "\n");
      if (texts.empty()) std::cout << "(none: " << h.status() << ")\n";
    }
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
