// SPDX-License-Identifier: Apache-2.0
#pragma once
// One account's rows across the tables: what its owner's data export reads, and what the
// deletion of the account keeps under the name it leaves behind or deletes
// (docs/community.md, "Your data, and leaving").  Queries on a Session the caller holds in
// a transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// A comment `user` wrote, on any board.
struct AuthoredComment {
  int64_t id = 0;
  int64_t board = 0;
  int after_ply = 0;
  std::string body;
  int64_t created_at = 0;
  bool hidden = false;  // hidden by a moderator
};
std::vector<AuthoredComment> comments_by(Session& session, const std::string& user);
// The boards `user` follows (their own included, unless they stopped following one).
std::vector<int64_t> followed_boards(Session& session, const std::string& user);

// A report `user` filed.
struct FiledReport {
  int64_t id = 0;
  int64_t comment = 0;
  std::string reason;
  bool open = true;
  int64_t created_at = 0;
};
std::vector<FiledReport> reports_by(Session& session, const std::string& user);
// users.language: the language `user` chose for the page, and for their mail and replies
// once those are translated ("de"; "" for none chosen: the browser's); nullopt for no such
// user.  set_user_language returns false for no such user (docs/translating.md).
std::optional<std::string> user_language(Session& session, const std::string& user);
bool set_user_language(Session& session, const std::string& user, const std::string& language);

// The tournaments `user` created or plays in, by number.
std::vector<int64_t> tournaments_of(Session& session, const std::string& user);

// The name the next deleted account leaves behind: "deleted:N", N one more than the
// deletions so far (their names stay in users, so N never repeats).
std::string next_deleted_name(Session& session, std::string_view prefix);

// Replaces `user` by `name` (not yet a user) wherever a row stays for others: the seats and
// challenger of boards (their revisions move on, so every cached copy is read again),
// ratings and rating changes, tournaments, their players and games, reports filed, and the
// audit log's actors and targets (the reasons administrators wrote stay as written); `name` becomes a row of users with no password, address or settings, which
// nobody can sign in to.  Deletes the rest: the account (its tokens, device keys, codes and
// blocks either way with it), its comments, follows, offers, mails, reset requests and
// failure counts.  The caller has ended the boards and offers that were under way.
void erase_account(Session& session, const std::string& user, const std::string& name, int64_t now);

}  // namespace ludus::server
