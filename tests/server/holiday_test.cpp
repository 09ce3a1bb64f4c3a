// SPDX-License-Identifier: Apache-2.0
// Holidays (docs/turns.md "Holidays"): the clocks of a player's boards pause while they are
// away and run on after, the yearly allowance, tournament boards' hard time, and what the
// opponent sees.  The service's clock is the fixture's now_ (2023-11-14 22:13:20 UTC).
#include "two_player_fixture.h"

#include "server/domain/play/game_json.h"

namespace ludus::server::testing {
namespace {

constexpr int64_t kDay = 86400;

class HolidayTest : public TwoPlayerFixture {
 protected:
  // A board alice moves first on, lost on time after `forfeit` days, reminded after `nag`.
  int64_t board(int nag, int forfeit) {
    run("ndengrod challenge -nagtime=" + std::to_string(nag) + " -forfeittime=" + std::to_string(forfeit) +
        " alice bob secret-pw");
    return service_->list({}).front().id;
  }
  std::string tournament_board_of(const std::string& player) {
    for (const GameRecord& g : service_->list({}))
      if (g.tournament && (g.seats[0] == player || g.seats[1] == player)) return std::to_string(g.id);
    return "";
  }
};

TEST_F(HolidayTest, TheClockPausesDuringAHolidayAndRunsOnAfterIt) {
  const int64_t b = board(1, 3);
  const int64_t start = now_;  // alice's turn started; without a holiday she loses at start + 3 days
  // Away from tomorrow (2023-11-15 00:00) to 2023-11-19 (until 2023-11-20 00:00): 5 days.
  EXPECT_NE(run("holiday alice secret-pw 2023-11-15 2023-11-19").find("  2023-11-15 to 2023-11-19\n"), std::string::npos);
  const nlohmann::json away = board_json(service_->load(b))["holidays"];
  ASSERT_EQ(away.size(), 1u) << away;
  EXPECT_EQ(away[0]["user"], "alice");
  EXPECT_EQ(away[0]["until"], "2023-11-19");

  now_ = start + 4 * kDay;  // on holiday: no reminder, no loss
  EXPECT_EQ(service_->enforce_time_limits().reminded, 0);
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 0);
  EXPECT_FALSE(service_->load(b).is_over());
  // The 1h47 of her turn before the holiday counted; 5 days did not: she loses at start + 8 days.
  now_ = start + 6 * kDay;
  EXPECT_EQ(service_->enforce_time_limits().reminded, 1) << "a day of her turn has counted by now";
  now_ = start + 8 * kDay - 60;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 0);
  now_ = start + 8 * kDay;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 1);
  EXPECT_EQ(service_->load(b).record().ending, Ending::Timeout);
}

TEST_F(HolidayTest, AHolidayUnderWayPausesAtOnceAndACancelRestartsTheClock) {
  const int64_t b = board(0, 2);
  const int64_t start = now_;
  now_ += kDay;  // 2023-11-15 22:13: a holiday from today starts now, not at midnight
  run("holiday alice secret-pw 2023-11-15 2023-11-25");
  now_ += 3 * kDay;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 0);
  EXPECT_NE(run("holiday alice secret-pw cancel").find("Holiday cancelled."), std::string::npos);
  EXPECT_EQ(run_error("holiday alice secret-pw cancel").code(), "no_holiday");
  // A day counted before the holiday: the second ends a day after the cancel.
  now_ += kDay - 60;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 0);
  now_ += 60;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 1);
  EXPECT_EQ(now_, start + 5 * kDay);
}

TEST_F(HolidayTest, TheAllowanceIsThirtyDaysACalendarYear) {
  run("holiday alice secret-pw 2023-11-15 2023-12-10");  // 26 days
  ServiceError over = run_error("holiday alice secret-pw 2023-12-20 2023-12-24");
  EXPECT_EQ(over.code(), "holiday_allowance");
  EXPECT_EQ(http_status(over), 409);
  EXPECT_STREQ(over.what(), "that holiday takes 5 days of 2023; 4 of the year's 30 holiday days are left");
  run("holiday alice secret-pw 2023-12-20 2023-12-23");  // the last 4
  EXPECT_EQ(run_error("holiday alice secret-pw 2023-12-31 2024-01-02").code(), "holiday_allowance")
      << "its first day is in 2023";
  EXPECT_NE(run("holiday alice secret-pw 2024-01-01 2024-01-30").find("Holiday declared."), std::string::npos)
      << "a new year, 30 new days";
  EXPECT_EQ(run_error("holiday alice secret-pw 2024-02-01 2024-03-05").code(), "holiday_allowance") << "35 days";
  EXPECT_EQ(run_error("holiday alice secret-pw 2023-12-01 2023-12-02").code(), "holiday_overlap");
  EXPECT_EQ(run_error("holiday alice secret-pw 2023-11-13 2023-11-14").code(), "bad_date") << "yesterday";
  EXPECT_EQ(run_error("holiday alice secret-pw 2023-13-01 2023-13-02").code(), "bad_date");
  EXPECT_EQ(run_error("holiday alice secret-pw 2023-12-02 2023-12-01").code(), "bad_date");
  EXPECT_EQ(run_error("holiday alice secret-pw 2023-12-02").code(), "usage");
  EXPECT_EQ(http_status(run_error("holiday alice wrong-pw")), 401);
  const std::string plan = run("holiday alice secret-pw");
  EXPECT_NE(plan.find("Holidays of alice: 30 of 30 days used in 2023, 0 left.\n"), std::string::npos) << plan;
  EXPECT_NE(plan.find("  2024-01-01 to 2024-01-30\n"), std::string::npos) << plan;
}

// Each change tells every active board of the player; declare-then-cancel gives the days
// back, so without a bound a player could churn their opponents' pages all day.
TEST_F(HolidayTest, HolidayChangesAreBoundedPerDay) {
  board(3, 10);
  for (int i = 0; i < kHolidayChangesPerDay / 2; ++i) {
    run("holiday alice secret-pw 2023-12-01 2023-12-02");
    run("holiday alice secret-pw cancel");
  }
  const ServiceError churn = run_error("holiday alice secret-pw 2023-12-01 2023-12-02");
  EXPECT_EQ(churn.code(), "too_many_holiday_changes");
  EXPECT_EQ(http_status(churn), 429);
  EXPECT_GT(churn.retry_after(), 0);
  EXPECT_NE(run("holiday alice secret-pw").find(": 0 of 30 days used"), std::string::npos) << "the refused one left nothing";
  // Refused declarations are not changes: bob's wrong dates leave his day's count whole.
  for (int i = 0; i < 20; ++i) EXPECT_EQ(run_error("holiday bob secret-pw 2023-11-01 2023-11-02").code(), "bad_date");
  EXPECT_NE(run("holiday bob secret-pw 2023-12-01 2023-12-02").find("Holiday declared."), std::string::npos);
  now_ += kDay;
  EXPECT_NE(run("holiday alice secret-pw 2023-12-01 2023-12-02").find("Holiday declared."), std::string::npos)
      << "a day later";
}

TEST_F(HolidayTest, TournamentBoardsKeepHardTime) {
  signup("host");
  const std::string reply =
      run("tournament create n-mesh -format=roundrobin -players=2-2 -start=full -forfeittime=2 host secret-pw");
  const std::string id = std::to_string(std::stoll(reply.substr(reply.find("tournament ") + 11)));
  run("tournament join " + id + " alice secret-pw");
  run("tournament join " + id + " bob secret-pw");
  const std::string b = tournament_board_of("alice");
  ASSERT_FALSE(b.empty()) << reply;
  const Board board = service_->load(std::stoll(b));
  const std::string mover = board.player(board.seat_to_move());
  EXPECT_EQ(board_json(board)["takeback_refused"], "take-backs are not allowed on tournament boards");
  EXPECT_EQ(run_error("undo " + b + " " + mover + " secret-pw").code(), "takeback_not_allowed");
  const ServiceError abort = run_error("abort " + b + " " + mover + " secret-pw");
  EXPECT_EQ(abort.code(), "abort_not_allowed");
  EXPECT_EQ(http_status(abort), 403);
  run("holiday " + mover + " secret-pw 2023-11-14 2023-11-30");
  now_ += 2 * kDay;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 1) << "the holiday does not pause a tournament board";
}

}  // namespace
}  // namespace ludus::server::testing
