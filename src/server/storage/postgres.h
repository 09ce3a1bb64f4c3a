// SPDX-License-Identifier: Apache-2.0
#pragma once
// The PostgreSQL implementation of the database driver (database.h), over libpqxx: for
// several `ludus serve` instances on one database.
//
// Isolation: a write transaction is SERIALIZABLE.  It then behaves exactly as SQLite's
// BEGIN IMMEDIATE writer does (as if it ran alone), so the service's read-check-write of
// a move needs no engine-specific locking clause that a new query could forget; when
// PostgreSQL detects that two concurrent writers could not have run one after the other
// (two moves on one board), it aborts one with SQLSTATE 40001, which the driver reports
// as RetryableConflict and Store::retrying() runs again: the re-run sees the other move
// and is refused by the `#N` guard like any stale request.  A read transaction is
// REPEATABLE READ, READ ONLY: a consistent snapshot that never fails to serialize.
#include <map>

#include "server/storage/database.h"

namespace pqxx {
class connect_direct;
template <typename ConnectPolicy>
class basic_connection_base;
using connection = basic_connection_base<connect_direct>;
class transaction_base;
}  // namespace pqxx

namespace ludus::server::sql {

class PostgresConnection;

class PostgresStatement final : public Statement {
 public:
  PostgresStatement(PostgresConnection& connection, std::string name, const char* sql);
  ~PostgresStatement() override;
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
  struct Result;
  PostgresConnection* connection_;
  std::string name_;
  std::string sql_;  // for error messages
  std::vector<std::optional<std::string>> params_;  // text format; PostgreSQL infers the types
  std::unique_ptr<Result> result_;                  // after the first step()
  long row_ = -1;
};

class PostgresConnection final : public Connection {
 public:
  explicit PostgresConnection(const DatabaseUrl& url);
  ~PostgresConnection() override;

  Backend backend() const override { return Backend::Postgres; }
  void exec(const char* sql) override;
  int changes() const override { return changes_; }
  void begin(TransactionKind kind) override;
  void commit() override;
  void rollback() override;
  bool usable() const override { return !broken_; }
  int schema_version() override;  // the highest version in table schema_version
  void lock_schema() override;  // pg_advisory_lock
  void unlock_schema() override;
  std::vector<std::string> table_names() override;
  void after_import(const std::string& table) override;
  void notify_change(int64_t board, int64_t revision) override;  // pg_notify('ludus_changes', 'BOARD:REVISION')
  void notify_tournament_change(int64_t tournament, int64_t revision) override;  // ... 'tTOURNAMENT:REVISION'

  // LISTEN ludus_changes (at the first call), then waits for notifications.  A lost
  // connection throws (503) and is never reopened quietly: the caller must rescan.
  std::optional<std::vector<ChangeNotice>> await_changes(std::chrono::milliseconds timeout) override;

 protected:
  Statement& prepare(const char* sql) override;

 private:
  friend class PostgresStatement;
  class Listener;
  // Runs `work` with the open transaction, or a one-statement one.
  template <class Fn>
  auto in_transaction(Fn&& work);
  // Runs `work`, translating libpqxx's
  // errors into ServiceErrors (40001/40P01 -> RetryableConflict, 23xxx -> 409,
  // a lost connection -> 503, anything else -> 500).
  template <class Fn>
  auto run(std::string_view what, Fn&& work);

  std::string display_;
  // The concrete type: libpqxx 6's connection_base has no virtual destructor, so deleting
  // the connection through it skipped ~basic_connection_base (its close()) and was UB.
  std::unique_ptr<pqxx::connection> conn_;
  std::unique_ptr<pqxx::transaction_base> tx_;
  std::map<std::string, std::unique_ptr<PostgresStatement>, std::less<>> statements_;
  std::unique_ptr<Listener> listener_;
  std::vector<ChangeNotice> notified_;
  int changes_ = 0;
  bool broken_ = false;
};

// "?1 ... ?12" -> "$1 ... $12" outside quoted strings.
std::string postgres_placeholders(std::string_view sql);

}  // namespace ludus::server::sql
