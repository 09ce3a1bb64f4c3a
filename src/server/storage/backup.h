// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus db backup`: a consistent copy of a live SQLite database, taken with SQLite's online
// backup API while servers keep writing to it (docs/operations.md).  PostgreSQL databases
// are copied with pg_dump / pg_restore instead, as documented there.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ludus::server {

struct BackupReport {
  int64_t pages = 0;
  int64_t bytes = 0;
  std::vector<std::string> problems;  // what the check found in the copy
};

// Looks at a finished copy, given by its path, before it is put into place; returns its
// problems (none: an empty list).
using BackupCheck = std::function<std::vector<std::string>(const std::string& copy)>;

// Copies the SQLite database at `source` (which must exist) to the new file `destination`:
// the database as of the last commit before the copy began, every committed change of it and
// none after (the copy is made under one read transaction, so writers are not held up in WAL
// mode).  The copy holds every account's password hash and address, so it is written as
// core/private_file.h writes: in a private folder beside `destination` that no other user can
// reach, checked there by `check` (when given), left in rollback-journal mode (one file, no
// -wal beside it), then moved into place without ever replacing a file, mode 0600, the
// running user's.  Throws LudusError (one line) when `destination` exists in any form (a
// file, a symlink, dangling or not, a directory, a fifo) or cannot be written, and
// ServiceError (BadRequest) when `source` cannot be read or the copy fails.
BackupReport backup_sqlite(const std::string& source, const std::string& destination, const BackupCheck& check = {});

}  // namespace ludus::server
