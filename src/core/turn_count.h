// SPDX-License-Identifier: Apache-2.0
#pragma once
// How every front end counts a game for people: in turns (docs/turns.md, "Counting").
// A turn is what History groups (a seat's run of plies with one colour): Epoxy's two
// actions are one turn, every other game's turn is one ply.  Views, mails and exports say
// "turn 5", and "turn 5 (1st action)" for a position inside a turn of several actions;
// plies stay the unit of records and of the API's move numbers.
#include <string>
#include <string_view>
#include <vector>

#include "core/history.h"

namespace ludus {

// Where a position stands among the turns: after `turn` (0 at the start), of which
// `action` plies are played; `whole` when that turn is over (the next ply starts another).
struct TurnPoint {
  int turn = 0;
  int action = 0;
  bool whole = true;
  bool operator==(const TurnPoint&) const = default;
};

// 1-based place of ply `ply` (0-based) within its turn: Epoxy's second action is 2.
int action_in_turn(const History& history, int ply);

// The position after the first `plies` plies of `history` (0 <= plies <= num_moves()).
// At the end of the history a turn is whole unless the same mover goes on (History::mid_turn).
TurnPoint turn_point(const History& history, int plies);

// Turns begun in the first `plies` plies: 0 at the start, 5 after five whole turns.
inline int turns_in(const History& history, int plies) { return turn_point(history, plies).turn; }

// "the start", "turn 5", "turn 5 (1st action)".
std::string turn_point_text(const TurnPoint& point);

// "1 turn", "5 turns", "0 turns": a count with its noun, singular for one.
std::string counted(int n, std::string_view noun);

// "1st", "2nd", "3rd", "4th", "11th", "21st".
std::string ordinal(int n);

// Plies of the first `turn` turns (whole): 0 for turn 0, num_moves() past the last.
int plies_through_turn(const History& history, int turn);

// One turn as people write it: its plies joined by ',' (docs/turns.md), with who made it.
struct WrittenTurn {
  int number = 0;      // 1-based turn number
  int first_ply = 0;   // 0-based index of its first ply
  int plies = 0;       // how many plies of it are among those asked for
  PlyMover mover;
  std::string text;    // "d3,e5-e7"
};

// The turns of the first `plies` plies of `history`, in order (the last one may be part of
// a turn when `plies` stops inside it).
std::vector<WrittenTurn> written_turns(const History& history, int plies);

}  // namespace ludus
