// SPDX-License-Identifier: Apache-2.0
#include "server/storage/review_store.h"

#include <stdexcept>

namespace ludus::server {

namespace {

ReviewStatus status_of(const std::string& text) {
  if (text == "queued") return ReviewStatus::kQueued;
  if (text == "running") return ReviewStatus::kRunning;
  if (text == "done") return ReviewStatus::kDone;
  if (text == "failed") return ReviewStatus::kFailed;
  throw std::runtime_error("unknown review status '" + text + "' in the database");
}

std::optional<int64_t> optional_int64(const sql::Query& q, int column) {
  return q.is_null(column) ? std::nullopt : std::optional<int64_t>(q.int64(column));
}

}  // namespace

std::string review_status_name(ReviewStatus status) {
  switch (status) {
    case ReviewStatus::kQueued: return "queued";
    case ReviewStatus::kRunning: return "running";
    case ReviewStatus::kDone: return "done";
    case ReviewStatus::kFailed: return "failed";
  }
  return "";
}

namespace {

// The columns review_row reads, in its order.
#define LUDUS_REVIEW_SELECT \
  "SELECT game_id, status, requested_by, requested_at, started_at, finished_at, review, note FROM reviews "

StoredReview review_row(const sql::Query& q) {
  return StoredReview{q.int64(0), status_of(q.text(1)), q.text(2), q.int64(3), optional_int64(q, 4),
                      optional_int64(q, 5), q.text(6), q.text(7)};
}

}  // namespace

std::optional<StoredReview> find_review(Session& session, int64_t board) {
  auto q = session.connection().query(LUDUS_REVIEW_SELECT "WHERE game_id = ?1");
  q.bind_all(board);
  if (!q.step()) return std::nullopt;
  return review_row(q);
}

std::vector<StoredReview> reviews_asked_by(Session& session, const std::string& user) {
  auto q = session.connection().query(LUDUS_REVIEW_SELECT
                                      "WHERE requested_by = ?1 ORDER BY requested_at DESC, game_id DESC");
  q.bind_all(user);
  std::vector<StoredReview> out;
  while (q.step()) out.push_back(review_row(q));
  return out;
}

std::optional<bool> auto_review(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT auto_review FROM users WHERE id = ?1");
  q.bind_all(user);
  if (!q.step()) return std::nullopt;
  return q.integer(0) != 0;
}

bool set_auto_review(Session& session, const std::string& user, bool on) {
  sql::Connection& db = session.connection();
  db.query("UPDATE users SET auto_review = ?2 WHERE id = ?1").bind_all(user, on ? 1 : 0).run();
  return db.changes() > 0;
}

bool queue_review(Session& session, int64_t board, const std::string& requested_by, int64_t now) {
  sql::Connection& db = session.connection();
  db.query(
        "INSERT INTO reviews (game_id, status, requested_by, requested_at) VALUES (?1, 'queued', ?2, ?3) "
        "ON CONFLICT (game_id) DO UPDATE SET status = 'queued', requested_by = excluded.requested_by, "
        "requested_at = excluded.requested_at, started_at = NULL, finished_at = NULL, note = '' "
        "WHERE reviews.status = 'failed'")
      .bind_all(board, requested_by, now)
      .run();
  return db.changes() > 0;
}

int unfinished_reviews(Session& session) {
  auto q = session.connection().query("SELECT COUNT(*) FROM reviews WHERE status IN ('queued', 'running')");
  return q.step() ? q.integer(0) : 0;
}

int unfinished_reviews_of(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "SELECT COUNT(*) FROM reviews WHERE requested_by = ?1 AND status IN ('queued', 'running')");
  q.bind_all(user);
  return q.step() ? q.integer(0) : 0;
}

std::optional<int64_t> take_review(Session& session, int64_t now, int64_t stale_before) {
  // The condition is repeated in the UPDATE's own WHERE: on PostgreSQL a concurrent taker's
  // committed change is re-checked there, so one of two takers updates no row.
  auto q = session.connection().query(
      "UPDATE reviews SET status = 'running', started_at = ?1 "
      "WHERE game_id = (SELECT game_id FROM reviews "
      "                 WHERE status = 'queued' OR (status = 'running' AND started_at < ?2) "
      "                 ORDER BY requested_at, game_id LIMIT 1) "
      "  AND (status = 'queued' OR (status = 'running' AND started_at < ?2)) "
      "RETURNING game_id");
  q.bind_all(now, stale_before);
  if (!q.step()) return std::nullopt;
  return q.int64(0);
}

void finish_review(Session& session, int64_t board, const std::string& review_json, int64_t now) {
  session.connection()
      .query("UPDATE reviews SET status = 'done', review = ?2, finished_at = ?3, note = '' WHERE game_id = ?1")
      .bind_all(board, review_json, now)
      .run();
}

void fail_review(Session& session, int64_t board, const std::string& note, int64_t now) {
  session.connection()
      .query("UPDATE reviews SET status = 'failed', note = ?2, finished_at = ?3 WHERE game_id = ?1")
      .bind_all(board, note, now)
      .run();
}

}  // namespace ludus::server
