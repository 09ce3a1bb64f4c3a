// SPDX-License-Identifier: Apache-2.0
#pragma once
// What happened to a board, as the service tells the listeners that must record it in the
// same transaction as the change (the mail outbox): the listener gets the open Session, the
// board as changed and the event, before the commit.  A listener that throws rolls the
// change back.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/base/texts.h"
#include "server/domain/play/board.h"
#include "server/storage/store.h"

namespace ludus::server {

enum class BoardEventKind {
  Started,    // a challenge created the board
  Moved,      // a turn was played (maybe with the mover's comment)
  Resigned,
  Proposed,   // a draw or a take-back was proposed (or the computer answered it at once)
  Answered,   // a proposal was accepted or rejected
  Commented,
  TimedOut,   // the player to move lost on time
  Reminded,   // the player to move is past the nag time (nothing changed but a flag)
  ConditionalDropped,  // a player's conditional moves did not answer the opponent's turn
  Reviewed,   // the review of the finished board is ready (analysis/reviews.h)
};

// How a board changed, for the listeners told after the commit (the AI, live clients),
// also of other processes' changes (change_feed.h).
enum class BoardChange {
  Changed,  // moved, answered, commented ... (or a change not known to be a creation)
  Created,  // a new board (it may have changed again since: the computer moved first)
};

struct BoardEvent {
  BoardEventKind kind = BoardEventKind::Moved;
  std::string actor;    // the user who acted; "" for the server (time limits)
  // One line, written in each reader's language (texts.h): "alice plays e5 on board 3
  // (turn 7)"; empty = nothing happened.
  Message summary;
  std::string comment;  // the mover's comment, "" for none
  // "" : told to everyone concerned; else told to this user only (their conditional moves,
  // which nobody else may learn of).
  std::string recipient;
};

// Someone an event reaches (play/board_news.h: board_event_readers).
struct BoardReader {
  std::string user;
  // A block stands between the reader and the actor: the actor's words do not reach them
  // (a move's comment is left out; a comment does not reach them at all: not a reader).
  bool words_barred = false;
};
// `readers`: whom the event reaches (board_event_readers), worked out once for every listener.
using BoardEventSink = std::function<void(Session& session, const Board& board, const BoardEvent& event,
                                          const std::vector<BoardReader>& readers)>;

}  // namespace ludus::server
