// SPDX-License-Identifier: Apache-2.0
#include "server/storage/holiday_store.h"

#include <algorithm>

namespace ludus::server {

std::vector<Holiday> holidays_of(Session& session, const std::string& user, int64_t after) {
  auto q = session.connection().query(
      "SELECT user_id, starts_at, ends_at FROM holidays WHERE user_id = ?1 AND ends_at > ?2 ORDER BY starts_at");
  q.bind_all(user, after);
  std::vector<Holiday> out;
  while (q.step()) out.push_back({q.text(0), q.int64(1), q.int64(2)});
  return out;
}

void insert_holiday(Session& session, const Holiday& holiday) {
  session.connection()
      .query("INSERT INTO holidays (user_id, starts_at, ends_at) VALUES (?1, ?2, ?3)")
      .bind_all(holiday.user, holiday.starts_at, holiday.ends_at)
      .run();
}

int cancel_holidays(Session& session, const std::string& user, int64_t now) {
  sql::Connection& db = session.connection();
  db.query("DELETE FROM holidays WHERE user_id = ?1 AND starts_at >= ?2").bind_all(user, now).run();
  int changed = db.changes();
  db.query("UPDATE holidays SET ends_at = ?2 WHERE user_id = ?1 AND starts_at < ?2 AND ends_at > ?2")
      .bind_all(user, now)
      .run();
  return changed + db.changes();
}

int64_t holiday_seconds(Session& session, const std::string& user, int64_t from, int64_t to) {
  int64_t seconds = 0;
  for (const Holiday& h : holidays_of(session, user, from))
    seconds += std::max<int64_t>(0, std::min(h.ends_at, to) - std::max(h.starts_at, from));
  return seconds;
}

std::vector<std::pair<int64_t, int64_t>> touch_active_boards(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "UPDATE games SET revision = revision + 1 WHERE status = 'active' AND (seat0 = ?1 OR seat1 = ?1) "
      "RETURNING id, revision");
  q.bind(1, user);
  std::vector<std::pair<int64_t, int64_t>> out;
  while (q.step()) out.emplace_back(q.int64(0), q.int64(1));
  for (const auto& [board, revision] : out) session.connection().notify_change(board, revision);
  return out;
}

}  // namespace ludus::server
