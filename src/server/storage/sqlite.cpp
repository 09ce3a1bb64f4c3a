// SPDX-License-Identifier: Apache-2.0
#include "server/storage/sqlite.h"

#include <sqlite3.h>

#include <thread>

#include "server/base/errors.h"
#include "server/base/metrics.h"

namespace ludus::server::sql {

SqliteStatement::~SqliteStatement() { sqlite3_finalize(stmt_); }

void SqliteStatement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

void SqliteStatement::bind_int64(int index, int64_t value) {
  int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) connection_->fail(rc, "bind");
}

void SqliteStatement::bind_text(int index, std::string_view text) {
  int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK) connection_->fail(rc, "bind");
}

void SqliteStatement::bind_null(int index) {
  int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) connection_->fail(rc, "bind");
}

bool SqliteStatement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  connection_->fail(rc, sqlite3_sql(stmt_));
}

int SqliteStatement::column_count() const { return sqlite3_column_count(stmt_); }

std::string SqliteStatement::column_name(int column) const { return sqlite3_column_name(stmt_, column); }

bool SqliteStatement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

bool SqliteStatement::is_integer(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_INTEGER; }

int64_t SqliteStatement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string SqliteStatement::text(int column) const {
  const auto* data = sqlite3_column_text(stmt_, column);
  int size = sqlite3_column_bytes(stmt_, column);
  return data ? std::string(reinterpret_cast<const char*>(data), static_cast<size_t>(size)) : std::string();
}

SqliteConnection::SqliteConnection(const std::string& path, const ConnectionSettings& settings) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                           nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw ServiceError(ErrorKind::Internal, "database", "cannot open database '" + path + "': " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, settings.busy_timeout_ms);
  try {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    // Bytes a change frees are zeroed where the page is written anyway, so a mailed code
    // forgotten from the outbox does not linger in the file's free space.
    exec("PRAGMA secure_delete=FAST");
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

SqliteConnection::~SqliteConnection() {
  statements_.clear();
  sqlite3_close(db_);
}

Statement& SqliteConnection::prepare(const char* sql) {
  auto it = statements_.find(std::string_view(sql));
  if (it == statements_.end()) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc, sql);
    it = statements_.emplace(sql, std::make_unique<SqliteStatement>(*this, stmt)).first;
  }
  return *it->second;
}

void SqliteConnection::exec(const char* sql) {
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) fail(rc, sql);
}

int SqliteConnection::changes() const { return sqlite3_changes(db_); }

void SqliteConnection::begin(TransactionKind kind) { exec(kind == TransactionKind::Write ? "BEGIN IMMEDIATE" : "BEGIN"); }

int SqliteConnection::schema_version() {
  auto q = query("PRAGMA user_version");
  return q.step() ? q.integer(0) : 0;
}

std::vector<std::string> SqliteConnection::table_names() {
  auto q = query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  std::vector<std::string> names;
  while (q.step()) names.push_back(q.text(0));
  return names;
}

std::optional<std::vector<ChangeNotice>> SqliteConnection::await_changes(std::chrono::milliseconds timeout) {
  std::this_thread::sleep_for(timeout);
  auto q = query("PRAGMA data_version");
  const int64_t version = q.step() ? q.int64(0) : 0;
  if (version == data_version_) return std::vector<ChangeNotice>{};
  data_version_ = version;
  return std::nullopt;
}

void SqliteConnection::fail(int code, std::string_view what) const {
  metrics::db_error("sqlite");
  std::string detail = sqlite3_errmsg(db_);
  switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw ServiceError(ErrorKind::Busy, "busy", text("the server is busy, try again"));
    case SQLITE_CONSTRAINT:
      throw ServiceError(ErrorKind::Conflict, "conflict",
                         text("conflicting concurrent change ({detail}), try again", {{"detail", detail}}));
    default:
      throw ServiceError(ErrorKind::Internal, "database", "database error: " + detail + " (in: " + std::string(what.substr(0, 80)) + ")");
  }
}

}  // namespace ludus::server::sql
