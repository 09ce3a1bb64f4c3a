// SPDX-License-Identifier: Apache-2.0
#include "server/storage/backup.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <limits>
#include <memory>
#include <thread>

#include "core/private_file.h"
#include "server/base/errors.h"
#include "server/storage/mail_store.h"

namespace ludus::server {
namespace {

[[noreturn]] void refuse(const std::string& message) { throw ServiceError(ErrorKind::BadRequest, "backup", message); }

struct Closer {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Handle = std::unique_ptr<sqlite3, Closer>;

// Opens `path`; errors name `what` and `shown` (the file the user named).
Handle open_database(const std::string& path, int flags, const std::string& what, const std::string& shown) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  Handle handle(db);
  if (rc != SQLITE_OK)
    refuse("cannot open " + what + " '" + shown + "': " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
  sqlite3_busy_timeout(db, 5000);
  return handle;
}

// The copy keeps no mailed code (mail_store.h: MailSecret): each is forgotten as if it had
// expired, and the bytes it held are zeroed (secure_delete).  A database from before schema
// 12 has no such column (its migration drops the codes it finds).
void forget_secrets(sqlite3* copy) {
  sqlite3_stmt* version = nullptr;
  int schema = 0;
  if (sqlite3_prepare_v2(copy, "PRAGMA user_version", -1, &version, nullptr) == SQLITE_OK &&
      sqlite3_step(version) == SQLITE_ROW)
    schema = sqlite3_column_int(version, 0);
  sqlite3_finalize(version);
  if (schema < 12) return;
  sqlite3_exec(copy, "PRAGMA secure_delete=ON", nullptr, nullptr, nullptr);
  sqlite3_stmt* forget = nullptr;
  int rc = sqlite3_prepare_v2(copy, forget_secrets_sql(), -1, &forget, nullptr);
  if (rc == SQLITE_OK) {
    sqlite3_bind_int64(forget, 1, std::numeric_limits<sqlite3_int64>::max());
    rc = sqlite3_step(forget) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(copy);
  }
  sqlite3_finalize(forget);
  if (rc != SQLITE_OK) refuse("cannot clear the mailed codes from the backup: " + std::string(sqlite3_errmsg(copy)));
}

// Sets the copy's journal mode back to DELETE (the backup copies the source's WAL mode, and
// a check opens it as a server would): one self-contained file, no -wal beside it.
void leave_in_rollback_mode(const std::string& path, const std::string& shown) {
  Handle copy = open_database(path, SQLITE_OPEN_READWRITE, "backup file", shown);
  char* error = nullptr;
  if (sqlite3_exec(copy.get(), "PRAGMA journal_mode=DELETE", nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string reason = error ? error : "unknown error";
    sqlite3_free(error);
    refuse("cannot finish the backup file: " + reason);
  }
}

}  // namespace

BackupReport backup_sqlite(const std::string& source, const std::string& destination, const BackupCheck& check) {
  PrivateNewFile file(destination, "the backup");  // refuses a destination that exists
  std::error_code ec;
  if (!std::filesystem::is_regular_file(source, ec)) refuse("no database file '" + source + "'");
  BackupReport report;
  {
    Handle from = open_database(source, SQLITE_OPEN_READWRITE, "database", source);  // no CREATE: a missing file is an error
    // The private file, empty: SQLite takes it as an empty database and writes its journal beside it.
    Handle to = open_database(file.path(), SQLITE_OPEN_READWRITE, "backup file", destination);
    sqlite3_backup* backup = sqlite3_backup_init(to.get(), "main", from.get(), "main");
    if (!backup) refuse("cannot start the backup: " + std::string(sqlite3_errmsg(to.get())));
    // All pages in one step: one read transaction on the source, so the copy is one
    // snapshot.  Busy or locked (a checkpoint under way): wait a little and try again.
    int rc = SQLITE_OK;
    for (int attempt = 0; attempt < 200; ++attempt) {
      rc = sqlite3_backup_step(backup, -1);
      if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    report.pages = sqlite3_backup_pagecount(backup);
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) refuse("the backup failed: " + std::string(sqlite3_errstr(rc)));
    forget_secrets(to.get());
  }
  if (check) report.problems = check(file.path());
  leave_in_rollback_mode(file.path(), destination);
  report.bytes = file.place();
  return report;
}

}  // namespace ludus::server
