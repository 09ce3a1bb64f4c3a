// SPDX-License-Identifier: Apache-2.0
#pragma once
// Plain Epoxy move generation written straight from the rule text of RULES.md §5, with
// no tables: the stress test checks the fast EpoxyState against it after every move.
// Repetition is checked against a set of every whole situation of the game.
#include <compare>
#include <set>
#include <vector>

#include "games/epoxy/epoxy_state.h"

namespace ludus::epoxy {

// A situation: the stones (kEmpty or a colour, by site), the player to act and whether
// that action is the second of a turn.
struct Situation {
  std::vector<int> cells;
  int actor;
  bool second_action;
  auto operator<=>(const Situation&) const = default;
};
// The situations a game has passed through.
using Situations = std::set<Situation>;

// Cells by site: kEmpty or the colour of the stone there.
std::vector<int> cells_of(const EpoxyState& state);
// The situation of `state` (the opening turn counts as a first action).
Situation situation_of(const EpoxyState& state);

// Every legal first action of `mover` (placements and slides), sorted; a slide that would
// recreate a situation of `seen` (`mover` to play the second action) is not legal.
std::vector<Action> first_actions(const EpoxyGame& game, const std::vector<int>& cells, int mover,
                                  const Situations& seen);

// Legal actions of the side to move (first actions, plus pass on the second action, when
// repetition looks at the situation after the turn), sorted.
std::vector<Action> legal_actions(const EpoxyState& state, const Situations& seen);

}  // namespace ludus::epoxy
