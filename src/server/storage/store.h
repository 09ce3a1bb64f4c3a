// SPDX-License-Identifier: Apache-2.0
#pragma once
// The play server's storage: one database (an SQLite file, or PostgreSQL for several
// server instances: database.h), a small pool of connections shared by the request
// threads, and typed queries over the tables, written once for both engines.  Callers
// group queries into transactions themselves: every state change is one write
// transaction, run through Store::retrying().
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/records.h"
#include "server/base/metrics.h"
#include "server/storage/database.h"

namespace ludus::server {

struct GameFilter {
  std::string user;           // "" = everybody's games
  std::string status;         // "" | "active" | "finished"
  std::string game;           // "" = every game, else a registry name
  bool user_to_move = false;  // only games where `user` has the move
  bool watched = false;       // only games `user` subscribed to
  int limit = 100;
  int offset = 0;

  // Selects one of the listings people ask for: "active", "finished", "next" (the user
  // has the move), "watched" or "all".  Returns false for any other word.
  bool select_listing(std::string_view listing);
};

class Store;

// A board's options as stored in its options column (a JSON object of strings), and back
// (a malformed column reads as no options).
std::string options_to_json(const std::map<std::string, std::string>& options);
std::map<std::string, std::string> options_from_json(const std::string& text);

// For a database a person named: refuses a malformed URL, and an existing empty SQLite
// file (SQLite would take it as a new, empty database) besides what Store refuses, with
// a one-line reason.
void check_database_file(const std::string& url);

// One borrowed connection with the typed queries; gives the connection back to the pool
// when destroyed.  Use from one thread at a time.
class Session {
 public:
  Session(Store& store, std::unique_ptr<sql::Connection> connection);
  ~Session();
  Session(Session&&) = default;
  Session& operator=(Session&&) = delete;

  sql::Connection& connection() { return *connection_; }
  sql::Transaction read() { return sql::Transaction(*connection_, sql::Transaction::Kind::Read); }
  sql::Transaction write();

  // --- users and tokens -------------------------------------------------------------
  std::optional<UserRecord> find_user(const std::string& id);
  void insert_user(const UserRecord& user);  // 409 when the id is taken
  void set_password_hash(const std::string& id, const std::string& hash);
  void insert_token(const std::string& token_hash, const std::string& user, int64_t now, int64_t expires_at,
                    TokenScope scope = TokenScope::All);
  // The live token's account and scope; nullopt when unknown, expired or the account suspended.
  std::optional<TokenOwner> token_owner(const std::string& token_hash, int64_t now);
  void delete_token(const std::string& token_hash);
  void delete_tokens_of(const std::string& user);

  // --- games ----------------------------------------------------------------------------
  int64_t insert_game(const GameRecord& game);
  // Boards `user` challenged after `since`: {how many, when the earliest of them}.
  std::pair<int, int64_t> games_challenged_since(const std::string& user, int64_t since);
  std::optional<GameRecord> find_game(int64_t id);
  // find_game for a write transaction that will change the board: on PostgreSQL the row is
  // locked, so a concurrent change waits and then fails as a retryable conflict instead of
  // working from a revision already gone (SQLite's write transaction holds the whole file).
  std::optional<GameRecord> find_game_to_change(int64_t id);
  // Writes the mutable columns (ending, proposal, caches, updated_at) and bumps revision.
  void update_game(const GameRecord& game);
  std::optional<int64_t> game_revision(int64_t id);
  std::vector<GameRecord> list_games(const GameFilter& filter);
  // Active games whose seat to move is an AI ("ai:..."), oldest first.
  std::vector<int64_t> games_awaiting_ai();
  // The active board where `user` has the move that has waited longest for it (its turn
  // started first; the lower number first among equals), other than `except`; nullopt
  // when there is none.
  std::optional<int64_t> next_board_to_move(const std::string& user, std::optional<int64_t> except);

  std::vector<MoveRecord> moves(int64_t game);
  void insert_move(int64_t game, const MoveRecord& move);
  // Deletes moves numbered above `ply` (a take-back); the comments made after them are
  // re-attached to move `ply`, the position the board is back at.
  void truncate_moves(int64_t game, int ply);

  // Returns the comment's id.
  int64_t insert_comment(int64_t game, const CommentRecord& comment);
  std::vector<CommentRecord> comments(int64_t game);

  void set_subscription(const std::string& user, int64_t game, bool on);
  bool subscribed(const std::string& user, int64_t game);

  // --- AI move leases (several server instances on one database) ---------------------
  // Takes the lease on the board's AI move for `owner` until `until_ms` (Unix time in
  // ms) unless another owner holds one that has not expired at `now_ms`; true when
  // `owner` holds it now.  One statement, atomic on either engine.
  bool claim_ai_lease(int64_t game, const std::string& owner, int64_t now_ms, int64_t until_ms);
  // Extends `owner`'s lease while its search runs; false when it has lost it.
  bool renew_ai_lease(int64_t game, const std::string& owner, int64_t until_ms);
  void release_ai_lease(int64_t game, const std::string& owner);

 private:
  // The game row `select` (one of the SELECTs above, binding the id as ?1) finds.
  std::optional<GameRecord> game_by_id(int64_t id, const char* select);
  Store* store_;
  std::unique_ptr<sql::Connection> connection_;
};

class Store {
 public:
  // A unit of work that conflicts is run again at least kMaxAttempts times in all, and
  // until kRetryTime has passed since its first attempt.  A count alone was too short: with
  // two instances on one PostgreSQL database and 32 boards moving, creating a board met a
  // conflicting move at each of its 8 attempts (about 0.2 s of pauses, less than one busy
  // transaction lasts) and answered 503.  PostgreSQL guarantees a retried transaction is not
  // aborted again by the same transactions, so retrying for longer always gets through.
  static constexpr int kMaxAttempts = 8;
  static constexpr std::chrono::milliseconds kRetryTime{5000};

  // Opens the database named by `url` (a file path, sqlite:PATH or postgresql://...:
  // sql::DatabaseUrl), creating an SQLite file if missing, and migrates it to the current
  // schema.
  explicit Store(const std::string& url, sql::ConnectionSettings settings = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const sql::DatabaseUrl& url() const { return url_; }
  sql::Backend backend() const { return url_.backend; }
  Session session();

  // Runs `work(session)`, one unit that opens, uses and commits a write transaction, on
  // a fresh session; when the database aborted it for a race with a concurrent
  // transaction (sql::RetryableConflict: PostgreSQL's serialization failures and
  // deadlocks) runs it again after a short random pause, as kMaxAttempts and kRetryTime say.
  template <class Fn>
  auto retrying(Fn&& work) {
    const auto start = std::chrono::steady_clock::now();
    for (int attempt = 1;; ++attempt) {
      try {
        auto session = this->session();
        return work(session);
      } catch (const sql::RetryableConflict&) {
        if (attempt >= kMaxAttempts && std::chrono::steady_clock::now() - start >= kRetryTime) throw;
        metrics::db_retry(sql::engine_name(backend()));
        pause_before_retry(attempt);
      }
    }
  }

 private:
  // Opens one connection, checks the file (SQLite) and migrates the schema.
  std::unique_ptr<sql::Connection> open_and_migrate();
  friend class Session;
  void give_back(std::unique_ptr<sql::Connection> connection);
  static void pause_before_retry(int attempt);

  sql::DatabaseUrl url_;
  sql::ConnectionSettings settings_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<sql::Connection>> idle_;
  std::mutex writers_;  // SQLite: the write transactions of this process, one at a time
};

}  // namespace ludus::server
