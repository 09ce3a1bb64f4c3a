// SPDX-License-Identifier: Apache-2.0
#pragma once
// The server's computer players, kept across moves: one player per (board, seat), so an
// MCTS player finds its search tree of the previous move and goes on from the subtree of
// the moves actually played (KataGo keeps its search the same way), instead of starting
// from nothing every turn.
//
// Contract: a kept player is used by one thread at a time (the AI worker searches a board
// on one thread; the inline AI of `ludus pbm` runs in the request).  Players of finished
// boards are dropped; at most `capacity` boards keep theirs (least recently used go
// first), bounding the memory the trees hold.
#include <atomic>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include "ai/player.h"

namespace ludus::server {

// What the kept searches saved, since the process started (tests, logs, metrics).
struct AiSearchTotals {
  uint64_t turns = 0;          // AI turns chosen
  uint64_t kept_players = 0;   // turns chosen by a player kept from an earlier turn
  uint64_t reused_visits = 0;  // visits found below the root at the start of each search
};

class AiPlayers {
 public:
  static constexpr size_t kDefaultCapacity = 16;
  explicit AiPlayers(size_t capacity = kDefaultCapacity) : capacity_(capacity) {}

  // The whole turn of the AI `spec` in seat `seat` of `board` from `history` (texts of the
  // plies, as ai::choose_turn gives them), chosen by the board's kept player when its
  // spec is the same; `seed` seeds a player made now.  Throws LudusError for a bad spec.
  std::vector<std::string> choose_turn(int64_t board, int seat, const std::string& spec, uint64_t seed,
                                       const History& history);
  // Drops the players of a board (its game ended or was taken back past their turn).
  void forget(int64_t board);

  AiSearchTotals totals() const;
  size_t size() const;

 private:
  struct Kept {
    int64_t board = 0;
    int seat = 0;
    std::string spec;
    std::shared_ptr<ai::Player> player;
  };
  // Takes the board's player out of the list (or makes one); put back after the turn.
  Kept take(int64_t board, int seat, const std::string& spec, uint64_t seed, bool& kept);
  void put_back(Kept kept);

  size_t capacity_;
  mutable std::mutex mutex_;
  std::list<Kept> players_;  // most recently used first
  std::atomic<uint64_t> turns_{0}, kept_players_{0}, reused_visits_{0};
};

}  // namespace ludus::server
