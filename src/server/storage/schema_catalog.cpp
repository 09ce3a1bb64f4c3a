// SPDX-License-Identifier: Apache-2.0
#include "server/storage/schema_catalog.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

namespace ludus::server {
namespace {

constexpr ColumnType I = ColumnType::Integer;
constexpr ColumnType T = ColumnType::Text;
constexpr bool N = true;  // nullable

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return "(" + out + ")";
}

const char* type_name(ColumnType type) { return type == ColumnType::Integer ? "integer" : "text"; }

// An engine's type name in the description's terms (PostgreSQL's BIGINT is an integer).
ColumnType column_type(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  return name.find("int") != std::string::npos ? ColumnType::Integer : ColumnType::Text;
}

// The column names inside the parentheses of PostgreSQL's index definition
// ("CREATE INDEX x ON public.t USING btree (a, b)", a partial index's "WHERE (...)" after).
std::vector<std::string> index_columns(const std::string& definition) {
  std::vector<std::string> out;
  const size_t open = definition.find('(', definition.find(" USING "));
  const size_t close = definition.find(')', open == std::string::npos ? 0 : open);
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string name;
  for (size_t i = open + 1; i <= close; ++i) {
    const char c = definition[i];
    if (c == ',' || i == close) {
      if (!name.empty()) out.push_back(name);
      name.clear();
    } else if (c != ' ' && c != '"') {
      name += c;
    }
  }
  return out;
}

SchemaCatalog read_sqlite(sql::Connection& c) {
  SchemaCatalog catalog;
  std::vector<std::string> tables;
  {
    auto q = c.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    while (q.step()) tables.push_back(q.text(0));
  }
  for (const auto& name : tables) {
    TableSpec table{name, {}, {}};
    std::map<int, std::string> key;
    auto q = c.query("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?1) ORDER BY cid");
    q.bind(1, name);
    while (q.step()) {
      const bool in_key = q.int64(3) > 0;
      // SQLite reports key columns as nullable; the description calls them not null.
      table.columns.push_back({q.text(0), column_type(q.text(1)), q.int64(2) == 0 && !in_key});
      if (in_key) key[q.integer(3)] = q.text(0);
    }
    for (const auto& [order, column] : key) table.primary_key.push_back(column);
    catalog.tables.push_back(std::move(table));
  }
  std::vector<std::pair<std::string, std::string>> indexes;
  {
    auto q = c.query(
        "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    while (q.step()) indexes.emplace_back(q.text(0), q.text(1));
  }
  for (const auto& [name, table] : indexes) {
    IndexSpec index{name, table, {}};
    auto q = c.query("SELECT name FROM pragma_index_info(?1) ORDER BY seqno");
    q.bind(1, name);
    while (q.step()) index.columns.push_back(q.text(0));
    catalog.indexes.push_back(std::move(index));
  }
  return catalog;
}

SchemaCatalog read_postgres(sql::Connection& c) {
  SchemaCatalog catalog;
  std::map<std::string, TableSpec> tables;
  {
    auto q = c.query(
        "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable FROM information_schema.columns c "
        "JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
        "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
        "ORDER BY c.table_name, c.ordinal_position");
    while (q.step()) {
      TableSpec& table = tables[q.text(0)];
      table.name = q.text(0);
      table.columns.push_back({q.text(1), column_type(q.text(2)), q.text(3) == "YES"});
    }
  }
  {
    auto q = c.query(
        "SELECT k.table_name, k.column_name FROM information_schema.table_constraints tc "
        "JOIN information_schema.key_column_usage k ON k.constraint_schema = tc.constraint_schema "
        "AND k.constraint_name = tc.constraint_name "
        "WHERE tc.table_schema = current_schema() AND tc.constraint_type = 'PRIMARY KEY' "
        "ORDER BY k.table_name, k.ordinal_position");
    while (q.step()) tables[q.text(0)].primary_key.push_back(q.text(1));
  }
  for (auto& [name, table] : tables) catalog.tables.push_back(std::move(table));
  auto q = c.query(
      "SELECT i.indexname, i.tablename, i.indexdef FROM pg_indexes i WHERE i.schemaname = current_schema() "
      "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname) ORDER BY i.indexname");
  while (q.step()) catalog.indexes.push_back({q.text(0), q.text(1), index_columns(q.text(2))});
  return catalog;
}

}  // namespace

const SchemaCatalog& expected_schema() {
  // Tables and indexes by name; columns in table order; N marks a nullable column.
  static const SchemaCatalog catalog{
      {
      {"account_codes",
       {{"code_hash", T}, {"user_id", T}, {"purpose", T}, {"email", T}, {"created_at", I}, {"expires_at", I}},
       {"code_hash"}},
      {"ai_leases",
       {{"game_id", I}, {"owner", T}, {"expires_at", I}},
       {"game_id"}},
      {"audit_log",
       {{"id", I}, {"at", I}, {"actor", T}, {"action", T}, {"target", T}, {"reason", T}},
       {"id"}},
      {"blocks",
       {{"user_id", T}, {"blocked", T}, {"created_at", I}},
       {"user_id", "blocked"}},
      {"bot_event_heads",
       {{"user_id", T}, {"last_id", I}},
       {"user_id"}},
      {"bot_events",
       {{"user_id", T}, {"id", I}, {"kind", T}, {"board", I, N}, {"offer", I, N}, {"move_number", I, N},
        {"detail", T}, {"created_at", I}},
       {"user_id", "id"}},
      {"comments",
       {{"id", I}, {"game_id", I}, {"user_id", T}, {"after_ply", I}, {"body", T}, {"created_at", I}, {"hidden", I}},
       {"id"}},
      {"conditional_moves",
       {{"game_id", I}, {"user_id", T}, {"tree", T}, {"note", T}, {"updated_at", I}},
       {"game_id", "user_id"}},
      {"games",
       {{"id", I}, {"game", T}, {"options", T}, {"seat0", T}, {"seat1", T}, {"challenger", T}, {"ending", T},
        {"resigned_seat", I, N}, {"proposal", T}, {"proposal_seat", I, N}, {"status", T}, {"result", T},
        {"winner_seat", I, N}, {"end_reason", T}, {"num_moves", I}, {"to_move_seat", I, N}, {"created_at", I},
        {"updated_at", I}, {"revision", I}, {"nag_days", I}, {"forfeit_days", I}, {"turn_started_at", I},
        {"nagged", I}, {"rated", I}, {"finished_at", I, N}, {"exploration", I}},
       {"id"}},
      {"holidays",
       {{"user_id", T}, {"starts_at", I}, {"ends_at", I}},
       {"user_id", "starts_at"}},
      {"login_devices",
       {{"device_hash", T}, {"user_id", T}, {"created_at", I}, {"last_used_at", I}},
       {"device_hash"}},
      {"mail_received",
       {{"outcome", T}, {"count", I}, {"reason", T}},
       {"outcome", "reason"}},
      {"mistake_puzzles",
       {{"puzzle_id", I}, {"user_id", T}, {"board_id", I}, {"turn", I}, {"created_at", I}},
       {"user_id", "board_id", "turn"}},
      {"moves",
       {{"game_id", I}, {"ply", I}, {"turn", I}, {"seat", I}, {"move", T}, {"played_at", I}},
       {"game_id", "ply"}},
      {"notification_revisions",
       {{"user_id", T}, {"revision", I}},
       {"user_id"}},
      {"notifications",
       {{"id", I}, {"user_id", T}, {"kind", T}, {"board", I, N}, {"offer", I, N}, {"tournament", I, N}, {"actor", T},
        {"body", T}, {"created_at", I}, {"read_at", I, N}},
       {"id"}},
      {"offers",
       {{"id", I}, {"kind", T}, {"game", T}, {"options", T}, {"from_user", T}, {"to_user", T, N}, {"seat", T},
        {"min_rating", I, N}, {"max_rating", I, N}, {"rated", I}, {"status", T}, {"board", I, N},
        {"created_at", I}, {"expires_at", I}, {"closed_at", I, N}, {"rematch_of", I, N}},
       {"id"}},
      {"outbox",
       {{"id", I}, {"recipient", T}, {"user_id", T}, {"board", I, N}, {"subject", T}, {"body", T},
        {"in_reply_to", T}, {"status", T}, {"created_at", I}, {"attempts", I}, {"next_attempt_at", I},
        {"claimed_by", T}, {"claimed_until", I}, {"sent_at", I, N}, {"last_error", T}, {"secret", T},
        {"secret_until", I, N}},
       {"id"}},
      {"puzzle_attempts",
       {{"id", I}, {"puzzle_id", I}, {"user_id", T}, {"turns", I}, {"status", T}, {"started_at", I},
        {"finished_at", I, N}},
       {"id"}},
      {"puzzle_ratings",
       {{"player", T}, {"game", T}, {"rating", I}, {"deviation", I}, {"volatility", I}, {"games", I},
        {"wins", I}, {"losses", I}, {"draws", I}, {"updated_at", I}},
       {"player", "game"}},
      {"puzzles",
       {{"id", I}, {"game", T}, {"digest", T}, {"record", T}, {"created_at", I}},
       {"id"}},
      {"rating_changes",
       {{"id", I}, {"board", I}, {"player", T}, {"game", T}, {"opponent", T}, {"result", T},
        {"rating_before", I}, {"deviation_before", I}, {"volatility_before", I}, {"rating_after", I},
        {"deviation_after", I}, {"volatility_after", I}, {"at", I}},
       {"id"}},
      {"ratings",
       {{"player", T}, {"game", T}, {"rating", I}, {"deviation", I}, {"volatility", I}, {"games", I},
        {"wins", I}, {"losses", I}, {"draws", I}, {"updated_at", I}},
       {"player", "game"}},
      {"reports",
       {{"id", I}, {"comment_id", I}, {"reporter", T}, {"reason", T}, {"status", T}, {"created_at", I}},
       {"id"}},
      {"reset_requests",
       {{"id", I}, {"user_id", T}, {"requested_at", I}},
       {"id"}},
      {"reviews",
       {{"game_id", I}, {"status", T}, {"requested_by", T}, {"requested_at", I}, {"started_at", I, N},
        {"finished_at", I, N}, {"review", T}, {"note", T}},
       {"game_id"}},
      {"schema_version",
       {{"version", I}, {"applied_at", I}},
       {"version"}},
      {"subscriptions",
       {{"user_id", T}, {"game_id", I}},
       {"user_id", "game_id"}},
      {"throttles",
       {{"scope", T}, {"subject", T}, {"count", I}, {"mark", I}, {"forget_at", I}},
       {"scope", "subject"}},
      {"tokens",
       {{"token_hash", T}, {"user_id", T}, {"created_at", I}, {"expires_at", I}, {"scope", T}},
       {"token_hash"}},
      {"tournament_games",
       {{"tournament", I}, {"round", I}, {"slot", I}, {"replay", I}, {"first_player", T}, {"second_player", T, N},
        {"kind", T}, {"outcome", T}, {"board", I, N}},
       {"tournament", "round", "slot", "replay"}},
      {"tournament_players",
       {{"tournament", I}, {"player", T}, {"seed", I, N}, {"rating", I, N}, {"joined_at", I}, {"withdrawn", I}},
       {"tournament", "player"}},
      {"tournaments",
       {{"id", I}, {"game", T}, {"options", T}, {"rated", I}, {"format", T}, {"rounds", I}, {"min_players", I},
        {"max_players", I}, {"starts_at", I, N}, {"creator", T}, {"status", T}, {"round", I}, {"created_at", I},
        {"started_at", I, N}, {"finished_at", I, N}, {"revision", I}, {"name", T}},
       {"id"}},
      {"users",
       {{"id", T}, {"password_hash", T}, {"email", T}, {"created_at", I}, {"mail_pref", T}, {"challenges", T},
        {"max_active", I, N}, {"pending_email", T}, {"role", T}, {"suspended_at", I, N}, {"digest_hour", I},
        {"auto_review", I}, {"bot", I}, {"language", T}},
       {"id"}}},
      {
      {"account_codes_by_email", "account_codes", {"email", "created_at"}},
      {"account_codes_by_user", "account_codes", {"user_id", "purpose", "created_at"}},
      {"blocks_by_blocked", "blocks", {"blocked"}},
      {"bot_events_by_time", "bot_events", {"created_at"}},
      {"comments_by_game", "comments", {"game_id", "id"}},
      {"comments_by_user", "comments", {"user_id"}},
      {"conditional_moves_by_user", "conditional_moves", {"user_id"}},
      {"games_by_challenger", "games", {"challenger", "created_at"}},
      {"games_by_finish", "games", {"finished_at"}},
      {"games_by_seat0", "games", {"seat0", "status"}},
      {"games_by_seat1", "games", {"seat1", "status"}},
      {"games_by_status", "games", {"status", "updated_at"}},
      {"login_devices_by_user", "login_devices", {"user_id", "last_used_at"}},
      {"mistake_puzzles_by_board", "mistake_puzzles", {"board_id", "turn"}},
      {"mistake_puzzles_by_puzzle", "mistake_puzzles", {"puzzle_id"}},
      {"notifications_by_time", "notifications", {"created_at"}},
      {"notifications_by_user", "notifications", {"user_id", "id"}},
      {"notifications_unread", "notifications", {"user_id", "board"}},  // WHERE read_at IS NULL
      {"offers_by_addressee", "offers", {"to_user", "status"}},
      {"offers_by_poster", "offers", {"from_user", "created_at"}},
      {"offers_by_rematch", "offers", {"rematch_of", "status"}},
      {"offers_open", "offers", {"status", "expires_at"}},
      {"outbox_by_user", "outbox", {"user_id", "status"}},
      {"outbox_by_secret", "outbox", {"secret_until"}},
      {"outbox_due", "outbox", {"status", "next_attempt_at"}},
      {"puzzle_attempts_by_user", "puzzle_attempts", {"user_id", "status"}},
      {"puzzle_ratings_by_game", "puzzle_ratings", {"game", "rating"}},
      {"rating_changes_by_board", "rating_changes", {"board"}},
      {"rating_changes_by_player", "rating_changes", {"player", "game", "id"}},
      {"ratings_by_game", "ratings", {"game", "rating"}},
      {"reports_by_status", "reports", {"status", "id"}},
      {"reviews_by_requester", "reviews", {"requested_by", "status"}},
      {"reviews_by_status", "reviews", {"status", "requested_at"}},
      {"throttles_by_forget", "throttles", {"forget_at"}},
      {"tokens_by_user", "tokens", {"user_id"}},
      {"tournament_games_by_board", "tournament_games", {"board"}},
      {"tournament_players_by_player", "tournament_players", {"player"}},
      {"tournaments_by_status", "tournaments", {"status", "starts_at"}}}};
  return catalog;
}

SchemaCatalog read_schema(sql::Connection& connection) {
  return connection.backend() == sql::Backend::Postgres ? read_postgres(connection) : read_sqlite(connection);
}

std::vector<std::string> schema_differences(const SchemaCatalog& expected, const SchemaCatalog& actual) {
  std::vector<std::string> out;
  auto find_table = [](const SchemaCatalog& c, const std::string& name) -> const TableSpec* {
    for (const auto& t : c.tables)
      if (t.name == name) return &t;
    return nullptr;
  };
  for (const auto& want : expected.tables) {
    const TableSpec* have = find_table(actual, want.name);
    if (!have) {
      out.push_back("no table " + want.name);
      continue;
    }
    for (const ColumnSpec& w : want.columns) {
      auto it = std::find_if(have->columns.begin(), have->columns.end(), [&](const ColumnSpec& h) { return h.name == w.name; });
      if (it == have->columns.end()) {
        out.push_back(fmt::format("table {}: no column {}", want.name, w.name));
      } else if (it->type != w.type || it->nullable != w.nullable) {
        out.push_back(fmt::format("table {}: column {} is {}{} instead of {}{}", want.name, w.name, type_name(it->type),
                                  it->nullable ? " (nullable)" : "", type_name(w.type), w.nullable ? " (nullable)" : ""));
      }
    }
    for (const ColumnSpec& h : have->columns)
      if (std::none_of(want.columns.begin(), want.columns.end(), [&](const ColumnSpec& w) { return w.name == h.name; }))
        out.push_back(fmt::format("table {}: unexpected column {}", want.name, h.name));
    if (have->primary_key != want.primary_key)
      out.push_back(fmt::format("table {}: primary key {} instead of {}", want.name, joined(have->primary_key),
                                joined(want.primary_key)));
  }
  for (const auto& have : actual.tables)
    if (!find_table(expected, have.name)) out.push_back("unexpected table " + have.name);
  for (const auto& want : expected.indexes) {
    auto it = std::find_if(actual.indexes.begin(), actual.indexes.end(), [&](const IndexSpec& h) { return h.name == want.name; });
    if (it == actual.indexes.end())
      out.push_back("no index " + want.name);
    else if (it->table != want.table || it->columns != want.columns)
      out.push_back(fmt::format("index {}: on {}{} instead of {}{}", want.name, it->table, joined(it->columns), want.table,
                                joined(want.columns)));
  }
  for (const auto& have : actual.indexes)
    if (std::none_of(expected.indexes.begin(), expected.indexes.end(), [&](const IndexSpec& w) { return w.name == have.name; }))
      out.push_back("unexpected index " + have.name);
  return out;
}

}  // namespace ludus::server
