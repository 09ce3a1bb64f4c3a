// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tables of account recovery and community safety (schema migration 10): single-use
// account codes (stored hashed), addresses waiting for verification, roles and
// suspensions, blocks, reports of comments, and the moderators' audit log.  Every query of
// those features is here, on a Session the caller holds in a transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// --- single-use codes ---------------------------------------------------------------------
enum class CodePurpose { Reset, Verify };  // a new password; an address's verification

struct AccountCode {
  std::string user;
  CodePurpose purpose = CodePurpose::Reset;
  std::string email;  // where it was mailed (Verify: the address it verifies)
  int64_t expires_at = 0;
};

void insert_account_code(Session& session, const std::string& code_hash, const AccountCode& code, int64_t now);
std::optional<AccountCode> find_account_code(Session& session, const std::string& code_hash);
// Takes the code: true when this call deleted it unexpired (a code works once, also when
// two requests bring it at the same moment).
bool take_account_code(Session& session, const std::string& code_hash, int64_t now);
// Deletes every code of `user` for `purpose` (after one was used, or a new address).
void delete_account_codes(Session& session, const std::string& user, CodePurpose purpose);
// Codes of `user` for `purpose` made after `since` (used ones are deleted and not counted).
int account_codes_since(Session& session, const std::string& user, CodePurpose purpose, int64_t since);
// Codes mailed to `email` after `since`, for any account.
int account_codes_to_since(Session& session, const std::string& email, int64_t since);
// Deletes the codes expired at `now` and made over an hour before it (the hourly limits count
// them till then); returns how many.
int prune_account_codes(Session& session, int64_t now);

// --- addresses, roles, suspension -----------------------------------------------------------
void set_pending_email(Session& session, const std::string& user, const std::string& email);
// The verified address becomes `email` (and no address waits any more).
void set_verified_email(Session& session, const std::string& user, const std::string& email);
void set_admin(Session& session, const std::string& user, bool admin);
void set_suspended(Session& session, const std::string& user, std::optional<int64_t> since);
struct SuspendedAccount {
  std::string user;
  int64_t since = 0;
};
// The suspended accounts, longest suspended first.
std::vector<SuspendedAccount> suspended_accounts(Session& session);

// --- blocks ---------------------------------------------------------------------------------
// `user` blocks (on) or unblocks `blocked`.
void set_block(Session& session, const std::string& user, const std::string& blocked, bool on, int64_t now);
// Whether `user` blocks `other`.
bool blocks(Session& session, const std::string& user, const std::string& other);
// Whom `user` blocks, by id.
std::vector<std::string> blocked_by(Session& session, const std::string& user);

// --- comments, reports ----------------------------------------------------------------------
struct CommentRef {
  int64_t id = 0;
  int64_t board = 0;
  std::string user;
  std::string body;
  bool hidden = false;
};
std::optional<CommentRef> find_comment(Session& session, int64_t id);
// Hides or shows a comment; bumps its board's revision so every cached copy and page reloads.
void set_comment_hidden(Session& session, int64_t id, bool hidden);

struct ReportRow {
  int64_t id = 0;
  CommentRef comment;
  std::string reporter;
  std::string reason;
  bool open = true;
  int64_t created_at = 0;
};
int64_t insert_report(Session& session, int64_t comment, const std::string& reporter, const std::string& reason,
                      int64_t now);
// Reports of `reporter` made after `since` (a flood of reports is refused).
int reports_since(Session& session, const std::string& reporter, int64_t since);
// Open reports (all when `all`), oldest first.
std::vector<ReportRow> list_reports(Session& session, bool all);
// Closes the open reports of a comment; returns how many.
int close_reports(Session& session, int64_t comment);

// --- the audit log ----------------------------------------------------------------------------
struct AuditEntry {
  int64_t id = 0;
  int64_t at = 0;
  std::string actor;
  std::string action;
  std::string target;
  std::string reason;
};
void append_audit(Session& session, const AuditEntry& entry);
// The newest `limit` entries, oldest first.
std::vector<AuditEntry> audit_entries(Session& session, int limit);

}  // namespace ludus::server
