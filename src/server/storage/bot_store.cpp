// SPDX-License-Identifier: Apache-2.0
#include "server/storage/bot_store.h"

namespace ludus::server {

bool is_bot(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT bot FROM users WHERE id = ?1");
  q.bind(1, user);
  return q.step() && q.integer(0) != 0;
}

void mark_bot(Session& session, const std::string& user) {
  session.connection().query("UPDATE users SET bot = 1 WHERE id = ?1").bind(1, user).run();
}

std::vector<int64_t> rated_boards_of(Session& session, const std::string& user, int limit) {
  auto q = session.connection().query(
      "SELECT id FROM games WHERE rated = 1 AND (seat0 = ?1 OR seat1 = ?1) ORDER BY id LIMIT ?2");
  q.bind_all(user, limit);
  std::vector<int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

std::vector<int64_t> tournaments_under_way_of(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "SELECT t.id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament "
      "WHERE p.player = ?1 AND p.withdrawn = 0 AND t.status IN ('open', 'running') ORDER BY t.id");
  q.bind(1, user);
  std::vector<int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

std::vector<std::pair<int64_t, std::string>> expiring_invitations_to_bots(Session& session, int64_t now) {
  auto q = session.connection().query(
      "SELECT o.id, o.to_user FROM offers o JOIN users u ON u.id = o.to_user "
      "WHERE o.status = 'open' AND o.kind = 'invitation' AND o.expires_at <= ?1 AND u.bot = 1 ORDER BY o.id");
  q.bind(1, now);
  std::vector<std::pair<int64_t, std::string>> out;
  while (q.step()) out.emplace_back(q.int64(0), q.text(1));
  return out;
}

void trim_bot_tokens(Session& session, const std::string& user, int keep) {
  session.connection()
      .query(
          "DELETE FROM tokens WHERE user_id = ?1 AND scope = 'bot' AND token_hash NOT IN "
          "(SELECT token_hash FROM tokens WHERE user_id = ?1 AND scope = 'bot' "
          "ORDER BY created_at DESC, token_hash LIMIT ?2)")
      .bind_all(user, keep)
      .run();
}

}  // namespace ludus::server
