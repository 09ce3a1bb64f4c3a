// SPDX-License-Identifier: Apache-2.0
#include "server/storage/bot_event_store.h"

#include <array>

#include "server/base/enum_names.h"
#include "server/base/errors.h"

namespace ludus::server {
namespace {

// As the CHECK of bot_events.kind, by enumerator.
constexpr std::array<std::string_view, 6> kKindNames = {"invitation", "invitation_gone", "game_start",
                                                        "your_turn",  "proposal",        "game_end"};

}  // namespace

std::string_view bot_event_kind_name(BotEventKind kind) { return kKindNames[static_cast<size_t>(kind)]; }

int64_t append_bot_event(Session& session, const std::string& bot, const BotEventRow& event) {
  auto head = session.connection().query(
      "INSERT INTO bot_event_heads (user_id, last_id) VALUES (?1, 1) "
      "ON CONFLICT (user_id) DO UPDATE SET last_id = bot_event_heads.last_id + 1 RETURNING last_id");
  head.bind(1, bot);
  if (!head.step()) throw ServiceError(ErrorKind::Internal, "database", "a bot event got no number");
  const int64_t id = head.int64(0);
  head.run();
  session.connection()
      .query("INSERT INTO bot_events (user_id, id, kind, board, offer, move_number, detail, created_at) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
      .bind_all(bot, id, bot_event_kind_name(event.kind), event.board, event.offer, event.move_number, event.detail,
                event.created_at)
      .run();
  return id;
}

std::vector<BotEventRow> bot_events_after(Session& session, const std::string& bot, int64_t after, int limit) {
  auto q = session.connection().query(
      "SELECT id, kind, board, offer, move_number, detail, created_at FROM bot_events "
      "WHERE user_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3");
  q.bind_all(bot, after, limit);
  std::vector<BotEventRow> out;
  while (q.step()) {
    BotEventRow row;
    row.id = q.int64(0);
    const auto kind = enum_by_name<BotEventKind>(q.text(1), kKindNames);
    if (!kind) continue;  // the table's CHECK allows only these
    row.kind = *kind;
    if (!q.is_null(2)) row.board = q.int64(2);
    if (!q.is_null(3)) row.offer = q.int64(3);
    row.move_number = q.optional_int(4);
    row.detail = q.text(5);
    row.created_at = q.int64(6);
    out.push_back(std::move(row));
  }
  return out;
}

int64_t last_bot_event_id(Session& session, const std::string& bot) {
  auto q = session.connection().query("SELECT last_id FROM bot_event_heads WHERE user_id = ?1");
  q.bind(1, bot);
  return q.step() ? q.int64(0) : 0;
}

std::optional<int64_t> oldest_bot_event_id(Session& session, const std::string& bot) {
  auto q = session.connection().query("SELECT min(id) FROM bot_events WHERE user_id = ?1");
  q.bind(1, bot);
  if (!q.step() || q.is_null(0)) return std::nullopt;
  return q.int64(0);
}

int prune_bot_events(Session& session, int64_t before, int keep) {
  auto& db = session.connection();
  db.query("DELETE FROM bot_events WHERE created_at < ?1").bind(1, before).run();
  int deleted = db.changes();
  db.query("DELETE FROM bot_events WHERE id <= (SELECT h.last_id - ?1 FROM bot_event_heads h "
           "WHERE h.user_id = bot_events.user_id)")
      .bind(1, keep)
      .run();
  return deleted + db.changes();
}

}  // namespace ludus::server
