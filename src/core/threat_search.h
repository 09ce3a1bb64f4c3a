// SPDX-License-Identifier: Apache-2.0
#pragma once
// An optional side of a State: a search for wins forced by threats, in the way Gomoku
// programs look for a "victory by continuous fours" (VCF).  Every move of the winning
// side threatens to win at once, so the other side's answers are few, and sequences far
// deeper than a full-width search reaches are read in microseconds.  MCTS is weakest
// exactly there: a forcing line it has not sampled looks like any other move.  A State
// offers it by also deriving from ThreatSearch and returning itself from
// State::threat_search(); the default there, nullptr, leaves games without it untouched.
#include <cstdint>

#include "core/game.h"

namespace ludus {

class ThreatSearch {
 public:
  virtual ~ThreatSearch() = default;

  struct ForcedWin {
    Action first = kNoAction;  // kNoAction: none found
    int plies = 0;             // the longest line of the proof, the winning move included
  };
  // A move of the side to move that wins by force, each of its moves threatening to win at
  // once, found within `budget` move applications (decreased by those spent).  Sound: the
  // proof answers every legal reply after which no immediate win remains, so a move given
  // here wins against any defence; not complete (other forced wins are not looked for).
  virtual ForcedWin threat_win(int64_t& budget) const = 0;
};

}  // namespace ludus
