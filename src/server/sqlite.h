#pragma once
// A thin RAII layer over SQLite: connections with the server's pragmas, cached prepared
// statements (every value is bound, never spliced into SQL text), and transactions.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace ludus::server::sql {

class Connection;

// A prepared statement borrowed from a connection's cache; reset (and its bindings
// cleared) when the Query goes out of scope, so it can be reused at once.
class Query {
 public:
  Query(Connection& connection, sqlite3_stmt* stmt) : connection_(&connection), stmt_(stmt) {}
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  // Parameters are numbered from 1 as in SQL (?1, ?2 ...).
  Query& bind(int index, int64_t value);
  Query& bind(int index, int value) { return bind(index, static_cast<int64_t>(value)); }
  Query& bind(int index, std::string_view text);
  Query& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Query& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Query& bind(int index, std::nullptr_t);
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
  bool step();
  // Runs a statement that returns no rows.
  void run() {
    while (step()) {
    }
  }

  // Columns are numbered from 0.
  bool is_null(int column) const;
  int64_t int64(int column) const;
  int integer(int column) const { return static_cast<int>(int64(column)); }
  std::string text(int column) const;
  std::optional<int> optional_int(int column) const {
    return is_null(column) ? std::nullopt : std::optional<int>(integer(column));
  }

 private:
  Connection* connection_;
  sqlite3_stmt* stmt_;
};

struct ConnectionSettings {
  int busy_timeout_ms = 5000;
};

class Connection {
 public:
  // Opens (creating if needed) the database file with WAL journaling, the busy timeout,
  // foreign keys and synchronous=FULL (an acknowledged commit survives a crash).
  Connection(const std::string& path, const ConnectionSettings& settings);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Prepared once per connection and cached by its SQL text.
  Query query(const char* sql);
  // Runs fixed SQL text (schema scripts, pragmas) that has no parameters.
  void exec(const char* sql);
  int64_t last_insert_id() const;
  int changes() const;

  // Throws ServerError for an SQLite result code: busy -> 503, constraint -> 409,
  // anything else -> 500, naming `what`.
  [[noreturn]] void fail(int code, std::string_view what) const;

 private:
  sqlite3* db_ = nullptr;
  std::map<std::string, sqlite3_stmt*, std::less<>> statements_;
};

// BEGIN IMMEDIATE (writers: takes the write lock at once, so the read-check-write of a
// move cannot interleave with another writer) or BEGIN (deferred: a consistent read
// snapshot).  Rolls back unless commit() was called.  A writer given `writers` holds
// that mutex until it ends: writers of one process queue there and are woken at once,
// instead of in SQLite's busy handler, which sleeps (up to 100 ms a time) between tries.
class Transaction {
 public:
  enum class Kind { Read, Write };
  Transaction(Connection& connection, Kind kind, std::mutex* writers = nullptr);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  std::unique_lock<std::mutex> writer_;  // released at commit(), or after the destructor's ROLLBACK
  Connection* connection_;
  bool open_ = false;
};

}  // namespace ludus::server::sql
