#pragma once
// Plain Epoxy move generation written straight from the rule text of RULES.md §5, with
// no tables: the stress test checks the fast EpoxyState against it after every move.
#include <vector>

#include "games/epoxy/epoxy.h"

namespace ludus::epoxy::reference {

// Cells by site: kEmpty or the colour of the stone there.
std::vector<int> cells_of(const EpoxyState& state);

// Every legal first action of `mover` (placements and slides), sorted.
std::vector<Action> first_actions(const EpoxyGame& game, const std::vector<int>& cells, int mover);

// Legal actions of the side to move (first actions, plus pass on the second action), sorted.
std::vector<Action> legal_actions(const EpoxyState& state);

}  // namespace ludus::epoxy::reference
