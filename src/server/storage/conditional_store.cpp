// SPDX-License-Identifier: Apache-2.0
#include "server/storage/conditional_store.h"

namespace ludus::server {

std::optional<ConditionalRow> find_conditional(Session& session, int64_t board, const std::string& user) {
  auto q = session.connection().query(
      "SELECT tree, note, updated_at FROM conditional_moves WHERE game_id = ?1 AND user_id = ?2");
  q.bind_all(board, user);
  if (!q.step()) return std::nullopt;
  return ConditionalRow{q.text(0), q.text(1), q.int64(2)};
}

void put_conditional(Session& session, int64_t board, const std::string& user, const ConditionalRow& row) {
  session.connection()
      .query(
          "INSERT INTO conditional_moves (game_id, user_id, tree, note, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) "
          "ON CONFLICT (game_id, user_id) DO UPDATE SET tree = ?3, note = ?4, updated_at = ?5")
      .bind_all(board, user, row.tree, row.note, row.updated_at)
      .run();
}

void delete_conditional(Session& session, int64_t board, const std::string& user) {
  session.connection()
      .query("DELETE FROM conditional_moves WHERE game_id = ?1 AND user_id = ?2")
      .bind_all(board, user)
      .run();
}

void delete_conditionals(Session& session, int64_t board) {
  session.connection().query("DELETE FROM conditional_moves WHERE game_id = ?1").bind_all(board).run();
}

}  // namespace ludus::server
