// SPDX-License-Identifier: Apache-2.0
#pragma once
// Grading the AI by proofs (`ludus grade`): positions whose value the solver proves are
// played by a player, and each move is judged by the solver again.
//   * In a won position (the mover wins with perfect play): does the move keep the win?
//   * In a lost position: how many plies does the player last against a perfect winner
//     (the solver's winning move at each of the winner's turns)?
// Positions come from self-play of some AI (sample_proven_positions), cut where the solver
// proves them within a budget, and can be stored as text (format_positions /
// parse_positions) so that every level is graded on the same ones.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/player.h"
#include "ai/solver/solver.h"
#include "core/game.h"

namespace ludus::ai {

struct ProvenPosition {
  std::vector<Action> moves;  // from the start
  bool mover_wins = false;    // the seat to move there wins with perfect play (else loses)
};

struct GradingLimits {
  double solve_seconds = 1.0;          // per question asked of the solver
  size_t memory_bytes = 16u << 20;     // its transposition table (one per position)
  int max_plies = 400;                 // a lost line is cut here (never reached on small boards)
};

// The solver with a time budget per question, one table for every question about one
// position and its continuations.
class PositionJudge {
 public:
  PositionJudge(const Game& game, const GradingLimits& limits);
  // The value of `state` for `seat`; kUnknown when the budget ran out.
  solver::Value value_for(const State& state, int seat);
  // The value for the mover and a move keeping it (win or draw).
  solver::PositionResult solve(const State& state);

 private:
  solver::Solver solver_;
};

// Plays up to `games` self-play games of `sampler_spec` (seeded from `seed`), takes one
// position of each (anywhere, or among the last `from_end` plies when from_end > 0; never
// a finished one), and keeps those the solver proves won or lost for the mover, until
// `count` are kept.  Draws are not kept.
std::vector<ProvenPosition> sample_proven_positions(const std::shared_ptr<const Game>& game,
                                                    const std::string& sampler_spec, int count, int games,
                                                    int from_end, uint64_t seed, const GradingLimits& limits);

// Text of positions: "game NAME", "options k=v ..." and one line per position, "W" or "L"
// (the mover wins or loses) followed by the moves' canonical texts.
std::string format_positions(const Game& game, const std::vector<ProvenPosition>& positions);
// Throws LudusError("bad positions file: ...") naming the bad line, also when it was made
// for another game or other options.
std::vector<ProvenPosition> parse_positions(const Game& game, std::string_view text);

struct MoveGrade {
  enum Outcome { kKept, kThrown, kUnknown } outcome = kUnknown;
  Action move = kNoAction;
};
// The player's move in the won position `position`, judged.
MoveGrade grade_won_position(const std::shared_ptr<const Game>& game, const ProvenPosition& position,
                             Player& player, PositionJudge& judge);

struct Resistance {
  int plies = 0;         // plies played until the end (both sides)
  bool finished = true;  // false: a question ran out of time, or the ply limit cut the line
  bool escaped = false;  // the player won after all (a wrong proof would show here)
};
// The player plays the lost position `position` out against the solver's winning moves.
Resistance resist_lost_position(const std::shared_ptr<const Game>& game, const ProvenPosition& position,
                                Player& player, PositionJudge& judge, int max_plies);

// The player of `spec` with the opening book off (so the search is graded, not the book).
std::unique_ptr<Player> make_graded_player(const std::string& spec, uint64_t seed);

}  // namespace ludus::ai
