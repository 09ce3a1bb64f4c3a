#pragma once
// Turns as people see them, for `ludus play` and `ludus gtp`: a turn is a run of plies
// made by the same seat with the same colour (Epoxy's two actions; not Trellis's
// opening, where one seat plays both colours, nor a pie swap, after which the other seat
// moves).  Typed turns are played all-or-nothing; undo goes back to a turn's start.
#include <string>
#include <string_view>
#include <vector>

#include "core/history.h"
#include "core/text.h"

namespace ludus::cli {

struct PlyMover {
  int seat = 0;
  int colour = 0;
  bool operator==(const PlyMover&) const = default;
};

// Who made each ply of the history (found by replaying it).
std::vector<PlyMover> ply_movers(const History& history);

// Index of the first ply of the turn that contains ply `ply`.
int turn_start(const std::vector<PlyMover>& movers, int ply);

// Takes the history back to its first `plies` plies (and drops a resignation).
void undo_to(History& history, int plies);

// Plays every ply of a typed turn ("d3,e5-e7" in Epoxy) or none of them; throws the
// LudusError of the first illegal ply ("illegal move 'e5-e7': ...").  Returns the
// number of plies played.
int play_turn_text(History& history, std::string_view text);

// Splits at blanks.
std::vector<std::string> split_words(std::string_view text);

}  // namespace ludus::cli
