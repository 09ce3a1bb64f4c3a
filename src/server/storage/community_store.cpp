// SPDX-License-Identifier: Apache-2.0
#include "server/storage/community_store.h"

namespace ludus::server {
namespace {

const char* purpose_name(CodePurpose purpose) { return purpose == CodePurpose::Reset ? "reset" : "verify"; }

#define LUDUS_COMMENT_COLUMNS "c.id, c.game_id, c.user_id, c.body, c.hidden"

CommentRef read_comment(const sql::Query& q, int first) {
  return {q.int64(first), q.int64(first + 1), q.text(first + 2), q.text(first + 3), q.integer(first + 4) != 0};
}

}  // namespace

// --- single-use codes ---------------------------------------------------------------------

void insert_account_code(Session& session, const std::string& code_hash, const AccountCode& code, int64_t now) {
  session.connection()
      .query(
          "INSERT INTO account_codes (code_hash, user_id, purpose, email, created_at, expires_at) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind_all(code_hash, code.user, purpose_name(code.purpose), code.email, now, code.expires_at)
      .run();
}

std::optional<AccountCode> find_account_code(Session& session, const std::string& code_hash) {
  auto q = session.connection().query("SELECT user_id, purpose, email, expires_at FROM account_codes WHERE code_hash = ?1");
  q.bind(1, code_hash);
  if (!q.step()) return std::nullopt;
  return AccountCode{q.text(0), q.text(1) == "reset" ? CodePurpose::Reset : CodePurpose::Verify, q.text(2), q.int64(3)};
}

bool take_account_code(Session& session, const std::string& code_hash, int64_t now) {
  session.connection()
      .query("DELETE FROM account_codes WHERE code_hash = ?1 AND expires_at > ?2")
      .bind_all(code_hash, now)
      .run();
  return session.connection().changes() == 1;
}

void delete_account_codes(Session& session, const std::string& user, CodePurpose purpose) {
  session.connection()
      .query("DELETE FROM account_codes WHERE user_id = ?1 AND purpose = ?2")
      .bind_all(user, purpose_name(purpose))
      .run();
}

int account_codes_since(Session& session, const std::string& user, CodePurpose purpose, int64_t since) {
  auto q = session.connection().query(
      "SELECT COUNT(*) FROM account_codes WHERE user_id = ?1 AND purpose = ?2 AND created_at > ?3");
  q.bind_all(user, purpose_name(purpose), since);
  return q.step() ? q.integer(0) : 0;
}

int account_codes_to_since(Session& session, const std::string& email, int64_t since) {
  auto q = session.connection().query("SELECT COUNT(*) FROM account_codes WHERE email = ?1 AND created_at > ?2");
  q.bind_all(email, since);
  return q.step() ? q.integer(0) : 0;
}

int prune_account_codes(Session& session, int64_t now) {
  session.connection()
      .query("DELETE FROM account_codes WHERE expires_at <= ?1 AND created_at <= ?1 - 3600")
      .bind(1, now)
      .run();
  return session.connection().changes();
}

// --- addresses, roles, suspension -----------------------------------------------------------

void set_pending_email(Session& session, const std::string& user, const std::string& email) {
  session.connection().query("UPDATE users SET pending_email = ?2 WHERE id = ?1").bind_all(user, email).run();
}

void set_verified_email(Session& session, const std::string& user, const std::string& email) {
  session.connection()
      .query("UPDATE users SET email = ?2, pending_email = '' WHERE id = ?1")
      .bind_all(user, email)
      .run();
}

void set_admin(Session& session, const std::string& user, bool admin) {
  session.connection()
      .query("UPDATE users SET role = ?2 WHERE id = ?1")
      .bind_all(user, admin ? "admin" : "player")
      .run();
}

void set_suspended(Session& session, const std::string& user, std::optional<int64_t> since) {
  session.connection().query("UPDATE users SET suspended_at = ?2 WHERE id = ?1").bind_all(user, since).run();
}

std::vector<SuspendedAccount> suspended_accounts(Session& session) {
  auto q = session.connection().query(
      "SELECT id, suspended_at FROM users WHERE suspended_at IS NOT NULL ORDER BY suspended_at, id");
  std::vector<SuspendedAccount> out;
  while (q.step()) out.push_back({q.text(0), q.int64(1)});
  return out;
}

// --- blocks ---------------------------------------------------------------------------------

void set_block(Session& session, const std::string& user, const std::string& blocked, bool on, int64_t now) {
  if (on)
    session.connection()
        .query("INSERT INTO blocks (user_id, blocked, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")
        .bind_all(user, blocked, now)
        .run();
  else
    session.connection().query("DELETE FROM blocks WHERE user_id = ?1 AND blocked = ?2").bind_all(user, blocked).run();
}

bool blocks(Session& session, const std::string& user, const std::string& other) {
  auto q = session.connection().query("SELECT 1 FROM blocks WHERE user_id = ?1 AND blocked = ?2");
  q.bind_all(user, other);
  return q.step();
}

std::vector<std::string> blocked_by(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT blocked FROM blocks WHERE user_id = ?1 ORDER BY blocked");
  q.bind(1, user);
  std::vector<std::string> out;
  while (q.step()) out.push_back(q.text(0));
  return out;
}

// --- comments, reports ----------------------------------------------------------------------

std::optional<CommentRef> find_comment(Session& session, int64_t id) {
  auto q = session.connection().query("SELECT " LUDUS_COMMENT_COLUMNS " FROM comments c WHERE c.id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_comment(q, 0);
}

void set_comment_hidden(Session& session, int64_t id, bool hidden) {
  session.connection().query("UPDATE comments SET hidden = ?2 WHERE id = ?1").bind_all(id, hidden ? 1 : 0).run();
  auto q = session.connection().query(
      "UPDATE games SET revision = revision + 1 WHERE id = (SELECT game_id FROM comments WHERE id = ?1) "
      "RETURNING id, revision");
  q.bind(1, id);
  if (!q.step()) return;
  const int64_t board = q.int64(0), revision = q.int64(1);
  q.run();
  // Other servers on the database hear of it as of any change (PostgreSQL NOTIFY at commit).
  session.connection().notify_change(board, revision);
}

int64_t insert_report(Session& session, int64_t comment, const std::string& reporter, const std::string& reason,
                      int64_t now) {
  auto q = session.connection().query(
      "INSERT INTO reports (comment_id, reporter, reason, created_at) VALUES (?1, ?2, ?3, ?4) RETURNING id");
  q.bind_all(comment, reporter, reason, now);
  q.step();
  const int64_t id = q.int64(0);
  q.run();
  return id;
}

int reports_since(Session& session, const std::string& reporter, int64_t since) {
  auto q = session.connection().query("SELECT COUNT(*) FROM reports WHERE reporter = ?1 AND created_at > ?2");
  q.bind_all(reporter, since);
  return q.step() ? q.integer(0) : 0;
}

std::vector<ReportRow> list_reports(Session& session, bool all) {
  auto q = session.connection().query(
      "SELECT r.id, r.reporter, r.reason, r.status, r.created_at, " LUDUS_COMMENT_COLUMNS
      " FROM reports r JOIN comments c ON c.id = r.comment_id WHERE ?1 = 1 OR r.status = 'open' ORDER BY r.id");
  q.bind(1, all ? 1 : 0);
  std::vector<ReportRow> out;
  while (q.step()) out.push_back({q.int64(0), read_comment(q, 5), q.text(1), q.text(2), q.text(3) == "open", q.int64(4)});
  return out;
}

int close_reports(Session& session, int64_t comment) {
  session.connection()
      .query("UPDATE reports SET status = 'closed' WHERE comment_id = ?1 AND status = 'open'")
      .bind(1, comment)
      .run();
  return session.connection().changes();
}

// --- the audit log ----------------------------------------------------------------------------

void append_audit(Session& session, const AuditEntry& entry) {
  session.connection()
      .query("INSERT INTO audit_log (at, actor, action, target, reason) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind_all(entry.at, entry.actor, entry.action, entry.target, entry.reason)
      .run();
}

std::vector<AuditEntry> audit_entries(Session& session, int limit) {
  auto q = session.connection().query(
      "SELECT id, at, actor, action, target, reason FROM (SELECT * FROM audit_log ORDER BY id DESC LIMIT ?1) newest "
      "ORDER BY id");
  q.bind(1, limit);
  std::vector<AuditEntry> out;
  while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3), q.text(4), q.text(5)});
  return out;
}

}  // namespace ludus::server
