// SPDX-License-Identifier: Apache-2.0
// Draw and take-back proposals, and games against the computer through the service.
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class ProposalsTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    run("signup alice pw-a-long");
    run("signup bob pw-b-long");
    run("limit bob pw-b-long all");  // the board starts at once
    run("ndengrod challenge -size=4 alice bob pw-a-long");
  }
};

TEST_F(ProposalsTest, DrawAcceptedEndsTheGame) {
  run("move 1 alice pw-a-long c3");
  std::string reply = run("draw 1 alice pw-a-long");
  EXPECT_NE(reply.find("alice proposes a draw on board 1; bob may accept or reject.\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find("Proposal: alice proposes a draw; bob may accept or reject\n"), std::string::npos) << reply;
  EXPECT_EQ(run_error("accept 1 alice pw-a-long").code(), "own_proposal");
  reply = run("accept 1 bob pw-b-long");
  EXPECT_NE(reply.find("bob accepts the draw: board 1 is drawn.\n"), std::string::npos);
  EXPECT_NE(reply.find("Status: draw: agreed by both players\n"), std::string::npos) << reply;
  EXPECT_EQ(reply.find("Proposal:"), std::string::npos);
  auto r = service_->load(1).record();
  EXPECT_EQ(r.status(), "finished");
  EXPECT_EQ(r.result, "draw");
  EXPECT_FALSE(r.winner_seat);
  EXPECT_EQ(run_error("move 1 bob pw-b-long b2").code(), "game_over");
  EXPECT_EQ(run_error("draw 1 bob pw-b-long").code(), "game_over");
}

TEST_F(ProposalsTest, RejectedOrWithdrawnByAMove) {
  EXPECT_EQ(run_error("accept 1 bob pw-b-long").code(), "no_proposal");
  run("propose draw 1 bob pw-b-long");
  EXPECT_EQ(run_error("draw 1 alice pw-a-long").code(), "proposal_pending") << "answer the pending one first";
  EXPECT_NE(run("reject 1 alice pw-a-long").find("alice rejects a draw on board 1."), std::string::npos);
  EXPECT_EQ(service_->load(1).record().proposal, "");
  run("draw 1 bob pw-b-long");
  run("move 1 alice pw-a-long c3");  // a move withdraws it
  EXPECT_EQ(service_->load(1).record().proposal, "");
  EXPECT_EQ(run_error("accept 1 alice pw-a-long").code(), "no_proposal");
  EXPECT_EQ(run_error("propose peace 1 alice pw-a-long").code(), "usage");
}

TEST_F(ProposalsTest, UndoTakesBackTheProposersLatestTurnAndWhatFollowed) {
  EXPECT_EQ(run_error("undo 1 alice pw-a-long").code(), "nothing_to_undo");
  run("move 1 alice pw-a-long c3");
  run("move 1 bob pw-b-long b2");
  run("move 1 alice pw-a-long d3");
  // Alice takes back her d3 only.
  run("undo 1 alice pw-a-long");
  EXPECT_NE(run("accept 1 bob pw-b-long").find("bob accepts: board 1 is back at turn 3.\n"), std::string::npos);
  Board b = service_->load(1);
  ASSERT_EQ(b.num_moves(), 2);
  EXPECT_EQ(b.player(b.seat_to_move()), "alice");
  // Bob takes back b2, and alice's reply e4 goes with it.
  run("move 1 alice pw-a-long e4");
  run("propose undo 1 bob pw-b-long");
  run("accept 1 alice pw-a-long");
  b = service_->load(1);
  ASSERT_EQ(b.num_moves(), 1);
  EXPECT_EQ(b.moves()[0].move, "c3");
  EXPECT_EQ(b.player(b.seat_to_move()), "bob");
  // Moves and their numbers continue from there.
  EXPECT_NE(run("move 1 bob pw-b-long c2#2").find("(turn 2)"), std::string::npos);
}

TEST_F(ProposalsTest, CommentsAfterTakenBackMovesStayAndFollowThePositionTheBoardIsBackAt) {
  run("move 1 alice pw-a-long c3");
  run("comment 1 bob pw-b-long before b2");
  run("move 1 bob pw-b-long b2");
  run("move 1 alice pw-a-long d3");
  run("comment 1 bob pw-b-long after d3");
  run("undo 1 bob pw-b-long");  // b2 and d3 go
  run("accept 1 alice pw-a-long");
  Board b = service_->load(1);
  ASSERT_EQ(b.num_moves(), 1);
  ASSERT_EQ(b.comments().size(), 2u) << "no comment is lost with the moves";
  EXPECT_EQ(b.comments()[0].after_ply, 1);
  EXPECT_EQ(b.comments()[1].after_ply, 1) << "re-attached to move #1, where the board is back at";
  // A new move #2 does not inherit a comment made about the old one, and the history
  // shows every comment once, in the order they were written.
  run("move 1 bob pw-b-long a2");
  run("comment 1 alice pw-a-long about a2");
  b = service_->load(1);
  ASSERT_EQ(b.comments().size(), 3u);
  EXPECT_EQ(b.comments()[2].after_ply, 2);
  const std::string history = run("history 1");
  const size_t first = history.find("before b2"), second = history.find("after d3"), move2 = history.find("turn 2 ");
  const size_t third = history.find("about a2");
  ASSERT_NE(first, std::string::npos) << history;
  ASSERT_NE(second, std::string::npos) << history;
  ASSERT_NE(move2, std::string::npos) << history;
  EXPECT_LT(first, second) << history;
  EXPECT_LT(second, move2) << "after turn 1, before the new turn 2:\n" << history;
  EXPECT_LT(move2, third) << history;
  // The same against the computer (its take-back is at once).
  service_->set_inline_ai(true);
  run("ndengrod challenge -size=4 alice ai:random pw-a-long");
  run("move 2 alice pw-a-long c3");
  run("comment 2 bob pw-b-long kibitz");
  run("undo 2 alice pw-a-long");
  b = service_->load(2);
  ASSERT_EQ(b.num_moves(), 0);
  ASSERT_EQ(b.comments().size(), 1u);
  EXPECT_EQ(b.comments()[0].after_ply, 0);
}

TEST_F(ProposalsTest, RejectedUndoKeepsTheMoves) {
  run("move 1 alice pw-a-long c3");
  run("undo 1 alice pw-a-long");
  run("reject 1 bob pw-b-long");
  EXPECT_EQ(service_->load(1).num_moves(), 1);
}

TEST_F(ProposalsTest, InlineAiRepliesAndAnswersProposals) {
  service_->set_inline_ai(true);
  std::string reply = run("ndengrod challenge -size=4 alice ai:random pw-a-long");
  EXPECT_NE(reply.find("o  ai:random  second player"), std::string::npos) << reply;
  reply = run("move 2 alice pw-a-long c3");
  Board b = service_->load(2);
  ASSERT_EQ(b.num_moves(), 2) << "the computer replied at once";
  EXPECT_EQ(b.moves()[1].seat, 1);
  EXPECT_EQ(b.player(b.seat_to_move()), "alice");
  // The computer declines draws and allows take-backs (of alice's move and its reply).
  EXPECT_NE(run("draw 2 alice pw-a-long").find("ai:random declines the draw on board 2."), std::string::npos);
  EXPECT_EQ(service_->load(2).record().proposal, "");
  EXPECT_NE(run("undo 2 alice pw-a-long").find("ai:random agrees: board 2 is back at turn 1."), std::string::npos);
  EXPECT_EQ(service_->load(2).num_moves(), 0);
  // When the computer has the first move, it makes it as soon as the board exists.
  run("ndengrod challenge -size=4 ai:random alice pw-a-long");
  EXPECT_EQ(service_->load(3).num_moves(), 1);
}

TEST_F(ProposalsTest, AiGamePlaysToTheEnd) {
  service_->set_inline_ai(true);
  int64_t board = new_board("ndengrod", {{"size", "3"}, {"length", "3"}}, "alice", "ai:random");
  for (int guard = 0; guard < 100 && !service_->load(board).is_over(); ++guard) {
    Board b = service_->load(board);
    ASSERT_EQ(b.player(b.seat_to_move()), "alice");
    play_first_legal(board);
  }
  Board b = service_->load(board);
  EXPECT_TRUE(b.is_over());
  EXPECT_EQ(b.record().status(), "finished");
  EXPECT_FALSE(b.record().end_reason.empty());
}

}  // namespace
}  // namespace ludus::server::testing
