// SPDX-License-Identifier: Apache-2.0
// Challenges by consent (server/offers.h): invitations accepted, declined, withdrawn and
// expired; seeks with seats and rating ranges; each user's settings (ask, all, none, the
// most active boards); two players taking one seek at once get exactly one board; the
// invited player is told by mail.
#include <thread>

#include "server/mail/mail_notifier.h"
#include "server/domain/play/offers.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class OffersTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    service_->set_offer_sink(offer_mail_notifier([this] { return now_; }));
    service_->set_event_sink(mail_notifier([this] { return now_; }));
    run("signup alice pw-a-long alice@example.org");
    run("signup bob pw-b-long bob@example.org");
    run("signup carol pw-c-long");
    verify_addresses(*store_, *accounts_);
  }

  std::optional<int64_t> find_offer_board(int64_t id) {
    auto session = store_->session();
    auto offer = find_offer(session, id);
    return offer ? offer->board : std::nullopt;
  }

  int count(const char* sql) {
    auto session = store_->session();
    auto q = session.connection().query(sql);
    return q.step() ? q.integer(0) : -1;
  }
};

TEST_F(OffersTest, AChallengeIsAnInvitationTheOpponentAccepts) {
  const std::string reply = run("n-mesh challenge -size=5 alice bob pw-a-long");
  // The board's time limits in words (the same as the lobby's card), not as raw settings.
  EXPECT_NE(reply.find("alice asks bob first: offer 1: alice invites bob to N-Mesh (size=5), alice plays first, unrated, exploration allowed, "
                       "a reminder after 7 days without a move, lost on time after 21 days without a move, expires "
                       "2023-11-21 22:13 UTC."),
            std::string::npos)
      << reply;
  EXPECT_NE(reply.find("bob may answer: join 1 bob PASSWORD, or decline 1 bob PASSWORD"), std::string::npos) << reply;
  EXPECT_EQ(count("SELECT count(*) FROM games"), 0) << "no board before bob agrees";
  // Bob hears of it by mail, with the lines to send back.
  {
    auto session = store_->session();
    auto q = session.connection().query("SELECT recipient, subject, body FROM outbox");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.text(0), "bob@example.org");
    EXPECT_EQ(q.text(1), "ludus: alice invites you to n-mesh (offer 1)");
    EXPECT_NE(q.text(2).find("join 1 bob PASSWORD"), std::string::npos) << q.text(2);
    EXPECT_FALSE(q.step()) << "alice, who sent it, gets the reply instead of a mail";
  }
  EXPECT_NE(run("offers bob pw-b-long").find("offer 1: alice invites bob"), std::string::npos);
  EXPECT_NE(run("offers alice pw-a-long").find("offer 1: alice invites bob"), std::string::npos);
  EXPECT_EQ(run("offers bob").find("offer 1"), std::string::npos) << "invitations are private to their players";
  EXPECT_EQ(http_status(run_error("offers bob wrong-pass")), 401);
  EXPECT_EQ(run("offers").find("offer 1"), std::string::npos) << "invitations are not in the open lobby";
  EXPECT_EQ(run_error("join 1 carol pw-c-long").code(), "not_invited");
  EXPECT_EQ(run_error("join 1 alice pw-a-long").code(), "own_offer");
  EXPECT_EQ(http_status(run_error("join 1 bob wrong-pass")), 401);
  const std::string joined = run("join 1 bob pw-b-long");
  EXPECT_NE(joined.find("bob joins offer 1: board 1 is ready."), std::string::npos) << joined;
  const Board board = service_->load(1);
  EXPECT_EQ(board.player(0), "alice");
  EXPECT_EQ(board.player(1), "bob");
  EXPECT_EQ(board.record().options.at("size"), "5");
  EXPECT_FALSE(board.record().rated);
  // The board's first mail tells alice that bob accepted and that she has the move.
  {
    auto session = store_->session();
    auto q = session.connection().query("SELECT body FROM outbox WHERE recipient = 'alice@example.org' AND subject = "
                                        "'N-Mesh Board 1: your move'");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.text(0).rfind("bob accepts alice's invitation (offer 1): board 1 is ready.", 0), 0u) << q.text(0);
  }
  EXPECT_EQ(run_error("join 1 bob pw-b-long").code(), "offer_closed");
  EXPECT_EQ(run_error("decline 1 bob pw-b-long").code(), "offer_closed");
  EXPECT_EQ(run("offers bob pw-b-long").find("offer 1"), std::string::npos);
}

TEST_F(OffersTest, DeclinedWithdrawnAndExpiredOffersStartNothing) {
  run("ndengrod challenge alice bob pw-a-long");    // offer 1: declined
  run("ndengrod challenge bob alice pw-b-long");    // offer 2: bob withdraws his
  run("ndengrod challenge -size=3 alice bob pw-a-long");  // offer 3: expires
  EXPECT_EQ(run_error("decline 1 carol pw-c-long").code(), "not_invited");
  EXPECT_EQ(run("decline 1 bob pw-b-long"), "bob declines offer 1.\n");
  EXPECT_EQ(run("decline 2 bob pw-b-long"), "bob withdraws offer 2.\n");
  EXPECT_EQ(run_error("join 2 alice pw-a-long").code(), "offer_closed");
  now_ += kOfferLifetimeSeconds;
  EXPECT_EQ(run_error("join 3 bob pw-b-long").code(), "offer_closed");
  EXPECT_EQ(run("offers bob pw-b-long"), "Open challenges and invitations of bob: 0\n");
  EXPECT_EQ(service_->expire_offers(), 1);
  EXPECT_EQ(count("SELECT count(*) FROM offers WHERE status = 'expired'"), 1);
  EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
  EXPECT_EQ(http_status(run_error("join 9 bob pw-b-long")), 404);
  EXPECT_EQ(run_error("join x bob pw-b-long").code(), "usage");
  // The poster heard that bob declined.
  EXPECT_EQ(count("SELECT count(*) FROM outbox WHERE recipient = 'alice@example.org' AND subject LIKE '%declines offer 1'"),
            1);
}

TEST_F(OffersTest, SettingsAllNoneAndTheMostActiveBoards) {
  EXPECT_EQ(run("limit bob pw-b-long"),
            "Challenges for bob: ask (every challenge is an invitation you accept or decline); most active boards: no "
            "limit.\n");
  run("limit bob pw-b-long all 2");
  EXPECT_NE(run("ndengrod challenge alice bob pw-a-long").find("board 1 is ready"), std::string::npos);
  EXPECT_NE(run("ndengrod challenge carol bob pw-c-long").find("board 2 is ready"), std::string::npos);
  const ServiceError full = run_error("ndengrod challenge alice bob pw-a-long");
  EXPECT_EQ(http_status(full), 409);
  EXPECT_EQ(full.code(), "too_many_active");
  EXPECT_NE(std::string(full.what()).find("bob plays 2 active boards, their limit of 2"), std::string::npos);
  // The limit holds for bob's own challenges and seeks too; a finished board frees a place.
  EXPECT_EQ(run_error("ndengrod seek bob pw-b-long").code(), "too_many_active");
  service_->resign(1, "alice");
  EXPECT_NE(run("ndengrod seek bob pw-b-long").find("bob posts offer 1"), std::string::npos);
  run("limit bob pw-b-long none -");
  const ServiceError refused = run_error("ndengrod challenge alice bob pw-a-long");
  EXPECT_EQ(http_status(refused), 403);
  EXPECT_EQ(refused.code(), "challenges_refused");
  // Against the computer there is nobody to ask.
  EXPECT_NE(run("ndengrod challenge bob ai:random pw-b-long").find("is ready"), std::string::npos);
  EXPECT_EQ(run_error("limit bob pw-b-long maybe").code(), "usage");
  EXPECT_EQ(run_error("limit bob pw-b-long 0").code(), "bad_limit");
  EXPECT_EQ(run("limit bob pw-b-long ask"),
            "Challenges for bob: ask (every challenge is an invitation you accept or decline); most active boards: no "
            "limit.\n");
}

TEST_F(OffersTest, SeeksWithSeatsAndRatingRanges) {
  const std::string posted = run("n-mesh seek -seat=second -rating=1400-1600 alice pw-a-long");
  EXPECT_NE(posted.find("alice posts offer 1: alice seeks an opponent for N-Mesh"), std::string::npos) << posted;
  EXPECT_NE(posted.find("alice plays second, rated, no exploration, a reminder after 7 days without a move, lost on time after 21 "
                        "days without a move, rating 1400-1600"),
            std::string::npos)
      << posted;
  EXPECT_NE(run("offers").find("offer 1"), std::string::npos);
  EXPECT_NE(run("offers n-mesh").find("offer 1"), std::string::npos);
  EXPECT_EQ(run("offers netted").find("offer 1"), std::string::npos);
  run("n-mesh seek -rating=1700- carol pw-c-long");  // offer 2: bob (1500) is too weak
  const ServiceError weak = run_error("join 2 bob pw-b-long");
  EXPECT_EQ(http_status(weak), 403);
  EXPECT_EQ(weak.code(), "rating_out_of_range");
  EXPECT_NE(run("join 1 bob pw-b-long").find("board 1 is ready"), std::string::npos);
  EXPECT_EQ(service_->load(1).player(0), "bob") << "alice asked for the second seat";
  EXPECT_EQ(service_->load(1).player(1), "alice");
  EXPECT_EQ(run_error("n-mesh seek -seat=middle alice pw-a-long").code(), "bad_seat");
  EXPECT_EQ(run_error("n-mesh seek -rating=high alice pw-a-long").code(), "bad_rating_range");
  EXPECT_EQ(run_error("n-mesh seek -rating=1700-1500 alice pw-a-long").code(), "bad_rating_range");
  EXPECT_EQ(run_error("n-mesh seek -size=99 alice pw-a-long").code(), "bad_game");
  EXPECT_EQ(run_error("seek alice pw-a-long").code(), "usage");
  EXPECT_EQ(CommandInterpreter::redacted(CommandInterpreter::split("n-mesh seek -seat=first alice secret")),
            "n-mesh seek -seat=first alice *****");
  EXPECT_EQ(CommandInterpreter::redacted(CommandInterpreter::split("join 4 bob secret")), "join 4 bob *****");
  EXPECT_EQ(CommandInterpreter::redacted(CommandInterpreter::split("limit bob secret all")), "limit bob ***** all");
}

TEST_F(OffersTest, AUsersOffersLeaveOutSeeksTheirRatingMayNotTake) {
  run("n-mesh seek -rating=1700- alice pw-a-long");      // offer 1: carol (1500) is below it
  run("n-mesh seek -rating=1400-1600 bob pw-b-long");    // offer 2: carol may take it
  run("netted seek -rating=-1400 carol pw-c-long");      // offer 3: carol's own, outside her range
  const std::string carol = run("offers carol");
  EXPECT_EQ(carol.find("offer 1"), std::string::npos) << carol;
  EXPECT_NE(carol.find("offer 2"), std::string::npos) << carol;
  EXPECT_NE(carol.find("offer 3"), std::string::npos) << "her own seek is hers to withdraw:\n" << carol;
  std::vector<int64_t> ids;
  for (const OfferRecord& o : service_->offers("", "carol", false)) ids.push_back(o.id);
  EXPECT_EQ(ids, (std::vector<int64_t>{2, 3}));
  // The lobby of everybody still lists every seek with its range, and joining stays refused.
  EXPECT_NE(run("offers").find("offer 1"), std::string::npos);
  EXPECT_NE(run("offers alice").find("offer 1"), std::string::npos) << "alice's own";
  EXPECT_EQ(run_error("join 1 carol pw-c-long").code(), "rating_out_of_range");
}

TEST_F(OffersTest, TwoPlayersTakingOneSeekAtOnceGetExactlyOneBoard) {
  // Two services on the database, as two server instances would be, and many rounds of
  // two players racing for one seek.
  Store other_store(test_database(dir_.file("test.db")));
  Accounts other_accounts(other_store, PasswordPolicy::fast(), [this] { return now_; });
  Service other(other_store, other_accounts);
  for (int round = 0; round < 10; ++round) {
    const OfferRecord seek = service_->seek("alice", "ndengrod", {{"size", "3"}}, SeatChoice::First, {}, {});
    std::atomic<int> boards{0}, refused{0};
    std::thread a([&] {
      try {
        service_->join(seek.id, "bob");
        ++boards;
      } catch (const ServiceError& e) {
        if (e.code() == "offer_closed") ++refused;
      }
    });
    std::thread b([&] {
      try {
        other.join(seek.id, "carol");
        ++boards;
      } catch (const ServiceError& e) {
        if (e.code() == "offer_closed") ++refused;
      }
    });
    a.join();
    b.join();
    EXPECT_EQ(boards.load(), 1) << "round " << round;
    EXPECT_EQ(refused.load(), 1) << "round " << round;
    // Finish the board so the next round's limits stay clear.
    const int64_t board = *find_offer_board(seek.id);
    service_->resign(board, "alice");
  }
  EXPECT_EQ(count("SELECT count(*) FROM games"), 10);
  EXPECT_EQ(count("SELECT count(*) FROM offers WHERE status = 'taken' AND board IS NOT NULL"), 10);
}

}  // namespace
}  // namespace ludus::server::testing
