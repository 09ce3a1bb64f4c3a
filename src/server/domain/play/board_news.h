// SPDX-License-Identifier: Apache-2.0
#pragma once
// Who hears of a board's event, and what it is to each of them: the one answer the mail
// notifier (its subject lines) and the notifications (notifications.h) both take, so a
// mail and a notification never disagree about who is told what, nor about blocks.
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/play/board.h"
#include "server/domain/play/board_events.h"
#include "server/storage/store.h"

namespace ludus::server {

// What a board's event is to one reader.
enum class BoardNews {
  Reminder,          // the reader is past the nag time on a board where they have the move
  ConditionalDropped,  // the reader's conditional moves did not answer the turn just played
  GameOver,
  DrawProposed,      // the reader must answer a draw ...
  TakeBackProposed,  // ... or a take-back proposed to them
  YourMove,          // the reader has the move (also on a board just started)
  NewGame,           // a board started where the reader does not have the move
  Moved,             // a turn was played (the reader does not have the move: a follower)
  Proposal,          // a proposal made or answered that the reader need not answer
  Comment,           // a word on the board, over or not
  ReviewReady,       // the review of the finished board is ready
  Update,            // anything else
};
BoardNews board_news(const Board& board, const BoardEvent& event, const std::string& reader);
// How a mail's subject says it after "Ndengrod Board 12: " ("your move", "turn 7",
// "comment by alice", ...), in `language`.
std::string board_news_headline(BoardNews news, const Board& board, const BoardEvent& event,
                                const Language& language = Language());

// The people an event of `board` reaches, by user id: its players who are people and its
// followers, the actor included (they get a copy or a reply); a reminder reaches the player
// to move alone, and a comment nobody a block stands between and its author (may_meet).
std::vector<BoardReader> board_event_readers(Session& session, const Board& board, const BoardEvent& event);

}  // namespace ludus::server
