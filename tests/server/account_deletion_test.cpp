// SPDX-License-Identifier: Apache-2.0
// A player's own data and leaving (docs/community.md, "Your data, and leaving"): the export
// holds everything about the player and no secret; the deletion ends what is under way,
// deletes what was theirs alone and leaves the finished boards, the opponents' ratings and
// the tournaments to the others under "deleted:N", a name no account can take.  On SQLite
// and (pg/) PostgreSQL.
#include <nlohmann/json.hpp>

#include "server/domain/account_data.h"
#include "server/domain/community/moderation.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/puzzle_test_support.h"
#include "server/server_test_support.h"
#include "server/storage/community_store.h"
#include "server/storage/review_store.h"
#include "server/storage/throttle_store.h"

namespace ludus::server::testing {
namespace {

class AccountDeletionTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    for (const char* user : {"alice", "bob", "carol"}) {
      signup(user);
      run(std::string("limit ") + user + " secret-pw all");
    }
    data_ = std::make_unique<AccountData>(*service_);
  }
  void play_first_legal(int64_t board) {
    const Board b = service_->load(board);
    const State& s = b.state();
    service_->play(board, b.player(b.seat_to_move()), s.action_to_text(s.legal_actions().front()));
  }
  // A rated board of alice (first) and `other` that `loser` loses by resigning after both moved.
  int64_t rated_game(const std::string& other, const std::string& loser) {
    const int64_t board = new_board("n-mesh", {}, "alice", other);
    play_first_legal(board);
    play_first_legal(board);
    service_->resign(board, loser);
    return board;
  }
  int64_t count(const std::string& sql) {
    auto session = store_->session();
    auto q = session.connection().query(sql.c_str());
    return q.step() ? q.int64(0) : -1;
  }
  std::unique_ptr<AccountData> data_;
};

TEST_F(AccountDeletionTest, TheExportHoldsEverythingAboutThePlayerAndNoSecret) {
  accounts_->change_email("alice", "alice@example.org");
  const int64_t board = rated_game("bob", "bob");
  run("comment " + std::to_string(board) + " alice secret-pw well played");
  run("comment " + std::to_string(board) + " bob secret-pw thanks");
  run("block alice secret-pw bob");
  run("limit carol secret-pw ask");
  run("ndengrod challenge alice carol secret-pw");  // an invitation
  run("tournament create n-mesh -format=roundrobin -players=2-4 -start=full alice secret-pw");
  run("tournament join 1 alice secret-pw");
  const int64_t comment = service_->load(board).comments().back().id;
  run("report " + std::to_string(comment) + " alice secret-pw rude");
  const std::string token = accounts_->login("alice", "secret-pw").token;
  run("holiday alice secret-pw 2023-11-20 2023-11-22");

  // A puzzle attempt, failed: alice's puzzle rating and attempt.
  Puzzles puzzles(*store_, [] { return kTestTime; });
  ASSERT_EQ(puzzles.load(one_turn_puzzle(), "test"), 1);
  puzzles.play("alice", puzzles.next("alice", "ndengrod")["attempt"].get<int64_t>(), "b1");

  const nlohmann::json data = data_->export_json("alice");
  EXPECT_EQ(data["account"]["user"], "alice");
  EXPECT_EQ(data["account"]["pending_email"], "alice@example.org");
  EXPECT_EQ(data["account"]["challenges"], "all");
  EXPECT_EQ(data["blocks"], nlohmann::json::array({"bob"}));
  ASSERT_EQ(data["games"].size(), 1u);
  EXPECT_EQ(data["games"][0]["board"], board);
  EXPECT_EQ(data["games"][0]["moves"].size(), 2u);
  ASSERT_EQ(data["comments"].size(), 1u) << "alice's own comments only";
  EXPECT_EQ(data["comments"][0]["text"], "well played");
  EXPECT_EQ(data["ratings"].size(), 1u);
  EXPECT_EQ(data["rating_history"].size(), 1u);
  EXPECT_EQ(data["offers"].size(), 1u);
  EXPECT_EQ(data["tournaments"].size(), 1u);
  EXPECT_EQ(data["reports"].size(), 1u);
  EXPECT_EQ(data["following"], nlohmann::json::array({board}));
  ASSERT_EQ(data["puzzles"]["attempts"].size(), 1u);
  EXPECT_EQ(data["puzzles"]["attempts"][0]["status"], "failed");
  EXPECT_EQ(data["puzzles"]["ratings"]["ndengrod"]["attempts"], 1);
  ASSERT_EQ(data["holidays"]["holidays"].size(), 1u);
  EXPECT_EQ(data["holidays"]["holidays"][0]["until"], "2023-11-22");
  // The command grammar's export is the same JSON.
  EXPECT_EQ(nlohmann::json::parse(run("export alice secret-pw"))["games"], data["games"]);
  const std::string text = data.dump();
  const std::string hash = store_->session().find_user("alice")->password_hash;
  EXPECT_EQ(text.find(hash), std::string::npos);
  EXPECT_EQ(text.find(token), std::string::npos);
  EXPECT_EQ(text.find("secret-pw"), std::string::npos);
  EXPECT_EQ(run_error("export alice wrong-password").code(), "unauthorized");
}

TEST_F(AccountDeletionTest, DeletionEndsWhatIsUnderWayAndLeavesTheFinishedBoardsUnderANameNobodyCanTake) {
  const int64_t won = rated_game("bob", "bob");
  const int64_t lost = rated_game("carol", "alice");
  run("comment " + std::to_string(won) + " alice secret-pw gg");
  run("comment " + std::to_string(won) + " bob secret-pw gg too");
  const int64_t active = new_board("n-mesh", {}, "bob", "alice");
  play_first_legal(active);
  play_first_legal(active);
  run("limit carol secret-pw ask");
  run("ndengrod challenge alice carol secret-pw");  // an open invitation
  run("tournament create n-mesh -format=roundrobin -players=3-4 -start=full carol secret-pw");
  run("tournament join 1 alice secret-pw");
  run("block bob secret-pw alice");
  accounts_->change_email("alice", "alice@example.org");
  Moderation moderation(*service_);
  moderation.grant("carol", true);
  moderation.hide_comment("carol", service_->load(won).comments()[0].id, "rude");
  const std::string token = accounts_->login("alice", "secret-pw").token;
  const auto carol_before = service_->player_ratings("carol").ratings;
  Puzzles puzzles(*store_, [] { return kTestTime; });
  ASSERT_EQ(puzzles.load(one_turn_puzzle(), "test"), 1);
  puzzles.play("alice", puzzles.next("alice", "ndengrod")["attempt"].get<int64_t>(), "a3");

  const std::string plan = run("delete alice secret-pw");
  EXPECT_NE(plan.find("does this: 1 active board resigned (each opponent wins), 1 open offer withdrawn, 1 tournament not yet "
                      "started left, 0 tournaments under way withdrawn from (the rest lost); 2 finished boards kept"),
            std::string::npos)
      << plan;
  EXPECT_NE(plan.find("delete alice PASSWORD confirm"), std::string::npos) << plan;
  EXPECT_TRUE(store_->session().find_user("alice")) << "without confirm nothing happens";
  EXPECT_EQ(run_error("delete alice secret-pw yes").code(), "usage");

  EXPECT_EQ(run("delete alice secret-pw confirm"),
            "The account alice is deleted; the boards and ratings it leaves to the others name deleted:1.\n");
  EXPECT_FALSE(store_->session().find_user("alice"));
  // The board under way was resigned: bob won it.
  const Board ended = service_->load(active);
  EXPECT_TRUE(ended.is_over());
  EXPECT_EQ(ended.record().seats, (std::array<std::string, 2>{"bob", "deleted:1"}));
  EXPECT_EQ(ended.winner_seat(), 0);
  // The finished boards replay, under the new name, without alice's comments.
  const Board kept = service_->load(won);
  EXPECT_EQ(kept.record().seats[0], "deleted:1");
  EXPECT_EQ(kept.num_moves(), 2);
  ASSERT_EQ(kept.comments().size(), 1u);
  EXPECT_EQ(kept.comments()[0].user, "bob");
  EXPECT_EQ(service_->load(lost).record().seats, (std::array<std::string, 2>{"deleted:1", "carol"}));
  EXPECT_NE(run("history " + std::to_string(won)).find("deleted:1"), std::string::npos);
  // The opponents' ratings are as they were (bob's moved by the resignation alone); the
  // deleted player's stay under the new name, so `ludus db rerate --check` finds nothing to change.
  EXPECT_EQ(service_->player_ratings("carol").ratings.at(0).rating.rating_points(),
            carol_before.at(0).rating.rating_points());
  EXPECT_EQ(service_->player_ratings("deleted:1").history.size(), 3u) << "two rated games and the resigned one";
  for (const RatingChange& change : service_->player_ratings("bob").history) EXPECT_EQ(change.opponent, "deleted:1");
  EXPECT_EQ(rerate(*store_, false).differences, 0);
  // What was alice's alone is gone.
  EXPECT_THROW(accounts_->user_for_token(token), ServiceError);
  EXPECT_EQ(count("SELECT COUNT(*) FROM offers"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM blocks"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM login_devices"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM account_codes"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM outbox WHERE user_id = 'alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM subscriptions WHERE user_id = 'alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM comments WHERE user_id IN ('alice', 'deleted:1')"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM puzzle_attempts"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM puzzle_ratings WHERE player IN ('alice', 'deleted:1')"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM puzzle_ratings WHERE player = 'puzzle:1'"), 1) << "the puzzle's own stays";
  EXPECT_EQ(count("SELECT COUNT(*) FROM users WHERE email LIKE '%alice%' OR pending_email LIKE '%alice%'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE target LIKE '%alice%'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE target LIKE 'comment % by deleted:1 on board %'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM tournament_players WHERE tournament = 1"), 0) << "left before the start";
  // Nobody can be deleted:1: not by signing up, not by its empty password.
  EXPECT_EQ(error_of([&] { accounts_->signup("deleted:1", "long-password-1", ""); }).code(), "bad_user");
  EXPECT_EQ(run_error("move " + std::to_string(won) + " deleted:1 secret-pw a1").code(), "unauthorized");
  EXPECT_EQ(error_of([&] { service_->rematch(won, "bob"); }).code(), "account_deleted");
  // The next deletion gets the next name; the old id may be taken by a new account.
  signup("alice");
  EXPECT_NE(run("delete alice secret-pw confirm").find("deleted:2"), std::string::npos);
}

// The reviews alice asked for stay for the others (a review is of the board), under her new
// name: nothing left names her.
TEST_F(AccountDeletionTest, TheReviewsAPlayerAskedForStayUnderTheNewName) {
  const int64_t board = rated_game("bob", "bob");
  {
    auto session = store_->session();
    queue_review(session, board, "alice", 1);
  }
  run("delete alice secret-pw confirm");
  EXPECT_EQ(count("SELECT COUNT(*) FROM reviews WHERE requested_by = 'alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM reviews WHERE requested_by = 'deleted:1'"), 1);
}

TEST_F(AccountDeletionTest, ATournamentUnderWayIsWithdrawnFromAndStaysWithTheNewName) {
  run("tournament create n-mesh -format=roundrobin -players=3-3 -start=full carol secret-pw");
  for (const char* user : {"alice", "bob", "carol"}) run(std::string("tournament join 1 ") + user + " secret-pw");
  ASSERT_EQ(service_->tournaments().view(1).tournament.status, TournamentStatus::Running);
  run("delete alice secret-pw confirm");
  const TournamentView view = service_->tournaments().view(1);
  bool found = false;
  for (const TournamentPlayer& p : view.players)
    if (p.player == "deleted:1") found = p.withdrawn;
  EXPECT_TRUE(found) << "withdrawn, under the new name";
  for (const TournamentGame& g : view.games) {
    EXPECT_NE(g.first, "alice");
    EXPECT_NE(g.second, "alice");
  }
  GameFilter active;
  active.user = "deleted:1";
  active.status = "active";
  EXPECT_TRUE(service_->list(active).empty());
}

}  // namespace
}  // namespace ludus::server::testing
