// SPDX-License-Identifier: Apache-2.0
// What one user may ask of the server: password guesses slow down, boards per hour are
// bounded, and computer players stay within the server's budget.
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class LimitsTest : public ServerFixture {};

TEST_F(LimitsTest, FailedLoginsMakeTheNextAttemptsWaitLongerEachTime) {
  signup("alice", "right-password");
  for (int i = 0; i < LoginThrottle::kFreeFailures; ++i)
    EXPECT_THROW(accounts_->authenticate("alice", "guess"), ServiceError);
  // The next attempt must wait, whatever the password, and costs no hash.
  try {
    accounts_->authenticate("alice", "right-password");
    ADD_FAILURE() << "not throttled";
  } catch (const ServiceError& e) {
    EXPECT_EQ(http_status(e), 429);
    EXPECT_EQ(e.code(), "too_many_attempts");
    EXPECT_EQ(e.retry_after(), 1);
    EXPECT_STREQ(e.what(), "too many failed attempts from this client; try again in 1 s");
  }
  now_ += 1;
  EXPECT_EQ(http_status(run_error("move 1 alice guess e5")), 401);  // the text grammar counts too
  EXPECT_EQ(run_error("move 1 alice guess e5").retry_after(), 2);  // doubled
  now_ += 2;
  EXPECT_EQ(accounts_->authenticate("alice", "right-password"), "alice");  // a success clears the count
  EXPECT_THROW(accounts_->authenticate("alice", "guess"), ServiceError);
  EXPECT_EQ(accounts_->authenticate("alice", "right-password"), "alice");
  EXPECT_EQ(LoginThrottle::delay_after(LoginThrottle::kFreeFailures + 40), LoginThrottle::kMaxDelaySeconds);
}

TEST_F(LimitsTest, OneAddressGuessingManyUsersIsSlowedToo) {
  for (const char* user : {"u1", "u2", "u3", "u4", "u5", "u6"}) signup(user);
  for (const char* user : {"u1", "u2", "u3", "u4", "u5"})
    EXPECT_EQ(http_status(run_error(std::string("passwd ") + user + " wrong new-password")), 401);
  // Counted per user, none of them is throttled yet; per address, the attacker is.
  for (const char* user : {"u1", "u2", "u3", "u4", "u5"})
    EXPECT_THROW(accounts_->authenticate(user, "wrong", "192.0.2.7"), ServiceError);
  try {
    accounts_->authenticate("u6", "secret-pw", "192.0.2.7");
    ADD_FAILURE() << "not throttled";
  } catch (const ServiceError& e) {
    EXPECT_EQ(http_status(e), 429);
    EXPECT_STREQ(e.what(), "too many failed attempts from this address; try again in 1 s");
  }
  EXPECT_EQ(accounts_->authenticate("u6", "secret-pw", "198.51.100.1"), "u6");  // other addresses are not
  EXPECT_EQ(commands_->execute({"games", "u6"}, "192.0.2.7").substr(0, 8), "Games of");  // no password: no limit
}

TEST_F(LimitsTest, BoardsPerHourAreBounded) {
  signup("alice");
  signup("bob");
  for (int i = 0; i < ServiceLimits{}.boards_per_hour; ++i) {
    now_ += 10;
    service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  }
  try {
    service_->start_board("alice", "ndengrod", {}, "bob", "alice");
    ADD_FAILURE() << "not limited";
  } catch (const ServiceError& e) {
    EXPECT_EQ(http_status(e), 429);
    EXPECT_EQ(e.code(), "too_many_boards");
    EXPECT_EQ(e.retry_after(), 3600 - 290);  // when the first of them is an hour old
  }
  EXPECT_GT(service_->start_board("bob", "ndengrod", {}, "bob", "alice"), 0);  // others are not limited
  now_ += 3600 - 290;
  EXPECT_GT(service_->start_board("alice", "ndengrod", {}, "alice", "bob"), 0);
}

// Creating a tournament counts against --boards-per-hour as a board or an offer does (the
// audit made 205 in 0.2 s), and a board after it counts the tournament.
TEST_F(LimitsTest, TournamentsCountAgainstTheBoardsPerHour) {
  signup("alice");
  signup("bob");
  for (int i = 0; i < ServiceLimits{}.boards_per_hour - 1; ++i) {
    now_ += 10;
    service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  }
  now_ += 10;
  run("tournament create ndengrod -format=roundrobin -players=2-4 -start=full alice secret-pw");  // the limit's last
  const ServiceError e = run_error("tournament create ndengrod -format=roundrobin -players=2-4 -start=full alice secret-pw");
  EXPECT_EQ(http_status(e), 429);
  EXPECT_EQ(e.code(), "too_many_boards");
  EXPECT_EQ(e.retry_after(), 3600 - 290);  // when the first board is an hour old
  EXPECT_STREQ(e.what(),
               "you (alice) started 30 boards, challenges and tournaments in the last hour, this server's limit; try "
               "again in 3310 s");
  EXPECT_EQ(run_error("ndengrod seek alice secret-pw").code(), "too_many_boards");
  EXPECT_GT(service_->start_board("bob", "ndengrod", {}, "bob", "alice"), 0);  // others are not limited
}

// A player has at most kMaxOpenOffersPerUser open offers, however they come: seeks and the
// invitations their challenges become.
TEST_F(LimitsTest, OpenOffersAreCappedOnEveryWayIn) {
  signup("alice");
  signup("bob");  // asks: a challenge to bob is an invitation
  for (int i = 0; i < kMaxOpenOffersPerUser; ++i) run("ndengrod seek alice secret-pw");
  for (const std::string offer : {"ndengrod seek alice secret-pw", "ndengrod challenge alice bob secret-pw"}) {
    const ServiceError e = run_error(offer);
    EXPECT_EQ(e.code(), "too_many_offers") << offer;
    EXPECT_EQ(http_status(e), 409) << offer;
  }
  run("decline 1 alice secret-pw");
  EXPECT_NE(run("ndengrod challenge alice bob secret-pw").find("asks bob first"), std::string::npos);
  EXPECT_EQ(run_error("ndengrod seek alice secret-pw").code(), "too_many_offers");
}

TEST_F(LimitsTest, ComputerPlayersStayWithinTheServersBudget) {
  signup("alice");
  for (const char* level : {"ai:random", "ai:easy", "ai:medium", "ai:hard", "AI:Max"})
    EXPECT_GT(service_->start_board("alice", "ndengrod", {}, "alice", level), 0) << level;
  for (const char* raw : {"ai:mcts:time=40s", "ai:mcts:iters=2000000000,threads=1024", "ai:hard:threads=1"}) {
    try {
      service_->start_board("alice", "ndengrod", {}, "alice", raw);
      ADD_FAILURE() << raw;
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.code(), "bad_ai") << raw;
      EXPECT_NE(std::string(e.what()).find("computer players are ai:random, ai:beginner, ai:easy"), std::string::npos) << e.what();
    }
  }
  AiPolicy raw;
  raw.allow_raw_specs = true;
  EXPECT_EQ(raw.checked_seat("mcts:iters=5000,threads=2"), "ai:mcts:iters=5000,threads=2");
  EXPECT_EQ(raw.checked_seat("Hard:threads=1"), "ai:hard:threads=1");
  auto refused = [&](const std::string& spec) {
    try {
      raw.checked_seat(spec);
    } catch (const ServiceError& e) {
      return std::string(e.what());
    }
    return std::string("allowed");
  };
  EXPECT_EQ(refused("mcts:time=40s"), "AI spec 'mcts:time=40s' asks for more than 5 s a move (this server's limit)");
  EXPECT_EQ(refused("mcts:iters=2000000000"),
            "AI spec 'mcts:iters=2000000000' asks for more than 1000000 iterations a move (this server's limit)");
  EXPECT_EQ(refused("mcts:iters=10,threads=1024"),
            "AI spec 'mcts:iters=10,threads=1024' asks for more than 2 threads (this server's limit)");
  EXPECT_EQ(refused("mcts:total=1h"), "bad AI spec 'mcts:total=1h': bad duration '1h' (expected e.g. 500ms, 2s or 1.5m)");
  EXPECT_EQ(refused("mcts:total=60m"), "AI spec 'mcts:total=60m' asks for more than 500 s a game (this server's limit)");
}

}  // namespace
}  // namespace ludus::server::testing
