// SPDX-License-Identifier: Apache-2.0
#pragma once
// The SQLite implementation of the database driver (database.h): connections with the
// server's pragmas (WAL, synchronous=FULL, foreign keys) and cached prepared statements.
#include <map>

#include "server/storage/database.h"

struct sqlite3;
struct sqlite3_stmt;

namespace ludus::server::sql {

class SqliteConnection;

class SqliteStatement final : public Statement {
 public:
  SqliteStatement(SqliteConnection& connection, sqlite3_stmt* stmt) : connection_(&connection), stmt_(stmt) {}
  ~SqliteStatement() override;
  void bind_int64(int index, int64_t value) override;
  void bind_text(int index, std::string_view text) override;
  void bind_null(int index) override;
  bool step() override;
  void reset() override;
  int column_count() const override;
  std::string column_name(int column) const override;
  bool is_null(int column) const override;
  bool is_integer(int column) const override;
  int64_t int64(int column) const override;
  std::string text(int column) const override;

 private:
  SqliteConnection* connection_;
  sqlite3_stmt* stmt_;
};

class SqliteConnection final : public Connection {
 public:
  // Opens (creating if needed) the database file with WAL journaling, the busy timeout,
  // foreign keys and synchronous=FULL (an acknowledged commit survives a crash).
  SqliteConnection(const std::string& path, const ConnectionSettings& settings);
  ~SqliteConnection() override;

  Backend backend() const override { return Backend::Sqlite; }
  void exec(const char* sql) override;
  int changes() const override;
  // Write: BEGIN IMMEDIATE, which takes the database's one write lock at once, so the
  // read-check-write of a move cannot interleave with another writer.  Read: BEGIN.
  void begin(TransactionKind kind) override;
  void commit() override { exec("COMMIT"); }
  void rollback() override { exec("ROLLBACK"); }
  int schema_version() override;  // PRAGMA user_version
  std::vector<std::string> table_names() override;
  void notify_change(int64_t, int64_t) override {}
  void notify_tournament_change(int64_t, int64_t) override {}
  // Sleeps `timeout`, then compares PRAGMA data_version (changed only by other
  // connections' commits) with the value seen last.
  std::optional<std::vector<ChangeNotice>> await_changes(std::chrono::milliseconds timeout) override;

  // Throws ServiceError for an SQLite result code: busy -> 503, constraint -> 409,
  // anything else -> 500, naming `what`.
  [[noreturn]] void fail(int code, std::string_view what) const;

 protected:
  Statement& prepare(const char* sql) override;

 private:
  sqlite3* db_ = nullptr;
  std::map<std::string, std::unique_ptr<SqliteStatement>, std::less<>> statements_;
  int64_t data_version_ = -1;
};

}  // namespace ludus::server::sql
