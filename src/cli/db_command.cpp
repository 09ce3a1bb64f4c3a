// SPDX-License-Identifier: Apache-2.0
// `ludus db migrate|check|backup|export|import|rerate [--db FILE|URL]`: the play server's
// database outside the server: create or upgrade it, check it, copy a live SQLite database
// (server/storage/backup.h), move all its data between SQLite and PostgreSQL
// (server/domain/db_transfer.h describes the export format), and recompute the ratings from the
// finished games (server/domain/play/ratings.h).  A backup and an export to a file hold every
// account's password hash and address: both are written by core/private_file.h (a new file,
// mode 0600, never through a planted symlink, never replacing a file).  What the checks
// print may quote stored text: it goes through terminal_safe.
#include <fstream>
#include <iostream>

#include "cli/command.h"
#include "cli/server_commands.h"
#include "core/private_file.h"
#include "core/text.h"
#include "server/domain/db_transfer.h"
#include "server/domain/play/ratings.h"
#include "server/storage/backup.h"
#include "server/storage/schema.h"
#include "server/storage/store.h"

namespace ludus::cli {
namespace {

struct DbArgs {
  std::string db = "ludus.db";
  std::string file = "-";
  std::string backup_file;
  bool check_only = false;
};

void add_db_option(CLI::App& app, DbArgs& args) {
  app.add_option("--db", args.db, "Database: an SQLite file, sqlite:PATH, or postgresql://USER@HOST/DBNAME")
      ->envname("LUDUS_DB")
      ->capture_default_str();
}

const bool kDb = register_command({"db", "Server database: migrate, check, backup, export, import (SQLite <-> PostgreSQL), rerate", 62,
                                   [](CLI::App& app) {
  auto args = std::make_shared<DbArgs>();
  app.require_subcommand(1);
  auto* migrate = app.add_subcommand("migrate", "Create the database or upgrade it to this build's schema");
  auto* check = app.add_subcommand("check", "Check the schema version, tables, integrity and that every board replays");
  auto* backup = app.add_subcommand(
      "backup", "Copy a SQLite database, also while servers use it, to a new file, and check the copy "
                "(PostgreSQL: pg_dump, see docs/operations.md)");
  backup->add_option("FILE", args->backup_file, "The new file (never replaces one)")->required();
  auto* exporter = app.add_subcommand("export", "Write every table as JSON Lines (header with the schema version)");
  auto* importer = app.add_subcommand("import", "Read an export into a new, empty database (one transaction)");
  auto* rerate = app.add_subcommand(
      "rerate", "Replay every finished rated board in the order they ended and rewrite the ratings from them");
  for (auto* sub : {migrate, check, backup, exporter, importer, rerate}) add_db_option(*sub, *args);
  rerate->add_flag("--check", args->check_only,
                   "Only compare the stored ratings with the replay (exit status 1 when they differ)");
  exporter->add_option("--output,-o", args->file, "A new file to write, mode 0600, never replacing one ('-': standard output)")
      ->capture_default_str();
  importer->add_option("--input,-i", args->file, "File to read ('-': standard input)")->capture_default_str();
  set_examples(app, {"ludus db check --db ludus.db", "ludus db backup --db ludus.db ludus-2026-11-27.db",
                     "ludus db export --db ludus.db > ludus.jsonl",
                     "ludus db import --db postgresql://ludus@localhost/ludus < ludus.jsonl",
                     "ludus db rerate --check --db ludus.db"});
  return [args, migrate, check, backup, exporter, importer, rerate]() -> int {
    try {
      const std::string shown = server::sql::DatabaseUrl::parse(args->db).display();
      if (migrate->parsed()) {
        server::check_database_file(args->db);
        server::Store store(args->db);
        std::cout << "ludus: " << shown << " is at schema version " << server::current_schema_version() << "\n";
        return 0;
      }
      if (check->parsed()) {
        const auto problems = server::check_database(args->db);
        for (const auto& p : problems) std::cout << "problem: " << terminal_safe(p) << "\n";
        std::cout << "ludus: " << shown << ": " << (problems.empty() ? "ok" : std::to_string(problems.size()) + " problem(s)")
                  << "\n";
        return problems.empty() ? 0 : kExitFailure;
      }
      if (backup->parsed()) {
        const auto url = server::sql::DatabaseUrl::parse(args->db);
        if (url.backend != server::sql::Backend::Sqlite)
          throw server::ServiceError(server::ErrorKind::BadRequest, "backup",
                                     "ludus db backup copies SQLite databases; back up PostgreSQL with "
                                     "pg_dump --format=custom (docs/operations.md)");
        server::check_database_file(args->db);
        // The copy is checked as `ludus db check` would, before it has its name: a backup
        // nobody can restore is none.
        const server::BackupReport report = server::backup_sqlite(
            url.target, args->backup_file, [](const std::string& copy) { return server::check_database("sqlite:" + copy); });
        const auto& problems = report.problems;
        for (const auto& p : problems) std::cout << "problem: " << terminal_safe(p) << "\n";
        std::cout << "ludus: backed up " << shown << " to " << args->backup_file << " (" << report.bytes << " bytes); the copy "
                  << (problems.empty() ? "passes db check" : "has " + std::to_string(problems.size()) + " problem(s)") << "\n";
        return problems.empty() ? 0 : kExitFailure;
      }
      server::check_database_file(args->db);
      server::Store store(args->db);
      if (rerate->parsed()) {
        const server::RerateReport report = server::rerate(store, !args->check_only);
        std::cout << "ludus: " << report.games << " rated game(s), " << report.players << " rating(s); ";
        if (report.differences == 0)
          std::cout << "the stored ratings are exactly the replay's\n";
        else
          std::cout << report.differences << " stored row(s) " << (report.written ? "differed and are rewritten" : "differ")
                    << "\n";
        return args->check_only && report.differences > 0 ? kExitFailure : 0;
      }
      if (exporter->parsed()) {
        if (args->file == "-") {
          const int64_t rows = server::export_database(store, std::cout);
          std::cerr << "ludus: exported " << rows << " rows from " << shown << "\n";
          return 0;
        }
        PrivateNewFile output(args->file, "the export");  // refuses a file that exists, a symlink
        std::ofstream file(output.path(), std::ios::binary);
        const int64_t rows = server::export_database(store, file);
        file.close();
        if (!file) throw server::ServiceError(server::ErrorKind::BadRequest, "export", "cannot write '" + args->file + "'");
        output.place();
        std::cerr << "ludus: exported " << rows << " rows from " << shown << " to " << args->file << "\n";
        return 0;
      }
      std::ifstream file;
      if (args->file != "-") {
        file.open(args->file, std::ios::binary);
        if (!file) throw server::ServiceError(server::ErrorKind::BadRequest, "import", "cannot read '" + args->file + "'");
      }
      const int64_t rows = server::import_database(store, args->file == "-" ? std::cin : file);
      std::cerr << "ludus: imported " << rows << " rows into " << shown << "\n";
      return 0;
    } catch (const server::ServiceError& e) {
      return report_server_error(e);
    }
  };
}});

}  // namespace
}  // namespace ludus::cli
