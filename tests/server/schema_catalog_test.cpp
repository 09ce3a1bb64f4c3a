// SPDX-License-Identifier: Apache-2.0
// The schema is described once (storage/schema_catalog.cpp); the migrations of each SQL
// dialect must arrive at exactly that description (this file runs on SQLite, and again
// on PostgreSQL as pg/SchemaCatalogTest), and `ludus db check` reports any drift.
#include <algorithm>

#include "server/domain/db_transfer.h"
#include "server/storage/schema.h"
#include "server/storage/schema_catalog.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class SchemaCatalogTest : public ServerFixture {};

TEST_F(SchemaCatalogTest, TheMigrationsMakeTheDescribedSchema) {
  auto session = store_->session();
  const SchemaCatalog actual = read_schema(session.connection());
  EXPECT_EQ(schema_differences(expected_schema(), actual), std::vector<std::string>{});
  // The description covers every table `ludus db export` writes.
  for (const auto& table : exported_tables())
    EXPECT_TRUE(std::any_of(expected_schema().tables.begin(), expected_schema().tables.end(),
                            [&](const TableSpec& t) { return t.name == table; }))
        << table;
}

TEST_F(SchemaCatalogTest, DriftIsReportedOneLineEach) {
  {
    auto session = store_->session();
    session.connection().exec("ALTER TABLE users ADD COLUMN nickname TEXT");
    session.connection().exec("DROP INDEX games_by_finish");
    session.connection().exec("CREATE INDEX games_by_game ON games(game)");
  }
  auto session = store_->session();
  const std::vector<std::string> expected = {"table users: unexpected column nickname", "no index games_by_finish",
                                             "unexpected index games_by_game"};
  EXPECT_EQ(schema_differences(expected_schema(), read_schema(session.connection())), expected);
}

TEST_F(SchemaCatalogTest, DbCheckReportsADriftedSchema) {
  {
    auto session = store_->session();
    session.connection().exec("DROP INDEX outbox_due");
  }
  const auto problems = check_database(test_database(dir_.file("test.db")));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "schema: no index outbox_due");
}

}  // namespace
}  // namespace ludus::server::testing
