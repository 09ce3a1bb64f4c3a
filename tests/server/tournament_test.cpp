// SPDX-License-Identifier: Apache-2.0
// Tournaments played to the end by scripted clients through the command grammar, on the
// database under test (SQLite, and PostgreSQL in the pg/ run): pairings, standings and
// tiebreaks against tables computed by hand (docs/tournaments.md), the pairing rules over
// tournaments with random results, each round started
// exactly once even when two instances end its last two boards at the same moment, and
// one-line refusals of bad requests.
#include <barrier>
#include <random>
#include <thread>

#include "server/domain/tournaments/tournament_text.h"
#include "server/mail/mail_notifier.h"
#include "server_test_support.h"
#include "tournament_rules.h"

namespace ludus::server::testing {
namespace {

class TournamentTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    signup("host");
  }
  // Signs up p1..pN; each joins tournament `id` (in this order: equal ratings seed by it).
  void join_all(int64_t id, int n) {
    for (int i = 1; i <= n; ++i) {
      const std::string p = "p" + std::to_string(i);
      signup(p);
      run("tournament join " + std::to_string(id) + " " + p + " secret-pw");
    }
  }
  // A tournament of `game`; those whose games end drawn play Ndengrod, whose rules have
  // draws (N-Mesh's have none, so it offers none).
  int64_t create(const std::string& words, const std::string& game = "n-mesh") { return create_as("host", words, game); }
  int64_t create_as(const std::string& creator, const std::string& words, const std::string& game = "n-mesh") {
    const std::string reply = run("tournament create " + game + " " + words + " " + creator + " secret-pw");
    const auto at = reply.find("tournament ");
    EXPECT_NE(at, std::string::npos) << reply;
    return std::stoll(reply.substr(at + 11));
  }
  TournamentView view(int64_t id) { return service_->tournaments().view(id); }
  // The games being played: on a board, not yet decided.
  std::vector<TournamentGame> pending(int64_t id) {
    std::vector<TournamentGame> out;
    for (const auto& g : view(id).games)
      if (!g.decided() && g.board) out.push_back(g);
    return out;
  }
  // Ends a board as `outcome` says, by commands: a resignation, or a draw proposed and accepted.
  void finish(const TournamentGame& g, GameOutcome outcome) {
    const std::string board = std::to_string(*g.board);
    if (outcome == GameOutcome::Draw) {
      run("draw " + board + " " + g.first + " secret-pw");
      run("accept " + board + " " + g.second + " secret-pw");
    } else {
      run("resign " + board + " " + (outcome == GameOutcome::FirstWins ? g.second : g.first) + " secret-pw");
    }
  }
  // Plays every round to the end: `decide` gives each game's result.
  void play_out(int64_t id, const std::function<GameOutcome(const TournamentGame&)>& decide) {
    for (int guard = 0; guard < 100 && view(id).tournament.status == TournamentStatus::Running; ++guard)
      for (const auto& g : pending(id)) finish(g, decide(g));
    EXPECT_EQ(view(id).tournament.status, TournamentStatus::Finished);
  }
  static int seed_of(const std::string& p) { return std::stoi(p.substr(1)); }
  // The better seed wins.
  static GameOutcome better_seed_wins(const TournamentGame& g) {
    return seed_of(g.first) < seed_of(g.second) ? GameOutcome::FirstWins : GameOutcome::SecondWins;
  }
  struct Row {
    std::string player;
    int rank;
    double points, tiebreak;
  };
  void expect_standings(int64_t id, const std::vector<Row>& rows) {
    const auto table = view(id).standings;
    ASSERT_EQ(table.size(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      SCOPED_TRACE("row " + std::to_string(i + 1));
      EXPECT_EQ(table[i].player, rows[i].player);
      EXPECT_EQ(table[i].rank, rows[i].rank);
      EXPECT_EQ(table[i].points, rows[i].points);
      EXPECT_EQ(table[i].tiebreak, rows[i].tiebreak);
    }
  }
  // "p1-p3" for each board game of `round`, first player first.
  std::vector<std::string> pairings(int64_t id, int round) {
    std::vector<std::string> out;
    for (const auto& g : view(id).games)
      if (g.round == round && g.replay == 0) out.push_back(g.has_opponent() ? g.first + "-" + g.second : g.first + " bye");
    return out;
  }
};

TEST_F(TournamentTest, FivePlayerRoundRobinByHand) {
  const int64_t id = create("-format=roundrobin -players=5-5 -start=full", "ndengrod");
  join_all(id, 5);  // the fifth join fills it: round 1 starts in that transaction
  EXPECT_EQ(view(id).tournament.status, TournamentStatus::Running);
  EXPECT_EQ(view(id).tournament.rounds, 5);
  // The better seed wins, except p2 and p3 draw.
  play_out(id, [](const TournamentGame& g) {
    if (std::minmax(g.first, g.second) == std::minmax(std::string("p2"), std::string("p3"))) return GameOutcome::Draw;
    return better_seed_wins(g);
  });
  // By hand: p1 4 points, SB 2.5+2.5+1+0 = 6; p2 and p3 2.5, SB 1 (p4) + 0 (p5) + 2.5/2
  // (the other) = 2.25, the same rank (the seed orders them); p4 1, SB 0 (beat p5); p5 0.
  expect_standings(id, {{"p1", 1, 4, 6}, {"p2", 2, 2.5, 2.25}, {"p3", 2, 2.5, 2.25}, {"p4", 4, 1, 0}, {"p5", 5, 0, 0}});
  // Every pair met once; four games each, two or three of them moving first; one rest each.
  std::map<std::string, int> first, games;
  std::set<std::pair<std::string, std::string>> met;
  for (const auto& g : view(id).games) {
    ASSERT_TRUE(g.has_opponent());
    EXPECT_TRUE(met.insert(std::minmax(g.first, g.second)).second);
    ++first[g.first], ++games[g.first], ++games[g.second];
  }
  EXPECT_EQ(met.size(), 10u);
  for (int i = 1; i <= 5; ++i) {
    const std::string p = "p" + std::to_string(i);
    EXPECT_EQ(games[p], 4);
    EXPECT_EQ(first[p], 2) << p;
  }
  const std::string shown = run("tournament show " + std::to_string(id));
  EXPECT_NE(shown.find("Sonneborn-Berger"), std::string::npos) << shown;
  EXPECT_NE(shown.find("Cross table"), std::string::npos) << shown;
  EXPECT_NE(shown.find("finished"), std::string::npos) << shown;
}

TEST_F(TournamentTest, EightPlayerSwissOfThreeRoundsByHand) {
  const int64_t id = create("-format=swiss -rounds=3 -players=8-8 -start=full");
  join_all(id, 8);
  play_out(id, better_seed_wins);
  // By hand (docs/tournaments.md): round 1 pairs neighbours in the ranking, the better seed
  // first on even boards; later rounds give the first move to who had it less, or had it
  // not last time.
  EXPECT_EQ(pairings(id, 1), (std::vector<std::string>{"p1-p2", "p4-p3", "p5-p6", "p8-p7"}));
  EXPECT_EQ(pairings(id, 2), (std::vector<std::string>{"p3-p1", "p7-p5", "p2-p4", "p6-p8"}));
  EXPECT_EQ(pairings(id, 3), (std::vector<std::string>{"p1-p5", "p3-p2", "p6-p7", "p8-p4"}));
  // Points p1 3; p5, p2, p6 2; p3, p7, p4 1; p8 0.  Buchholz: p1 2+1+2 = 5, p5 2+1+3 = 6,
  // p2 3+1+1 = 5, p6 2+0+1 = 3, p3 1+3+2 = 6, p7 0+2+2 = 4, p4 1+2+0 = 3, p8 1+2+1 = 4.
  expect_standings(id, {{"p1", 1, 3, 5}, {"p5", 2, 2, 6}, {"p2", 3, 2, 5}, {"p6", 4, 2, 3}, {"p3", 5, 1, 6},
                        {"p7", 6, 1, 4}, {"p4", 7, 1, 3}, {"p8", 8, 0, 4}});
  EXPECT_NE(run("tournament show " + std::to_string(id)).find("Buchholz"), std::string::npos);
}

TEST_F(TournamentTest, SixPlayerKnockoutReplaysADrawWithColoursReversed) {
  const int64_t id = create("-format=knockout -players=4-6 -start=full", "ndengrod");
  join_all(id, 6);
  EXPECT_EQ(view(id).tournament.rounds, 3);
  // A bracket of 8: the top two seeds have byes.
  EXPECT_EQ(pairings(id, 1), (std::vector<std::string>{"p1 bye", "p4-p5", "p2 bye", "p3-p6"}));
  bool drew = false;
  play_out(id, [&](const TournamentGame& g) {
    if (g.first == "p4" && !drew) return drew = true, GameOutcome::Draw;
    return better_seed_wins(g);
  });
  const auto games = view(id).games;
  auto replay = std::find_if(games.begin(), games.end(), [](const TournamentGame& g) { return g.replay == 1; });
  ASSERT_NE(replay, games.end());
  EXPECT_EQ(replay->first, "p5");
  EXPECT_EQ(replay->second, "p4");
  EXPECT_EQ(pairings(id, 2), (std::vector<std::string>{"p1-p4", "p2-p3"}));
  EXPECT_EQ(pairings(id, 3), (std::vector<std::string>{"p1-p2"}));
  // Rounds won: p1 3 (a bye, p4, p2), p2 2, p3 and p4 1, p5 and p6 none.
  const auto table = view(id).standings;
  ASSERT_EQ(table.size(), 6u);
  EXPECT_EQ(table[0].player, "p1");
  EXPECT_EQ(table[0].tiebreak, 3);
  EXPECT_EQ(table[1].player, "p2");
  EXPECT_EQ(table[2].player, "p3");
  EXPECT_EQ(table[3].rank, 3);
  EXPECT_EQ(table[4].rank, 5);
  EXPECT_NE(run("tournament show " + std::to_string(id)).find("Winner: p1"), std::string::npos);
}

// Tournaments of every format played on the database by commands with random results
// (draws too: knockout replays), each checked against the pairing rules after the fact
// (tournament_rules.h), and its stored standings against the standings recomputed from its
// stored games.
TEST_F(TournamentTest, RandomResultsOnTheDatabaseKeepThePairingRules) {
  for (int i = 1; i <= 9; ++i) signup("p" + std::to_string(i));
  const std::vector<std::string> formats = {"-format=swiss -rounds=3 -players=7-7", "-format=swiss -rounds=4 -players=9-9",
                                            "-format=knockout -players=5-5", "-format=knockout -players=7-7",
                                            "-format=roundrobin -players=5-5", "-format=double-roundrobin -players=4-4",
                                            "-format=swiss -rounds=3 -players=6-6"};
  for (size_t trial = 0; trial < formats.size(); ++trial) {
    SCOPED_TRACE(formats[trial]);
    std::mt19937 rng(static_cast<unsigned>(trial));
    // Unrated, so that the seeds stay the joining order.
    const int64_t id = create(formats[trial] + " -start=full -rated=no", "ndengrod");
    const int n = std::stoi(formats[trial].substr(formats[trial].rfind('-') + 1));
    for (int i = 1; i <= n; ++i) run("tournament join " + std::to_string(id) + " p" + std::to_string(i) + " secret-pw");
    play_out(id, [&](const TournamentGame&) {
      const unsigned r = rng() % 5;
      return r < 2 ? GameOutcome::FirstWins : r < 4 ? GameOutcome::SecondWins : GameOutcome::Draw;
    });
    const auto v = view(id);
    TournamentField field{v.tournament.format, v.tournament.rounds, {}, {}, {}};
    for (const auto& p : v.players) field.seeds.push_back(p.player);  // by seed once started
    for (int i = 0; i < n; ++i) EXPECT_EQ(field.seeds[i], "p" + std::to_string(i + 1));
    expect_pairing_rules(field, v.games, formats[trial]);
    const auto recomputed = tournament_standings(field, v.games);
    ASSERT_EQ(v.standings.size(), recomputed.size());
    for (size_t i = 0; i < recomputed.size(); ++i) {
      EXPECT_EQ(v.standings[i].player, recomputed[i].player);
      EXPECT_EQ(v.standings[i].points, recomputed[i].points);
      EXPECT_EQ(v.standings[i].tiebreak, recomputed[i].tiebreak);
    }
  }
}

TEST_F(TournamentTest, LossOnTimeForfeitsTheRest) {
  const int64_t id = create("-format=roundrobin -players=4-4 -start=full -forfeittime=2");
  join_all(id, 4);
  // Round 1: p1's opponent never moves... the player to move on p1's board lets the clock run out.
  const auto round1 = pending(id);
  const TournamentGame mine = *std::find_if(round1.begin(), round1.end(),
                                            [](const TournamentGame& g) { return g.first == "p1" || g.second == "p1"; });
  for (const auto& g : round1)
    if (g.board != mine.board) finish(g, GameOutcome::FirstWins);
  const std::string sleeper = mover(*mine.board);
  now_ += 3 * 86400;
  EXPECT_EQ(service_->enforce_time_limits().forfeited, 1);
  // The rest of the sleeper's games are forfeits, lost; the others play on.
  play_out(id, better_seed_wins);
  int forfeits = 0;
  for (const auto& g : view(id).games) {
    if (g.first != sleeper && g.second != sleeper) continue;
    if (g.round == 1) continue;
    EXPECT_EQ(g.kind, TournamentGameKind::Forfeit);
    EXPECT_EQ(g.points_of(sleeper), 0);
    ++forfeits;
  }
  EXPECT_EQ(forfeits, 2);
  const auto table = view(id).standings;
  EXPECT_EQ(table.back().player, sleeper);
  EXPECT_TRUE(table.back().withdrawn);
  EXPECT_EQ(table.back().losses, 3);
}

// Two instances on one database end the last two boards of a round at the same moment:
// the next round starts once (its games and boards are there once), whichever commits last.
TEST_F(TournamentTest, EachRoundStartsOnceWhenTwoInstancesEndItsLastBoardsTogether) {
  Store other_store(test_database(dir_.file("test.db")));
  Accounts other_accounts(other_store, PasswordPolicy::fast(), [this] { return now_; });
  Service other(other_store, other_accounts);
  const int64_t id = create("-format=double-roundrobin -players=4-4 -start=full");
  join_all(id, 4);
  for (int round = 1; round <= 6; ++round) {
    const auto games = pending(id);
    ASSERT_EQ(games.size(), 2u) << "round " << round;
    std::barrier together(2);
    std::vector<std::string> errors(2);
    auto end = [&](Service& service, const TournamentGame& g, std::string& error) {
      together.arrive_and_wait();
      try {
        service.resign(*g.board, g.second);
      } catch (const std::exception& e) {
        error = e.what();
      }
    };
    std::thread a(end, std::ref(*service_), games[0], std::ref(errors[0]));
    std::thread b(end, std::ref(other), games[1], std::ref(errors[1]));
    a.join();
    b.join();
    EXPECT_EQ(errors[0] + errors[1], "");
    const auto v = view(id);
    std::map<int, int> per_round;
    std::set<int64_t> boards;
    for (const auto& g : v.games) {
      ++per_round[g.round];
      if (g.board) {
        EXPECT_TRUE(boards.insert(*g.board).second);
      }
    }
    for (int r = 1; r <= std::min(round + 1, 6); ++r) EXPECT_EQ(per_round[r], 2) << "round " << r << " after round " << round;
    EXPECT_EQ(per_round.size(), static_cast<size_t>(std::min(round + 1, 6)));
  }
  EXPECT_EQ(view(id).tournament.status, TournamentStatus::Finished);
  // No board but the tournament's 12.
  EXPECT_EQ(service_->list(GameFilter{}).size(), 12u);
}

TEST_F(TournamentTest, BadRequestsGetOneLineErrors) {
  signup("p1");
  signup("p2");
  signup("p3");
  auto error = [&](const std::string& line, int status) {
    const ServiceError e = run_error(line);
    EXPECT_EQ(http_status(e.kind()), status) << line << ": " << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return std::string(e.what());
  };
  EXPECT_NE(error("tournament create n-mesh -format=ladder -players=2-4 -start=full host secret-pw", 400).find("unknown format"),
            std::string::npos);
  error("tournament create chess -format=swiss -rounds=2 -players=4-8 -start=full host secret-pw", 400);
  error("tournament create n-mesh -format=swiss -players=4-8 -start=full host secret-pw", 400);  // no rounds
  error("tournament create n-mesh -format=swiss -rounds=5 -players=4-8 -start=full host secret-pw", 400);  // > 4/2
  error("tournament create n-mesh -format=swiss -rounds=x -players=4-8 -start=full host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -rounds=3 -players=4-8 -start=full host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=8-4 -start=full host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=1-4 -start=full host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=2-999 -start=full host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=2-4 -start=tomorrow host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=2-4 -start=2001-01-01 host secret-pw", 400);  // past
  error("tournament create n-mesh -format=roundrobin -players=2-4 -start=2030-02-30 host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=2-4 -start=full -size=99 host secret-pw", 400);
  error("tournament create n-mesh -format=roundrobin -players=2-4 -start=full host wrong-password", 401);
  error("tournament frobnicate 1", 400);
  error("tournament show 999", 404);
  error("tournament show x", 400);
  error("tournament list open chess", 400);
  const std::string id = std::to_string(create("-format=roundrobin -players=2-3 -start=full"));
  run("tournament join " + id + " p1 secret-pw");
  EXPECT_NE(error("tournament join " + id + " p1 secret-pw", 409).find("already joined"), std::string::npos);
  error("tournament leave " + id + " p2 secret-pw", 409);            // not in it
  error("tournament withdraw " + id + " p1 secret-pw", 409);         // not started: leave instead
  error("tournament start " + id + " p1 secret-pw", 403);            // not the creator
  error("tournament start " + id + " host secret-pw", 409);          // one player of two
  run("tournament leave " + id + " p1 secret-pw");
  run("tournament join " + id + " p1 secret-pw");
  run("tournament join " + id + " p2 secret-pw");
  run("tournament start " + id + " host secret-pw");
  EXPECT_EQ(view(std::stoll(id)).tournament.status, TournamentStatus::Running);
  error("tournament join " + id + " p3 secret-pw", 409);             // started
  error("tournament leave " + id + " p1 secret-pw", 409);            // started: withdraw instead
  error("tournament start " + id + " host secret-pw", 409);          // twice
  // A full one refuses the next player.
  const std::string full = std::to_string(create("-format=knockout -players=2-2 -start=2023-12-01"));
  run("tournament join " + full + " p1 secret-pw");
  run("tournament join " + full + " p2 secret-pw");
  EXPECT_NE(error("tournament join " + full + " p3 secret-pw", 409).find("full"), std::string::npos);
  // Passwords never show in the quoted command.
  EXPECT_EQ(CommandInterpreter::redacted(CommandInterpreter::split("tournament join 1 p1 secret-pw")), "tournament join 1 p1 *****");
  EXPECT_EQ(CommandInterpreter::redacted(CommandInterpreter::split("tournament create n-mesh -format=swiss p1 secret-pw")),
            "tournament create n-mesh -format=swiss p1 *****");
}

TEST_F(TournamentTest, WithdrawingResignsTheBoardAndForfeitsTheRest) {
  const int64_t id = create("-format=swiss -rounds=2 -players=4-4 -start=full");
  join_all(id, 4);
  run("tournament withdraw " + std::to_string(id) + " p1 secret-pw");
  // p1's board of round 1 is resigned; round 2 pairs the other three (a bye) and p1 forfeits.
  play_out(id, [](const TournamentGame&) { return GameOutcome::FirstWins; });
  const auto v = view(id);
  EXPECT_EQ(v.tournament.status, TournamentStatus::Finished);
  int byes = 0;
  for (const auto& g : v.games) {
    if (g.round != 2) continue;
    if (g.first == "p1") {
      EXPECT_EQ(g.kind, TournamentGameKind::Forfeit);
    }
    byes += g.kind == TournamentGameKind::Bye;
  }
  EXPECT_EQ(byes, 1);
  EXPECT_EQ(v.standings.back().player, "p1");
  EXPECT_EQ(v.standings.back().points, 0);
}

TEST_F(TournamentTest, AStartTimeStartsItOrCancelsIt) {
  const int64_t enough = create("-format=roundrobin -players=3-6 -start=2023-11-15T12:00");
  const int64_t short_of_players = create("-format=roundrobin -players=4-6 -start=2023-11-15T12:00");
  join_all(enough, 3);
  EXPECT_EQ(service_->tournaments().start_due(), 0);  // not yet
  now_ = *parse_utc_time("2023-11-15T12:00");
  EXPECT_EQ(service_->tournaments().start_due(), 1);
  EXPECT_EQ(view(enough).tournament.status, TournamentStatus::Running);
  EXPECT_EQ(view(short_of_players).tournament.status, TournamentStatus::Cancelled);
  EXPECT_EQ(pending(enough).size(), 1u);  // three players: one rests
  const std::string list = run("tournament list running");
  EXPECT_NE(list.find("tournament " + std::to_string(enough)), std::string::npos) << list;
  EXPECT_EQ(list.find("tournament " + std::to_string(short_of_players)), std::string::npos) << list;
}

// The mails of a tournament: each player is told when a round starts, with their board of
// it, and when the tournament is over, with the standings.
TEST_F(TournamentTest, PlayersAreMailedEachRoundWithTheirBoardsAndTheEnd) {
  service_->set_event_sink(mail_notifier([this] { return now_; }));
  service_->tournaments().set_event_sink(tournament_mail_notifier([this] { return now_; }));
  const int64_t id = create("-format=knockout -players=2-2 -start=full");
  const std::string name = "N-Mesh knockout #" + std::to_string(id) + " (tournament " + std::to_string(id) + ")";
  for (const char* p : {"p1", "p2"}) accounts_->signup(p, "secret-pw", std::string(p) + "@example.org");
  verify_addresses(*store_, *accounts_);  // notifications go to verified addresses only
  for (const char* p : {"p1", "p2"}) run("tournament join " + std::to_string(id) + " " + p + " secret-pw");
  auto mails = [&] {
    auto session = store_->session();
    auto tx = session.write();
    return claim_due_mail(session, "test", now_, now_ + 60, 100);
  };
  const int64_t board = *pending(id).front().board;
  std::map<std::string, std::string> round_mail;
  for (const OutboxRow& m : mails())
    if (m.mail.subject == "ludus: " + name + ": round 1 has started") round_mail[m.mail.user] = m.mail.body;
  ASSERT_EQ(round_mail.size(), 2u);
  EXPECT_NE(round_mail["p1"].find("on board " + std::to_string(board) + " (you move first)"), std::string::npos) << round_mail["p1"];
  EXPECT_NE(round_mail["p2"].find("on board " + std::to_string(board) + " (you move second)"), std::string::npos);
  EXPECT_NE(round_mail["p1"].find("Standings"), std::string::npos);
  run("resign " + std::to_string(board) + " p2 secret-pw");
  int over = 0;
  for (const OutboxRow& m : mails())
    if (m.mail.subject == "ludus: " + name + " is over: p1 wins") {
      ++over;
      EXPECT_NE(m.mail.body.find("Winner: p1"), std::string::npos) << m.mail.body;
    }
  EXPECT_EQ(over, 2);
}

// The issue's three-way tie: in a round robin of four, p1 beats p2, p2 beats p3, p3 beats p1
// and all three beat p4.  Equal after every tie-break, they share first place, and every
// front end says so: `tournament show`, the JSON, the mail that it is over.
TEST_F(TournamentTest, ATrueTieIsASharedFirstPlaceEverywhere) {
  service_->tournaments().set_event_sink(tournament_mail_notifier([this] { return now_; }));
  const int64_t id = create("-name=\"Friday blitz\" -format=roundrobin -players=4-4 -start=full -rated=no");
  for (int i = 1; i <= 4; ++i) accounts_->signup("p" + std::to_string(i), "secret-pw", "p" + std::to_string(i) + "@example.org");
  verify_addresses(*store_, *accounts_);
  for (int i = 1; i <= 4; ++i) run("tournament join " + std::to_string(id) + " p" + std::to_string(i) + " secret-pw");
  const std::set<std::pair<std::string, std::string>> beats = {{"p1", "p2"}, {"p2", "p3"}, {"p3", "p1"},
                                                               {"p1", "p4"}, {"p2", "p4"}, {"p3", "p4"}};
  play_out(id, [&](const TournamentGame& g) {
    return beats.count({g.first, g.second}) ? GameOutcome::FirstWins : GameOutcome::SecondWins;
  });
  expect_standings(id, {{"p1", 1, 2, 2}, {"p2", 1, 2, 2}, {"p3", 1, 2, 2}, {"p4", 4, 0, 0}});
  const std::string shown = run("tournament show " + std::to_string(id));
  EXPECT_NE(shown.find("Shared first place: p1, p2, p3\n"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("Winner"), std::string::npos) << shown;
  EXPECT_NE(shown.find("points, then direct encounter, wins, Sonneborn-Berger"), std::string::npos) << shown;
  EXPECT_NE(shown.find("  1=  p3"), std::string::npos) << shown;
  const auto json = tournament_view_json(view(id));
  EXPECT_EQ(json["winners"], (nlohmann::json{"p1", "p2", "p3"}));
  EXPECT_EQ(json["standings"][2]["shared"], true);
  EXPECT_EQ(json["tiebreaks"], (nlohmann::json{"direct encounter", "wins", "Sonneborn-Berger"}));
  auto session = store_->session();
  auto tx = session.write();
  int over = 0;
  for (const OutboxRow& m : claim_due_mail(session, "test", now_, now_ + 60, 100)) {
    if (m.mail.subject.find("is over") == std::string::npos) continue;
    ++over;
    EXPECT_EQ(m.mail.subject, "ludus: Friday blitz (tournament " + std::to_string(id) + ") is over: shared first place: p1, p2, p3");
    EXPECT_NE(m.mail.body.find("Shared first place: p1, p2, p3"), std::string::npos) << m.mail.body;
    EXPECT_EQ(m.mail.body.find("wins"), m.mail.body.find("wins, Sonneborn-Berger")) << "nobody 'wins': " << m.mail.body;
  }
  EXPECT_EQ(over, 4);
}

// A tournament's name: given with -name= (quoted, spaces and all) or in the JSON, else made
// from the game, the format and its number; one line of plain text, bounded.  Every front
// end shows it: the reply, `show`, `list`, the JSON.
TEST_F(TournamentTest, ATournamentHasANameGivenOrMadeUp) {
  const int64_t named = create("-name=\"Friday blitz \u00e9t\u00e9\" -format=swiss -rounds=1 -players=2-4 -start=full");
  EXPECT_EQ(view(named).tournament.title, "Friday blitz \u00e9t\u00e9");
  const int64_t plain = create("-format=double-roundrobin -players=2-4 -start=full");
  EXPECT_EQ(view(plain).tournament.title, "N-Mesh double round robin #" + std::to_string(plain));
  const std::string shown = run("tournament show " + std::to_string(named));
  EXPECT_EQ(shown.rfind("Friday blitz \u00e9t\u00e9 (tournament " + std::to_string(named) + "): N-Mesh Swiss", 0), 0u) << shown;
  // Before the start, what its number of players makes of a round robin's rounds, in words.
  EXPECT_NE(run("tournament show " + std::to_string(plain)).find(", everyone meets everyone twice, "), std::string::npos);
  EXPECT_NE(run("tournament list").find("Friday blitz"), std::string::npos);
  EXPECT_EQ(tournament_view_json(view(named))["name"], "Friday blitz \u00e9t\u00e9");
  // Blank is the default; a name of its own is users' text (user_text.h): one line of plain
  // text, 60 characters at most (a tab or a line end given becomes a space).
  // (Another creator: a user may have 3 tournaments open or running.)
  signup("namer");
  EXPECT_EQ(view(create_as("namer", "-name=\"   \" -format=knockout -players=2-4 -start=full")).tournament.title.rfind("N-Mesh knockout #", 0), 0u);
  const std::string sixty(60, 'x');
  EXPECT_EQ(view(create_as("namer", "-name=" + sixty + " -format=knockout -players=2-4 -start=full")).tournament.title, sixty);
  for (const std::string& bad : {"-name=" + sixty + "y", std::string("-name=\"a\x1b[2Jb\""), std::string("-name=\"a\x7f\""),
                                std::string("-name=\"\xe2\x80\xae" "evil\"")}) {
    const ServiceError e = run_error("tournament create n-mesh " + bad + " -format=knockout -players=2-4 -start=full host secret-pw");
    EXPECT_EQ(http_status(e.kind()), 400) << bad;
    EXPECT_EQ(e.code(), "bad_text") << bad << ": " << e.what();
  }
  // Through the service (the JSON API's path) a line break and bytes that are not UTF-8 are
  // refused too (the command grammar refuses the latter before: bad_encoding).
  for (const std::string& bad : {std::string("two\xe2\x80\xa8lines"), std::string("\xff")}) {
    try {
      service_->tournaments().create("host", "n-mesh", {{"name", bad}, {"format", "knockout"}, {"players", "2-4"}, {"start", "full"}});
      ADD_FAILURE() << "the name '" << bad << "' was taken";
    } catch (const ServiceError& e) {
      EXPECT_TRUE(e.code() == "bad_text" || e.code() == "bad_encoding") << e.code();
    }
  }
}

// Blocks (docs/tournaments.md, "Blocks"): joining is consent to a board against every other
// player, so nobody joins a tournament with someone a block stands between them and; the
// refusal says what a challenge's says, to the joiner only.  (The audit's case: bob blocks
// mallory, creates a two-player round robin; mallory's join started board 1 against bob.)
TEST_F(TournamentTest, NobodyJoinsATournamentWithSomeoneABlockStandsBetween) {
  for (const char* user : {"bob", "mallory", "carol"}) signup(user);
  run("block bob secret-pw mallory");
  const std::string id = std::to_string(create_as("bob", "-format=roundrobin -players=2-2 -start=full"));
  run("tournament join " + id + " bob secret-pw");
  const ServiceError refused = run_error("tournament join " + id + " mallory secret-pw");
  EXPECT_EQ(refused.code(), "blocked");
  EXPECT_EQ(http_status(refused), 403);
  EXPECT_STREQ(refused.what(), "bob takes no games from you");
  EXPECT_EQ(view(std::stoll(id)).tournament.status, TournamentStatus::Open);
  EXPECT_EQ(view(std::stoll(id)).players.size(), 1u);
  EXPECT_TRUE(service_->list(GameFilter{}).empty()) << "no board between them";
  // The blocker cannot join where the blocked one is either.
  const std::string other = std::to_string(create("-format=roundrobin -players=2-2 -start=full"));
  run("tournament join " + other + " mallory secret-pw");
  EXPECT_STREQ(run_error("tournament join " + other + " bob secret-pw").what(), "you block mallory: unblock them first");
  // Anyone else plays them.
  run("tournament join " + id + " carol secret-pw");
  const auto games = pending(std::stoll(id));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(std::minmax(games[0].first, games[0].second), std::minmax(std::string("bob"), std::string("carol")));
}

// A block made after both joined: their board never starts; the game is a forfeit lost by the
// player whose block came first (refusing to play an opponent forfeits; no way to win).
TEST_F(TournamentTest, ABlockAfterBothJoinedStartsNoBoardAndTheBlockerForfeits) {
  for (const char* user : {"bob", "mallory"}) signup(user);
  const int64_t id = create("-format=roundrobin -players=2-3 -start=full");
  run("tournament join " + std::to_string(id) + " bob secret-pw");
  run("tournament join " + std::to_string(id) + " mallory secret-pw");
  run("block bob secret-pw mallory");
  now_ += 60;
  run("block mallory secret-pw bob");  // later: bob's came first
  run("tournament start " + std::to_string(id) + " host secret-pw");
  const auto v = view(id);
  EXPECT_EQ(v.tournament.status, TournamentStatus::Finished);
  ASSERT_EQ(v.games.size(), 1u);
  EXPECT_EQ(v.games[0].kind, TournamentGameKind::Forfeit);
  EXPECT_FALSE(v.games[0].board);
  EXPECT_EQ(v.games[0].points_of("bob"), 0);
  EXPECT_EQ(v.games[0].points_of("mallory"), 1);
  EXPECT_TRUE(service_->list(GameFilter{}).empty()) << "no board between them";
  ASSERT_EQ(v.standings.size(), 2u);
  EXPECT_EQ(v.standings[0].player, "mallory");
  EXPECT_EQ(v.standings[0].points, 1);
  EXPECT_EQ(v.standings[0].wins, 1);
  EXPECT_EQ(v.standings[1].player, "bob");
  EXPECT_EQ(v.standings[1].points, 0);
  EXPECT_EQ(v.standings[1].losses, 1);
  EXPECT_FALSE(v.standings[1].withdrawn) << "bob forfeits that game, not the tournament";
  EXPECT_NE(run("tournament show " + std::to_string(id)).find("no board   mallory - bob  +/-"), std::string::npos)
      << run("tournament show " + std::to_string(id));
}

// A Swiss pairs around a block as it pairs around a rematch: every game is played.
TEST_F(TournamentTest, ASwissPairsAroundABlock) {
  const int64_t id = create("-format=swiss -rounds=2 -players=4-5 -start=full -rated=no");
  join_all(id, 4);
  run("block p2 secret-pw p1");
  run("tournament start " + std::to_string(id) + " host secret-pw");
  // Without the block round 1 pairs p1-p2 and p4-p3 (docs/tournaments.md).
  EXPECT_EQ(pairings(id, 1), (std::vector<std::string>{"p1-p3", "p4-p2"}));
  play_out(id, better_seed_wins);
  for (const auto& g : view(id).games) {
    EXPECT_EQ(g.kind, TournamentGameKind::Board) << g.first << "-" << g.second;
    EXPECT_NE(std::minmax(g.first, g.second), std::minmax(std::string("p1"), std::string("p2")));
  }
  EXPECT_EQ(pairings(id, 2), (std::vector<std::string>{"p1-p4", "p3-p2"}));
}

// A knockout cannot pair around anything: a block made while it runs forfeits the blocker's
// next game against the other, and the other goes on (here: wins the final).
TEST_F(TournamentTest, AKnockoutFinalAgainstSomeoneTheWinnerBlocksIsForfeited) {
  const int64_t id = create("-format=knockout -players=4-4 -start=full -rated=no");
  join_all(id, 4);  // round 1: p1-p4, p2-p3
  auto games = pending(id);
  ASSERT_EQ(games.size(), 2u);
  finish(games[0], GameOutcome::FirstWins);  // p1 is through
  run("block p1 secret-pw p2");
  finish(games[1], GameOutcome::FirstWins);  // p2 is through: the final p1-p2 never starts
  const auto v = view(id);
  EXPECT_EQ(v.tournament.status, TournamentStatus::Finished);
  const TournamentGame& final = v.games.back();
  EXPECT_EQ(final.round, 2);
  EXPECT_EQ(final.kind, TournamentGameKind::Forfeit);
  EXPECT_FALSE(final.board);
  EXPECT_EQ(final.points_of("p2"), 1);
  EXPECT_EQ(v.standings.front().player, "p2");
  EXPECT_EQ(v.standings[1].player, "p1");
  EXPECT_NE(run("tournament show " + std::to_string(id)).find("Winner: p2"), std::string::npos);
  EXPECT_EQ(service_->list(GameFilter{}).size(), 2u) << "the two boards of round 1 only";
}

// One account cannot bury the others' tournaments (the audit made 205 with a start in 9999):
// at most ServiceLimits::tournaments_per_user open or running (3), starts within 90 days.
TEST_F(TournamentTest, OneAccountCannotBuryTheOtherTournaments) {
  int created = 0;
  std::optional<ServiceError> refused;
  for (int i = 0; i < 205 && !refused; ++i) {
    try {
      run("tournament create n-mesh -format=roundrobin -players=2-4 -start=2023-12-01 host secret-pw");
      ++created;
    } catch (const ServiceError& e) {
      refused = e;
    }
  }
  EXPECT_EQ(created, ServiceLimits{}.tournaments_per_user);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->code(), "too_many_tournaments");
  EXPECT_EQ(http_status(*refused), 409);
  EXPECT_STREQ(refused->what(), "you (host) have 3 tournaments open or running, this server's limit; wait for one to finish");
  signup("carol");
  for (const std::string start : {"9999-12-31", "2024-02-13T22:14", "2023-11-14T22:13", "2023-11-14"}) {
    const ServiceError e = run_error("tournament create n-mesh -format=roundrobin -players=2-4 -start=" + start + " carol secret-pw");
    EXPECT_EQ(e.code(), "bad_tournament") << start;
  }
  EXPECT_STREQ(run_error("tournament create n-mesh -format=roundrobin -players=2-4 -start=9999-12-31 carol secret-pw").what(),
               "-start must be within 90 days");
  // 90 days ahead to the minute is the furthest start; the cap holds for every creator.
  create_as("carol", "-format=roundrobin -players=2-2 -start=2024-02-12T22:13");
  const int64_t full = create_as("carol", "-format=roundrobin -players=2-2 -start=full");
  create_as("carol", "-format=swiss -rounds=1 -players=2-8 -start=full");
  EXPECT_EQ(run_error("tournament create n-mesh -format=roundrobin -players=2-4 -start=full carol secret-pw").code(),
            "too_many_tournaments");
  // A finished tournament frees its creator's place.
  join_all(full, 2);
  for (const auto& g : pending(full)) finish(g, GameOutcome::FirstWins);
  EXPECT_EQ(view(full).tournament.status, TournamentStatus::Finished);
  create_as("carol", "-format=roundrobin -players=2-4 -start=full");
}

}  // namespace
}  // namespace ludus::server::testing
