// SPDX-License-Identifier: Apache-2.0
#pragma once
// Puzzles (docs/puzzles.md): positions where exactly one whole turn wins, and that is
// proven.  The mover's winning turn is proven to win, and every other turn it has is
// proven not to (the solver disproves "the mover wins" after it, or it ends the game
// without the mover winning); a position where any turn is left unsettled within the node
// budget is no puzzle, and neither is one where the mover has a single turn.  The line
// goes on: the loser's longest defence (the reply after which the winner needs the most
// turns, read by a search bounded in turns), then the winner's next turn, unique again,
// until the winner's turn ends the game, within `max_turns` turns of the winner.  Like lichess-puzzler's generator, the winning side
// has exactly one good answer at each of its turns.
//
// A turn is whole: Epoxy's two actions are one turn.  Two orders of the same actions that
// reach the same position are the same turn.  Everything is decided by the rules and by
// searches bounded in nodes (not seconds), so `verify_puzzle` finds again, on any machine,
// what `make_puzzle` found, and a stored puzzle is checked from the rules alone.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/history.h"

namespace ludus::ai {

struct PuzzleLimits {
  uint64_t nodes = 200'000;          // solver nodes for each of the winner's turns in the line
  uint64_t reply_steps = 200'000;    // turns generated for reading the loser's longest defence
  size_t memory_bytes = 16u << 20;   // the solver's table
  int max_turns = 2;                 // the winner's turns in the line, the last one winning
};

// One whole turn from a position: its plies, in order.
struct WholeTurn {
  std::vector<Action> plies;
  std::unique_ptr<State> after;
};
// Every whole turn of the mover from `state` (not terminal); turns reaching one position
// (the same actions in another order) are listed once.
std::vector<WholeTurn> whole_turns(const State& state);
// "d3,e5-e7": the plies of a turn in the notation people type (join_plies).
std::string turn_text(const State& before, const std::vector<Action>& plies);

struct Puzzle {
  std::shared_ptr<const Game> game;
  std::vector<Action> moves;                 // the position: plies from the start
  std::vector<std::vector<Action>> line;     // whole turns: winner, loser, winner, ...; ends with the win
  int winner_seat = 0;
  std::vector<std::string> themes;           // the ending's (State::ending_theme) and "captures"
  int choices = 0;                           // the winner's turns at the puzzle's position
  uint64_t nodes = 0;                        // solver nodes spent proving the line
  std::string digest;                        // 16 hex digits over every turn judged and its verdict
  // The winner's turns in the line.
  int turns() const { return static_cast<int>(line.size() + 1) / 2; }
  // A starting rating for the puzzle (Glicko-2 scale, 1500 the middle): longer lines and
  // more turns to choose from are harder.
  double rating() const;
};

// Why a position is no puzzle.
enum class PuzzleRejection {
  kNone,        // it is one
  kOver,        // the game is over there
  kNoWin,       // no turn of the mover is proven to win
  kSeveral,     // two or more turns win (at the position or later in the line)
  kUnsettled,   // a turn's value, or the longest defence, was not settled within the budget
  kTooLong,     // the win takes more than max_turns turns
  kForced,      // the mover has one turn only at the puzzle's position: nothing to find
};
std::string_view rejection_name(PuzzleRejection rejection);  // "several winning turns", ...

struct PuzzleVerdict {
  std::optional<Puzzle> puzzle;
  PuzzleRejection rejection = PuzzleRejection::kNone;
  uint64_t nodes = 0;
};

// The puzzle at the position after `moves` (legal plies from the start), if it is one.
PuzzleVerdict make_puzzle(const std::shared_ptr<const Game>& game, const std::vector<Action>& moves,
                          const PuzzleLimits& limits);

// What a search for puzzles saw: positions tried, kept, and why the others were not.
struct PuzzleTally {
  long long positions = 0;
  long long kept = 0;
  std::array<long long, 7> rejected{};  // by PuzzleRejection
  uint64_t nodes = 0;
  void add(const PuzzleVerdict& verdict);
};

// The first puzzle among the last positions of a game (the starts of its last
// 2 * limits.max_turns turns, the earliest first, so the longest line is found), if any.
std::optional<Puzzle> puzzle_from_game(const History& game, const PuzzleLimits& limits, PuzzleTally& tally);

// A puzzle as one line of JSON (docs/puzzles.md): game, options, moves and line in the
// notation, winner seat, themes, difficulty, digest.
std::string puzzle_json(const Puzzle& puzzle);
// Reads one such line; throws LudusError("bad puzzle: ...") on a malformed line, moves the
// rules refuse, or a line that does not end with the winner's win.
Puzzle parse_puzzle(std::string_view json_line);

// Finds `stored` again from its game and position alone (its line's length is the only
// claim taken from it, as limits.max_turns): a puzzle, with the same line, themes and
// digest.  Returns "" when it holds, else the reason it does not.
std::string verify_puzzle(const Puzzle& stored, const PuzzleLimits& limits);

// The starter sets compiled in (data/puzzles/GAME.jsonl): {file name without ".jsonl",
// its JSON Lines}.
std::vector<std::pair<std::string, std::string_view>> starter_puzzle_sets();

}  // namespace ludus::ai
