// Storage: the schema version and migrations, WAL mode, and the database settings.
#include "server/schema.h"
#include "server/sqlite.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

std::string pragma_text(sql::Connection& c, const char* pragma) {
  auto q = c.query(pragma);
  return q.step() ? q.text(0) : "";
}

TEST(StoreTest, NewDatabaseIsMigratedAndInWalMode) {
  TempDir dir;
  Store store(dir.file("a.db"));
  auto session = store.session();
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA user_version"), std::to_string(current_schema_version()));
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA foreign_keys"), "1");
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA synchronous"), "2");  // FULL
  auto q = session.connection().query("SELECT version FROM schema_version ORDER BY version");
  int expected = 0;
  while (q.step()) EXPECT_EQ(q.integer(0), ++expected);
  EXPECT_EQ(expected, current_schema_version());
  for (const char* table : {"users", "tokens", "games", "moves", "comments", "subscriptions"}) {
    auto t = session.connection().query("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1");
    t.bind(1, table);
    ASSERT_TRUE(t.step());
    EXPECT_EQ(t.integer(0), 1) << table;
  }
}

TEST(StoreTest, ReopeningKeepsDataAndDoesNotMigrateAgain) {
  TempDir dir;
  {
    Store store(dir.file("a.db"));
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1});
  }
  Store again(dir.file("a.db"));
  auto session = again.session();
  EXPECT_TRUE(session.find_user("alice"));
  auto q = session.connection().query("SELECT count(*) FROM schema_version");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), current_schema_version());
}

TEST(StoreTest, MigratesAnOlderFileKeepingItsRows) {
  TempDir dir;
  {
    Store store(dir.file("a.db"));
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1});
    GameRecord g;
    g.game = "ndengrod";
    g.seats = {"alice", "bob"};
    g.challenger = "alice";
    session.insert_game(g);
    // Back to schema 1: no revision column.
    session.connection().exec(
        "ALTER TABLE games DROP COLUMN revision; DELETE FROM schema_version WHERE version = 2; PRAGMA user_version = 1");
  }
  Store store(dir.file("a.db"));
  auto session = store.session();
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA user_version"), std::to_string(current_schema_version()));
  auto game = session.find_game(1);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->seats[1], "bob");
  EXPECT_EQ(game->revision, 0);
  session.update_game(*game);
  EXPECT_EQ(session.game_revision(1), 1);
  EXPECT_TRUE(session.find_user("alice"));
}

TEST(StoreTest, RefusesADatabaseFromANewerBuild) {
  TempDir dir;
  {
    Store store(dir.file("a.db"));
    store.session().connection().exec("PRAGMA user_version = 999");
  }
  try {
    Store newer(dir.file("a.db"));
    ADD_FAILURE() << "opened a newer schema";
  } catch (const ServerError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 999"), std::string::npos) << e.what();
  }
}

TEST(StoreTest, UnopenableFileGivesAClearError) {
  try {
    Store store("/nonexistent-dir/x/y.db");
    ADD_FAILURE();
  } catch (const ServerError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open database"), std::string::npos) << e.what();
  }
}

TEST(StoreTest, ConcurrentOpenersMigrateOnce) {
  TempDir dir;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      try {
        Store store(dir.file("a.db"));
      } catch (...) {
        ++failures;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures, 0);
  Store store(dir.file("a.db"));
  auto q = store.session().connection().query("SELECT count(*) FROM schema_version");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), current_schema_version());
}

TEST(StoreTest, RolledBackTransactionLeavesNoTrace) {
  TempDir dir;
  Store store(dir.file("a.db"));
  auto session = store.session();
  {
    auto tx = session.write();
    session.insert_user({"alice", "hash", "", 1});
  }  // no commit
  EXPECT_FALSE(session.find_user("alice"));
}

}  // namespace
}  // namespace ludus::server::testing
