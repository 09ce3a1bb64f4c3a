// SPDX-License-Identifier: Apache-2.0
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
  // Boards given to played() hold num_sites() + 1 entries: the last one, never a colour,
  // stands for "no site", so the test needs no branch (it runs on every child of every
  // node of an iteration's path, 1577 of them per node in Trellis).
  int board_size() const { return num_sites_ + 1; }
  bool known(Action action) const { return entry(action) & kKnown; }
  // Learns the sites `action` fills when played in `state` (where it is legal).
  void learn(const State& state, Action action);
  // The sites `action` fills: {first, second}, second -1 for one site; {-1, -1} for a move
  // that fills none (pass, swap).  Precondition: known(action).
  std::pair<int, int> sites(Action action) const {
    const uint32_t e = entry(action);
    const int first = static_cast<int>(e & 0xffff), second = static_cast<int>((e >> 16) & 0x7fff);
    if (first == num_sites_) return {-1, -1};
    return {first, second == first ? -1 : second};
  }
  // True when every site `action` fills holds `colour` in `board` (site -> colour, -1 empty,
  // board_size() entries); false for moves that fill no site (pass, swap) or that are not
  // learnt yet.
  bool played(Action action, int colour, const int8_t* board) const {
    const uint32_t e = entry(action);
    return (board[e & 0xffff] == colour) & (board[(e >> 16) & 0x7fff] == colour);
  }

 private:
  // Per action id: first site | second site << 16 | kKnown, a single site repeated, and
  // num_sites_ (the board's "no site" entry) for moves that fill none or are unknown.
  static constexpr uint32_t kKnown = 1u << 31;
  uint32_t entry(Action action) const { return entries_[static_cast<size_t>(action)].load(std::memory_order_relaxed); }
  int num_sites_;
  std::unique_ptr<std::atomic<uint32_t>[]> entries_;
};

}  // namespace ludus::ai
