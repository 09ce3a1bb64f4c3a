// SPDX-License-Identifier: Apache-2.0
#pragma once
// A turn entered piece by piece, as `ludus play` takes it from a person (the web page,
// web/play.js, does the same with clicks): each line adds actions ("h8", "h8,pass") or
// the first site of an action that takes more (Trellis's first stone of two: "d4", then
// "e6", or "pass" to play d4 alone).  Once the turn is complete its whole text goes to
// History::play_turn, so a person's turn is played all or nothing, like any other move.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/history.h"

namespace ludus {

class TurnEntry {
 public:
  // Starts a turn of the player to move in `history` (not over).
  explicit TurnEntry(const History& history);

  // Adds what the person typed.  Throws LudusError with the reason (and adds nothing)
  // when it does not fit the turn: an illegal action, text past the turn's end, a second
  // site that makes no action with the first.
  void add(std::string_view text);

  // Nothing entered yet.
  bool empty() const { return plies_.empty() && !held_; }
  // The turn is whole: text() is ready for History::play_turn.
  bool complete() const { return !held_ && !plies_.empty() && !position_.mid_turn(); }
  // The whole turn as typed on one line: "h8,pass", "d4,e6", "d4".
  std::string text() const;
  // The position after the actions entered so far (a held first site is not on it).
  const History& position() const { return position_; }
  // What may come next, for the prompt: "after d4: the second point, or pass for d4
  // alone", "after h8: the second action, or pass to end the turn"; "" when empty().
  std::string next_step() const;
  // The texts that may come next: the legal actions of position(), or with a held first
  // site the second sites and `pass`.
  std::vector<std::string> choices() const;

 private:
  // Legal actions of position() of the held action's kind whose sites are the held
  // action's and more (Trellis's pairs through the first stone).
  std::vector<Action> extensions(Action action) const;
  void play(Action action);

  History position_;
  std::vector<std::string> plies_;  // played on position_
  std::optional<Action> held_;      // an action of position_ waiting for another site
};

}  // namespace ludus
