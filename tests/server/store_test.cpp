// SPDX-License-Identifier: Apache-2.0
// Storage: the schema version and migrations, WAL mode, and the database settings.
#include <filesystem>
#include <fstream>
#include <map>

#include "server/storage/account_store.h"
#include "server/storage/mail_store.h"
#include "server/storage/schema.h"
#include "server/storage/schema_catalog.h"
#include "server/storage/sqlite.h"
#include "server_test_support.h"
#include "server/storage/throttle_store.h"

namespace ludus::server::testing {
namespace {

std::vector<std::string> read_schema_differences(Session& session) {
  return schema_differences(expected_schema(), read_schema(session.connection()));
}

// The rows `sql` selects, each its columns as text joined by spaces.
std::vector<std::string> rows_of(Session& session, const char* sql) {
  auto q = session.connection().query(sql);
  std::vector<std::string> rows;
  while (q.step()) {
    std::string row;
    for (int i = 0; i < q.column_count(); ++i) row += (i ? " " : "") + q.text(i);
    rows.push_back(row);
  }
  return rows;
}

std::string pragma_text(sql::Connection& c, const char* pragma) {
  auto q = c.query(pragma);
  return q.step() ? q.text(0) : "";
}

TEST(StoreTest, NewDatabaseIsMigratedAndInWalMode) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  Store store(test_database(dir.file("a.db")));
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
    Store store(test_database(dir.file("a.db")));
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
  }
  Store again(test_database(dir.file("a.db")));
  auto session = again.session();
  EXPECT_TRUE(session.find_user("alice"));
  auto q = session.connection().query("SELECT count(*) FROM schema_version");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), current_schema_version());
}

// Undoes migration 23 (users.language).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_TWENTY_TWO_ON_EITHER_ENGINE \
  "ALTER TABLE users DROP COLUMN language; DELETE FROM schema_version WHERE version >= 23; "
constexpr const char* kBackToVersionTwentyTwo = LUDUS_BACK_TO_VERSION_TWENTY_TWO_ON_EITHER_ENGINE "PRAGMA user_version = 22; ";

// Undoes migration 22 (bots, docs/bots.md).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_TWENTY_ONE_ON_EITHER_ENGINE                                                 \
  LUDUS_BACK_TO_VERSION_TWENTY_TWO_ON_EITHER_ENGINE                                                       \
  "DROP TABLE bot_events; DROP TABLE bot_event_heads; ALTER TABLE users DROP COLUMN bot; "                \
  "ALTER TABLE tokens DROP COLUMN scope; DELETE FROM schema_version WHERE version >= 22; "
constexpr const char* kBackToVersionTwentyOne = LUDUS_BACK_TO_VERSION_TWENTY_ONE_ON_EITHER_ENGINE "PRAGMA user_version = 21; ";

// Undoes migration 21 ("your mistakes").  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_TWENTY_ON_EITHER_ENGINE \
  LUDUS_BACK_TO_VERSION_TWENTY_ONE_ON_EITHER_ENGINE \
  "DROP TABLE mistake_puzzles; DELETE FROM schema_version WHERE version >= 21; "
constexpr const char* kBackToVersionTwenty = LUDUS_BACK_TO_VERSION_TWENTY_ON_EITHER_ENGINE "PRAGMA user_version = 20; ";

// Undoes migration 20 (the unread notifications' index).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_NINETEEN_ON_EITHER_ENGINE \
  LUDUS_BACK_TO_VERSION_TWENTY_ON_EITHER_ENGINE \
  "DROP INDEX notifications_unread; DELETE FROM schema_version WHERE version >= 20; "
constexpr const char* kBackToVersionNineteen = LUDUS_BACK_TO_VERSION_NINETEEN_ON_EITHER_ENGINE "PRAGMA user_version = 19; ";

// Undoes migration 19 (puzzles, attempts and puzzle ratings).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_EIGHTEEN_ON_EITHER_ENGINE                                                \
  LUDUS_BACK_TO_VERSION_NINETEEN_ON_EITHER_ENGINE                                                      \
  "DROP TABLE puzzle_ratings; DROP TABLE puzzle_attempts; DROP TABLE puzzles; "                         \
  "DELETE FROM schema_version WHERE version >= 19; "
constexpr const char* kBackToVersionEighteen = LUDUS_BACK_TO_VERSION_EIGHTEEN_ON_EITHER_ENGINE "PRAGMA user_version = 18; ";

// Undoes migration 18 (reviews and the automatic-review setting; the notifications' wider
// CHECK stays, which step 18 rebuilds or replaces again).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_SEVENTEEN_ON_EITHER_ENGINE \
  LUDUS_BACK_TO_VERSION_EIGHTEEN_ON_EITHER_ENGINE \
  "DROP TABLE reviews; ALTER TABLE users DROP COLUMN auto_review; DELETE FROM schema_version WHERE version >= 18; "
constexpr const char* kBackToVersionSeventeen = LUDUS_BACK_TO_VERSION_SEVENTEEN_ON_EITHER_ENGINE "PRAGMA user_version = 17; ";

// Undoes migration 17 (holidays and the index of a board's tournament; the games' wider
// CHECKs stay, which step 17 rebuilds or replaces again).  Either engine (PostgreSQL's
// version is schema_version's rows), then SQLite's version.
#define LUDUS_BACK_TO_VERSION_SIXTEEN_ON_EITHER_ENGINE \
  LUDUS_BACK_TO_VERSION_SEVENTEEN_ON_EITHER_ENGINE \
  "DROP TABLE holidays; DROP INDEX tournament_games_by_board; DELETE FROM schema_version WHERE version >= 17; "
constexpr const char* kBackToVersionSixteen = LUDUS_BACK_TO_VERSION_SIXTEEN_ON_EITHER_ENGINE "PRAGMA user_version = 16; ";

// Undoes migration 16 (notifications and the digest's hour).  Either engine (PostgreSQL's
// version is schema_version's rows), then SQLite's.
#define LUDUS_BACK_TO_VERSION_FIFTEEN_ON_EITHER_ENGINE                                                          \
  LUDUS_BACK_TO_VERSION_SIXTEEN_ON_EITHER_ENGINE                                                          \
  "DROP TABLE notification_revisions; DROP TABLE notifications; ALTER TABLE users DROP COLUMN digest_hour; "   \
  "DELETE FROM schema_version WHERE version >= 16; "
constexpr const char* kBackToVersionFifteen = LUDUS_BACK_TO_VERSION_FIFTEEN_ON_EITHER_ENGINE "PRAGMA user_version = 15; ";

// Undoes migration 15 (exploration, conditional moves).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_FOURTEEN_ON_EITHER_ENGINE                                                   \
  LUDUS_BACK_TO_VERSION_FIFTEEN_ON_EITHER_ENGINE                                                          \
  "DROP TABLE conditional_moves; ALTER TABLE games DROP COLUMN exploration; "                             \
  "DELETE FROM schema_version WHERE version >= 15; "
constexpr const char* kBackToVersionFourteen = LUDUS_BACK_TO_VERSION_FOURTEEN_ON_EITHER_ENGINE "PRAGMA user_version = 14; ";

// Undoes migration 14 (tournaments' names).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_THIRTEEN_ON_EITHER_ENGINE \
  LUDUS_BACK_TO_VERSION_FOURTEEN_ON_EITHER_ENGINE     \
  "ALTER TABLE tournaments DROP COLUMN name; DELETE FROM schema_version WHERE version >= 14; "
constexpr const char* kBackToVersionThirteen = LUDUS_BACK_TO_VERSION_THIRTEEN_ON_EITHER_ENGINE "PRAGMA user_version = 13; ";

// Undoes migration 13 (rematches, comments by author).  Either engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_TWELVE_ON_EITHER_ENGINE                                                            \
  LUDUS_BACK_TO_VERSION_THIRTEEN_ON_EITHER_ENGINE                                                                \
  "DROP INDEX comments_by_user; DROP INDEX offers_by_rematch; ALTER TABLE offers DROP COLUMN rematch_of; "        \
  "DELETE FROM schema_version WHERE version >= 13; "
constexpr const char* kBackToVersionTwelve = LUDUS_BACK_TO_VERSION_TWELVE_ON_EITHER_ENGINE "PRAGMA user_version = 12; ";

// Undoes migration 12 (throttles, devices, the outbox's codes apart, reset requests).  Either
// engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_ELEVEN_ON_EITHER_ENGINE                                                            \
  LUDUS_BACK_TO_VERSION_TWELVE_ON_EITHER_ENGINE                                                                  \
  "DROP TABLE reset_requests; DROP INDEX outbox_by_secret; ALTER TABLE outbox DROP COLUMN secret_until; "        \
  "ALTER TABLE outbox DROP COLUMN secret; DROP TABLE login_devices; DROP TABLE throttles; "                      \
  "CREATE TABLE login_failures (user_id TEXT PRIMARY KEY, failures INTEGER NOT NULL, "                          \
  "last_failure_at BIGINT NOT NULL); "                                                                          \
  "DELETE FROM schema_version WHERE version >= 12; "
constexpr const char* kBackToVersionEleven = LUDUS_BACK_TO_VERSION_ELEVEN_ON_EITHER_ENGINE "PRAGMA user_version = 11; ";

// Undoes migration 11 (mails received counted by reason): version 8's table.  Either
// engine, then SQLite's version.
#define LUDUS_BACK_TO_VERSION_TEN_ON_EITHER_ENGINE                                                               \
  LUDUS_BACK_TO_VERSION_ELEVEN_ON_EITHER_ENGINE                                                                  \
  "DROP TABLE mail_received; CREATE TABLE mail_received (outcome TEXT PRIMARY KEY CHECK (outcome IN "          \
  "('answered', 'refused', 'ignored')), count INTEGER NOT NULL); "                                               \
  "DELETE FROM schema_version WHERE version >= 11; "
#define LUDUS_BACK_TO_VERSION_TEN LUDUS_BACK_TO_VERSION_TEN_ON_EITHER_ENGINE "PRAGMA user_version = 10; "
constexpr const char* kBackToVersionTen = LUDUS_BACK_TO_VERSION_TEN;

// Undoes migration 10 (account recovery, moderation).
#define LUDUS_BACK_TO_VERSION_NINE LUDUS_BACK_TO_VERSION_TEN                                                    \
  "DROP TABLE audit_log; DROP TABLE reports; DROP TABLE blocks; DROP TABLE account_codes; "                      \
  "ALTER TABLE comments DROP COLUMN hidden; ALTER TABLE users DROP COLUMN suspended_at; "                        \
  "ALTER TABLE users DROP COLUMN role; ALTER TABLE users DROP COLUMN pending_email; "                            \
  "DELETE FROM schema_version WHERE version >= 10; PRAGMA user_version = 9; "
constexpr const char* kBackToVersionNine = LUDUS_BACK_TO_VERSION_NINE;

// Undoes migrations 6 and later (ratings, offers, mails received, tournaments, ...), so a test can go back further.
constexpr const char* kBackToVersionFive = LUDUS_BACK_TO_VERSION_NINE
    "DROP TABLE tournament_games; DROP TABLE tournament_players; DROP TABLE tournaments; DROP TABLE mail_received; "
    "DROP TABLE offers; ALTER TABLE users DROP COLUMN challenges; ALTER TABLE users DROP COLUMN max_active; "
    "DROP TABLE rating_changes; DROP TABLE ratings; DROP INDEX games_by_finish; "
    "ALTER TABLE games DROP COLUMN finished_at; ALTER TABLE games DROP COLUMN rated; "
    "DELETE FROM schema_version WHERE version >= 6; PRAGMA user_version = 5; ";

TEST(StoreTest, MigratesAnOlderFileKeepingItsRows) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  {
    Store store(test_database(dir.file("a.db")));
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
    GameRecord g;
    g.game = "ndengrod";
    g.seats = {"alice", "bob"};
    g.challenger = "alice";
    session.insert_game(g);
    // Back to schema 1: no revision column (and none of the later versions' additions).
    session.connection().exec(kBackToVersionFive);
    session.connection().exec(
        "DROP TABLE outbox; ALTER TABLE games DROP COLUMN nag_days; ALTER TABLE games DROP COLUMN forfeit_days; "
        "ALTER TABLE games DROP COLUMN turn_started_at; ALTER TABLE games DROP COLUMN nagged; "
        "ALTER TABLE users DROP COLUMN mail_pref; "
        "DROP TABLE ai_leases; DROP TABLE login_failures; DROP INDEX games_by_challenger; ALTER TABLE games DROP COLUMN revision; "
        "DELETE FROM schema_version WHERE version >= 2; PRAGMA user_version = 1");
  }
  Store store(test_database(dir.file("a.db")));
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

// Version 11 keeps the mails counted before it: an answered mail has one reason, the
// others' reasons were not recorded.  On both engines (each has its own step 11).
TEST(StoreTest, MigrationElevenKeepsTheMailCounts) {
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  {
    Store store(url);
    auto session = store.session();
    session.connection().exec(testing_postgres() ? LUDUS_BACK_TO_VERSION_TEN_ON_EITHER_ENGINE : kBackToVersionTen);
    session.connection().exec("INSERT INTO mail_received (outcome, count) VALUES ('answered', 5), ('refused', 3)");
  }
  Store store(url);
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  count_received_mail(session, MailReason::None);
  count_received_mail(session, MailReason::BadPassword);
  std::map<std::pair<ReceivedMail, MailReason>, int64_t> counts;
  for (const ReceivedMailCount& c : received_mail_counts(session)) counts[{c.outcome, c.reason}] += c.count;
  EXPECT_EQ((counts[{ReceivedMail::Answered, MailReason::None}]), 6);
  EXPECT_EQ((counts[{ReceivedMail::Refused, MailReason::Unrecorded}]), 3);
  EXPECT_EQ((counts[{ReceivedMail::Refused, MailReason::BadPassword}]), 1);
  EXPECT_EQ(counts.count({ReceivedMail::Ignored, MailReason::Unrecorded}), 0u) << "no series without a count";
}

// Version 12 keeps no mailed code in clear: a code mail still queued is refused for good (its
// text named the code), a sent one keeps only a note; failed logins become the account's
// throttle.  On both engines (each has its own step 12).
TEST(StoreTest, MigrationTwelveDropsMailedCodesAndKeepsTheFailureCounts) {
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  {
    Store store(url);
    auto session = store.session();
    session.connection().exec(testing_postgres() ? LUDUS_BACK_TO_VERSION_ELEVEN_ON_EITHER_ENGINE : kBackToVersionEleven);
    session.connection().exec(
        "INSERT INTO outbox (recipient, subject, body, status, created_at, next_attempt_at) VALUES "
        "('a@example.org', 'reset', 'Your code: ABCDE-FGHJK   (it works once)', 'queued', 1, 1), "
        "('b@example.org', 'reset', 'Your code: KMNPQ-RSTVW   (it works once)', 'sent', 1, 1), "
        "('c@example.org', 'board 1', 'Your move.', 'queued', 1, 1)");
    session.connection().exec("INSERT INTO login_failures (user_id, failures, last_failure_at) VALUES ('carol', 7, 100)");
  }
  Store store(url);
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT recipient, status, body FROM outbox ORDER BY id"),
            (std::vector<std::string>{"a@example.org failed A code was mailed here; its text is no longer kept.",
                                      "b@example.org sent A code was mailed here; its text is no longer kept.",
                                      "c@example.org queued Your move."}));
  const FailureCount carol = failure_count(session, "account", "carol");
  EXPECT_EQ(carol.count, 7);
  EXPECT_EQ(carol.last, 100);
}

// The URL of a new database with alice, taken back to an older version (on PostgreSQL by the
// statements for either engine, on SQLite by `sqlite_back`), then given the `rows` of that
// version: what a migration test opens again.
std::string database_taken_back(TempDir& dir, const char* either_engine_back, const char* sqlite_back,
                                const char* rows = "") {
  const std::string url = test_database(dir.file("a.db"));
  Store store(url);
  auto session = store.session();
  session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
  session.connection().exec(testing_postgres() ? either_engine_back : sqlite_back);
  if (*rows) session.connection().exec(rows);
  return url;
}

// Version 13 keeps the offers (none is a rematch) and finds a player's comments by author.
// On both engines (each has its own step 13).
TEST(StoreTest, MigrationThirteenKeepsTheOffers) {
  TempDir dir;
  Store store(database_taken_back(dir, LUDUS_BACK_TO_VERSION_TWELVE_ON_EITHER_ENGINE, kBackToVersionTwelve,
                                  "INSERT INTO offers (kind, game, options, from_user, seat, status, created_at, "
                                  "expires_at) VALUES ('seek', 'n-mesh', '{}', 'alice', 'first', 'open', 1, 2)"));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  auto q = session.connection().query("SELECT from_user, CASE WHEN rematch_of IS NULL THEN 1 ELSE 0 END FROM offers");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.text(0), "alice");
  EXPECT_EQ(q.integer(1), 1);
}

// Version 14 names every tournament: those made before it by their number.  On both engines
// (each has its own step 14).
TEST(StoreTest, MigrationFourteenNamesTheTournamentsThereWere) {
  TempDir dir;
  Store store(database_taken_back(
      dir, LUDUS_BACK_TO_VERSION_THIRTEEN_ON_EITHER_ENGINE, kBackToVersionThirteen,
      "INSERT INTO tournaments (game, options, format, rounds, min_players, max_players, creator, created_at) VALUES "
      "('n-mesh', '{}', 'roundrobin', 0, 2, 4, 'alice', 1), ('n-mesh', '{}', 'swiss', 2, 4, 8, 'alice', 2)"));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT id, name FROM tournaments ORDER BY id"),
            (std::vector<std::string>{"1 Tournament 1", "2 Tournament 2"}));
}

// Version 15 lets the unrated boards there were allow exploration and forbids it on the rated
// ones and those of tournaments (docs/correspondence.md).  On both engines.
TEST(StoreTest, MigrationFifteenForbidsExplorationOnRatedAndTournamentBoards) {
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  {
    Store store(url);
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
    session.connection().exec(testing_postgres() ? LUDUS_BACK_TO_VERSION_FOURTEEN_ON_EITHER_ENGINE : kBackToVersionFourteen);
    for (bool rated : {true, false, false}) {
      session.connection()
          .query("INSERT INTO games (game, options, seat0, seat1, challenger, status, num_moves, created_at, "
                 "updated_at, rated) VALUES ('ndengrod', '{}', 'alice', 'bob', 'alice', 'active', 0, 1, 1, ?1)")
          .bind_all(rated ? 1 : 0)
          .run();
    }
    session.connection().exec(
        "INSERT INTO tournaments (game, options, format, rounds, min_players, max_players, creator, created_at, name) "
        "VALUES ('ndengrod', '{}', 'roundrobin', 0, 2, 4, 'alice', 1, 't'); "
        "INSERT INTO tournament_games (tournament, round, slot, replay, first_player, second_player, kind, outcome, board) "
        "VALUES (1, 1, 0, 0, 'alice', 'bob', 'board', 'pending', 3)");
  }
  Store store(url);
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT id, exploration FROM games ORDER BY id"),
            (std::vector<std::string>{"1 0", "2 1", "3 0"}));
}

// Migration 16 gives every user the default digest hour and an empty
// list of notifications.  On both engines.
TEST(StoreTest, MigrationSixteenAddsNotificationsAndTheDigestHour) {
  TempDir dir;
  Store store(database_taken_back(dir, LUDUS_BACK_TO_VERSION_FIFTEEN_ON_EITHER_ENGINE, kBackToVersionFifteen));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT id, digest_hour FROM users"), std::vector<std::string>{"alice 7"});
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM notifications"), std::vector<std::string>{"0"});
}

// Version 17 rebuilds SQLite's games table for the ending 'aborted' and the proposal
// 'abort': every board and its moves stay, and a deleted board's number is not given again.
// On both engines (each has its own step 17).
TEST(StoreTest, MigrationSeventeenKeepsTheBoardsAndTakesAborts) {
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  {
    Store store(url);
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
    session.connection().exec(testing_postgres() ? LUDUS_BACK_TO_VERSION_SIXTEEN_ON_EITHER_ENGINE : kBackToVersionSixteen);
    session.connection().exec(
        "INSERT INTO games (game, options, seat0, seat1, challenger, created_at, updated_at) VALUES "
        "('ndengrod', '{}', 'alice', 'bob', 'alice', 1, 1), ('ndengrod', '{}', 'alice', 'bob', 'alice', 2, 2), "
        "('ndengrod', '{}', 'bob', 'alice', 'alice', 3, 3)");
    session.connection().exec("INSERT INTO moves (game_id, ply, turn, seat, move, played_at) VALUES (1, 1, 1, 0, 'd4', 5)");
    session.connection().exec("DELETE FROM games WHERE id = 3");
  }
  Store store(url);
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT id, seat0 FROM games ORDER BY id"), (std::vector<std::string>{"1 alice", "2 alice"}));
  EXPECT_EQ(rows_of(session, "SELECT game_id, move FROM moves"), std::vector<std::string>{"1 d4"});
  session.connection().exec("UPDATE games SET proposal = 'abort', proposal_seat = 0 WHERE id = 1");
  session.connection().exec("UPDATE games SET ending = 'aborted', status = 'finished' WHERE id = 2");
  GameRecord next;
  next.game = "ndengrod";
  next.seats = {"alice", "bob"};
  next.challenger = "alice";
  EXPECT_EQ(session.insert_game(next), 4) << "board 3 was deleted: its number is not given again";
}

// Version 23 keeps each user's language, none chosen ('') for the accounts already there; a
// language is a short tag.  On both engines.
TEST(StoreTest, MigrationTwentyThreeAddsTheUsersLanguage) {
  TempDir dir;
  Store store(database_taken_back(dir, LUDUS_BACK_TO_VERSION_TWENTY_TWO_ON_EITHER_ENGINE, kBackToVersionTwentyTwo));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(user_language(session, "alice"), std::optional<std::string>(""));
  EXPECT_TRUE(set_user_language(session, "alice", "ar"));
  EXPECT_EQ(user_language(session, "alice"), std::optional<std::string>("ar"));
  EXPECT_FALSE(set_user_language(session, "nobody", "de"));
  EXPECT_EQ(user_language(session, "nobody"), std::nullopt);
  EXPECT_THROW(session.connection().exec("UPDATE users SET language = 'much-too-long'"), std::exception);
}

// Version 20 indexes the unread notifications by user and board: the notices a turn marks
// read are found without walking the user's whole list.  On both engines; SQLite's planner
// is asked to show it takes the index.
TEST(StoreTest, MigrationTwentyIndexesTheUnreadNotifications) {
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  {
    Store store(url);
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
    session.connection().exec(testing_postgres() ? LUDUS_BACK_TO_VERSION_NINETEEN_ON_EITHER_ENGINE
                                                 : kBackToVersionNineteen);
    session.connection().exec(
        "INSERT INTO notifications (user_id, kind, board, body, created_at, read_at) VALUES "
        "('alice', 'move', 1, 'one', 1, 2), ('alice', 'move', 1, 'two', 3, NULL)");
  }
  Store store(url);
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT body FROM notifications WHERE user_id = 'alice' AND board = 1 AND read_at IS NULL"),
            std::vector<std::string>{"two"});
  if (!testing_postgres()) {
    const auto plan = rows_of(session,
                              "EXPLAIN QUERY PLAN UPDATE notifications SET read_at = 5 "
                              "WHERE user_id = 'alice' AND board = 1 AND read_at IS NULL");
    ASSERT_EQ(plan.size(), 1u);
    EXPECT_NE(plan[0].find("notifications_unread"), std::string::npos) << plan[0];
  }
}

// Version 18 adds reviews and the automatic-review setting (off for everyone), and rebuilds
// SQLite's notifications for the kind 'review': every notification stays with its number,
// and a deleted one's number is not given again.  On both engines (each has its own step 18).
TEST(StoreTest, MigrationEighteenAddsReviewsAndKeepsTheNotifications) {
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  {
    Store store(url);
    auto session = store.session();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
    session.connection().exec(testing_postgres() ? LUDUS_BACK_TO_VERSION_SEVENTEEN_ON_EITHER_ENGINE : kBackToVersionSeventeen);
    session.connection().exec(
        "INSERT INTO notifications (user_id, kind, body, created_at) VALUES "
        "('alice', 'move', 'one', 1), ('alice', 'result', 'two', 2), ('alice', 'move', 'three', 3)");
    session.connection().exec("DELETE FROM notifications WHERE body = 'three'");
    session.connection().exec(
        "INSERT INTO games (game, options, seat0, seat1, challenger, created_at, updated_at) VALUES "
        "('ndengrod', '{}', 'alice', 'bob', 'alice', 1, 1)");
  }
  Store store(url);
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT id, auto_review FROM users"), std::vector<std::string>{"alice 0"});
  EXPECT_EQ(rows_of(session, "SELECT id, kind, body FROM notifications ORDER BY id"),
            (std::vector<std::string>{"1 move one", "2 result two"}));
  session.connection().exec(
      "INSERT INTO notifications (user_id, kind, board, body, created_at) VALUES ('alice', 'review', 1, 'ready', 4)");
  EXPECT_EQ(rows_of(session, "SELECT id FROM notifications WHERE kind = 'review'"), std::vector<std::string>{"4"})
      << "notification 3 was deleted: its number is not given again";
  session.connection().exec("INSERT INTO reviews (game_id, status, requested_at) VALUES (1, 'queued', 5)");
  EXPECT_EQ(rows_of(session, "SELECT game_id, status, requested_by, review FROM reviews"),
            std::vector<std::string>{"1 queued  "});
  EXPECT_THROW(session.connection().exec("UPDATE reviews SET status = 'lost'"), std::exception);
  EXPECT_THROW(session.connection().exec("UPDATE users SET auto_review = 2"), std::exception);
  session.connection().exec("DELETE FROM games WHERE id = 1");
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM reviews"), std::vector<std::string>{"0"}) << "a board's review goes with it";
}

// Migration 19 adds the puzzles' tables, empty, to a database with users and boards; the
// one-attempt-per-puzzle rule holds.  On both engines.
TEST(StoreTest, MigrationNineteenAddsPuzzles) {
  TempDir dir;
  Store store(database_taken_back(dir, LUDUS_BACK_TO_VERSION_EIGHTEEN_ON_EITHER_ENGINE, kBackToVersionEighteen));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM puzzles"), std::vector<std::string>{"0"});
  session.connection().exec("INSERT INTO puzzles (game, digest, record, created_at) VALUES ('ndengrod', 'd1', '{}', 1)");
  session.connection().exec(
      "INSERT INTO puzzle_attempts (puzzle_id, user_id, started_at) VALUES (1, 'alice', 2)");
  EXPECT_THROW(session.connection().exec(
                   "INSERT INTO puzzle_attempts (puzzle_id, user_id, started_at) VALUES (1, 'alice', 3)"),
               std::exception);
  EXPECT_EQ(rows_of(session, "SELECT user_id, status, turns FROM puzzle_attempts"), std::vector<std::string>{"alice open 0"});
}

// Migration 21 adds the ownership of "your mistakes", empty; a user's or a board's rows go
// with them, and one user owns one puzzle per board and turn.  On both engines.
TEST(StoreTest, MigrationTwentyOneAddsMistakePuzzles) {
  TempDir dir;
  Store store(database_taken_back(dir, LUDUS_BACK_TO_VERSION_TWENTY_ON_EITHER_ENGINE, kBackToVersionTwenty,
                                  "INSERT INTO games (game, options, seat0, seat1, challenger, created_at, updated_at) "
                                  "VALUES ('ndengrod', '{}', 'alice', 'alice', 'alice', 1, 1)"));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM mistake_puzzles"), std::vector<std::string>{"0"});
  session.connection().exec("INSERT INTO puzzles (game, digest, record, created_at) VALUES ('ndengrod', 'd1', '{}', 1)");
  session.connection().exec(
      "INSERT INTO mistake_puzzles (puzzle_id, user_id, board_id, turn, created_at) VALUES (1, 'alice', 1, 3, 2)");
  EXPECT_THROW(session.connection().exec(
                   "INSERT INTO mistake_puzzles (puzzle_id, user_id, board_id, turn, created_at) VALUES (1, 'alice', 1, 3, 4)"),
               std::exception);
  EXPECT_EQ(rows_of(session, "SELECT user_id, board_id, turn FROM mistake_puzzles"), std::vector<std::string>{"alice 1 3"});
  session.connection().exec("DELETE FROM games WHERE id = 1");
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM mistake_puzzles"), std::vector<std::string>{"0"}) << "a board's go with it";
}

// Version 22 adds bots: every account stays a player, every token keeps its full scope, and
// the bots' events start empty, numbered per bot.  On both engines.
TEST(StoreTest, MigrationBotsKeepsAccountsAndTokensAsTheyWere) {
  TempDir dir;
  Store store(database_taken_back(dir, LUDUS_BACK_TO_VERSION_TWENTY_ONE_ON_EITHER_ENGINE, kBackToVersionTwentyOne,
                                  "INSERT INTO tokens (token_hash, user_id, created_at, expires_at) VALUES ('h', 'alice', 1, 2)"));
  auto session = store.session();
  EXPECT_EQ(session.connection().schema_version(), current_schema_version());
  EXPECT_EQ(read_schema_differences(session), std::vector<std::string>{});
  EXPECT_EQ(rows_of(session, "SELECT id, bot FROM users"), std::vector<std::string>{"alice 0"});
  EXPECT_EQ(rows_of(session, "SELECT user_id, scope FROM tokens"), std::vector<std::string>{"alice all"});
  EXPECT_THROW(session.connection().exec("UPDATE tokens SET scope = 'root'"), std::exception);
  EXPECT_THROW(session.connection().exec("UPDATE users SET bot = 2"), std::exception);
  session.connection().exec(
      "INSERT INTO bot_events (user_id, id, kind, board, created_at) VALUES ('alice', 1, 'game_start', 3, 5)");
  EXPECT_THROW(session.connection().exec(
                   "INSERT INTO bot_events (user_id, id, kind, created_at) VALUES ('alice', 1, 'your_turn', 6)"),
               std::exception)
      << "a bot's event number is given once";
  EXPECT_THROW(session.connection().exec("INSERT INTO bot_events (user_id, id, kind, created_at) VALUES ('alice', 2, 'chat', 6)"),
               std::exception);
  session.connection().exec("INSERT INTO bot_event_heads (user_id, last_id) VALUES ('alice', 1)");
  session.connection().exec("DELETE FROM users WHERE id = 'alice'");
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM bot_events"), std::vector<std::string>{"0"});
  EXPECT_EQ(rows_of(session, "SELECT COUNT(*) FROM bot_event_heads"), std::vector<std::string>{"0"});
}

// Version 10 keeps every stored address as verified: nobody loses mail on the upgrade.
TEST(StoreTest, MigrationTenKeepsAddressesVerified) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  {
    Store store(dir.file("a.db"));
    auto session = store.session();
    session.insert_user({"alice", "hash", "alice@example.org", 1, "", false, std::nullopt});
    session.connection().exec(kBackToVersionNine);
  }
  Store store(dir.file("a.db"));
  auto session = store.session();
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA user_version"), std::to_string(current_schema_version()));
  const auto alice = session.find_user("alice");
  ASSERT_TRUE(alice);
  EXPECT_EQ(alice->email, "alice@example.org");
  EXPECT_EQ(alice->pending_email, "");
  EXPECT_FALSE(alice->admin);
  EXPECT_FALSE(alice->suspended_at);
}

// Version 6 marks boards rated and dates the end of the finished ones by their last change.
TEST(StoreTest, MigrationSixDatesFinishedBoards) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  {
    Store store(dir.file("a.db"));
    auto session = store.session();
    GameRecord g;
    g.game = "ndengrod";
    g.seats = {"alice", "bob"};
    g.challenger = "alice";
    g.created_at = g.updated_at = 1000;
    session.insert_game(g);
    g.ending = Ending::Rules;
    g.updated_at = 2000;
    g.id = session.insert_game(g);
    session.update_game(g);
    session.connection().exec(kBackToVersionFive);
  }
  Store store(dir.file("a.db"));
  auto session = store.session();
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA user_version"), std::to_string(current_schema_version()));
  EXPECT_FALSE(session.find_game(1)->finished_at);
  EXPECT_EQ(session.find_game(2)->finished_at, 2000);
  EXPECT_TRUE(session.find_game(2)->rated);
}

// Version 5 rebuilds the games table (to allow the ending 'timeout'): the moves, comments
// and subscriptions that refer to it must survive (foreign keys are off while it runs).
TEST(StoreTest, MigrationFiveKeepsTheRowsThatReferToGames) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  {
    Store store(dir.file("a.db"));
    auto session = store.session();
    session.insert_user({"alice", "hash", "alice@example.org", 1, "", false, std::nullopt});
    session.insert_user({"bob", "hash", "", 1, "", false, std::nullopt});
    GameRecord g;
    g.game = "ndengrod";
    g.seats = {"alice", "bob"};
    g.challenger = "alice";
    g.created_at = g.updated_at = 1000;
    session.insert_game(g);
    session.insert_move(1, MoveRecord{1, 1, 0, "e5", 1001});
    session.insert_comment(1, CommentRecord{0, "alice", 1, "hello", 1002});
    session.set_subscription("bob", 1, true);
    session.connection().exec(kBackToVersionFive);
    session.connection().exec(
        "DROP TABLE outbox; ALTER TABLE games DROP COLUMN nag_days; ALTER TABLE games DROP COLUMN forfeit_days; "
        "ALTER TABLE games DROP COLUMN turn_started_at; ALTER TABLE games DROP COLUMN nagged; "
        "ALTER TABLE users DROP COLUMN mail_pref; DELETE FROM schema_version WHERE version >= 5; "
        "PRAGMA user_version = 4");
  }
  Store store(dir.file("a.db"));
  auto session = store.session();
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA user_version"), std::to_string(current_schema_version()));
  EXPECT_EQ(session.moves(1).size(), 1u);
  EXPECT_EQ(session.comments(1).size(), 1u);
  EXPECT_TRUE(session.subscribed("bob", 1));
  EXPECT_EQ(pragma_text(session.connection(), "PRAGMA foreign_keys"), "1");
  EXPECT_EQ(pragma_text(session.connection(), "SELECT turn_started_at FROM games WHERE id = 1"), "1000");
  // The new ending is allowed; a made-up one still is not.
  auto game = session.find_game(1);
  ASSERT_TRUE(game);
  game->ending = Ending::Timeout;
  game->losing_seat = 1;
  EXPECT_NO_THROW(session.update_game(*game));
  EXPECT_ANY_THROW(session.connection().exec("UPDATE games SET ending = 'bored' WHERE id = 1"));
  // Deleting a game still cascades: the foreign keys point at the new table.
  session.connection().exec("DELETE FROM games WHERE id = 1");
  EXPECT_TRUE(session.moves(1).empty());
}

TEST(StoreTest, RefusesADatabaseFromANewerBuild) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  {
    Store store(test_database(dir.file("a.db")));
    store.session().connection().exec("PRAGMA user_version = 999");
  }
  try {
    Store newer(test_database(dir.file("a.db")));
    ADD_FAILURE() << "opened a newer schema";
  } catch (const ServiceError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 999"), std::string::npos) << e.what();
  }
}

TEST(StoreTest, UnopenableFileGivesAClearError) {
  LUDUS_SQLITE_ONLY();
  try {
    Store store("/nonexistent-dir/x/y.db");
    ADD_FAILURE();
  } catch (const ServiceError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open database"), std::string::npos) << e.what();
  }
}

std::string open_error(const std::string& path) {
  try {
    check_database_file(path);
    Store store(path);
  } catch (const ServiceError& e) {
    return e.what();
  }
  return "";
}

// A mistyped --db must not become a new empty server, nor fail later inside a request.
TEST(StoreTest, RefusesEmptyForeignAndDamagedFiles) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  std::ofstream(dir.file("empty.db")).close();
  EXPECT_NO_THROW(Store{dir.file("empty.db")}.session());  // as a process creating it would
  std::filesystem::resize_file(dir.file("empty.db"), 0);
  std::filesystem::remove(dir.file("empty.db-wal"));
  std::filesystem::remove(dir.file("empty.db-shm"));
  EXPECT_EQ(open_error(dir.file("empty.db")),
            "'" + dir.file("empty.db") + "' is an empty file, not a ludus database (remove it to start a new one)");
  EXPECT_EQ(std::filesystem::file_size(dir.file("empty.db")), 0u);  // left as it was
  std::ofstream(dir.file("notes.txt")) << "these are my notes, not a database\n";
  EXPECT_EQ(open_error(dir.file("notes.txt")), "'" + dir.file("notes.txt") + "' is not an SQLite database");
  EXPECT_EQ(open_error(dir.path().string()), "'" + dir.path().string() + "' is not a file");

  // A real database whose pages are overwritten with garbage: quick_check names it.
  const std::string damaged = dir.file("damaged.db");
  {
    Store store(damaged);
    auto session = store.session();
    for (int i = 0; i < 200; ++i) session.insert_user({"user" + std::to_string(i), std::string(200, 'h'), "", 1, "", false, std::nullopt});
    session.connection().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  ASSERT_GT(std::filesystem::file_size(damaged), 8192u);
  {
    // Every page header after the first (page size 4096): no b-tree page stays readable.
    const auto size = std::filesystem::file_size(damaged);
    std::fstream file(damaged, std::ios::in | std::ios::out | std::ios::binary);
    const std::string garbage(12, '\x5a');
    for (std::uintmax_t page = 4096; page < size; page += 4096) {
      file.seekp(static_cast<std::streamoff>(page));
      file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
    }
  }
  const std::string error = open_error(damaged);
  EXPECT_EQ(error.rfind("'" + damaged + "' is damaged (", 0), 0u) << error;
}

TEST(StoreTest, ConcurrentOpenersMigrateOnce) {
  TempDir dir;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      try {
        Store store(test_database(dir.file("a.db")));
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        ++failures;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures, 0);
  Store store(test_database(dir.file("a.db")));
  auto q = store.session().connection().query("SELECT count(*) FROM schema_version");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), current_schema_version());
}

TEST(StoreTest, RolledBackTransactionLeavesNoTrace) {
  TempDir dir;
  Store store(test_database(dir.file("a.db")));
  auto session = store.session();
  {
    auto tx = session.write();
    session.insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
  }  // no commit
  EXPECT_FALSE(session.find_user("alice"));
}

}  // namespace
}  // namespace ludus::server::testing

namespace ludus::server::testing {
namespace {

// PostgreSQL: a connection the server lost (a restart, a failover, an administrator's
// pg_terminate_backend) fails the request under way with 503 and is not pooled again;
// the next request works on a new connection.
TEST(PostgresStoreTest, LostConnectionsAreReplaced) {
  if (!testing_postgres()) GTEST_SKIP() << "about PostgreSQL connections";
  TempDir dir;
  const std::string url = test_database(dir.file("a.db"));
  Store store(url);
  store.session().insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
  {
    auto admin = sql::connect(sql::DatabaseUrl::parse(url));
    admin->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()");
    for (int i = 0; i < 500; ++i) {  // the pooled connection's server process is gone
      auto q = admin->query("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      if (q.step() && q.integer(0) == 0) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  int failures = 0;
  for (int i = 0; i < 3; ++i) {
    try {
      EXPECT_TRUE(store.session().find_user("alice"));
    } catch (const ServiceError& e) {
      EXPECT_EQ(http_status(e), 503) << e.what();
      ++failures;
    }
  }
  EXPECT_EQ(failures, 1) << "the request on the lost connection fails, and only it";
  EXPECT_TRUE(store.session().find_user("alice"));
}

}  // namespace
}  // namespace ludus::server::testing
