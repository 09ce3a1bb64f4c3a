#pragma once
// Board AMAF: RAVE statistics from the stones on the board at the end of a playout, so
// the game's own fast random_playout can be used (it reports only the winner).  A move
// counts as played by colour C when every site it puts a stone on holds C at the end.
// Which sites a move fills is learnt once per action id, by playing it and comparing
// the boards (action ids name the same move in every position, as game.h requires).
#include <atomic>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/game.h"

namespace ludus::ai {

class ActionSites {
 public:
  explicit ActionSites(const Game& game);

  // Whether the game shows its stones (Game::board_geometry and State::site_colour): the
  // board of `state` or of a few plies after it has a stone.
  static bool game_shows_stones(const State& state);

  int num_sites() const { return num_sites_; }
  bool known(Action action) const { return entries_[static_cast<size_t>(action)].load(std::memory_order_relaxed) != kUnknown; }
  // Learns the sites `action` fills when played in `state` (where it is legal).
  void learn(const State& state, Action action);
  // The sites `action` fills: {first, second}, second -1 for one site; {-1, -1} for a move
  // that fills none (pass, swap).  Precondition: known(action).
  std::pair<int, int> sites(Action action) const {
    int32_t e = entries_[static_cast<size_t>(action)].load(std::memory_order_relaxed);
    if (e < 0) return {-1, -1};
    return {e & 0xffff, (e >> 16) - 1};
  }
  // True when every site `action` fills holds `colour` in `board` (site -> colour, -1 empty);
  // false for moves that fill no site (pass, swap) or that are not learnt yet.
  bool played(Action action, int colour, const int8_t* board) const {
    int32_t e = entries_[static_cast<size_t>(action)].load(std::memory_order_relaxed);
    if (e < 0) return false;
    int first = e & 0xffff, second = (e >> 16) - 1;
    return board[first] == colour && (second < 0 || board[second] == colour);
  }

 private:
  static constexpr int32_t kUnknown = -2, kNone = -1;
  int num_sites_;
  std::unique_ptr<std::atomic<int32_t>[]> entries_;  // per action id, packed sites
};

}  // namespace ludus::ai
