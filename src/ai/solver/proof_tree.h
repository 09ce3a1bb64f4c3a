// SPDX-License-Identifier: Apache-2.0
#pragma once
// The positions of a proof, for the opening book: from a position that `winner` wins,
// the winner's one chosen move at each of its turns and every answer of the loser.
#include <cstdint>
#include <vector>

#include "ai/solver/dfpn.h"
#include "core/game.h"

namespace ludus::ai::solver {

struct ProofEntry {
  uint64_t key = 0;         // ExactKeyer key
  bool mover_wins = false;  // the seat to move there wins (else it loses)
  bool operator==(const ProofEntry&) const = default;
};

// Adds to `out` every position of the proof where the loser moves (mover_wins false),
// and the positions where the winner moves that a player needs to find the winner's
// moves: `state` itself when the winner moves there, and a position reached by the
// winner's move where the winner moves again (a turn of two actions).  So a player who
// looks up the positions after each of its moves always finds one.  Searches `target`'s
// question (target must be `winner` when the game may end drawn; otherwise either seat)
// where the table has forgotten a result.  Returns false when the proof holds more
// than `max_entries` positions or the time ran out (`out` is then incomplete).
bool collect_proof(Dfpn& search, const State& state, int winner, int target, size_t max_entries,
                   std::vector<ProofEntry>& out);

}  // namespace ludus::ai::solver
