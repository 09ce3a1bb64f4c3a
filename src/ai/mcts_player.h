// SPDX-License-Identifier: Apache-2.0
#pragma once
// The MCTS computer player: keeps its tree(s) between moves (the new root is found by
// following the moves played since the last search), manages the time budget over the
// game, runs the search on its threads and explains its choice.
#include <memory>
#include <string>
#include <vector>

#include "ai/board_amaf.h"
#include "ai/mcts_config.h"
#include "ai/mcts_search.h"
#include "ai/mcts_tree.h"
#include "ai/player.h"

namespace ludus::ai {

class MctsPlayer : public Player {
 public:
  MctsPlayer(std::string name, const MctsConfig& config);
  std::string name() const override { return name_; }
  MoveChoice choose(const History& history) override;
  void new_game() override;
  // The settings from the spec, and those of the last search (with the game's profile).
  const MctsConfig& config() const { return config_; }
  const MctsConfig& active_config() const { return active_; }

 private:
  // Moves the trees' roots to the current position and notes in `choice` what was kept
  // (MoveChoice::reused_nodes, reused_visits).
  void reuse_or_reset(const History& history, MoveChoice& choice);
  // At the first move of a game with the pie rule, a move from the game's table of first
  // moves worth about half (PieOpenings), chosen by the seed; else kNoAction.  Off with
  // opening=search and for profile=v1, which searched its first move.
  Action balanced_opening(const History& history) const;
  // The time planned for this move, and the most it may take when the choice is unsettled
  // then (more only with a game budget, `total`).
  struct MoveTime {
    double planned = 0;
    double most = 0;
  };
  MoveTime seconds_for_move(const State& state);
  // The `swap` move when it is among the root's `moves` beside others, and decided by value
  // (MctsConfig::pie_by_value, PieRule::exchanges_seats_only); else kNoAction.
  Action swap_action(const std::vector<RootMove>& moves, const State& state) const;
  std::string describe(const MoveChoice& choice, int threads) const;

  std::string name_;
  MctsConfig config_;
  MctsConfig active_;
  int threads_;
  std::vector<std::unique_ptr<Tree>> trees_;
  std::shared_ptr<const Game> game_;   // the game the trees belong to
  std::unique_ptr<ActionSites> sites_;  // board AMAF for game_, when it shows its stones
  PriorSource priors_;                 // learned move priors for game_ (inactive: none)
  std::vector<Action> root_actions_;   // moves from the start to the trees' root
  double used_seconds_ = 0;            // this game, for `total`
};

}  // namespace ludus::ai
