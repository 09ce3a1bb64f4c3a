// SPDX-License-Identifier: Apache-2.0
#include "server/storage/account_store.h"

namespace ludus::server {

std::vector<AuthoredComment> comments_by(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "SELECT id, game_id, after_ply, body, created_at, hidden FROM comments WHERE user_id = ?1 ORDER BY id");
  q.bind(1, user);
  std::vector<AuthoredComment> out;
  while (q.step()) out.push_back({q.int64(0), q.int64(1), q.integer(2), q.text(3), q.int64(4), q.integer(5) != 0});
  return out;
}

std::vector<int64_t> followed_boards(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT game_id FROM subscriptions WHERE user_id = ?1 ORDER BY game_id");
  q.bind(1, user);
  std::vector<int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

std::vector<FiledReport> reports_by(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "SELECT id, comment_id, reason, status, created_at FROM reports WHERE reporter = ?1 ORDER BY id");
  q.bind(1, user);
  std::vector<FiledReport> out;
  while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3) == "open", q.int64(4)});
  return out;
}

std::optional<std::string> user_language(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT language FROM users WHERE id = ?1");
  q.bind_all(user);
  if (!q.step()) return std::nullopt;
  return q.text(0);
}

bool set_user_language(Session& session, const std::string& user, const std::string& language) {
  sql::Connection& db = session.connection();
  db.query("UPDATE users SET language = ?2 WHERE id = ?1").bind_all(user, language).run();
  return db.changes() > 0;
}

std::vector<int64_t> tournaments_of(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "SELECT id FROM tournaments WHERE creator = ?1 "
      "UNION SELECT tournament FROM tournament_players WHERE player = ?1 ORDER BY 1");
  q.bind(1, user);
  std::vector<int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

std::string next_deleted_name(Session& session, std::string_view prefix) {
  // Names like 'deleted:N' (':' is in no user id, '_' and '%' are in no prefix of ours).
  auto q = session.connection().query("SELECT COUNT(*) FROM users WHERE substr(id, 1, ?1) = ?2");
  q.bind_all(static_cast<int64_t>(prefix.size()), std::string(prefix));
  const int64_t deletions = q.step() ? q.int64(0) : 0;
  return std::string(prefix) + std::to_string(deletions + 1);
}

void erase_account(Session& session, const std::string& user, const std::string& name, int64_t now) {
  auto& db = session.connection();
  auto run = [&](const char* statement) { db.query(statement).bind_all(user, name).run(); };
  // Every board whose view changes is read again (its revision is part of every cache key).
  db.query("UPDATE games SET revision = revision + 1 WHERE seat0 = ?1 OR seat1 = ?1 OR challenger = ?1 "
           "OR id IN (SELECT game_id FROM comments WHERE user_id = ?1)")
      .bind(1, user)
      .run();
  db.query(
        "INSERT INTO users (id, password_hash, email, created_at, mail_pref, challenges) "
        "VALUES (?1, '', '', ?2, 'none', 'none')")
      .bind_all(name, now)
      .run();
  // What stays for the others, under the new name.
  run("UPDATE games SET seat0 = ?2 WHERE seat0 = ?1");
  run("UPDATE games SET seat1 = ?2 WHERE seat1 = ?1");
  run("UPDATE games SET challenger = ?2 WHERE challenger = ?1");
  run("UPDATE ratings SET player = ?2 WHERE player = ?1");
  run("UPDATE rating_changes SET player = ?2 WHERE player = ?1");
  run("UPDATE rating_changes SET opponent = ?2 WHERE opponent = ?1");
  run("UPDATE tournaments SET creator = ?2 WHERE creator = ?1");
  run("UPDATE tournament_players SET player = ?2 WHERE player = ?1");
  run("UPDATE tournament_games SET first_player = ?2 WHERE first_player = ?1");
  run("UPDATE tournament_games SET second_player = ?2 WHERE second_player = ?1");
  run("UPDATE reports SET reporter = ?2 WHERE reporter = ?1");
  run("UPDATE audit_log SET actor = ?2 WHERE actor = ?1");
  run("UPDATE audit_log SET target = ?2 WHERE target = ?1");
  run("UPDATE reviews SET requested_by = ?2 WHERE requested_by = ?1");  // a review is of the board
  // A hidden comment's line names its author: "comment 12 by USER on board 3".
  db.query("UPDATE audit_log SET target = replace(target, ?1, ?2) WHERE target LIKE 'comment %'")
      .bind_all(" by " + user + " on board ", " by " + name + " on board ")
      .run();
  // What was theirs alone.
  db.query("DELETE FROM comments WHERE user_id = ?1").bind(1, user).run();  // and the reports of them
  db.query("DELETE FROM subscriptions WHERE user_id = ?1").bind(1, user).run();
  db.query("DELETE FROM offers WHERE from_user = ?1 OR to_user = ?1").bind(1, user).run();
  db.query("DELETE FROM outbox WHERE user_id = ?1").bind(1, user).run();
  db.query("DELETE FROM reset_requests WHERE user_id = ?1").bind(1, user).run();
  db.query("DELETE FROM puzzle_ratings WHERE player = ?1").bind(1, user).run();  // their attempts go by cascade
  // The others' notifications of what they did (the lines name them); their own go with
  // the account (ON DELETE CASCADE).
  db.query("DELETE FROM notifications WHERE actor = ?1").bind(1, user).run();
  // Failure counts of the account ('USER') and of its known clients ('USER KEY').
  db.query("DELETE FROM throttles WHERE subject = ?1 OR substr(subject, 1, ?2) = ?3")
      .bind_all(user, static_cast<int64_t>(user.size() + 1), user + " ")
      .run();
  // Its tokens, device keys, codes, blocks (either way) and holidays go with it (ON DELETE CASCADE).
  db.query("DELETE FROM users WHERE id = ?1").bind(1, user).run();
}

}  // namespace ludus::server
