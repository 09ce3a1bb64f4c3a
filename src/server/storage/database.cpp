// SPDX-License-Identifier: Apache-2.0
#include "server/storage/database.h"

#include "core/url_secrets.h"
#include "server/base/metrics.h"

#include "server/storage/postgres.h"
#include "server/storage/sqlite.h"

namespace ludus::server::sql {

namespace {
bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

[[noreturn]] void bad_url(std::string_view text, const std::string& why) {
  throw ServiceError(ErrorKind::Internal, "database", "bad database '" + without_url_secrets(text.substr(0, 200)) + "': " + why);
}
}  // namespace

DatabaseUrl DatabaseUrl::parse(std::string_view text) {
  if (text.empty()) bad_url(text, "empty (give a file path, sqlite:PATH or postgresql://USER@HOST/DBNAME)");
  if (text.find('\0') != std::string_view::npos) bad_url(text, "contains a NUL byte");
  if (starts_with(text, "postgresql://") || starts_with(text, "postgres://")) {
    const std::string_view rest = text.substr(text.find("://") + 3);
    if (rest.empty() || rest == "/") bad_url(text, "no host or database named");
    return {Backend::Postgres, std::string(text)};
  }
  if (starts_with(text, "sqlite:")) {
    std::string_view path = text.substr(7);
    if (starts_with(path, "//")) path.remove_prefix(2);  // sqlite:///abs/path
    if (path.empty()) bad_url(text, "no file path after sqlite:");
    return {Backend::Sqlite, std::string(path)};
  }
  const size_t scheme = text.find("://");
  if (scheme != std::string_view::npos && scheme < 20)
    bad_url(text, "unknown scheme '" + std::string(text.substr(0, scheme)) +
                      "' (expected a file path, sqlite:PATH, postgresql:// or postgres://)");
  return {Backend::Sqlite, std::string(text)};
}

std::string DatabaseUrl::display() const {
  if (backend == Backend::Sqlite) return target;
  return without_url_secrets(target);  // postgresql://user:secret@host/db -> postgresql://user@host/db
}

std::unique_ptr<Connection> connect(const DatabaseUrl& url, const ConnectionSettings& settings) {
  if (url.backend == Backend::Postgres) return std::make_unique<PostgresConnection>(url);
  return std::make_unique<SqliteConnection>(url.target, settings);
}

namespace {
void count_transaction(const Connection& connection, TransactionKind kind, const char* outcome) {
  metrics::db_transaction(engine_name(connection.backend()), kind == TransactionKind::Write ? "write" : "read", outcome);
}
}  // namespace

Transaction::Transaction(Connection& connection, Kind kind, std::mutex* writers) : connection_(&connection), kind_(kind) {
  if (kind == Kind::Write && writers) writer_ = std::unique_lock(*writers);
  connection_->begin(kind);
  open_ = true;
}

Transaction::~Transaction() {
  if (open_) {
    // A read ends here normally: its snapshot is let go, nothing is undone.
    count_transaction(*connection_, kind_, kind_ == Kind::Read ? "commit" : "rollback");
    try {
      connection_->rollback();
    } catch (...) {
      // Rolling back a transaction the engine already ended (e.g. after an I/O error or a
      // lost connection) fails harmlessly; nothing else can be done in a destructor.
    }
  }
}

void Transaction::commit() {
  connection_->commit();  // when it fails, the destructor rolls back (harmless if already ended)
  open_ = false;
  count_transaction(*connection_, kind_, "commit");
  if (writer_.owns_lock()) writer_.unlock();
}

}  // namespace ludus::server::sql
