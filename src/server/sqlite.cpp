#include "server/sqlite.h"

#include <sqlite3.h>

#include "server/errors.h"

namespace ludus::server::sql {

Query::~Query() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Query& Query::bind(int index, int64_t value) {
  int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) connection_->fail(rc, "bind");
  return *this;
}

Query& Query::bind(int index, std::string_view text) {
  int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK) connection_->fail(rc, "bind");
  return *this;
}

Query& Query::bind(int index, std::nullptr_t) {
  int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) connection_->fail(rc, "bind");
  return *this;
}

bool Query::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  connection_->fail(rc, sqlite3_sql(stmt_));
}

bool Query::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

int64_t Query::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Query::text(int column) const {
  const auto* data = sqlite3_column_text(stmt_, column);
  int size = sqlite3_column_bytes(stmt_, column);
  return data ? std::string(reinterpret_cast<const char*>(data), static_cast<size_t>(size)) : std::string();
}

Connection::Connection(const std::string& path, const ConnectionSettings& settings) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                           nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw ServerError(500, "database", "cannot open database '" + path + "': " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, settings.busy_timeout_ms);
  try {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

Connection::~Connection() {
  for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
  sqlite3_close(db_);
}

Query Connection::query(const char* sql) {
  auto it = statements_.find(std::string_view(sql));
  if (it == statements_.end()) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc, sql);
    it = statements_.emplace(sql, stmt).first;
  }
  return Query(*this, it->second);
}

void Connection::exec(const char* sql) {
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) fail(rc, sql);
}

int64_t Connection::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

int Connection::changes() const { return sqlite3_changes(db_); }

void Connection::fail(int code, std::string_view what) const {
  std::string detail = sqlite3_errmsg(db_);
  switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw ServerError(503, "busy", "the server is busy, try again");
    case SQLITE_CONSTRAINT:
      throw ServerError(409, "conflict", "conflicting concurrent change (" + detail + "), try again");
    default:
      throw ServerError(500, "database", "database error: " + detail + " (in: " + std::string(what.substr(0, 80)) + ")");
  }
}

Transaction::Transaction(Connection& connection, Kind kind, std::mutex* writers) : connection_(&connection) {
  if (kind == Kind::Write && writers) writer_ = std::unique_lock(*writers);
  connection_->exec(kind == Kind::Write ? "BEGIN IMMEDIATE" : "BEGIN");
  open_ = true;
}

Transaction::~Transaction() {
  if (open_) {
    try {
      connection_->exec("ROLLBACK");
    } catch (...) {
      // Rolling back a transaction SQLite already ended (e.g. after an I/O error) fails
      // harmlessly; nothing else can be done in a destructor.
    }
  }
}

void Transaction::commit() {
  connection_->exec("COMMIT");
  open_ = false;
  if (writer_.owns_lock()) writer_.unlock();
}

}  // namespace ludus::server::sql
