// SPDX-License-Identifier: Apache-2.0
// A tiny tic-tac-toe, "tictactoe-test" (colours x and o, sites a1..c3), registered only in
// the test_core binary: the tests of History, records, SGF and conformance replay use it
// through the registry.
#include <array>

#include "core/game.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/registry.h"

namespace ludus {
namespace {

const GameInfo kInfo{.name = "tictactoe-test",
                     .title = "Tic-tac-toe",
                     .colours = {"x", "o"},
                     .options = {},
                     .summary = "test game",
                     .rules = "three in a row",
                     .pie = {},
                     .bench_boards = {},
                     .may_draw = true};

class TicTacToe : public Game {
 public:
  explicit TicTacToe(const Options& o) : Game(kInfo, o), geometry(Geometry::square(3, 3)) {}
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 9; }
  Geometry geometry;
};

class TicTacToeState : public State {
 public:
  explicit TicTacToeState(const TicTacToe& g) : State(g), g_(g) { cells_.fill(-1); }
  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  int to_move() const override { return moves_ % 2; }
  bool is_terminal() const override { return winner_ != -2 || moves_ == 9; }
  int winner() const override { return winner_ == -2 ? kDraw : winner_; }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    for (int s = 0; s < 9; ++s)
      if (cells_[s] < 0) out.push_back(s);
  }
  void apply(Action a) override {
    cells_[a] = to_move();
    ++moves_;
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (auto& l : lines)
      if (cells_[l[0]] >= 0 && cells_[l[0]] == cells_[l[1]] && cells_[l[1]] == cells_[l[2]]) winner_ = cells_[l[0]];
  }
  std::string action_to_text(Action a) const override { return g_.geometry.name(a); }
  ActionShape action_shape(Action a) const override { return {ActionKind::Place, {a}}; }
  Action parse_action(std::string_view text) const override {
    std::string err;
    int s = g_.geometry.parse(normalize_move_text(text), &err);
    if (s < 0) throw_illegal(text, err);
    if (cells_[s] >= 0) throw_illegal(text, "occupied");
    return s;
  }
  std::string render() const override { return "board\n"; }

 private:
  const TicTacToe& g_;
  std::array<int, 9> cells_;
  int moves_ = 0;
  int winner_ = -2;
};

std::unique_ptr<State> TicTacToe::new_initial_state() const { return std::make_unique<TicTacToeState>(*this); }

const bool kRegistered = register_game({&kInfo, [](const Options& o) { return std::make_shared<const TicTacToe>(o); }});

}  // namespace
}  // namespace ludus
