// SPDX-License-Identifier: Apache-2.0
#include "server/storage/mail_store.h"

#include <algorithm>

#include "core/text.h"
#include "server/base/enum_names.h"
#include "server/storage/holiday_store.h"
#include "server/storage/returned_id.h"

namespace ludus::server {
namespace {

constexpr std::string_view kPreferenceNames[] = {"every", "digest", "none"};
constexpr std::string_view kStatusNames[] = {"queued", "digest", "merged", "sent", "failed"};

std::string_view status_name(OutboxStatus status) { return kStatusNames[static_cast<int>(status)]; }

// A subject of at most `max` bytes, cut at a character boundary.
std::string short_subject(std::string_view subject, size_t max = 300) {
  std::string out = one_line(subject);
  if (out.size() <= max) return out;
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
  return out.substr(0, cut) + "...";
}

// A mail whose code expired is never sent (forget_expired_secrets then refuses it for good).
#define LUDUS_CODE_ALIVE(now) "(secret_until IS NULL OR secret_until > " now ")"

#define LUDUS_OUTBOX_COLUMNS "id, recipient, user_id, board, subject, body, in_reply_to, attempts, created_at"

OutboxRow read_outbox(const sql::Query& q) {
  OutboxRow row;
  row.id = q.int64(0);
  row.mail.recipient = q.text(1);
  row.mail.user = q.text(2);
  if (!q.is_null(3)) row.mail.board = q.int64(3);
  row.mail.subject = q.text(4);
  row.mail.body = q.text(5);
  row.mail.in_reply_to = q.text(6);
  row.attempts = q.integer(7);
  row.created_at = q.int64(8);
  return row;
}

}  // namespace

std::string_view mail_preference_name(MailPreference preference) {
  return kPreferenceNames[static_cast<int>(preference)];
}

std::optional<MailPreference> mail_preference_by_name(std::string_view name) {
  for (size_t i = 0; i < std::size(kPreferenceNames); ++i)
    if (kPreferenceNames[i] == name) return static_cast<MailPreference>(i);
  return std::nullopt;
}

// --- users ------------------------------------------------------------------------------

std::optional<MailAddressee> mail_addressee(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT email, mail_pref, digest_hour FROM users WHERE id = ?1");
  q.bind(1, user);
  if (!q.step()) return std::nullopt;
  return MailAddressee{q.text(0), mail_preference_by_name(q.text(1)).value_or(MailPreference::Every), q.integer(2)};
}

void set_digest_hour(Session& session, const std::string& user, int hour) {
  session.connection().query("UPDATE users SET digest_hour = ?2 WHERE id = ?1").bind_all(user, hour).run();
}

void set_mail_preference(Session& session, const std::string& user, MailPreference preference) {
  session.connection()
      .query("UPDATE users SET mail_pref = ?2 WHERE id = ?1")
      .bind_all(user, mail_preference_name(preference))
      .run();
}

std::vector<std::string> board_subscribers(Session& session, int64_t board) {
  auto q = session.connection().query("SELECT user_id FROM subscriptions WHERE game_id = ?1 ORDER BY user_id");
  q.bind(1, board);
  std::vector<std::string> out;
  while (q.step()) out.push_back(q.text(0));
  return out;
}

// --- outbox ------------------------------------------------------------------------------

std::string with_secret(std::string body, std::string_view secret) {
  const size_t at = body.find(kSecretMark);
  if (at != std::string::npos) body.replace(at, kSecretMark.size(), secret);
  return body;
}

int64_t enqueue_mail(Session& session, const OutgoingMail& mail, OutboxStatus status, int64_t now) {
  auto q = session.connection().query(
      "INSERT INTO outbox (recipient, user_id, board, subject, body, in_reply_to, status, created_at, "
      "next_attempt_at, secret, secret_until) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10) RETURNING id");
  const std::optional<int64_t> secret_until =
      mail.secret ? std::optional<int64_t>(mail.secret->expires_at) : std::nullopt;
  q.bind_all(one_line(mail.recipient), mail.user, mail.board, short_subject(mail.subject), mail.body,
             one_line(mail.in_reply_to), status_name(status), now, mail.secret ? mail.secret->text : "", secret_until);
  return returned_id(q, "a new mail in the outbox");
}

std::vector<OutboxRow> claim_due_mail(Session& session, const std::string& claimer, int64_t now, int64_t claim_until,
                                      int limit) {
  // The outer conditions repeat the inner ones: a database that re-checks a row another
  // writer changed meanwhile (PostgreSQL under READ COMMITTED) then skips it instead of
  // taking over that writer's claim.
  session.connection()
      .query(
          "UPDATE outbox SET claimed_by = ?1, claimed_until = ?2 WHERE status = 'queued' AND claimed_until <= ?3 "
          "AND id IN (SELECT id FROM outbox WHERE status = 'queued' AND next_attempt_at <= ?3 AND claimed_until <= ?3 "
          "AND " LUDUS_CODE_ALIVE("?3") " ORDER BY id LIMIT ?4)")
      .bind_all(claimer, claim_until, now, limit)
      .run();
  auto q = session.connection().query("SELECT " LUDUS_OUTBOX_COLUMNS
                                      ", secret FROM outbox WHERE claimed_by = ?1 AND status = 'queued' ORDER BY id");
  q.bind(1, claimer);
  std::vector<OutboxRow> out;
  while (q.step()) {
    out.push_back(read_outbox(q));
    if (const std::string secret = q.text(9); !secret.empty())
      out.back().mail.body = with_secret(std::move(out.back().mail.body), secret);
  }
  return out;
}

bool mail_due(Session& session, int64_t now) {
  auto q = session.connection().query(
      "SELECT 1 FROM outbox WHERE status = 'queued' AND next_attempt_at <= ?1 AND claimed_until <= ?1 AND "
      LUDUS_CODE_ALIVE("?1") " LIMIT 1");
  q.bind(1, now);
  return q.step();
}

void finish_mail(Session& session, int64_t id, const std::string& claimer, OutboxStatus status, int64_t now,
                 const std::string& error) {
  session.connection()
      .query(
          "UPDATE outbox SET status = ?3, sent_at = ?4, attempts = attempts + 1, last_error = ?5, claimed_by = '', "
          "claimed_until = 0, secret = '', secret_until = NULL WHERE id = ?1 AND claimed_by = ?2")
      .bind_all(id, claimer, status_name(status), now, error)
      .run();
}

void retry_mail(Session& session, int64_t id, const std::string& claimer, int64_t next_attempt_at,
                const std::string& error) {
  session.connection()
      .query(
          "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?3, last_error = ?4, claimed_by = '', "
          "claimed_until = 0 WHERE id = ?1 AND claimed_by = ?2")
      .bind_all(id, claimer, next_attempt_at, error)
      .run();
}

int64_t latest_digest_time(int64_t now, int hour) {
  const int64_t since = ((now - int64_t{hour} * 3600) % 86400 + 86400) % 86400;  // seconds since hour:00
  return now - since;
}

std::vector<std::string> users_with_digest_due(Session& session, int64_t now) {
  auto q = session.connection().query(
      "SELECT o.user_id, u.digest_hour, MIN(o.created_at) FROM outbox o JOIN users u ON u.id = o.user_id "
      "WHERE o.status = 'digest' GROUP BY o.user_id, u.digest_hour ORDER BY o.user_id");
  std::vector<std::string> out;
  while (q.step())
    if (q.int64(2) < latest_digest_time(now, q.integer(1))) out.push_back(q.text(0));
  return out;
}

std::vector<OutboxRow> digest_parts(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT " LUDUS_OUTBOX_COLUMNS
                                      " FROM outbox WHERE user_id = ?1 AND status = 'digest' ORDER BY id");
  q.bind(1, user);
  std::vector<OutboxRow> out;
  while (q.step()) out.push_back(read_outbox(q));
  return out;
}

void mark_merged(Session& session, int64_t id) {
  session.connection().query("UPDATE outbox SET status = 'merged' WHERE id = ?1").bind(1, id).run();
}

int count_mail(Session& session, OutboxStatus status) {
  auto q = session.connection().query("SELECT COUNT(*) FROM outbox WHERE status = ?1");
  q.bind(1, status_name(status));
  return q.step() ? q.integer(0) : 0;
}

ReceivedMail outcome_of(MailReason reason) {
  if (reason == MailReason::None) return ReceivedMail::Answered;
  if (reason >= MailReason::TooBig && reason <= MailReason::Internal) return ReceivedMail::Refused;
  return ReceivedMail::Ignored;
}

void count_received_mail(Session& session, MailReason reason) {
  session.connection()
      .query("INSERT INTO mail_received (outcome, reason, count) VALUES (?1, ?2, 1) "
             "ON CONFLICT (outcome, reason) DO UPDATE SET count = mail_received.count + 1")
      .bind_all(received_mail_name(outcome_of(reason)), mail_reason_name(reason))
      .run();
}

std::vector<ReceivedMailCount> received_mail_counts(Session& session) {
  std::vector<ReceivedMailCount> out;
  for (size_t i = 0; i < kMailReasonNames.size(); ++i)
    if (const auto reason = static_cast<MailReason>(i); reason != MailReason::Unrecorded)
      out.push_back({outcome_of(reason), reason, 0});
  auto q = session.connection().query("SELECT outcome, reason, count FROM mail_received");
  while (q.step()) {
    const auto outcome = enum_by_name<ReceivedMail>(q.text(0), kReceivedMailNames);
    const auto reason = enum_by_name<MailReason>(q.text(1), kMailReasonNames);
    if (!outcome || !reason) continue;  // not a name this build writes (a hand edit): no series for it
    if (*reason == MailReason::Unrecorded)
      out.push_back({*outcome, *reason, q.int64(2)});
    else if (*outcome == outcome_of(*reason))
      out[static_cast<size_t>(*reason)].count = q.int64(2);
  }
  return out;
}

int mail_to_since(Session& session, const std::string& recipient, int64_t since) {
  auto q = session.connection().query("SELECT COUNT(*) FROM outbox WHERE recipient = ?1 AND created_at >= ?2");
  q.bind_all(recipient, since);
  return q.step() ? q.integer(0) : 0;
}

const char* forget_secrets_sql() {
  return "UPDATE outbox SET secret = '', secret_until = NULL, "
         "status = CASE WHEN status IN ('queued', 'digest') THEN 'failed' ELSE status END, "
         "last_error = CASE WHEN status IN ('queued', 'digest') THEN 'its code expired before it could be sent' "
         "ELSE last_error END WHERE secret_until IS NOT NULL AND secret_until <= ?1";
}

int forget_expired_secrets(Session& session, int64_t now) {
  session.connection().query(forget_secrets_sql()).bind_all(now).run();
  return session.connection().changes();
}

int prune_finished_mail(Session& session, int64_t older_than) {
  auto q = session.connection().query(
      "DELETE FROM outbox WHERE status IN ('sent', 'merged', 'failed') AND created_at < ?1");
  q.bind(1, older_than).run();
  return session.connection().changes();
}

// --- time limits -------------------------------------------------------------------------

void set_time_limits(Session& session, int64_t board, TimeLimits limits, int64_t now) {
  session.connection()
      .query("UPDATE games SET nag_days = ?2, forfeit_days = ?3, turn_started_at = ?4, nagged = 0 WHERE id = ?1")
      .bind_all(board, limits.nag_days, limits.forfeit_days, now)
      .run();
}

TimeLimits time_limits(Session& session, int64_t board) {
  auto q = session.connection().query("SELECT nag_days, forfeit_days FROM games WHERE id = ?1");
  q.bind(1, board);
  if (!q.step()) return {};
  return TimeLimits{q.integer(0), q.integer(1)};
}

void start_turn(Session& session, int64_t board, int64_t now) {
  session.connection()
      .query("UPDATE games SET turn_started_at = ?2, nagged = 0 WHERE id = ?1")
      .bind_all(board, now)
      .run();
}

void mark_nagged(Session& session, int64_t board) {
  session.connection().query("UPDATE games SET nagged = 1 WHERE id = ?1").bind(1, board).run();
}

namespace {

// The columns of a TurnClock, then the player to move and whether the board keeps hard time.
#define LUDUS_CLOCK_COLUMNS                                                                  \
  "id, nag_days, forfeit_days, turn_started_at, nagged, "                                    \
  "CASE to_move_seat WHEN 0 THEN seat0 WHEN 1 THEN seat1 ELSE '' END, "                      \
  "CASE WHEN EXISTS (SELECT 1 FROM tournament_games t WHERE t.board = games.id) THEN 1 ELSE 0 END"

TurnClock read_clock(Session& session, const sql::Query& q, int64_t now) {
  TurnClock clock{q.int64(0), TimeLimits{q.integer(1), q.integer(2)}, q.int64(3), q.integer(4) != 0};
  const std::string player = q.text(5);
  const bool hard_time = q.integer(6) != 0;
  if (!hard_time && !player.empty()) clock.paused = holiday_seconds(session, player, clock.turn_started_at, now);
  return clock;
}

}  // namespace

std::optional<TurnClock> turn_clock(Session& session, int64_t board, int64_t now) {
  auto q = session.connection().query("SELECT " LUDUS_CLOCK_COLUMNS " FROM games WHERE id = ?1");
  q.bind(1, board);
  if (!q.step()) return std::nullopt;
  return read_clock(session, q, now);
}

std::vector<TurnClock> overdue_boards(Session& session, int64_t now) {
  // The boards overdue if no holiday paused them, then those a holiday did not save.
  auto q = session.connection().query(
      "SELECT " LUDUS_CLOCK_COLUMNS " FROM games WHERE status = 'active' AND "
      "NOT ((to_move_seat = 0 AND seat0 LIKE 'ai:%') OR (to_move_seat = 1 AND seat1 LIKE 'ai:%')) AND "
      "((nag_days > 0 AND nagged = 0 AND turn_started_at + nag_days * 86400 <= ?1) OR "
      "(forfeit_days > 0 AND turn_started_at + forfeit_days * 86400 <= ?1)) ORDER BY id");
  q.bind(1, now);
  std::vector<TurnClock> out;
  while (q.step()) {
    TurnClock clock = read_clock(session, q, now);
    const TimeLimits& l = clock.limits;
    if ((l.nag_days > 0 && !clock.nagged && clock.due_at(l.nag_days) <= now) ||
        (l.forfeit_days > 0 && clock.due_at(l.forfeit_days) <= now))
      out.push_back(clock);
  }
  return out;
}

}  // namespace ludus::server
