// SPDX-License-Identifier: Apache-2.0
// Take-backs only on friendly boards, and aborts before the third turn (docs/turns.md,
// "Take-backs and aborts"): the commands, the errors and what the board says.
#include "two_player_fixture.h"

#include "server/domain/play/game_json.h"

namespace ludus::server::testing {
namespace {

class TakebackAbortTest : public TwoPlayerFixture {
 protected:
  // A board of standard Ndengrod (rated unless `words` say otherwise); its number.
  int64_t board(const std::string& words = "") {
    const std::string reply = run("ndengrod challenge " + words + (words.empty() ? "" : " ") + "alice bob secret-pw");
    return service_->list({}).front().id;
  }
  nlohmann::json view(int64_t id) { return board_json(service_->load(id)); }
  int ratings_rows() {
    auto session = store_->session();
    auto q = session.connection().query("SELECT count(*) FROM rating_changes");
    q.step();
    return q.integer(0);
  }
};

TEST_F(TakebackAbortTest, TakebacksAreRefusedOnRatedBoardsAndAllowedOnUnratedOnes) {
  const int64_t rated = board();
  const std::string id = std::to_string(rated);
  run("move " + id + " alice secret-pw d4");
  const ServiceError refused = run_error("undo " + id + " alice secret-pw");
  EXPECT_EQ(refused.code(), "takeback_not_allowed");
  EXPECT_EQ(http_status(refused), 403);
  EXPECT_STREQ(refused.what(), "take-backs are not allowed on rated boards");
  EXPECT_EQ(run_error("propose undo " + id + " alice secret-pw").code(), "takeback_not_allowed");
  EXPECT_EQ(view(rated)["takeback_refused"], "take-backs are not allowed on rated boards");
  EXPECT_EQ(service_->load(rated).record().proposal, "") << "nothing was proposed";

  const int64_t friendly = board("-rated=no");
  const std::string fid = std::to_string(friendly);
  EXPECT_EQ(view(friendly)["takeback_refused"], "");
  run("move " + fid + " alice secret-pw d4");
  EXPECT_NE(run("undo " + fid + " alice secret-pw").find("alice proposes to take back their last move"), std::string::npos);
  EXPECT_EQ(view(friendly)["proposal"]["kind"], "undo");
  EXPECT_NE(run("accept " + fid + " bob secret-pw").find("is back at turn 1"), std::string::npos);
  EXPECT_EQ(service_->load(friendly).num_moves(), 0);
}

TEST_F(TakebackAbortTest, AnAbortAcceptedEndsTheGameWithNoResultAndUnrated) {
  const int64_t rated = board();
  const std::string id = std::to_string(rated);
  EXPECT_EQ(view(rated)["abort_refused"], "");
  run("move " + id + " alice secret-pw d4");
  run("move " + id + " bob secret-pw c3");  // both have moved: two turns
  EXPECT_NE(run("abort " + id + " bob secret-pw").find("bob proposes to abort the game on board " + id), std::string::npos);
  EXPECT_EQ(run_error("accept " + id + " bob secret-pw").code(), "own_proposal");
  const std::string reply = run("accept " + id + " alice secret-pw");
  EXPECT_NE(reply.find("alice accepts: board " + id + " is aborted (no result)."), std::string::npos) << reply;
  EXPECT_NE(reply.find("Status: no result: aborted by both players"), std::string::npos) << reply;
  const GameRecord r = service_->load(rated).record();
  EXPECT_EQ(r.status(), "finished");
  EXPECT_EQ(r.ending, Ending::Aborted);
  EXPECT_EQ(r.result, "aborted");
  EXPECT_FALSE(r.winner_seat);
  const nlohmann::json j = view(rated);
  EXPECT_EQ(j["outcome"]["ending"], "aborted");
  EXPECT_EQ(j["outcome"]["draw"], false);
  EXPECT_TRUE(j["outcome"]["winner_user"].is_null());
  EXPECT_EQ(j["record"]["ending"], "aborted");
  EXPECT_EQ(ratings_rows(), 0) << "an aborted board changes no rating";
  EXPECT_NE(run("games alice finished").find("aborted (no result)"), std::string::npos);
  EXPECT_EQ(run_error("move " + id + " alice secret-pw e5").code(), "game_over");
}

TEST_F(TakebackAbortTest, TooLateToAbortAfterTheSecondTurn) {
  const int64_t b = board();
  const std::string id = std::to_string(b);
  run("move " + id + " alice secret-pw d4");
  run("move " + id + " bob secret-pw c3");
  run("move " + id + " alice secret-pw e5");
  const ServiceError late = run_error("abort " + id + " bob secret-pw");
  EXPECT_EQ(late.code(), "too_late_to_abort");
  EXPECT_EQ(http_status(late), 409);
  EXPECT_STREQ(late.what(), "too late to abort: 3 turns played (an abort is possible while at most 2 turns are)");
  EXPECT_EQ(view(b)["abort_refused"], late.what());
  EXPECT_EQ(run_error("propose peace " + id + " bob secret-pw").code(), "usage");
}

TEST_F(TakebackAbortTest, AnAbortProposedInTimeIsRefusedOnceMovesMadeItLate) {
  // A proposal is withdrawn by any move, so one stored before the third turn cannot be
  // accepted after it; an abort made at the second turn is answered at the second turn.
  const int64_t b = board();
  const std::string id = std::to_string(b);
  run("abort " + id + " alice secret-pw");
  run("move " + id + " alice secret-pw d4");
  EXPECT_EQ(run_error("accept " + id + " bob secret-pw").code(), "no_proposal");
}

TEST_F(TakebackAbortTest, TheComputerAgreesToAnAbortAtOnce) {
  run("ndengrod challenge alice ai:random secret-pw");
  const int64_t b = service_->list({}).front().id;
  EXPECT_NE(run("abort " + std::to_string(b) + " alice secret-pw").find("ai:random agrees: board " + std::to_string(b) + " is aborted"),
            std::string::npos);
  EXPECT_EQ(service_->load(b).record().ending, Ending::Aborted);
}

}  // namespace
}  // namespace ludus::server::testing
