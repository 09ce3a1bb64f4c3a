// SPDX-License-Identifier: Apache-2.0
#pragma once
// The bots' event stream as stored (schema migration 22, docs/bots.md "The event stream"):
// one row per event in `bot_events`, numbered per bot from its row of `bot_event_heads`.
// Every function runs on a Session the caller holds in a transaction; append_bot_event in
// the write transaction of the change it records, so the event commits (or rolls back)
// with it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

enum class BotEventKind { Invitation, InvitationGone, GameStart, YourTurn, Proposal, GameEnd };
std::string_view bot_event_kind_name(BotEventKind kind);

struct BotEventRow {
  int64_t id = 0;  // the bot's own numbering: 1, 2, 3 ...
  BotEventKind kind = BotEventKind::YourTurn;
  std::optional<int64_t> board;
  std::optional<int64_t> offer;
  std::optional<int> move_number;  // your_turn: the ply the move gets
  std::string detail;              // invitation_gone: the offer's status; proposal: its kind
  int64_t created_at = 0;
};

// Appends `event` (its id is ignored) to `bot`'s events and returns the id it got: the bot's
// last id + 1.  The head row it counts on stays locked until the transaction ends, so a bot's
// ids commit in their order (a reader never sees 12 before 11).
int64_t append_bot_event(Session& session, const std::string& bot, const BotEventRow& event);
// Up to `limit` of `bot`'s events numbered above `after`, in order.
std::vector<BotEventRow> bot_events_after(Session& session, const std::string& bot, int64_t after, int limit);
// The id of `bot`'s newest event (0 before its first).
int64_t last_bot_event_id(Session& session, const std::string& bot);
// The id of `bot`'s oldest kept event; nullopt when none is kept.
std::optional<int64_t> oldest_bot_event_id(Session& session, const std::string& bot);
// Deletes events created before `before`, and each bot's events beyond its `keep` newest;
// returns how many.  The heads stay: ids are never given twice.
int prune_bot_events(Session& session, int64_t before, int keep);

}  // namespace ludus::server
