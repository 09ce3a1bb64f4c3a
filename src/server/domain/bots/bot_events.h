// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a bot hears of (docs/bots.md "The events"): the events a change causes, written in the
// change's own transaction (bot_event_store.h), so a change that rolls back leaves none and
// every committed change leaves its events.
#include <cstdint>
#include <string_view>

#include "server/domain/play/board.h"
#include "server/domain/play/board_events.h"
#include "server/domain/play/offers.h"
#include "server/storage/store.h"

namespace ludus::server {

// The events of a board's change for its bot players: game_start, your_turn (the bot is to
// move after it), proposal (the opponent proposed), game_end.  `board` is the board as
// changed.  Service::report calls it for every board event.
void record_bot_board_events(Session& session, const Board& board, const BoardEvent& event, int64_t now);
// An invitation to a bot was posted: its `invitation`.
void record_bot_invitation(Session& session, const OfferRecord& offer, int64_t now);
// An invitation to a bot is no longer open; `status`: withdrawn, expired, declined or taken.
void record_bot_invitation_gone(Session& session, const OfferRecord& offer, std::string_view status, int64_t now);
// Before the offers past their expiry at `now` are marked expired: the invitation_gone of
// those to bots.
void record_expiring_bot_invitations(Session& session, int64_t now);

// What a bot's stream keeps (docs/bots.md "What is kept"): its newest kBotEventsKept
// events, none older than kBotEventKeptSeconds.
constexpr int kBotEventsKept = 1000;
constexpr int64_t kBotEventKeptSeconds = 7 * 86400;
// Deletes the events beyond those (a chore of the mail worker and `ludus cleanup`); returns how many.
int prune_old_bot_events(Store& store, int64_t now);

}  // namespace ludus::server
