// SPDX-License-Identifier: Apache-2.0
#pragma once
// The database schema and its migrations, for both engines (database.h).  The version
// is the same number on either engine: SQLite keeps it in PRAGMA user_version,
// PostgreSQL as the highest row of table schema_version; each migration step runs in its
// own transaction and is also logged in schema_version (version, applied_at).
//
// Adding a migration: append a script to BOTH lists in schema.cpp (SQLite's ends with
// PRAGMA user_version = N), describe the schema it makes in schema_catalog.cpp (the one
// description both dialects are checked against), add any new table to exported_tables(),
// and extend the round-trip test (tests/server/db_transfer_test.cpp) with a row of it.
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/database.h"

namespace ludus::server {

// The version this build writes.
int current_schema_version();

// Brings the database up to current_schema_version(); refuses a database written by a
// newer build.  Safe to call from several processes at once.
void migrate(sql::Connection& connection);

// Every table holding data, parents before children: what `ludus db export` writes and
// `ludus db import` reads (schema_version is not among them: the header names the version).
const std::vector<std::string>& exported_tables();

// Whether a column holds a secret in clear, or says until when (the outbox's mailed codes),
// which an export never carries: `ludus db export` writes the code empty and its time 0
// (expired), so an imported mail that carried one is never sent.
bool secret_column(std::string_view table, std::string_view column);

}  // namespace ludus::server
