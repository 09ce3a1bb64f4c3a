// SPDX-License-Identifier: Apache-2.0
#pragma once
// The play server's database driver: one small interface (Connection, Statement) with two
// implementations, SQLite (sqlite.h, the embedded default) and PostgreSQL (postgres.h, for
// several server instances on one database).  The typed queries are written once, in
// store.cpp, in SQL both engines accept: parameters are ?1, ?2 ... (the PostgreSQL driver
// sends them as $1, $2 ...), new ids come from INSERT ... RETURNING, upserts use ON CONFLICT.
// Every value is bound, never spliced into SQL text.
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/base/errors.h"

namespace ludus::server::sql {

enum class Backend { Sqlite, Postgres };

// "sqlite" or "postgresql": the engine label of the database metrics.
inline const char* engine_name(Backend backend) { return backend == Backend::Sqlite ? "sqlite" : "postgresql"; }

// Where the database is, as given to --db or in LUDUS_DB: a file path or sqlite:PATH
// (SQLite), or a postgresql:// or postgres:// URL (libpq's syntax).
struct DatabaseUrl {
  Backend backend = Backend::Sqlite;
  std::string target;  // the SQLite file path, or the PostgreSQL connection URL

  // Throws ServiceError (500, "database") with a one-line reason for a malformed URL.
  static DatabaseUrl parse(std::string_view text);
  // For messages and logs: the URL without its password.
  std::string display() const;
};

// A database error the driver classifies as "the transaction lost a race with a
// concurrent one; running it again may succeed" (PostgreSQL SQLSTATE 40001 serialization
// failure and 40P01 deadlock).  Store::retrying() runs the unit of work again; if it
// escapes anyway it is a 503 like SQLite's busy.
class RetryableConflict : public ServiceError {
 public:
  explicit RetryableConflict(const std::string& detail)
      : ServiceError(ErrorKind::Busy, "busy", text("the server is busy ({detail}), try again", {{"detail", detail}})) {}
};

// What a change notice between processes names: a board, or a tournament (whose live
// pages look again).
enum class ChangeSubject { Board, Tournament };
// A board or tournament and the revision a change gave it (-1: not told, as by servers
// before revisions were sent with the notice).
struct ChangeNotice {
  ChangeSubject subject = ChangeSubject::Board;
  int64_t id = 0;
  int64_t revision = -1;
};

// One prepared statement of a connection (backend specific).
class Statement {
 public:
  virtual ~Statement() = default;
  virtual void bind_int64(int index, int64_t value) = 0;
  virtual void bind_text(int index, std::string_view text) = 0;
  virtual void bind_null(int index) = 0;
  // Runs the statement on the first call and advances to the next row; false when done.
  virtual bool step() = 0;
  // Forgets the bindings and the result, ready to run again.
  virtual void reset() = 0;
  virtual int column_count() const = 0;
  virtual std::string column_name(int column) const = 0;
  virtual bool is_null(int column) const = 0;
  virtual bool is_integer(int column) const = 0;  // an integer value (else text)
  virtual int64_t int64(int column) const = 0;
  virtual std::string text(int column) const = 0;
};

// A prepared statement borrowed from a connection's cache; reset (and its bindings
// cleared) when the Query goes out of scope, so it can be reused at once.
class Query {
 public:
  explicit Query(Statement& statement) : stmt_(&statement) {}
  ~Query() { stmt_->reset(); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  // Parameters are numbered from 1 as in SQL (?1, ?2 ...).
  Query& bind(int index, int64_t value) { return stmt_->bind_int64(index, value), *this; }
  Query& bind(int index, int value) { return bind(index, static_cast<int64_t>(value)); }
  Query& bind(int index, std::string_view text) { return stmt_->bind_text(index, text), *this; }
  Query& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Query& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Query& bind(int index, std::nullptr_t) { return stmt_->bind_null(index), *this; }
  template <class T>
  Query& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind(index, nullptr);
  }
  template <class... Args>
  Query& bind_all(const Args&... args) {
    int index = 0;
    (bind(++index, args), ...);
    return *this;
  }

  // Advances to the next row; false when done.  Throws on errors.
  bool step() { return stmt_->step(); }
  // Runs a statement that returns no rows.
  void run() {
    while (step()) {
    }
  }

  // Columns are numbered from 0.
  int column_count() const { return stmt_->column_count(); }
  std::string column_name(int column) const { return stmt_->column_name(column); }
  bool is_null(int column) const { return stmt_->is_null(column); }
  bool is_integer(int column) const { return stmt_->is_integer(column); }
  int64_t int64(int column) const { return stmt_->int64(column); }
  int integer(int column) const { return static_cast<int>(int64(column)); }
  std::string text(int column) const { return stmt_->text(column); }
  std::optional<int> optional_int(int column) const {
    return is_null(column) ? std::nullopt : std::optional<int>(integer(column));
  }

 private:
  Statement* stmt_;
};

struct ConnectionSettings {
  int busy_timeout_ms = 5000;  // SQLite: how long a writer waits for the lock
};

enum class TransactionKind { Read, Write };

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Backend backend() const = 0;

  // Prepared once per connection and cached by its SQL text (which must outlive the
  // connection: string literals).
  Query query(const char* sql) { return Query(prepare(sql)); }
  // Runs fixed SQL text (schema scripts) that has no parameters; may hold several statements.
  virtual void exec(const char* sql) = 0;
  // Rows changed by the latest INSERT, UPDATE or DELETE.
  virtual int changes() const = 0;

  // Read: a consistent snapshot.  Write: a transaction that behaves as if it ran alone
  // (see each implementation for how).
  virtual void begin(TransactionKind kind) = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;
  // False once the connection is known to be broken (it is then not pooled again).
  virtual bool usable() const { return true; }

  // --- schema -----------------------------------------------------------------------
  // The schema version the database is at (0: empty).
  virtual int schema_version() = 0;
  // Outside a transaction: makes concurrent migrators take turns until unlock_schema()
  // (PostgreSQL: a session advisory lock, taken before the migration's snapshot; SQLite:
  // nothing, its BEGIN IMMEDIATE already serializes them).
  virtual void lock_schema() {}
  virtual void unlock_schema() {}
  // The names of the tables of the database (for `ludus db check`).
  virtual std::vector<std::string> table_names() = 0;
  // After rows with explicit ids were imported into `table`: makes new ids continue
  // after them (PostgreSQL's identity sequences; nothing for SQLite).
  virtual void after_import(const std::string& table) {}

  // --- change notices between processes ---------------------------------------------
  // Inside a write transaction: tells the other processes' change feeds that `board`
  // changed to `revision`, delivered when the transaction commits (PostgreSQL NOTIFY
  // "BOARD:REVISION"; nothing for SQLite, whose feed polls PRAGMA data_version instead).
  virtual void notify_change(int64_t board, int64_t revision) = 0;
  // The same for a tournament (NOTIFY "tBOARD:REVISION", which servers from before it ignore).
  virtual void notify_tournament_change(int64_t tournament, int64_t revision) = 0;
  // For the change feed's own connection: waits up to `timeout` for other connections'
  // commits.  Returns the boards and tournaments that changed when the engine names them (an
  // empty list: nothing changed), or nullopt when something changed and the caller must look what.
  virtual std::optional<std::vector<ChangeNotice>> await_changes(std::chrono::milliseconds timeout) = 0;

 protected:
  virtual Statement& prepare(const char* sql) = 0;
};

// Opens a connection to the database; throws ServiceError (500, "database") with one line
// naming the database when it cannot be reached.
std::unique_ptr<Connection> connect(const DatabaseUrl& url, const ConnectionSettings& settings = {});

// A transaction on a connection; rolls back unless commit() was called.  A writer given
// `writers` holds that mutex until it ends: writers of one process queue there and are
// woken at once (SQLite's busy handler sleeps up to 100 ms between tries).
class Transaction {
 public:
  using Kind = TransactionKind;
  Transaction(Connection& connection, Kind kind, std::mutex* writers = nullptr);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  std::unique_lock<std::mutex> writer_;  // released at commit(), or after the destructor's ROLLBACK
  Connection* connection_;
  Kind kind_;
  bool open_ = false;
};

}  // namespace ludus::server::sql
