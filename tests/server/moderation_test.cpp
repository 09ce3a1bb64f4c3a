// SPDX-License-Identifier: Apache-2.0
// Blocks, reports and moderation (docs/community.md): what a block refuses, what an
// administrator may do and that each action is in the audit log, and that a suspended
// account can do nothing through the command grammar, a token or a reset.  On SQLite and
// (pg/) PostgreSQL; through a running server in tests/mail/community_serve_test.cpp.
#include "server/domain/community/moderation.h"
#include "server/server_test_support.h"

namespace ludus::server::testing {
namespace {

class ModerationTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    for (const char* user : {"alice", "bob", "mallory", "root"}) {
      signup(user);
      run(std::string("limit ") + user + " secret-pw all");
    }
    moderation_ = std::make_unique<Moderation>(*service_);
    moderation_->grant("root", true);
  }
  std::unique_ptr<Moderation> moderation_;
};

TEST_F(ModerationTest, ABlockRefusesChallengesJoinsAndCommentsBothWays) {
  const int64_t board = new_board("ndengrod", {}, "alice", "mallory");  // before the block
  EXPECT_EQ(run("block alice secret-pw mallory"), "alice blocks: mallory.\n");
  EXPECT_EQ(run_error("ndengrod challenge mallory alice secret-pw").code(), "blocked");
  EXPECT_EQ(http_status(run_error("ndengrod challenge mallory alice secret-pw")), 403);
  EXPECT_EQ(run_error("ndengrod challenge alice mallory secret-pw").code(), "blocked") << "nor the blocker";
  EXPECT_EQ(run_error("comment " + std::to_string(board) + " mallory secret-pw hello").code(), "blocked");
  // A seek of alice cannot be taken by mallory; bob takes it.
  run("ndengrod seek alice secret-pw");
  EXPECT_EQ(run_error("join 1 mallory secret-pw").code(), "blocked");
  EXPECT_NE(run("join 1 bob secret-pw").find("board"), std::string::npos);
  // Others still comment; the game itself goes on (a mailed move's words are dropped).
  run("comment " + std::to_string(board) + " bob secret-pw fine game");
  if (mover(board) == "alice") play_first_legal(board);
  const Board b = service_->load(board);
  const State& s = b.state();
  service_->play(board, "mallory", s.action_to_text(s.legal_actions().front()), std::nullopt, "you lose");
  const Board loaded = service_->load(board);  // a named board: the loop must not outlive it
  for (const auto& c : loaded.comments()) EXPECT_NE(c.body, "you lose");
  EXPECT_EQ(run("unblock alice secret-pw mallory"), "alice blocks: nobody.\n");
  run("comment " + std::to_string(board) + " mallory secret-pw sorry");
  EXPECT_EQ(run_error("block alice secret-pw alice").code(), "bad_user");
  EXPECT_EQ(http_status(run_error("block alice secret-pw nosuchuser")), 404);
}

// The rule is one and holds both ways: the blocker may not comment on a board of the blocked
// player either, and the words of the blocker's mailed move are not stored (the move is).
TEST_F(ModerationTest, TheBlockerIsHeldToTheSameRule) {
  const int64_t board = new_board("ndengrod", {}, "alice", "mallory");
  run("block alice secret-pw mallory");
  const ServiceError e = run_error("comment " + std::to_string(board) + " alice secret-pw hello");
  EXPECT_EQ(e.code(), "blocked");
  EXPECT_STREQ(e.what(), "you block mallory: unblock them first");
  if (mover(board) == "mallory") play_first_legal(board);
  const Board b = service_->load(board);
  service_->play(board, "alice", b.state().action_to_text(b.state().legal_actions().front()), std::nullopt, "take that");
  EXPECT_EQ(service_->load(board).num_moves(), b.num_moves() + 1) << "the move counts";
  EXPECT_TRUE(service_->load(board).comments().empty());
  run("comment " + std::to_string(board) + " bob secret-pw a kibitzer may");
  // Every board is born in one place, which holds the rule too (a tool's start_board).
  try {
    service_->start_board("alice", "ndengrod", {}, "alice", "mallory");
    ADD_FAILURE() << "a board started across a block";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.code(), "blocked");
  }
}

// A seek of someone a block stands between is not offered to the two (offers USER PASSWORD,
// GET /api/offers?user=SELF with a token); anyone else still sees it, and so does a list of
// USER's asked for without their password: it tells nobody else of the block.
TEST_F(ModerationTest, TheSeeksAcrossABlockAreNotOfferedToTheTwo) {
  run("ndengrod seek mallory secret-pw");
  run("ndengrod seek alice secret-pw");
  run("ndengrod seek bob secret-pw");
  run("block alice secret-pw mallory");
  auto posters = [&](const std::string& user, bool authenticated) {
    std::vector<std::string> out;
    for (const OfferRecord& o : service_->offers("", user, authenticated)) out.push_back(o.from);
    return out;
  };
  EXPECT_EQ(posters("alice", true), (std::vector<std::string>{"alice", "bob"}));
  EXPECT_EQ(posters("mallory", true), (std::vector<std::string>{"mallory", "bob"}));
  EXPECT_EQ(run("offers alice secret-pw").find("mallory"), std::string::npos);
  EXPECT_EQ(posters("alice", false), (std::vector<std::string>{"mallory", "alice", "bob"}));
  EXPECT_EQ(posters("bob", true), (std::vector<std::string>{"mallory", "alice", "bob"}));
  EXPECT_EQ(posters("", false), (std::vector<std::string>{"mallory", "alice", "bob"}));
}

TEST_F(ModerationTest, BlockingDeclinesTheOpenInvitationsBetweenTheTwo) {
  run("limit alice secret-pw ask");
  EXPECT_NE(run("ndengrod challenge mallory alice secret-pw").find("asks alice first"), std::string::npos);
  run("block alice secret-pw mallory");
  EXPECT_EQ(run_error("join 1 alice secret-pw").code(), "offer_closed");
}

TEST_F(ModerationTest, OnlyAdministratorsModerateAndEveryActionIsLogged) {
  const int64_t board = new_board("ndengrod", {}, "alice", "mallory");
  run("comment " + std::to_string(board) + " mallory secret-pw rude words");
  const int64_t comment = service_->load(board).comments().back().id;
  EXPECT_EQ(run("report " + std::to_string(comment) + " alice secret-pw insults me"),
            "Report 1 on comment " + std::to_string(comment) + " is with the administrators. Thank you.\n");
  EXPECT_EQ(http_status(run_error("report 999 alice secret-pw x")), 404);
  EXPECT_EQ(http_status(run_error("report x alice secret-pw x")), 400);
  try {
    moderation_->reports("alice", false);
    ADD_FAILURE() << "alice is no administrator";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.code(), "not_admin");
  }
  const auto reports = moderation_->reports("root", false);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].reason, "insults me");
  EXPECT_EQ(reports[0].comment.body, "rude words");
  moderation_->hide_comment("root", comment, "insults");
  EXPECT_TRUE(service_->load(board).comments().empty()) << "hidden everywhere the board is read";
  EXPECT_EQ(run("history " + std::to_string(board)).find("rude words"), std::string::npos);
  EXPECT_TRUE(moderation_->reports("root", false).empty()) << "its reports are closed";
  EXPECT_EQ(moderation_->reports("root", true).size(), 1u);
  EXPECT_EQ(http_status(run_error("report " + std::to_string(comment) + " bob secret-pw again")), 404);

  moderation_->suspend("root", "mallory", "abuse");
  const auto ended = moderation_->forfeit_boards("root", "mallory", "suspended");
  EXPECT_EQ(ended, std::vector<int64_t>{board});
  EXPECT_EQ(service_->load(board).record().losing_seat, 1);
  moderation_->restore("root", "mallory", "served");
  const auto log = moderation_->audit();
  std::vector<std::string> actions;
  for (const auto& e : log) actions.push_back(e.actor + " " + e.action + " " + e.target + " / " + e.reason);
  EXPECT_EQ(actions, (std::vector<std::string>{
                         "console grant root / ",
                         "root hide comment " + std::to_string(comment) + " by mallory on board " +
                             std::to_string(board) + " / insults",
                         "root suspend mallory / abuse",
                         "root forfeit mallory / suspended (boards: " + std::to_string(board) + ")",
                         "root restore mallory / served"}));
  for (const auto& e : log) EXPECT_EQ(e.at, kTestTime);
}

TEST_F(ModerationTest, ASuspendedAccountCanNeitherLogInNorActNorReset) {
  const int64_t board = new_board("ndengrod", {}, "alice", "mallory");
  const std::string token = accounts_->login("mallory", "secret-pw").token;
  run("ndengrod seek mallory secret-pw");
  moderation_->suspend("root", "mallory", "abuse");
  EXPECT_THROW(accounts_->user_for_token(token), ServiceError) << "tokens are revoked";
  try {
    accounts_->login("mallory", "secret-pw");
    ADD_FAILURE() << "a suspended account logged in";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.code(), "suspended");
    EXPECT_EQ(http_status(e), 403);
  }
  for (const std::string& command : std::vector<std::string>{
           "comment " + std::to_string(board) + " mallory secret-pw hi", "ndengrod challenge mallory bob secret-pw",
        "mailpref mallory secret-pw none", "passwd mallory secret-pw other-pw-12", "block mallory secret-pw alice"})
    EXPECT_EQ(run_error(command).code(), "suspended") << command;
  EXPECT_EQ(run_error("move " + std::to_string(board) + " mallory secret-pw e5").code(), "suspended");
  EXPECT_TRUE(service_->offers("", "mallory", true).empty()) << "the seek was withdrawn";
  EXPECT_EQ(run_error("reset mallory AAAAA-AAAAA new-password-1").code(), "bad_code");
  EXPECT_EQ(http_status(run_error("ndengrod suspend mallory")), 400) << "no such command in the grammar";
  // A wrong password still says only that: a suspension is told to whoever holds the password.
  EXPECT_EQ(run_error("mailpref mallory wrong-password").code(), "unauthorized");
  EXPECT_EQ(moderation_->forfeit_boards("root", "mallory", "x"), std::vector<int64_t>{board});
  try {
    moderation_->forfeit_boards("root", "bob", "x");
    ADD_FAILURE() << "bob is not suspended";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.code(), "not_suspended");
  }
}

}  // namespace
}  // namespace ludus::server::testing
