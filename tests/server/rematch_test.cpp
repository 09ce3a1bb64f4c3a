// SPDX-License-Identifier: Apache-2.0
// Rematches (docs/community.md, "Rematches"): from a finished board, either player asks the
// other for the same game, options, time limits and rating with the colours swapped; an
// invitation they join or decline, refused between players who block each other; a rematch
// both ask for starts once; the colours alternate from one rematch to the next.  And the
// rule of what may be rated, as the grammar and every form hear it.  On SQLite and (pg/)
// PostgreSQL.
#include "server/domain/community/moderation.h"
#include "server/server_test_support.h"
#include "server/storage/mail_store.h"

namespace ludus::server::testing {
namespace {

class RematchTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    signup("alice");
    signup("bob");
  }
  // A finished board of alice (first) and bob, bob resigning, with these challenge words.
  int64_t finished_board(const std::string& words = "-size=5 -nagtime=3 -forfeittime=9 -rated=no") {
    run("limit bob secret-pw all");
    const std::string reply = run("n-mesh challenge " + words + " alice bob secret-pw");
    const int64_t board = std::stoll(reply.substr(reply.find("board ") + 6));
    run("limit bob secret-pw ask");
    play_first_legal(board);
    run("resign " + std::to_string(board) + " bob secret-pw");
    return board;
  }
  void play_first_legal(int64_t board) {
    const Board b = service_->load(board);
    const State& s = b.state();
    service_->play(board, b.player(b.seat_to_move()), s.action_to_text(s.legal_actions().front()));
  }
  TimeLimits limits_of(int64_t board) {
    auto session = store_->session();
    return time_limits(session, board);
  }
};

TEST_F(RematchTest, ARematchIsAnInvitationWithTheSameSettingsAndTheColoursSwapped) {
  const int64_t board = finished_board();
  const std::string reply = run("rematch " + std::to_string(board) + " alice secret-pw");
  EXPECT_NE(reply.find("alice asks bob first: offer 1: alice invites bob to a rematch of board 1: N-Mesh"),
            std::string::npos)
      << reply;
  const OfferRecord offer = service_->offers("", "bob", true).at(0);
  EXPECT_EQ(offer.rematch_of, board);
  EXPECT_EQ(offer.seat, SeatChoice::Second) << "alice played first, so she plays second";
  const int64_t rematch = service_->join(offer.id, "bob");
  const Board b = service_->load(rematch);
  EXPECT_EQ(b.record().seats, (std::array<std::string, 2>{"bob", "alice"}));
  EXPECT_EQ(b.record().options, service_->load(board).record().options);
  EXPECT_FALSE(b.record().rated);
  EXPECT_EQ(limits_of(rematch).nag_days, 3);
  EXPECT_EQ(limits_of(rematch).forfeit_days, 9);
  // The next rematch swaps back: the colours alternate.
  play_first_legal(rematch);
  run("resign " + std::to_string(rematch) + " alice secret-pw");
  run("rematch " + std::to_string(rematch) + " alice secret-pw");
  const int64_t third = service_->join(service_->offers("", "bob", true).at(0).id, "bob");
  EXPECT_EQ(service_->load(third).record().seats, (std::array<std::string, 2>{"alice", "bob"}));
}

TEST_F(RematchTest, ARatedBoardsRematchIsRatedAndAskingTwiceIsRefused) {
  const int64_t board = finished_board("");  // the standard options: rated
  run("rematch " + std::to_string(board) + " bob secret-pw");
  EXPECT_EQ(run_error("rematch " + std::to_string(board) + " bob secret-pw").code(), "rematch_pending");
  const int64_t rematch = service_->join(service_->offers("", "alice", true).at(0).id, "alice");
  EXPECT_TRUE(service_->load(rematch).record().rated);
  EXPECT_EQ(service_->load(rematch).record().seats[0], "bob");
}

TEST_F(RematchTest, WhenBothAskTheSecondAcceptsAndOneBoardStarts) {
  const int64_t board = finished_board();
  run("limit alice secret-pw ask");
  const ChallengeOutcome first = service_->rematch(board, "alice");
  ASSERT_TRUE(first.offer);
  const ChallengeOutcome second = service_->rematch(board, "bob");
  ASSERT_TRUE(second.board) << "bob's ask accepts alice's";
  EXPECT_EQ(service_->load(*second.board).record().seats, (std::array<std::string, 2>{"bob", "alice"}));
  EXPECT_TRUE(service_->offers("", "alice", true).empty());
  GameFilter all;
  EXPECT_EQ(service_->list(all).size(), 2u);
}

TEST_F(RematchTest, OnlyAFinishedBoardsPlayersMayAskAndABlockRefusesIt) {
  const int64_t board = finished_board();
  signup("carol");
  EXPECT_EQ(http_status(run_error("rematch " + std::to_string(board) + " carol secret-pw")), 403);
  const int64_t live = new_board("n-mesh");
  const ServiceError on = run_error("rematch " + std::to_string(live) + " alice secret-pw");
  EXPECT_EQ(on.code(), "game_not_over");
  EXPECT_EQ(http_status(on), 409);
  EXPECT_EQ(http_status(run_error("rematch 999 alice secret-pw")), 404);
  EXPECT_EQ(run_error("rematch x alice secret-pw").code(), "bad_board");
  EXPECT_EQ(run_error("rematch 1 alice").code(), "usage");
  EXPECT_EQ(run_error("rematch " + std::to_string(board) + " alice wrong-password").code(), "unauthorized");
  EXPECT_EQ(run_error("ndengrod rematch " + std::to_string(board) + " alice secret-pw").code(), "wrong_game");
  run("block bob secret-pw alice");
  EXPECT_EQ(run_error("rematch " + std::to_string(board) + " alice secret-pw").code(), "blocked");
  EXPECT_EQ(run_error("rematch " + std::to_string(board) + " bob secret-pw").code(), "blocked");
}

TEST_F(RematchTest, AgainstTheComputerTheRematchStartsAtOnce) {
  const int64_t board = new_board("n-mesh", {{"size", "4"}, {"rated", "no"}}, "alice", "ai:random");
  run("resign " + std::to_string(board) + " alice secret-pw");
  const ChallengeOutcome outcome = service_->rematch(board, "alice");
  ASSERT_TRUE(outcome.board);
  EXPECT_EQ(service_->load(*outcome.board).record().seats, (std::array<std::string, 2>{"ai:random", "alice"}));
}

TEST_F(RematchTest, TheCommandsPasswordIsHiddenInEchoes) {
  EXPECT_EQ(CommandInterpreter::redacted({"rematch", "3", "alice", "secret-pw"}), "rematch 3 alice *****");
  EXPECT_EQ(CommandInterpreter::redacted({"export", "alice", "secret-pw"}), "export alice *****");
  EXPECT_EQ(CommandInterpreter::redacted({"delete", "alice", "secret-pw", "confirm"}), "delete alice ***** confirm");
}

// Item 5 of issue 57: "rated" with other options than the game's standard ones is refused
// with the reason, which names the options (the page's forms ask the same rule first).
TEST_F(RematchTest, RatedIsRefusedWithTheReasonForOtherThanTheStandardOptions) {
  const ServiceError e = run_error("n-mesh challenge -size=4 -rated=yes alice bob secret-pw");
  EXPECT_EQ(e.code(), "bad_game");
  EXPECT_NE(std::string(e.what()).find("only boards with N-Mesh's standard options are rated (size 6, not 4)"),
            std::string::npos)
      << e.what();
  const BoardSpec unrated = board_spec("n-mesh", {{"size", "4"}});
  EXPECT_FALSE(unrated.rated);
  EXPECT_EQ(nonstandard_options_reason("n-mesh", unrated.options),
            "only boards with N-Mesh's standard options are rated (size 6, not 4)");
  EXPECT_EQ(nonstandard_options_reason("n-mesh", board_spec("n-mesh", {}).options), std::nullopt);
  EXPECT_EQ(http_status(run_error("tournament create n-mesh -size=4 -rated=yes -format=roundrobin -players=2-4 "
                                  "-start=full alice secret-pw")),
            400);
}

}  // namespace
}  // namespace ludus::server::testing
