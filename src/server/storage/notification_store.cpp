// SPDX-License-Identifier: Apache-2.0
#include "server/storage/notification_store.h"

#include "core/text.h"
#include "server/base/enum_names.h"
#include "server/storage/returned_id.h"

namespace ludus::server {
namespace {

// The user's list changed: its revision + 1 (what waiting pages look at).
void bump_revision(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "INSERT INTO notification_revisions (user_id, revision) VALUES (?1, 1) ON CONFLICT (user_id) "
      "DO UPDATE SET revision = notification_revisions.revision + 1 RETURNING revision");
  q.bind(1, user);
  returned_id(q, "a notifications revision");
}

}  // namespace

std::string_view notification_kind_name(NotificationKind kind) {
  return kNotificationKindNames[static_cast<size_t>(kind)];
}

std::optional<NotificationKind> notification_kind_by_name(std::string_view name) {
  return enum_by_name<NotificationKind>(name, kNotificationKindNames);
}

int64_t insert_notification(Session& session, const NotificationRecord& n) {
  auto& db = session.connection();
  int64_t id = 0;
  {
    auto q = db.query(
        "INSERT INTO notifications (user_id, kind, board, offer, tournament, actor, body, created_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id");
    q.bind_all(n.user, notification_kind_name(n.kind), n.board, n.offer, n.tournament, n.actor, one_line(n.text),
               n.created_at);
    id = returned_id(q, "a new notification");
  }
  // Past the cap the oldest go: found by one walk down the user's index to the cap-th newest
  // (nothing to sort, and nothing deleted while the list is shorter).
  db.query(
        "DELETE FROM notifications WHERE user_id = ?1 AND id <= "
        "(SELECT id FROM notifications WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)")
      .bind_all(n.user, kMaxNotificationsPerUser)
      .run();
  bump_revision(session, n.user);
  return id;
}

std::vector<NotificationRecord> notifications_of(Session& session, const std::string& user, const Page& page) {
  auto q = session.connection().query(
      "SELECT id, kind, board, offer, tournament, actor, body, created_at, read_at FROM notifications "
      "WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3");
  q.bind_all(user, page.limit, page.offset);
  std::vector<NotificationRecord> out;
  while (q.step()) {
    NotificationRecord n;
    n.id = q.int64(0);
    n.user = user;
    n.kind = notification_kind_by_name(q.text(1)).value_or(NotificationKind::Move);
    if (!q.is_null(2)) n.board = q.int64(2);
    if (!q.is_null(3)) n.offer = q.int64(3);
    if (!q.is_null(4)) n.tournament = q.int64(4);
    n.actor = q.text(5);
    n.text = q.text(6);
    n.created_at = q.int64(7);
    n.read = !q.is_null(8);
    out.push_back(std::move(n));
  }
  return out;
}

int unread_notifications(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT COUNT(*) FROM notifications WHERE user_id = ?1 AND read_at IS NULL");
  q.bind(1, user);
  return q.step() ? q.integer(0) : 0;
}

int64_t notifications_revision(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT revision FROM notification_revisions WHERE user_id = ?1");
  q.bind(1, user);
  return q.step() ? q.int64(0) : 0;
}

int mark_notifications_read(Session& session, const std::string& user, const NotificationSelection& selection,
                            int64_t now) {
  auto& db = session.connection();
  int changed = 0;
  if (selection.all) {
    db.query("UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL").bind_all(user, now).run();
    changed += db.changes();
  }
  if (selection.board) {
    db.query("UPDATE notifications SET read_at = ?3 WHERE user_id = ?1 AND board = ?2 AND read_at IS NULL")
        .bind_all(user, *selection.board, now)
        .run();
    changed += db.changes();
  }
  for (const int64_t id : selection.ids) {
    db.query("UPDATE notifications SET read_at = ?3 WHERE user_id = ?1 AND id = ?2 AND read_at IS NULL")
        .bind_all(user, id, now)
        .run();
    changed += db.changes();
  }
  if (changed > 0) bump_revision(session, user);
  return changed;
}

int prune_notifications(Session& session, int64_t older_than) {
  auto& db = session.connection();
  db.query("DELETE FROM notifications WHERE created_at < ?1").bind(1, older_than).run();
  return db.changes();
}

}  // namespace ludus::server
