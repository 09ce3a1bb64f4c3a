// SPDX-License-Identifier: Apache-2.0
#include "server/domain/bots/bot_events.h"

#include "server/storage/bot_event_store.h"
#include "server/storage/bot_store.h"

namespace ludus::server {
namespace {

// The board's record says which seats bots hold (read with it, or set as it was created).
bool bot_seat(const Board& board, int seat) { return board.record().bots[static_cast<size_t>(seat)]; }

BotEventRow board_event(BotEventKind kind, const Board& board, int64_t now) {
  BotEventRow row;
  row.kind = kind;
  row.board = board.id();
  row.created_at = now;
  return row;
}

}  // namespace

void record_bot_board_events(Session& session, const Board& board, const BoardEvent& event, int64_t now) {
  if (event.summary.empty()) return;  // nothing happened
  const bool ends = event.kind == BoardEventKind::Moved || event.kind == BoardEventKind::Resigned ||
                    event.kind == BoardEventKind::TimedOut || event.kind == BoardEventKind::Answered ||
                    event.kind == BoardEventKind::Proposed;
  const bool turns = event.kind == BoardEventKind::Started || event.kind == BoardEventKind::Moved ||
                     event.kind == BoardEventKind::Answered;
  for (int seat = 0; seat < 2; ++seat) {
    if (!bot_seat(board, seat)) continue;
    const std::string& bot = board.player(seat);
    if (event.kind == BoardEventKind::Started) append_bot_event(session, bot, board_event(BotEventKind::GameStart, board, now));
    if (board.is_over()) {
      if (ends) append_bot_event(session, bot, board_event(BotEventKind::GameEnd, board, now));
      continue;
    }
    const GameRecord& record = board.record();
    if (event.kind == BoardEventKind::Proposed && !record.proposal.empty() && record.proposal_seat != seat) {
      BotEventRow proposal = board_event(BotEventKind::Proposal, board, now);
      proposal.detail = record.proposal;
      append_bot_event(session, bot, proposal);
    }
    if (turns && board.seat_to_move() == seat) {
      BotEventRow turn = board_event(BotEventKind::YourTurn, board, now);
      turn.move_number = board.num_moves() + 1;
      append_bot_event(session, bot, turn);
    }
  }
}

void record_bot_invitation(Session& session, const OfferRecord& offer, int64_t now) {
  if (offer.kind != OfferKind::Invitation || !offer.to || !is_bot(session, *offer.to)) return;
  BotEventRow row;
  row.kind = BotEventKind::Invitation;
  row.offer = offer.id;
  row.created_at = now;
  append_bot_event(session, *offer.to, row);
}

void record_bot_invitation_gone(Session& session, const OfferRecord& offer, std::string_view status, int64_t now) {
  if (offer.kind != OfferKind::Invitation || !offer.to || !is_bot(session, *offer.to)) return;
  BotEventRow row;
  row.kind = BotEventKind::InvitationGone;
  row.offer = offer.id;
  row.detail = std::string(status);
  row.created_at = now;
  append_bot_event(session, *offer.to, row);
}

void record_expiring_bot_invitations(Session& session, int64_t now) {
  for (const auto& [offer, bot] : expiring_invitations_to_bots(session, now)) {
    BotEventRow row;
    row.kind = BotEventKind::InvitationGone;
    row.offer = offer;
    row.detail = "expired";
    row.created_at = now;
    append_bot_event(session, bot, row);
  }
}

int prune_old_bot_events(Store& store, int64_t now) {
  return store.retrying([&](Session& session) {
    auto tx = session.write();
    const int pruned = prune_bot_events(session, now - kBotEventKeptSeconds, kBotEventsKept);
    tx.commit();
    return pruned;
  });
}

}  // namespace ludus::server
