// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers for the AI tests: set up positions from move lists and play whole games between
// two players by SEAT (a pie/swap rule may hand a seat the other colour mid-game).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/player.h"
#include "core/history.h"
#include "core/registry.h"

namespace ludus::ai::testing {

inline History position(std::shared_ptr<const Game> game, const std::vector<std::string>& moves) {
  History h(std::move(game));
  for (const auto& m : moves) h.play(m);
  return h;
}

inline std::string chosen_text(Player& player, const History& h) {
  MoveChoice c = player.choose(h);
  return h.state().action_to_text(c.action);
}

// Plays one game; players[s] moves for seat s.  Returns the winning seat or kDraw.
inline int play_game(std::shared_ptr<const Game> game, std::array<Player*, 2> players, int max_plies = 10000) {
  History h(std::move(game));
  for (auto* p : players) p->new_game();
  for (int ply = 0; !h.is_over() && ply < max_plies; ++ply) {
    Player& p = *players[static_cast<size_t>(h.state().seat_to_move())];
    MoveChoice c = p.choose(h);
    h.play(c.action);
  }
  return h.state().is_terminal() ? h.state().winning_seat() : kDraw;
}

// Games won by `strong` out of `games`, alternating its seat.
inline int wins_against(std::shared_ptr<const Game> game, Player& strong, Player& weak, int games) {
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    int seat = g % 2;
    std::array<Player*, 2> players{};
    players[static_cast<size_t>(seat)] = &strong;
    players[static_cast<size_t>(1 - seat)] = &weak;
    wins += play_game(game, players) == seat;
  }
  return wins;
}

// `spec` with its random seed set: "easy" -> "easy:seed=N", "mcts:iters=9" -> "mcts:iters=9,seed=N".
inline std::string with_seed(const std::string& spec, uint64_t seed) {
  return spec + (spec.find(':') == std::string::npos ? ":seed=" : ",seed=") + std::to_string(seed);
}

// Games won by `strong_spec` out of `games`, alternating its seat, each game between fresh
// players with their own seeds: a seeded search is a function of the position, so players
// kept from game to game would replay one game over and over.
inline int wins_with_fresh_seeds(std::shared_ptr<const Game> game, const std::string& strong_spec,
                                 const std::string& weak_spec, int games) {
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    auto strong = make_player(with_seed(strong_spec, 2 * static_cast<uint64_t>(g) + 1));
    auto weak = make_player(with_seed(weak_spec, 2 * static_cast<uint64_t>(g) + 2));
    const int seat = g % 2;
    std::array<Player*, 2> players{};
    players[static_cast<size_t>(seat)] = strong.get();
    players[static_cast<size_t>(1 - seat)] = weak.get();
    wins += play_game(game, players) == seat;
  }
  return wins;
}

}  // namespace ludus::ai::testing
