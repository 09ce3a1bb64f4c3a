// SPDX-License-Identifier: Apache-2.0
// `ludus db export/import/check`: every row of every table survives SQLite -> the
// database under test (PostgreSQL in the pg/ run) -> SQLite, byte for byte, and new ids
// continue after the imported ones on both engines.
#include <sstream>

#include "server/domain/db_transfer.h"
#include "server/storage/mail_store.h"
#include "server/domain/community/moderation.h"
#include "server/domain/play/offers.h"
#include "server/domain/play/ratings.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/storage/schema.h"
#include "puzzle_test_support.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

// A database with a row in every table: accounts, a token, boards on and over, moves,
// comments, subscriptions, a failed login, a proposal, an AI lease, awkward text, ratings,
// offers, a tournament, codes, blocks, reports, the audit log, a puzzle and an attempt at it.
void fill(Store& store) {
  Accounts accounts(store, PasswordPolicy::fast(), [] { return kTestTime; });
  Service service(store, accounts);
  accounts.signup("alice", "alice-pass", "alice@example.com");
  accounts.signup("bob", "bob-passw", "");
  accounts.login("alice", "alice-pass", "127.0.0.1");
  EXPECT_THROW(accounts.authenticate("bob", "wrong"), ServiceError);
  const int64_t on = service.start_board("alice", "ndengrod", {{"size", "3"}}, "alice", "bob");
  service.play(on, "alice", "c3");
  service.play(on, "bob", "a1");
  service.comment(on, "bob", "caf\xc3\xa9 'quoted' \"double\" \\ ; DROP TABLE games; --\nsecond line");
  service.propose(on, "alice", "draw");
  const int64_t over = service.start_board("bob", "ndengrod", {{"size", "3"}, {"swap", "off"}}, "bob", "alice");
  service.play(over, "bob", "b2");
  service.resign(over, "alice");
  // A rated game: rows in ratings and rating_changes.
  const int64_t rated = service.start_board("alice", "n-mesh", {}, "alice", "bob");
  for (int i = 0; i < 2; ++i) {
    Board b = service.load(rated);
    service.play(rated, b.player(b.seat_to_move()), b.state().action_to_text(b.state().legal_actions().front()));
  }
  service.resign(rated, "bob");
  const int64_t ai = service.start_board("alice", "ndengrod", {{"size", "3"}}, "ai:random", "alice");
  EXPECT_TRUE(store.session().claim_ai_lease(ai, "host:1:2", 1000, 2000));
  // Offers and challenge settings (schema 7): an open seek with a rating range, a taken
  // one, and a user's non-default settings.
  service.seek("alice", "ndengrod", {{"size", "3"}, {"rated", "no"}}, SeatChoice::Second, 1400, 1700);
  service.join(service.seek("bob", "n-mesh", {}, SeatChoice::Random, {}, {}).id, "alice");
  service.challenge_settings("bob", ChallengePolicy::None, std::optional<int>(7));
  // A tournament (schema 9): full when bob joins, so it starts its one board (board 6).
  const TournamentRecord cup = service.tournaments().create(
      "alice", "ndengrod", {{"name", "Cup \u00e9t\u00e9"}, {"format", "knockout"}, {"players", "2-2"}, {"start", "full"}, {"size", "3"}});
  service.tournaments().join(cup.id, "alice");
  service.tournaments().join(cup.id, "bob");
  // Recovery and moderation (schema 10): alice's sign-up left a verification code (hashed), and
  // a block, a report, a hidden comment and the audit log's lines.
  Moderation moderation(service);
  moderation.block("alice", "bob", true);
  const int64_t comment = service.load(on).comments().back().id;
  moderation.report("alice", comment, "rude");
  moderation.grant("alice", true);
  moderation.hide_comment("alice", comment, "rude");
  // Puzzles (schema 19): one loaded, alice's failed attempt, her rating and the puzzle's.
  Puzzles puzzles(store, [] { return kTestTime; });
  ASSERT_EQ(puzzles.load(one_turn_puzzle(), "test"), 1);
  puzzles.play("alice", puzzles.next("alice", "ndengrod")["attempt"].get<int64_t>(), "b1");
  auto session = store.session();
  auto tx = session.write();
  enqueue_mail(session, OutgoingMail{"alice@example.com", "alice", on, "Ndengrod Board 1: your move", "caf\xc3\xa9\n", ""},
               OutboxStatus::Queued, kTestTime);
  count_received_mail(session, MailReason::BadPassword);  // mails received (schema 11)
  tx.commit();
}

std::string exported(Store& store) {
  std::ostringstream out;
  export_database(store, out);
  return out.str();
}

void import_text(Store& store, const std::string& text) {
  std::istringstream in(text);
  import_database(store, in);
}

TEST(DbTransferTest, RoundTripThroughTheOtherEngineKeepsEveryRow) {
  TempDir dir;
  Store source(dir.file("source.db"));
  fill(source);
  const std::string first = exported(source);
  for (const auto& table : exported_tables())
    EXPECT_NE(first.find("{\"columns\":"), std::string::npos) << table;
  EXPECT_EQ(first.rfind("{\"ludus_export\":1,\"schema_version\":" + std::to_string(current_schema_version()), 0), 0u);

  Store middle(test_database(dir.file("middle.db")));
  import_text(middle, first);
  const std::string second = exported(middle);
  EXPECT_EQ(second, first);

  Store back(dir.file("back.db"));
  import_text(back, second);
  EXPECT_EQ(exported(back), first);

  // The imported database works: its boards replay, and new ids follow the imported ones.
  EXPECT_EQ(check_database(test_database(dir.file("middle.db"))), std::vector<std::string>{});
  for (Store* store : {&middle, &back}) {
    Accounts accounts(*store, PasswordPolicy::fast(), [] { return kTestTime; });
    Service service(*store, accounts);
    EXPECT_EQ(service.load(1).num_moves(), 2);
    EXPECT_EQ(service.load(1).record().proposal, "draw");
    EXPECT_EQ(service.load(2).record().ending, Ending::Resignation);
    // Boards 1-6 came from fill(); alice blocks bob there, so she plays the computer.
    EXPECT_EQ(service.start_board("alice", "ndengrod", {}, "alice", "ai:random"), 7);
    service.comment(7, "alice", "hello");
    EXPECT_EQ(service.load(7).comments().front().id, 2);
    EXPECT_EQ(service.tournaments().view(1).games.size(), 1u);
    EXPECT_EQ(service.tournaments().view(1).tournament.title, "Cup \u00e9t\u00e9");  // schema 13
    EXPECT_EQ(service.tournaments().create("bob", "n-mesh", {{"format", "roundrobin"}, {"players", "2-4"}, {"start", "full"}}).id, 2);
    // The imported ratings are the ones the imported games give.
    EXPECT_EQ(rerate(*store, false).differences, 0);
    EXPECT_EQ(rerate(*store, false).games, 1);
  }
}

TEST(DbTransferTest, ImportRefusesANonEmptyTargetAndBrokenFiles) {
  TempDir dir;
  Store source(dir.file("source.db"));
  fill(source);
  const std::string text = exported(source);
  Store target(test_database(dir.file("target.db")));
  auto import_error = [&](const std::string& input) {
    try {
      import_text(target, input);
    } catch (const ServiceError& e) {
      EXPECT_EQ(http_status(e), 400) << e.what();
      return std::string(e.what());
    }
    return std::string("imported");
  };
  EXPECT_NE(import_error("").find("empty"), std::string::npos);
  EXPECT_NE(import_error("{\"hello\":1}\n").find("line 1: not a ludus export"), std::string::npos);
  EXPECT_NE(import_error(text.substr(0, text.size() / 2)).find("line"), std::string::npos);  // cut: no end, or a bad line
  std::string other_table = text;
  other_table.replace(other_table.find("\"table\":\"users\""), 15, "\"table\":\"pwned\"");
  EXPECT_NE(import_error(other_table).find("unknown table 'pwned'"), std::string::npos);
  std::string other_column = text;
  other_column.replace(other_column.find("\"password_hash\""), 15, "\"password_hax\"");
  EXPECT_NE(import_error(other_column).find("has no column 'password_hax'"), std::string::npos);
  // Nothing of the failed attempts stayed; then the real one lands, and a second is refused.
  EXPECT_EQ(exported(target).find("alice"), std::string::npos);
  EXPECT_EQ(import_error(text), "imported");
  EXPECT_NE(import_error(text).find("not empty"), std::string::npos);
}

TEST(DbTransferTest, EveryTableIsExported) {
  TempDir dir;
  Store store(test_database(dir.file("a.db")));
  auto tables = store.session().connection().table_names();
  std::erase(tables, "schema_version");
  std::erase(tables, "sqlite_sequence");
  auto listed = exported_tables();
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(tables, listed) << "a migration added a table: add it to exported_tables()";
}

}  // namespace
}  // namespace ludus::server::testing
