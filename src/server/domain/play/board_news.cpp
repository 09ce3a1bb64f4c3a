// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board_news.h"

#include <set>

#include <fmt/format.h>

#include "core/turn_count.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/community/moderation.h"
#include "server/storage/mail_store.h"

namespace ludus::server {

BoardNews board_news(const Board& board, const BoardEvent& event, const std::string& reader) {
  if (event.kind == BoardEventKind::Reminded) return BoardNews::Reminder;
  if (event.kind == BoardEventKind::ConditionalDropped) return BoardNews::ConditionalDropped;
  // A word on a board, over or not, is a comment (not news of the end).
  if (event.kind == BoardEventKind::Commented) return BoardNews::Comment;
  if (event.kind == BoardEventKind::Reviewed) return BoardNews::ReviewReady;
  if (board.is_over()) return BoardNews::GameOver;
  const GameRecord& record = board.record();
  if (!record.proposal.empty() && record.proposal_seat && board.player(1 - *record.proposal_seat) == reader)
    return record.proposal == "draw" ? BoardNews::DrawProposed : BoardNews::TakeBackProposed;
  if (board.seat_to_move() >= 0 && board.player(board.seat_to_move()) == reader) return BoardNews::YourMove;
  switch (event.kind) {
    case BoardEventKind::Started: return BoardNews::NewGame;
    case BoardEventKind::Moved: return BoardNews::Moved;
    case BoardEventKind::Proposed:
    case BoardEventKind::Answered: return BoardNews::Proposal;
    default: return BoardNews::Update;
  }
}

std::string board_news_headline(BoardNews news, const Board& board, const BoardEvent& event, const Language& language) {
  switch (news) {
    case BoardNews::Reminder: return tr(language, "reminder: your move");
    case BoardNews::ConditionalDropped: return tr(language, "your conditional moves were dropped");
    case BoardNews::GameOver: return tr(language, "game over");
    case BoardNews::DrawProposed: return tr(language, "draw proposed");
    case BoardNews::TakeBackProposed: return tr(language, "take-back proposed");
    case BoardNews::YourMove: return tr(language, "your move");
    case BoardNews::NewGame: return tr(language, "new game");
    case BoardNews::Moved: return tr(language, "turn {turn}", {{"turn", turns_in(board.history(), board.num_moves())}});
    case BoardNews::Proposal: return tr(language, "proposal");
    case BoardNews::Comment: return tr(language, "comment by {user}", {{"user", event.actor}});
    case BoardNews::ReviewReady: return tr(language, "review ready");
    case BoardNews::Update: break;
  }
  return tr(language, "update");
}

std::vector<BoardReader> board_event_readers(Session& session, const Board& board, const BoardEvent& event) {
  std::set<std::string> users;
  if (event.kind == BoardEventKind::Reminded) {
    if (board.seat_to_move() >= 0) users.insert(board.player(board.seat_to_move()));
  } else {
    for (int seat = 0; seat < 2; ++seat) users.insert(board.player(seat));
    for (const auto& follower : board_subscribers(session, board.id())) users.insert(follower);
  }
  // An event for one player (their own conditional moves dropped) reaches them alone.
  if (!event.recipient.empty()) users = users.contains(event.recipient) ? std::set{event.recipient} : std::set<std::string>{};
  std::vector<BoardReader> readers;
  for (const std::string& user : users) {
    if (Accounts::is_ai(user)) continue;
    // The actor's words reach nobody a block stands between them and (a follower who blocks
    // a kibitzer, say): a comment is all words; a move goes without them.
    const bool words_barred = !event.actor.empty() && !may_meet(session, user, event.actor);
    if (words_barred && event.kind == BoardEventKind::Commented) continue;
    readers.push_back({user, words_barred});
  }
  return readers;
}

}  // namespace ludus::server
