// SPDX-License-Identifier: Apache-2.0
// --db / LUDUS_DB: which engine a database name means, and one-line errors for bad ones.
#include <gtest/gtest.h>

#include "server/storage/database.h"
#include "server/base/errors.h"
#include "server_test_support.h"

namespace ludus::server::sql {
namespace {

TEST(DatabaseUrlTest, PathsAndSqliteUrlsAreSqliteFiles) {
  for (const auto& [text, path] : std::vector<std::pair<std::string, std::string>>{
           {"ludus.db", "ludus.db"},
           {"/var/lib/ludus/ludus.db", "/var/lib/ludus/ludus.db"},
           {"sqlite:ludus.db", "ludus.db"},
           {"sqlite:///var/lib/ludus.db", "/var/lib/ludus.db"},
           {"dir with space/x.db", "dir with space/x.db"}}) {
    const auto url = DatabaseUrl::parse(text);
    EXPECT_EQ(url.backend, Backend::Sqlite) << text;
    EXPECT_EQ(url.target, path) << text;
  }
}

TEST(DatabaseUrlTest, PostgresUrlsKeepTheirTextButNeverShowThePassword) {
  const auto url = DatabaseUrl::parse("postgresql://ludus:s3cret@db1:5433/ludus?sslmode=require");
  EXPECT_EQ(url.backend, Backend::Postgres);
  EXPECT_EQ(url.target, "postgresql://ludus:s3cret@db1:5433/ludus?sslmode=require");
  EXPECT_EQ(url.display(), "postgresql://ludus@db1:5433/ludus?sslmode=require");
  EXPECT_EQ(DatabaseUrl::parse("postgres://ludus@localhost/ludus").backend, Backend::Postgres);
  EXPECT_EQ(DatabaseUrl::parse("postgres://ludus@localhost/ludus").display(), "postgres://ludus@localhost/ludus");
}

TEST(DatabaseUrlTest, PasswordParametersAndBadUrlsNeverShowThePassword) {
  EXPECT_EQ(DatabaseUrl::parse("postgresql://db1/ludus?user=ludus&password=s3cret&sslmode=require").display(),
            "postgresql://db1/ludus?user=ludus&password=*****&sslmode=require");
  EXPECT_EQ(DatabaseUrl::parse("postgresql://ludus:p@ss:w0rd@db1/ludus").display(), "postgresql://ludus@db1/ludus");
  try {
    DatabaseUrl::parse("postgre://ludus:s3cret@db1/ludus");
    ADD_FAILURE() << "accepted an unknown scheme";
  } catch (const ServiceError& e) {
    EXPECT_EQ(std::string(e.what()).find("s3cret"), std::string::npos) << e.what();
  }
}

TEST(DatabaseUrlTest, BadNamesAreOneLineErrors) {
  for (const std::string& text : std::vector<std::string>{"", "mysql://x/y", "sqlite:", "postgresql://", std::string("a\0b", 3)}) {
    try {
      DatabaseUrl::parse(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const ServiceError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("bad database '", 0), 0u) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

// An engine's error quotes the statement, which spans lines; the error is still one line.
TEST(DatabaseUrlTest, StatementErrorsAreOneLine) {
  testing::TempDir dir;
  auto connection = connect(DatabaseUrl::parse(dir.file("x.db")));
  try {
    connection->exec("SELECT *\n  FROM no_such_table\n  WHERE id = 1");
    ADD_FAILURE() << "a query of a missing table ran";
  } catch (const ServiceError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("no_such_table"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace ludus::server::sql
