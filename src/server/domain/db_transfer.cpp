// SPDX-License-Identifier: Apache-2.0
#include "server/domain/db_transfer.h"

#include <algorithm>
#include <istream>
#include <memory>
#include <ostream>
#include <set>

#include <nlohmann/json.hpp>

#include "server/domain/play/board.h"
#include "server/base/json_fields.h"
#include "server/domain/play/ratings.h"
#include "server/storage/schema.h"
#include "server/storage/schema_catalog.h"

namespace ludus::server {

namespace {

using nlohmann::json;

constexpr int kFormatVersion = 1;

// The integer `key` of a header or end line; `absent` when it is missing or not an integer
// (json::value would throw a type error on {"ludus_export":"moves"}: found by fuzz_db_import).
int64_t integer_member(const json& object, const char* key, int64_t absent) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int64_t>() : absent;
}

bool exported(const std::string& table) {
  const auto& tables = exported_tables();
  return std::find(tables.begin(), tables.end(), table) != tables.end();
}

// Only names from exported_tables() and the target's own columns are ever put into SQL
// text; each is checked against them first.
std::vector<std::string> columns_of(sql::Connection& connection, const std::string& table) {
  const std::string sql = "SELECT * FROM " + table + " WHERE 1 = 0";
  auto q = connection.query(sql.c_str());
  q.step();
  std::vector<std::string> columns;
  for (int i = 0; i < q.column_count(); ++i) columns.push_back(q.column_name(i));
  return columns;
}

[[noreturn]] void bad_line(int64_t line, const std::string& why) {
  bad_request("import, line " + std::to_string(line) + ": " + why, "bad_import");
}

}  // namespace

int64_t export_database(Store& store, std::ostream& out) {
  auto session = store.session();
  auto& connection = session.connection();
  auto tx = session.read();
  out << dump_json({{"ludus_export", kFormatVersion},
                    {"schema_version", connection.schema_version()},
                    {"tables", exported_tables()}})
      << "\n";
  int64_t rows = 0;
  for (const std::string& table : exported_tables()) {
    const std::string sql = "SELECT * FROM " + table + " ORDER BY 1";
    auto q = connection.query(sql.c_str());
    bool header = false;
    while (q.step()) {
      if (!header) {
        json columns = json::array();
        for (int i = 0; i < q.column_count(); ++i) columns.push_back(q.column_name(i));
        out << dump_json({{"table", table}, {"columns", columns}}) << "\n";
        header = true;
      }
      json row = json::array();
      for (int i = 0; i < q.column_count(); ++i) {
        if (secret_column(table, q.column_name(i)))  // an export never carries a code
          row.push_back(q.is_null(i) ? json(nullptr) : q.is_integer(i) ? json(0) : json(""));
        else if (q.is_null(i))
          row.push_back(nullptr);
        else if (q.is_integer(i))
          row.push_back(q.int64(i));
        else
          row.push_back(q.text(i));
      }
      out << dump_json(row) << "\n";
      ++rows;
    }
  }
  out << dump_json({{"end", true}, {"rows", rows}}) << "\n";
  out.flush();
  if (!out) throw ServiceError(ErrorKind::Internal, "export", "export: writing the output failed");
  return rows;
}

int64_t import_database(Store& store, std::istream& in) {
  {
    auto session = store.session();
    auto& connection = session.connection();
    auto tx = session.write();
    for (const std::string& table : exported_tables()) {
      const std::string sql = "SELECT 1 FROM " + table + " LIMIT 1";
      if (connection.query(sql.c_str()).step())
        bad_request("import: the target database is not empty (table " + table + " has rows); import into a new database",
                    "bad_import");
    }
    std::string text;
    int64_t line = 0, rows = 0;
    bool ended = false;
    std::string table;
    std::vector<std::string> columns;
    std::string insert;  // the current table's INSERT text
    std::set<std::string> imported;
    while (std::getline(in, text)) {
      ++line;
      if (text.empty()) continue;
      if (ended) bad_line(line, "text after the end line");
      json value = json::parse(text, nullptr, false);
      if (value.is_discarded()) bad_line(line, "not JSON");
      if (line == 1) {
        if (!value.is_object() || integer_member(value, "ludus_export", 0) != kFormatVersion)
          bad_line(line, "not a ludus export (expected a header {\"ludus_export\":1,...})");
        const int64_t version = integer_member(value, "schema_version", -1);
        if (version != current_schema_version())
          bad_line(line, "the export is at schema version " + std::to_string(version) + ", this build at " +
                             std::to_string(current_schema_version()) +
                             " (export with the same ludus version, after `ludus db migrate`)");
        continue;
      }
      if (value.is_object() && value.contains("end")) {
        if (integer_member(value, "rows", -1) != rows)
          bad_line(line, "the end line counts " + value["rows"].dump() + " rows, the file has " + std::to_string(rows));
        ended = true;
        continue;
      }
      if (value.is_object() && value.contains("table")) {
        table = value["table"].is_string() ? value["table"].get<std::string>() : "";
        if (!exported(table)) bad_line(line, "unknown table '" + table.substr(0, 60) + "'");
        if (!imported.insert(table).second) bad_line(line, "table '" + table + "' appears twice");
        const auto known = columns_of(connection, table);
        columns.clear();
        if (!value["columns"].is_array() || value["columns"].empty()) bad_line(line, "no columns for table " + table);
        for (const auto& c : value["columns"]) {
          const std::string name = c.is_string() ? c.get<std::string>() : "";
          if (std::find(known.begin(), known.end(), name) == known.end())
            bad_line(line, "table " + table + " has no column '" + name.substr(0, 60) + "'");
          columns.push_back(name);
        }
        insert = "INSERT INTO " + table + " (";
        for (size_t i = 0; i < columns.size(); ++i) insert += (i ? ", " : "") + columns[i];
        insert += ") VALUES (";
        for (size_t i = 0; i < columns.size(); ++i) insert += (i ? ", ?" : "?") + std::to_string(i + 1);
        insert += ")";
        continue;
      }
      if (!value.is_array()) bad_line(line, "expected a row (a JSON array)");
      if (table.empty()) bad_line(line, "a row before any table line");
      if (value.size() != columns.size())
        bad_line(line, "a row of " + std::to_string(value.size()) + " values for " + std::to_string(columns.size()) +
                           " columns of " + table);
      auto q = connection.query(insert.c_str());
      for (size_t i = 0; i < columns.size(); ++i) {
        const auto& v = value[i];
        const int index = static_cast<int>(i) + 1;
        if (v.is_null())
          q.bind(index, nullptr);
        else if (v.is_number_integer())
          q.bind(index, v.get<int64_t>());
        else if (v.is_string())
          q.bind(index, v.get<std::string>());
        else
          bad_line(line, "values are integers, text or null");
      }
      q.run();
      ++rows;
    }
    if (line == 0) bad_request("import: the input is empty", "bad_import");
    if (!ended) bad_request("import: the input ends before its end line (cut short?)", "bad_import");
    for (const std::string& t : imported) connection.after_import(t);
    tx.commit();
    return rows;
  }
}

std::vector<std::string> check_database(const std::string& url) {
  std::vector<std::string> problems;
  const auto parsed = sql::DatabaseUrl::parse(url);
  if (parsed.backend == sql::Backend::Sqlite) check_database_file(parsed.target);
  {
    auto connection = sql::connect(parsed);
    const int version = connection->schema_version();
    if (version != current_schema_version()) {
      problems.push_back("schema version " + std::to_string(version) + ", this build's is " +
                         std::to_string(current_schema_version()) +
                         (version < current_schema_version() ? " (run `ludus db migrate`)" : " (a newer ludus wrote it)"));
      return problems;
    }
    // Tables, columns, keys and indexes as the one description of the schema says.
    for (const auto& difference : schema_differences(expected_schema(), read_schema(*connection)))
      problems.push_back("schema: " + difference);
    if (parsed.backend == sql::Backend::Sqlite) {
      auto q = connection->query("PRAGMA integrity_check(20)");
      while (q.step())
        if (q.text(0) != "ok") problems.push_back("integrity check: " + q.text(0));
    }
  }
  if (!problems.empty()) return problems;
  Store store(url);  // at the current version: opening it changes nothing
  {
    auto session = store.session();
    auto tx = session.read();
    for (int offset = 0;; offset += 500) {
      GameFilter all;
      all.limit = 500;
      all.offset = offset;
      const auto games = session.list_games(all);
      for (const auto& g : games) {
        try {
          Board b(g, session.moves(g.id));
          if (b.num_moves() != g.num_moves)
            problems.push_back("board " + std::to_string(g.id) + ": " + std::to_string(b.num_moves()) +
                               " moves stored but num_moves says " + std::to_string(g.num_moves));
        } catch (const std::exception& e) {
          problems.push_back("board " + std::to_string(g.id) + ": " + e.what());
        }
      }
      if (games.size() < 500) break;
    }
  }
  const RerateReport ratings = rerate(store, false);
  if (ratings.differences > 0)
    problems.push_back(std::to_string(ratings.differences) +
                       " rating row(s) differ from a replay of the finished games (run `ludus db rerate`)");
  return problems;
}

}  // namespace ludus::server
