#pragma once
// The database schema and its migrations.  PRAGMA user_version holds the version the
// file is at; each migration step runs in its own transaction and is also logged in the
// table schema_version (version, applied_at) for people inspecting the file.
#include "server/sqlite.h"

namespace ludus::server {

// The version this build writes.
int current_schema_version();

// Brings the database up to current_schema_version(); refuses a file written by a newer
// build.  Safe to call from several processes at once.
void migrate(sql::Connection& connection);

}  // namespace ludus::server
