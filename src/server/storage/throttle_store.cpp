// SPDX-License-Identifier: Apache-2.0
#include "server/storage/throttle_store.h"

#include <algorithm>
#include <cmath>

namespace ludus::server {

// --- failure counters -----------------------------------------------------------------------

FailureCount failure_count(Session& session, std::string_view scope, const std::string& subject) {
  auto q = session.connection().query("SELECT count, mark FROM throttles WHERE scope = ?1 AND subject = ?2");
  q.bind_all(scope, subject);
  if (!q.step()) return {};
  return {q.integer(0), q.int64(1)};
}

void add_failure(Session& session, std::string_view scope, const std::string& subject, int64_t now,
                 int64_t forget_after) {
  session.connection()
      .query(
          "INSERT INTO throttles (scope, subject, count, mark, forget_at) VALUES (?1, ?2, 1, ?3, ?4) "
          "ON CONFLICT (scope, subject) DO UPDATE SET count = throttles.count + 1, mark = ?3, forget_at = ?4")
      .bind_all(scope, subject, now, now + forget_after)
      .run();
}

void clear_failures(Session& session, std::string_view scope, const std::string& subject) {
  session.connection().query("DELETE FROM throttles WHERE scope = ?1 AND subject = ?2").bind_all(scope, subject).run();
}

// --- rate limits ----------------------------------------------------------------------------

// GCRA (the generic cell rate algorithm): a bucket of `burst` events refilling at
// `per_second` is one timestamp, the theoretical arrival time (TAT) of the next event.  An
// event at t is admitted when TAT - t <= (burst - 1) * interval, and moves TAT on by one
// interval from max(TAT, t).
int admit_event(Session& session, std::string_view scope, const std::string& subject, double per_second, double burst,
                int64_t now_ms) {
  const double interval_ms = 1000.0 / per_second;
  const double tolerance_ms = (std::max(burst, 1.0) - 1.0) * interval_ms;
  int64_t tat = now_ms;
  {
    auto q = session.connection().query("SELECT mark FROM throttles WHERE scope = ?1 AND subject = ?2");
    q.bind_all(scope, subject);
    if (q.step()) tat = std::max(tat, q.int64(0));
  }
  const double ahead_ms = static_cast<double>(tat - now_ms);
  if (ahead_ms > tolerance_ms) return std::max(1, static_cast<int>(std::ceil((ahead_ms - tolerance_ms) / 1000.0)));
  const int64_t next = tat + static_cast<int64_t>(std::llround(interval_ms));
  // The row is worth keeping until the bucket has refilled: TAT is then in the past.
  const int64_t forget_at = next / 1000 + 1;
  session.connection()
      .query(
          "INSERT INTO throttles (scope, subject, count, mark, forget_at) VALUES (?1, ?2, 0, ?3, ?4) "
          "ON CONFLICT (scope, subject) DO UPDATE SET mark = ?3, forget_at = ?4")
      .bind_all(scope, subject, next, forget_at)
      .run();
  return 0;
}

int prune_throttles(Session& session, int64_t now) {
  session.connection().query("DELETE FROM throttles WHERE forget_at < ?1").bind_all(now).run();
  return session.connection().changes();
}

// --- devices --------------------------------------------------------------------------------

std::optional<std::string> device_user(Session& session, const std::string& device_hash) {
  auto q = session.connection().query("SELECT user_id FROM login_devices WHERE device_hash = ?1");
  q.bind_all(device_hash);
  if (!q.step()) return std::nullopt;
  return q.text(0);
}

void insert_device(Session& session, const std::string& device_hash, const std::string& user, int64_t now) {
  session.connection()
      .query(
          "INSERT INTO login_devices (device_hash, user_id, created_at, last_used_at) VALUES (?1, ?2, ?3, ?3) "
          "ON CONFLICT (device_hash) DO NOTHING")
      .bind_all(device_hash, user, now)
      .run();
}

void touch_device(Session& session, const std::string& device_hash, int64_t now) {
  session.connection().query("UPDATE login_devices SET last_used_at = ?2 WHERE device_hash = ?1").bind_all(device_hash, now).run();
}

void trim_devices(Session& session, const std::string& user, int keep) {
  session.connection()
      .query(
          "DELETE FROM login_devices WHERE user_id = ?1 AND device_hash NOT IN (SELECT device_hash FROM login_devices "
          "WHERE user_id = ?1 ORDER BY last_used_at DESC, device_hash LIMIT ?2)")
      .bind_all(user, keep)
      .run();
}

void delete_devices_of(Session& session, const std::string& user) {
  session.connection().query("DELETE FROM login_devices WHERE user_id = ?1").bind_all(user).run();
}

int count_devices(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT COUNT(*) FROM login_devices WHERE user_id = ?1");
  q.bind_all(user);
  return q.step() ? q.integer(0) : 0;
}

// --- reset requests -------------------------------------------------------------------------

void insert_reset_request(Session& session, const std::string& user, int64_t now) {
  session.connection().query("INSERT INTO reset_requests (user_id, requested_at) VALUES (?1, ?2)").bind_all(user, now).run();
}

bool reset_requests_waiting(Session& session) {
  return session.connection().query("SELECT 1 FROM reset_requests LIMIT 1").step();
}

std::vector<ResetRequest> take_reset_requests(Session& session, int limit) {
  std::vector<ResetRequest> requests;
  {
    auto q = session.connection().query("SELECT id, user_id, requested_at FROM reset_requests ORDER BY id LIMIT ?1");
    q.bind_all(limit);
    while (q.step()) requests.push_back({q.int64(0), q.text(1), q.int64(2)});
  }
  // Each row is deleted by id: a request is taken by the one process whose DELETE removed it.
  std::vector<ResetRequest> taken;
  for (auto& request : requests) {
    session.connection().query("DELETE FROM reset_requests WHERE id = ?1").bind_all(request.id).run();
    if (session.connection().changes() == 1) taken.push_back(std::move(request));
  }
  return taken;
}

}  // namespace ludus::server
