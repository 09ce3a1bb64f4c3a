// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus db backup`: a consistent copy of a live SQLite database, taken with SQLite's online
// backup API while servers keep writing to it (docs/operations.md).  PostgreSQL databases
// are copied with pg_dump / pg_restore instead, as documented there.
#include <cstdint>
#include <string>

namespace ludus::server {

struct BackupReport {
  int64_t pages = 0;
  int64_t bytes = 0;
};

// Copies the SQLite database at `source` (which must exist) to the new file `destination`:
// the database as of the last commit before the copy began, every committed change of it and
// none after (the copy is made under one read transaction, so writers are not held up in WAL
// mode).  The copy is written beside `destination` and renamed into place only when complete,
// and never replaces an existing file.  Throws ServiceError (BadRequest) with a one-line
// reason when `destination` exists or cannot be written, or `source` cannot be read.
BackupReport backup_sqlite(const std::string& source, const std::string& destination);

}  // namespace ludus::server
