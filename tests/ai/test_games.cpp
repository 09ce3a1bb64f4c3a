// SPDX-License-Identifier: Apache-2.0
#include "test_games.h"

#include <array>
#include <string>

#include "core/error.h"
#include "core/notation.h"

namespace ludus::ai::testing {
namespace {

constexpr int kEmpty = -1;

// Parses "b3" on an n×n board (column letter, row number from 1); -1 when malformed.
int parse_cell(std::string_view text, int n) {
  if (text.size() < 2 || text[0] < 'a' || text[0] >= 'a' + n) return -1;
  int row = 0;
  for (char ch : text.substr(1)) {
    if (ch < '0' || ch > '9') return -1;
    row = row * 10 + (ch - '0');
  }
  if (row < 1 || row > n) return -1;
  return (row - 1) * n + (text[0] - 'a');
}

std::string cell_name(int cell, int n) {
  return std::string(1, static_cast<char>('a' + cell % n)) + std::to_string(cell / n + 1);
}

// --- tic-tac-toe -------------------------------------------------------------------------

const GameInfo kTicTacToeInfo{"tictactoe", "Tic-tac-toe", {"x", "o"}, {}, "three in a row", ""};

class TicTacToeGame : public Game {
 public:
  TicTacToeGame() : Game(kTicTacToeInfo, Options{}) {}
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 9; }
};

class TicTacToeState : public State {
 public:
  explicit TicTacToeState(const Game& game) : State(game) { board_.fill(kEmpty); }
  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  int to_move() const override { return ply_ % 2; }
  bool is_terminal() const override { return winner_ != kEmpty || ply_ == 9; }
  int winner() const override { return winner_ == kEmpty ? kDraw : winner_; }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    for (int c = 0; c < 9; ++c)
      if (board_[c] == kEmpty) out.push_back(c);
  }
  void apply(Action a) override {
    board_[a] = to_move();
    static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : kLines)
      if (board_[l[0]] == board_[a] && board_[l[1]] == board_[a] && board_[l[2]] == board_[a]) winner_ = board_[a];
    ++ply_;
  }
  std::string action_to_text(Action a) const override { return cell_name(a, 3); }
  ActionShape action_shape(Action a) const override { return {ActionKind::Place, {a}}; }
  Action parse_action(std::string_view text) const override {
    std::string t = normalize_move_text(text);
    int cell = parse_cell(t, 3);
    if (cell < 0) throw_illegal(text, "malformed move");
    if (board_[cell] != kEmpty) throw_illegal(text, "occupied");
    return cell;
  }
  std::string render() const override {
    std::string s;
    for (int r = 2; r >= 0; --r) {
      for (int c = 0; c < 3; ++c) s += board_[r * 3 + c] == kEmpty ? '.' : board_[r * 3 + c] == 0 ? 'x' : 'o';
      s += '\n';
    }
    return s;
  }

 private:
  std::array<int, 9> board_;
  int ply_ = 0;
  int winner_ = kEmpty;
};

std::unique_ptr<State> TicTacToeGame::new_initial_state() const { return std::make_unique<TicTacToeState>(*this); }

// --- Hex -------------------------------------------------------------------------------------

const GameInfo kHexInfo{"hex-test", "Hex (test)", {"black", "white"}, {}, "connect your sides", ""};

class HexGame : public Game {
 public:
  explicit HexGame(const HexOptions& o) : Game(kHexInfo, Options{}), options_(o) {}
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return options_.size * options_.size + 1; }
  const HexOptions& hex() const { return options_; }
  Action swap_action() const { return options_.size * options_.size; }

 private:
  HexOptions options_;
};

class HexState : public State {
 public:
  explicit HexState(const HexGame& game) : State(game), hex_(&game), n_(game.hex().size) { board_.fill(kEmpty); }
  std::unique_ptr<State> clone() const override { return std::make_unique<HexState>(*this); }
  int to_move() const override {
    if (!hex_->hex().double_turns) return colour_to_move_;
    return ply_ == 0 ? 0 : ((ply_ - 1) / 2) % 2 == 0 ? 1 : 0;
  }
  bool is_terminal() const override { return winner_ != kEmpty; }
  int winner() const override { return winner_; }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    for (int c = 0; c < n_ * n_; ++c)
      if (board_[c] == kEmpty) out.push_back(c);
    if (swap_allowed()) out.push_back(hex_->swap_action());
  }
  void apply(Action a) override {
    ++ply_;
    if (a == hex_->swap_action()) {
      swap_seats();  // White is still to move, now played by the first player
      return;
    }
    const int colour = colour_to_move_;
    board_[a] = colour;
    if (hex_->hex().double_turns) colour_to_move_ = to_move();
    else colour_to_move_ = 1 - colour_to_move_;
    if (connects(colour)) winner_ = colour;
  }
  std::string action_to_text(Action a) const override {
    return a == hex_->swap_action() ? "swap" : cell_name(a, n_);
  }
  ActionShape action_shape(Action a) const override {
    return a == hex_->swap_action() ? ActionShape{ActionKind::Swap, {}} : ActionShape{ActionKind::Place, {a}};
  }
  Action parse_action(std::string_view text) const override {
    if (move_word(text) == MoveWord::Swap) {
      if (!swap_allowed()) throw_illegal(text, "swap is only allowed as move 2");
      return hex_->swap_action();
    }
    int cell = parse_cell(normalize_move_text(text), n_);
    if (cell < 0) throw_illegal(text, "malformed move");
    if (board_[cell] != kEmpty) throw_illegal(text, "occupied");
    return cell;
  }
  std::string render() const override {
    std::string s;
    for (int r = n_ - 1; r >= 0; --r) {
      s += std::string(static_cast<size_t>(r), ' ');
      for (int c = 0; c < n_; ++c) {
        int v = board_[r * n_ + c];
        s += v == kEmpty ? ". " : v == 0 ? "x " : "o ";
      }
      s += '\n';
    }
    return s;
  }

 private:
  bool swap_allowed() const { return hex_->hex().swap && ply_ == 1 && winner_ == kEmpty; }
  // Black joins the first and last rows, White the first and last columns.
  bool connects(int colour) const {
    std::array<int, 64> stack{};
    std::array<bool, 64> seen{};
    int top = 0;
    for (int i = 0; i < n_; ++i) {
      int cell = colour == 0 ? i : i * n_;
      if (board_[cell] == colour) stack[top++] = cell, seen[cell] = true;
    }
    static constexpr int kSteps[6][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {-1, 1}, {1, -1}};
    while (top > 0) {
      int cell = stack[--top];
      int r = cell / n_, c = cell % n_;
      if ((colour == 0 ? r : c) == n_ - 1) return true;
      for (const auto& d : kSteps) {
        int rr = r + d[0], cc = c + d[1];
        if (rr < 0 || cc < 0 || rr >= n_ || cc >= n_) continue;
        int next = rr * n_ + cc;
        if (!seen[next] && board_[next] == colour) seen[next] = true, stack[top++] = next;
      }
    }
    return false;
  }

  const HexGame* hex_;
  int n_;
  std::array<int, 64> board_;
  int ply_ = 0;
  int colour_to_move_ = 0;
  int winner_ = kEmpty;
};

std::unique_ptr<State> HexGame::new_initial_state() const { return std::make_unique<HexState>(*this); }

}  // namespace

std::shared_ptr<const Game> make_tictactoe() { return std::make_shared<TicTacToeGame>(); }

std::shared_ptr<const Game> make_hex(const HexOptions& options) {
  if (options.size < 2 || options.size > 8) throw LudusError("hex test board: size 2..8");
  return std::make_shared<HexGame>(options);
}

}  // namespace ludus::ai::testing
