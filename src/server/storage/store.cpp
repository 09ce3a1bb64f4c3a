// SPDX-License-Identifier: Apache-2.0
#include "server/storage/store.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "server/base/errors.h"
#include "server/base/json_fields.h"
#include "server/storage/schema.h"
#include "server/storage/returned_id.h"

namespace ludus::server {

std::string options_to_json(const std::map<std::string, std::string>& options) {
  return dump_json(nlohmann::json(options));
}

std::map<std::string, std::string> options_from_json(const std::string& text) {
  std::map<std::string, std::string> options;
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_object())
    for (const auto& [k, v] : j.items()) options[k] = v.is_string() ? v.get<std::string>() : dump_json(v);
  return options;
}

namespace {

constexpr size_t kMaxIdleConnections = 16;

// Column order shared by every SELECT of games.
#define LUDUS_GAME_COLUMNS                                                                  \
  "id, game, options, seat0, seat1, challenger, ending, resigned_seat, proposal, "         \
  "proposal_seat, status, result, winner_seat, end_reason, num_moves, to_move_seat, "      \
  "created_at, updated_at, revision, rated, finished_at, exploration, "                  \
  "COALESCE((SELECT m.turn FROM moves m WHERE m.game_id = games.id ORDER BY m.ply DESC LIMIT 1), 0), " \
  "(SELECT t.tournament FROM tournament_games t WHERE t.board = games.id), "                \
  "(SELECT u.bot FROM users u WHERE u.id = games.seat0), (SELECT u.bot FROM users u WHERE u.id = games.seat1)"

// The ending a row states: its `ending` column, or "rules" for a finished board with none.
Ending stored_ending(int64_t board, const std::string& column, const std::string& status) {
  if (column.empty()) return status == "finished" ? Ending::Rules : Ending::None;
  const auto ending = ending_by_name(column);
  if (!ending || *ending == Ending::Rules || *ending == Ending::None)
    throw ServiceError(ErrorKind::Internal, "corrupt_board",
                       "board " + std::to_string(board) + " has an unknown ending '" + column + "'");
  return *ending;
}

// The `ending` column for an ending: empty while the game is on and for the rules' own end.
std::string ending_column(const GameRecord& g) {
  switch (g.ending) {
    case Ending::None:
    case Ending::Rules: return "";
    case Ending::Resignation:
    case Ending::Agreement:
    case Ending::Timeout:
    case Ending::Aborted: return std::string(ending_name(g.ending));
    case Ending::Adjudication: break;
  }
  throw ServiceError(ErrorKind::Internal, "database",
                     "board " + std::to_string(g.id) + ": the server stores no adjudicated ending");
}

GameRecord read_game(const sql::Query& q) {
  GameRecord g;
  g.id = q.int64(0);
  g.game = q.text(1);
  g.options = options_from_json(q.text(2));
  g.seats = {q.text(3), q.text(4)};
  g.challenger = q.text(5);
  g.ending = stored_ending(g.id, q.text(6), q.text(10));
  g.losing_seat = q.optional_int(7);
  g.proposal = q.text(8);
  g.proposal_seat = q.optional_int(9);
  g.result = q.text(11);
  g.winner_seat = q.optional_int(12);
  g.end_reason = q.text(13);
  g.num_moves = q.integer(14);
  g.to_move_seat = q.optional_int(15);
  g.created_at = q.int64(16);
  g.updated_at = q.int64(17);
  g.revision = q.int64(18);
  g.rated = q.int64(19) != 0;
  if (!q.is_null(20)) g.finished_at = q.int64(20);
  g.exploration = q.int64(21) != 0;
  g.num_turns = q.integer(22);
  if (!q.is_null(23)) g.tournament = q.int64(23);
  g.bots = {!q.is_null(24) && q.int64(24) != 0, !q.is_null(25) && q.int64(25) != 0};
  return g;
}

}  // namespace

// --- Store ------------------------------------------------------------------------------

namespace {

// A non-empty file must start with SQLite's header (an empty one may be a database that
// another process is creating this very moment: check_database_file() judges those).
void check_existing_file(const std::string& path) {
  std::error_code ec;
  if (path.empty() || path == ":memory:" || !std::filesystem::exists(path, ec)) return;
  if (!std::filesystem::is_regular_file(path, ec)) throw ServiceError(ErrorKind::Internal, "database", "'" + path + "' is not a file");
  if (std::filesystem::file_size(path, ec) == 0) return;
  std::ifstream in(path, std::ios::binary);
  char header[16] = {};
  in.read(header, sizeof header);
  if (!in || std::memcmp(header, "SQLite format 3", 16) != 0)
    throw ServiceError(ErrorKind::Internal, "database", "'" + path + "' is not an SQLite database");
}

// PRAGMA quick_check: a damaged file is named at start-up, not in the middle of a game.
void check_integrity(sql::Connection& connection, const std::string& path) {
  auto q = connection.query("PRAGMA quick_check(1)");
  const std::string verdict = q.step() ? q.text(0) : "no answer";
  if (verdict != "ok")
    throw ServiceError(ErrorKind::Internal, "database", "'" + path + "' is damaged (quick_check: " + verdict.substr(0, 200) + ")");
}

}  // namespace

void check_database_file(const std::string& url) {
  const auto parsed = sql::DatabaseUrl::parse(url);
  if (parsed.backend != sql::Backend::Sqlite) return;
  const std::string& path = parsed.target;
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0)
    throw ServiceError(ErrorKind::Internal, "database",
                      "'" + path + "' is an empty file, not a ludus database (remove it to start a new one)");
  check_existing_file(path);
}

Store::Store(const std::string& url, sql::ConnectionSettings settings)
    : url_(sql::DatabaseUrl::parse(url)), settings_(settings) {
  // Several processes may open a new or old file at once; while one of them sets it up or
  // migrates it (rebuilding a table, for instance), SQLite can answer the others "busy" at
  // once instead of through its busy handler.  They wait and try again.
  for (int attempt = 1;; ++attempt) {
    try {
      std::unique_ptr<sql::Connection> connection = open_and_migrate();
      idle_.push_back(std::move(connection));
      return;
    } catch (const ServiceError& e) {
      if (e.kind() != ErrorKind::Busy || url_.backend != sql::Backend::Sqlite || attempt >= 100) throw;
      pause_before_retry(attempt);
    }
  }
}

std::unique_ptr<sql::Connection> Store::open_and_migrate() {
  std::unique_ptr<sql::Connection> connection;
  if (url_.backend == sql::Backend::Sqlite) {
    const std::string& path = url_.target;
    check_existing_file(path);
    try {
      connection = sql::connect(url_, settings_);
    } catch (const ServiceError& e) {
      const std::string what = e.what();
      if (what.find("malformed") == std::string::npos) throw;
      throw ServiceError(ErrorKind::Internal, "database", "'" + path + "' is damaged (" + what.substr(0, 200) + ")");
    }
    check_integrity(*connection, path);
  } else {
    connection = sql::connect(url_, settings_);
  }
  migrate(*connection);
  return connection;
}

Store::~Store() = default;

Session Store::session() {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto connection = std::move(idle_.back());
      idle_.pop_back();
      return Session(*this, std::move(connection));
    }
  }
  return Session(*this, sql::connect(url_, settings_));
}

void Store::give_back(std::unique_ptr<sql::Connection> connection) {
  if (!connection->usable()) return;  // a lost PostgreSQL connection: the next session opens a new one
  std::lock_guard lock(mutex_);
  if (idle_.size() < kMaxIdleConnections) idle_.push_back(std::move(connection));
}

void Store::pause_before_retry(int attempt) {
  // Random, growing pauses, so that the writers that collided do not collide again.
  thread_local std::minstd_rand random(std::random_device{}());
  const int most = std::min(2 << attempt, 100);
  std::this_thread::sleep_for(std::chrono::milliseconds(1 + static_cast<int>(random() % most)));
}

Session::Session(Store& store, std::unique_ptr<sql::Connection> connection)
    : store_(&store), connection_(std::move(connection)) {}

sql::Transaction Session::write() {
  // SQLite has one writer at a time anyway: queue this process's writers on a mutex.
  // PostgreSQL runs writers of different boards at once.
  std::mutex* writers = store_->backend() == sql::Backend::Sqlite ? &store_->writers_ : nullptr;
  return sql::Transaction(*connection_, sql::Transaction::Kind::Write, writers);
}

Session::~Session() {
  if (connection_) store_->give_back(std::move(connection_));
}

// --- users and tokens ------------------------------------------------------------------

std::optional<UserRecord> Session::find_user(const std::string& id) {
  auto q = connection_->query(
      "SELECT id, password_hash, email, created_at, pending_email, role, suspended_at, bot FROM users WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  UserRecord user{q.text(0), q.text(1), q.text(2), q.int64(3), q.text(4), q.text(5) == "admin", std::nullopt};
  if (!q.is_null(6)) user.suspended_at = q.int64(6);
  user.bot = q.integer(7) != 0;
  return user;
}

void Session::insert_user(const UserRecord& user) {
  auto q = connection_->query(
      "INSERT INTO users (id, password_hash, email, created_at, pending_email) VALUES (?1, ?2, ?3, ?4, ?5) "
      "ON CONFLICT (id) DO NOTHING");
  q.bind_all(user.id, user.password_hash, user.email, user.created_at, user.pending_email).run();
  if (connection_->changes() == 0) conflict(text("user id '{user}' is already taken", {{"user", user.id}}), "user_exists");
}

void Session::set_password_hash(const std::string& id, const std::string& hash) {
  connection_->query("UPDATE users SET password_hash = ?2 WHERE id = ?1").bind_all(id, hash).run();
}

void Session::insert_token(const std::string& token_hash, const std::string& user, int64_t now, int64_t expires_at,
                           TokenScope scope) {
  connection_->query(
                 "INSERT INTO tokens (token_hash, user_id, created_at, expires_at, scope) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind_all(token_hash, user, now, expires_at, std::string(scope == TokenScope::Bot ? "bot" : "all"))
      .run();
}

std::optional<TokenOwner> Session::token_owner(const std::string& token_hash, int64_t now) {
  // A suspended account's tokens are deleted; the join refuses one issued in a race too.
  auto q = connection_->query(
      "SELECT t.user_id, t.scope FROM tokens t JOIN users u ON u.id = t.user_id "
      "WHERE t.token_hash = ?1 AND t.expires_at > ?2 AND u.suspended_at IS NULL");
  q.bind_all(token_hash, now);
  if (!q.step()) return std::nullopt;
  return TokenOwner{q.text(0), q.text(1) == "bot" ? TokenScope::Bot : TokenScope::All};
}

void Session::delete_token(const std::string& token_hash) {
  connection_->query("DELETE FROM tokens WHERE token_hash = ?1").bind(1, token_hash).run();
}

void Session::delete_tokens_of(const std::string& user) {
  connection_->query("DELETE FROM tokens WHERE user_id = ?1").bind(1, user).run();
}

// --- games ---------------------------------------------------------------------------------

std::pair<int, int64_t> Session::games_challenged_since(const std::string& user, int64_t since) {
  auto q = connection_->query("SELECT count(*), min(created_at) FROM games WHERE challenger = ?1 AND created_at > ?2");
  q.bind_all(user, since);
  if (!q.step() || q.integer(0) == 0) return {0, 0};
  return {q.integer(0), q.int64(1)};
}

int64_t Session::insert_game(const GameRecord& g) {
  int64_t id = 0;
  {
    auto q = connection_->query(
        "INSERT INTO games (game, options, seat0, seat1, challenger, status, num_moves, to_move_seat, "
        "created_at, updated_at, rated, exploration) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) "
        "RETURNING id");
    q.bind_all(g.game, options_to_json(g.options), g.seats[0], g.seats[1], g.challenger, std::string(g.status()), g.num_moves,
               g.to_move_seat, g.created_at, g.updated_at, g.rated ? 1 : 0, g.exploration ? 1 : 0);
    id = returned_id(q, "a new board");
  }
  connection_->notify_change(id, 0);
  return id;
}

std::optional<GameRecord> Session::find_game(int64_t id) {
  return game_by_id(id, "SELECT " LUDUS_GAME_COLUMNS " FROM games WHERE id = ?1");
}

std::optional<GameRecord> Session::find_game_to_change(int64_t id) {
  if (connection_->backend() != sql::Backend::Postgres) return find_game(id);
  return game_by_id(id, "SELECT " LUDUS_GAME_COLUMNS " FROM games WHERE id = ?1 FOR UPDATE");
}

std::optional<GameRecord> Session::game_by_id(int64_t id, const char* select) {
  auto q = connection_->query(select);
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_game(q);
}

void Session::update_game(const GameRecord& g) {
  connection_
      ->query(
          "UPDATE games SET ending = ?2, resigned_seat = ?3, proposal = ?4, proposal_seat = ?5, status = ?6, "
          "result = ?7, winner_seat = ?8, end_reason = ?9, num_moves = ?10, to_move_seat = ?11, updated_at = ?12, "
          "finished_at = ?13, revision = revision + 1 WHERE id = ?1")
      .bind_all(g.id, ending_column(g), g.losing_seat, g.proposal, g.proposal_seat, std::string(g.status()), g.result, g.winner_seat,
                g.end_reason, g.num_moves, g.to_move_seat, g.updated_at, g.finished_at)
      .run();
  connection_->notify_change(g.id, g.revision);  // the revision this update gives it
}

std::optional<int64_t> Session::game_revision(int64_t id) {
  auto q = connection_->query("SELECT revision FROM games WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return q.int64(0);
}

std::vector<GameRecord> Session::list_games(const GameFilter& f) {
  // One statement for every filter: a NULL or 0 parameter switches its condition off (the
  // CASTs tell PostgreSQL the type of a parameter first seen in IS NULL).
  auto q = connection_->query(
      "SELECT " LUDUS_GAME_COLUMNS
      " FROM games WHERE (CAST(?1 AS TEXT) IS NULL OR seat0 = ?1 OR seat1 = ?1)"
      " AND (CAST(?2 AS TEXT) IS NULL OR status = ?2)"
      " AND (?3 = 0 OR (status = 'active' AND ((seat0 = ?1 AND to_move_seat = 0) OR (seat1 = ?1 AND to_move_seat = 1))))"
      " AND (?4 = 0 OR id IN (SELECT game_id FROM subscriptions WHERE user_id = ?5))"
      " AND (CAST(?8 AS TEXT) IS NULL OR game = ?8)"
      " ORDER BY updated_at DESC, id DESC LIMIT ?6 OFFSET ?7");
  std::optional<std::string> user, status, game;
  if (!f.user.empty() && !f.watched) user = f.user;
  if (!f.status.empty()) status = f.status;
  if (!f.game.empty()) game = f.game;
  q.bind_all(user, status, f.user_to_move ? 1 : 0, f.watched ? 1 : 0, f.user, f.limit, f.offset, game);
  std::vector<GameRecord> out;
  while (q.step()) out.push_back(read_game(q));
  return out;
}

std::vector<int64_t> Session::games_awaiting_ai() {
  auto q = connection_->query(
      "SELECT id FROM games WHERE status = 'active' AND "
      "((to_move_seat = 0 AND seat0 LIKE 'ai:%') OR (to_move_seat = 1 AND seat1 LIKE 'ai:%')) ORDER BY id");
  std::vector<int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

std::optional<int64_t> Session::next_board_to_move(const std::string& user, std::optional<int64_t> except) {
  auto q = connection_->query(
      "SELECT id FROM games WHERE status = 'active' AND ((seat0 = ?1 AND to_move_seat = 0) OR "
      "(seat1 = ?1 AND to_move_seat = 1)) AND id <> ?2 ORDER BY turn_started_at, id LIMIT 1");
  q.bind_all(user, except.value_or(0));
  if (!q.step()) return std::nullopt;
  return q.int64(0);
}

bool GameFilter::select_listing(std::string_view listing) {
  if (listing == "active" || listing == "finished")
    status = listing;
  else if (listing == "next")
    user_to_move = true;
  else if (listing == "watched")
    watched = true;
  else if (listing != "all")
    return false;
  return true;
}

std::vector<MoveRecord> Session::moves(int64_t game) {
  auto q = connection_->query("SELECT ply, turn, seat, move, played_at FROM moves WHERE game_id = ?1 ORDER BY ply");
  q.bind(1, game);
  std::vector<MoveRecord> out;
  while (q.step()) out.push_back({q.integer(0), q.integer(1), q.integer(2), q.text(3), q.int64(4)});
  return out;
}

void Session::insert_move(int64_t game, const MoveRecord& m) {
  connection_->query("INSERT INTO moves (game_id, ply, turn, seat, move, played_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind_all(game, m.ply, m.turn, m.seat, m.move, m.played_at)
      .run();
}

void Session::truncate_moves(int64_t game, int ply) {
  connection_->query("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2").bind_all(game, ply).run();
  // Comments are never lost with the moves: they follow the position the board is back at.
  connection_->query("UPDATE comments SET after_ply = ?2 WHERE game_id = ?1 AND after_ply > ?2").bind_all(game, ply).run();
}

int64_t Session::insert_comment(int64_t game, const CommentRecord& c) {
  auto q = connection_->query(
      "INSERT INTO comments (game_id, user_id, after_ply, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id");
  q.bind_all(game, c.user, c.after_ply, c.body, c.created_at);
  return returned_id(q, "a new comment");
}

std::vector<CommentRecord> Session::comments(int64_t game) {
  auto q = connection_->query("SELECT id, user_id, after_ply, body, created_at FROM comments WHERE game_id = ?1 AND hidden = 0 ORDER BY id");
  q.bind(1, game);
  std::vector<CommentRecord> out;
  while (q.step()) out.push_back({q.int64(0), q.text(1), q.integer(2), q.text(3), q.int64(4)});
  return out;
}

void Session::set_subscription(const std::string& user, int64_t game, bool on) {
  if (on)
    connection_->query("INSERT INTO subscriptions (user_id, game_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
        .bind_all(user, game)
        .run();
  else
    connection_->query("DELETE FROM subscriptions WHERE user_id = ?1 AND game_id = ?2").bind_all(user, game).run();
}

bool Session::subscribed(const std::string& user, int64_t game) {
  auto q = connection_->query("SELECT 1 FROM subscriptions WHERE user_id = ?1 AND game_id = ?2");
  q.bind_all(user, game);
  return q.step();
}

// --- AI move leases ------------------------------------------------------------------------

bool Session::claim_ai_lease(int64_t game, const std::string& owner, int64_t now_ms, int64_t until_ms) {
  connection_
      ->query(
          "INSERT INTO ai_leases (game_id, owner, expires_at) VALUES (?1, ?2, ?3) "
          "ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at "
          "WHERE ai_leases.owner = excluded.owner OR ai_leases.expires_at <= ?4")
      .bind_all(game, owner, until_ms, now_ms)
      .run();
  return connection_->changes() == 1;
}

bool Session::renew_ai_lease(int64_t game, const std::string& owner, int64_t until_ms) {
  connection_->query("UPDATE ai_leases SET expires_at = ?3 WHERE game_id = ?1 AND owner = ?2")
      .bind_all(game, owner, until_ms)
      .run();
  return connection_->changes() == 1;
}

void Session::release_ai_lease(int64_t game, const std::string& owner) {
  connection_->query("DELETE FROM ai_leases WHERE game_id = ?1 AND owner = ?2").bind_all(game, owner).run();
}

}  // namespace ludus::server
