// SPDX-License-Identifier: Apache-2.0
// Ratings (server/ratings.h): a scripted series of games with known Glicko-2 numbers,
// what counts and what does not, computer players, standings and history by command,
// and `ludus db rerate` reproducing the stored ratings exactly.
#include "server/domain/play/ratings.h"

#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class RatingsTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    for (const char* user : {"alice", "bob", "carol"}) signup(user);
  }

  // A board of `game` (Ndengrod, whose rules have draws) with its standard options; each
  // seat plays a move, then `loser` resigns (or, with loser "", the two agree a draw).  An
  // hour passes after each game.
  int64_t play_out(const std::string& first, const std::string& second, const std::string& loser,
                   const std::string& game = "ndengrod", std::map<std::string, std::string> options = {}) {
    const int64_t board = service_->start_board(Accounts::is_ai(first) ? second : first, game, options, first, second);
    play_first_legal(board);
    if (Accounts::is_ai(mover(board))) service_->play_ai_move(board);
    else play_first_legal(board);
    if (loser.empty()) {
      service_->propose(board, first, "draw");
      service_->answer(board, second, true);
    } else {
      service_->resign(board, loser);
    }
    now_ += 3600;
    return board;
  }

  PlayerRating rating(const std::string& player, const std::string& game = "ndengrod") {
    auto session = store_->session();
    for (const Standing& s : ratings_of(session, player))
      if (s.rating.game == game) return s.rating;
    return PlayerRating::fresh(player, game);
  }

  std::vector<RatingChange> changes(const std::string& player) {
    auto session = store_->session();
    return rating_history(session, player);
  }
};

TEST_F(RatingsTest, FirstGameOfTwoNewPlayersMovesThemByTheKnownAmount) {
  const int64_t board = play_out("alice", "bob", "bob");
  const PlayerRating alice = rating("alice"), bob = rating("bob");
  EXPECT_NEAR(alice.rating_points(), 1662.2, 0.2);
  EXPECT_NEAR(bob.rating_points(), 1337.8, 0.2);
  EXPECT_NEAR(alice.deviation_at(alice.updated_at), 290.2, 0.2);
  EXPECT_EQ(alice.games, 1);
  EXPECT_EQ(alice.wins, 1);
  EXPECT_EQ(bob.losses, 1);
  EXPECT_EQ(alice.updated_at, kTestTime);
  EXPECT_TRUE(alice.provisional_at(alice.updated_at));
  const auto history = changes("alice");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].board, board);
  EXPECT_EQ(history[0].opponent, "bob");
  EXPECT_EQ(history[0].result, GameResult::Win);
  EXPECT_EQ(history[0].before.rating, 1500000000);
  EXPECT_EQ(history[0].after.rating, alice.rating);
  EXPECT_TRUE(service_->load(board).record().rated);
}

TEST_F(RatingsTest, ScriptedSeriesMatchesAStepByStepReplay) {
  // Resignations, an agreed draw and a loss on time all count, in the order they ended.
  play_out("alice", "bob", "bob");
  play_out("bob", "carol", "");
  play_out("carol", "alice", "alice");
  const int64_t timed = service_->start_board("bob", "ndengrod", {}, "bob", "alice");
  play_first_legal(timed);
  play_first_legal(timed);
  now_ += 22 * 86400;  // past the 21-day forfeit time: bob, to move, loses on time
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 1);
  EXPECT_EQ(service_->load(timed).record().ending, Ending::Timeout);

  const int timed_winner = service_->load(timed).record().winner_seat.value_or(-1);
  ASSERT_NE(timed_winner, -1);

  // The same games by hand, with glicko2 through apply_rated_game.
  std::map<std::string, PlayerRating> expected;
  for (const char* p : {"alice", "bob", "carol"}) expected[p] = PlayerRating::fresh(p, "ndengrod");
  const struct {
    const char* first;
    const char* second;
    int winner;
    int64_t at;
  } games[] = {{"alice", "bob", 0, kTestTime},
               {"bob", "carol", -1, kTestTime + 3600},
               {"carol", "alice", 0, kTestTime + 7200},
               {"bob", "alice", timed_winner, kTestTime + 10800 + 22 * 86400}};
  int64_t board = 1;
  for (const auto& g : games)
    apply_rated_game(RatedGame{board++, "ndengrod", {g.first, g.second}, g.winner, g.at}, expected[g.first],
                     expected[g.second]);
  for (const char* p : {"alice", "bob", "carol"}) {
    const PlayerRating got = rating(p);
    EXPECT_EQ(got.rating, expected[p].rating) << p;
    EXPECT_EQ(got.deviation, expected[p].deviation) << p;
    EXPECT_EQ(got.volatility, expected[p].volatility) << p;
    EXPECT_EQ(got.games, expected[p].games) << p;
  }
  EXPECT_EQ(rating("alice").wins, 2);
  EXPECT_EQ(rating("alice").losses, 1);
  EXPECT_EQ(rating("bob").draws, 1);
  EXPECT_EQ(rating("carol").draws, 1);
  // Idle, a deviation grows again: a player is provisional again after a long pause.
  const PlayerRating alice = rating("alice");
  EXPECT_GT(alice.deviation_at(alice.updated_at + 10 * kRatingPeriodSeconds), alice.value().deviation);
  EXPECT_TRUE(alice.provisional_at(alice.updated_at + 1000 * kRatingPeriodSeconds));
}

TEST_F(RatingsTest, UnratedAbortedAndOddBoardsDoNotCount) {
  // Asked unrated; non-standard options (unrated by themselves); resigned before the
  // opponent's first move; aborted by both players after both moved.
  play_out("alice", "bob", "bob", "ndengrod", {{"rated", "no"}});
  const int64_t small = play_out("alice", "bob", "bob", "ndengrod", {{"size", "4"}});
  EXPECT_FALSE(service_->load(small).record().rated);
  const int64_t aborted = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  play_first_legal(aborted);
  service_->resign(aborted, "bob");
  const int64_t called_off = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  play_first_legal(called_off);
  play_first_legal(called_off);
  service_->propose(called_off, "alice", "abort");
  service_->answer(called_off, "bob", true);
  EXPECT_EQ(rating("alice").games, 0);
  EXPECT_TRUE(changes("bob").empty());

  EXPECT_EQ(run_error("ndengrod challenge -size=4 -rated=yes alice bob secret-pw").code(), "bad_game");
  EXPECT_EQ(run_error("ndengrod challenge -rated=maybe alice bob secret-pw").code(), "bad_game");
  const int64_t rated = play_out("alice", "bob", "alice", "ndengrod", {{"rated", "yes"}});
  EXPECT_TRUE(service_->load(rated).record().rated);
  EXPECT_EQ(rating("alice").games, 1);
}

TEST_F(RatingsTest, ComputerPlayersAreRatedUnderTheirSpec) {
  play_out("alice", "ai:random", "alice");
  play_out("ai:random", "bob", "bob");
  const PlayerRating ai = rating("ai:random");
  EXPECT_EQ(ai.games, 2);
  EXPECT_EQ(ai.wins, 2);
  EXPECT_GT(ai.rating_points(), 1600);
  const std::string table = run("ratings ndengrod");
  EXPECT_NE(table.find("ai:random"), std::string::npos) << table;
}

TEST_F(RatingsTest, StandingsAndHistoryByCommand) {
  play_out("alice", "bob", "bob");
  play_out("carol", "bob", "bob");
  const std::string table = run("ratings ndengrod");
  EXPECT_NE(table.find("Ndengrod standings"), std::string::npos) << table;
  const size_t alice = table.find("alice"), bob = table.find("bob"), carol = table.find("carol");
  ASSERT_NE(bob, std::string::npos) << table;
  EXPECT_LT(alice, bob) << table;
  EXPECT_LT(carol, bob) << table;
  EXPECT_EQ(run("ndengrod standings"), table);
  EXPECT_EQ(run("standings NDENGROD"), table);
  EXPECT_NE(table.find("?"), std::string::npos) << "new players are provisional:\n" << table;
  EXPECT_NE(run("ratings netted").find("no rated games"), std::string::npos);
  EXPECT_EQ(run_error("ratings").code(), "usage");
  EXPECT_EQ(run_error("ratings chess").code(), "unknown_game");

  const std::string history = run("history bob");
  EXPECT_NE(history.find("Ratings of bob"), std::string::npos) << history;
  EXPECT_NE(history.find("lost to carol"), std::string::npos) << history;
  EXPECT_NE(history.find("board 1"), std::string::npos) << history;
  EXPECT_NE(run("history 1").find("Record: "), std::string::npos) << "a number is still a board";
  EXPECT_EQ(http_status(run_error("history nobody")), 404);
}

TEST_F(RatingsTest, RerateReproducesTheStoredRatingsExactly) {
  play_out("alice", "bob", "bob");
  play_out("bob", "carol", "");
  play_out("alice", "ai:random", "alice");
  play_out("carol", "alice", "carol");
  play_out("alice", "bob", "bob", "ndengrod", {{"size", "4"}});  // unrated
  RerateReport check = rerate(*store_, false);
  EXPECT_EQ(check.games, 4);
  EXPECT_EQ(check.players, 4);
  EXPECT_EQ(check.differences, 0);
  EXPECT_FALSE(check.written);

  const PlayerRating before = rating("alice");
  {
    auto session = store_->session();
    auto tx = session.write();
    session.connection().query("UPDATE ratings SET rating = rating + 1 WHERE player = 'alice'").run();
    session.connection().query("DELETE FROM ratings WHERE player = 'carol'").run();
    tx.commit();
  }
  EXPECT_EQ(rerate(*store_, false).differences, 2);
  const RerateReport fixed = rerate(*store_, true);
  EXPECT_TRUE(fixed.written);
  EXPECT_EQ(rating("alice").rating, before.rating);
  EXPECT_EQ(rating("carol").games, 2);
  EXPECT_EQ(rerate(*store_, false).differences, 0);
  EXPECT_EQ(changes("alice").size(), 3u);
}

}  // namespace
}  // namespace ludus::server::testing
