#pragma once
// A game in progress or finished: the game, its move list (the truth) and the current
// position (a replay of the moves).  Undo is a replay to n-1, as RULES.md says.  Records
// (JSON) are this class serialised; the CLI, the server, GTP and matches all use it.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/game.h"

namespace ludus {

class History {
 public:
  explicit History(std::shared_ptr<const Game> game);
  History(const History& other);
  History& operator=(const History& other);

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  const std::vector<Action>& actions() const { return actions_; }
  const std::vector<std::string>& moves() const { return moves_; }
  int num_moves() const { return static_cast<int>(actions_.size()); }

  // Game over by the rules or by resignation.
  bool is_over() const { return resigned_colour_ >= 0 || state_->is_terminal(); }
  // Winning colour or kDraw; only when is_over().
  int winner() const;
  int resigned_colour() const { return resigned_colour_; }
  std::string status() const;  // describe_status, or "O wins: X resigned"

  // Plays a move given as text ("resign" resigns for the side to move); throws
  // LudusError with the reason when it is illegal or the game is over.
  Action play(std::string_view text);
  void play(Action action);
  void resign(int colour);
  // Takes back the last move (or a resignation).  Returns false at the start.
  bool undo();

  // Record: {"game", "options", "moves", "result"}.
  nlohmann::json to_json() const;
  // Replays a record; throws LudusError naming the first bad move ("move 7 'd4': ...").
  static History from_json(const nlohmann::json& record);
  static History from_json_text(const std::string& text);

  // "black", "white", "draw" or "" while the game is on.
  std::string result_text() const;

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<Action> actions_;
  std::vector<std::string> moves_;
  int resigned_colour_ = -1;
};

}  // namespace ludus
