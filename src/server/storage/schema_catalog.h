// SPDX-License-Identifier: Apache-2.0
#pragma once
// The schema as data: every table with its columns (logical type, nullability) and primary
// key, and every index, at current_schema_version().  The migrations of schema.cpp are SQL
// in two dialects; this is the one description they must both arrive at, checked by
// tests/server/schema_catalog_test.cpp on SQLite and PostgreSQL and by `ludus db check` on
// any database.  Adding a migration: change this description in the same commit.
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace ludus::server {

enum class ColumnType { Integer, Text };

struct ColumnSpec {
  std::string name;
  ColumnType type = ColumnType::Text;
  bool nullable = false;
  bool operator==(const ColumnSpec&) const = default;
};

struct TableSpec {
  std::string name;
  std::vector<ColumnSpec> columns;      // in their order in the table
  std::vector<std::string> primary_key;  // its columns, in key order
  bool operator==(const TableSpec&) const = default;
};

struct IndexSpec {
  std::string name;
  std::string table;
  std::vector<std::string> columns;
  bool operator==(const IndexSpec&) const = default;
};

struct SchemaCatalog {
  std::vector<TableSpec> tables;    // by name
  std::vector<IndexSpec> indexes;   // by name (the engines' own key indexes left out)
};

// The schema this build's migrations make.
const SchemaCatalog& expected_schema();

// The catalog of a database as its engine reports it (SQLite's pragmas, PostgreSQL's
// information_schema and pg_indexes), in the same terms.
SchemaCatalog read_schema(sql::Connection& connection);

// Each way `actual` differs from `expected`, one line each ("table games: no column
// finished_at", "index games_by_seat0: columns (seat0) instead of (seat0, status)").
std::vector<std::string> schema_differences(const SchemaCatalog& expected, const SchemaCatalog& actual);

}  // namespace ludus::server
