// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus db`: moving a community's whole database between engines (SQLite and
// PostgreSQL, either direction) and checking one.
//
// Export format (JSON Lines, one JSON value a line):
//   {"ludus_export":1,"schema_version":N,"tables":[...]}     the header
//   {"table":"users","columns":["id","password_hash",...]}   before each table's rows
//   ["alice","$argon2id$...","",1700000000]                  one row: integers, text, null
//   {"end":true,"rows":R}                                    the total, so a cut file is refused
// Tables come in schema::exported_tables() order (parents first).  An import needs a
// database at the same schema version with no rows in those tables, and runs in one
// transaction: it lands whole or not at all.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// Writes every row of `store`'s tables from one consistent snapshot; returns the rows written.
int64_t export_database(Store& store, std::ostream& out);

// Reads an export into `store` (empty, at the export's schema version); returns the rows
// read.  Throws ServiceError (400) with the line number for a malformed or cut file, a
// table or column this schema does not have, or a non-empty target.
int64_t import_database(Store& store, std::istream& in);

// Checks the database named by `url` without changing it: its schema version, its
// tables, SQLite's integrity check, and that every board's stored moves replay and agree
// with its cached columns.  Returns the problems found, one line each (none: healthy).
std::vector<std::string> check_database(const std::string& url);

}  // namespace ludus::server
