// SPDX-License-Identifier: Apache-2.0
// The pairing rules of docs/tournaments.md (tournament_rules.h), checked over many
// tournaments played with random results (pure domain code: no database; tournaments with
// random results on the database: tournament_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "server/domain/tournaments/tournament_pairing.h"
#include "server/domain/tournaments/tournament_standings.h"
#include "tournament_rules.h"

namespace ludus::server {
namespace {

std::vector<std::string> players(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("p" + std::to_string(i + 1));
  return out;
}

// Plays the tournament to its end: every board gets a random result (draws included),
// and `withdraw_at` (round -> player) withdraws players; returns every game.
std::vector<TournamentGame> play_out(TournamentField& field, std::mt19937& rng, std::map<int, std::string> withdraw_at = {}) {
  std::vector<TournamentGame> games;
  for (int guard = 0; guard < 1000; ++guard) {
    const TournamentStep step = next_step(field, games);
    if (step.finished) return games;
    if (step.games.empty()) {
      // Decide the pending boards of the round.
      for (TournamentGame& g : games)
        if (!g.decided()) {
          const int r = static_cast<int>(rng() % 5);
          g.outcome = r < 2 ? GameOutcome::FirstWins : r < 4 ? GameOutcome::SecondWins : GameOutcome::Draw;
        }
      continue;
    }
    const int round = step.games.front().round;
    if (auto it = withdraw_at.find(round); it != withdraw_at.end() && step.games.front().replay == 0) {
      field.withdrawn.insert(it->second);
      withdraw_at.erase(it);
      continue;  // the same step again, now with the player withdrawn
    }
    games.insert(games.end(), step.games.begin(), step.games.end());
  }
  ADD_FAILURE() << "the tournament never finished";
  return games;
}

TEST(TournamentPairing, RoundRobinMeetsEveryPairOnceWithBalancedColours) {
  for (int n = 2; n <= 13; ++n) {
    std::mt19937 rng(n);
    TournamentField field{TournamentFormat::RoundRobin, rounds_for(TournamentFormat::RoundRobin, n, 0), players(n), {}, {}};
    testing::expect_round_robin_rules(field, play_out(field, rng), std::to_string(n) + " players");
  }
}

TEST(TournamentPairing, DoubleRoundRobinReversesTheColours) {
  for (int n = 3; n <= 8; ++n) {
    std::mt19937 rng(n);
    TournamentField field{TournamentFormat::DoubleRoundRobin, rounds_for(TournamentFormat::DoubleRoundRobin, n, 0), players(n), {}, {}};
    testing::expect_round_robin_rules(field, play_out(field, rng), std::to_string(n) + " players");
  }
}

TEST(TournamentPairing, SwissNeverRematchesKeepsColoursAndGivesByesToTheLowestWithoutOne) {
  for (int trial = 0; trial < 300; ++trial) {
    std::mt19937 rng(trial);
    const int n = 3 + trial % 14;
    const int rounds = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_swiss_rounds(n)));
    TournamentField field{TournamentFormat::Swiss, rounds, players(n), {}, {}};
    testing::expect_swiss_rules(field, play_out(field, rng), "trial " + std::to_string(trial));
  }
}

TEST(TournamentPairing, KnockoutSeedsByesAndReplaysDraws) {
  EXPECT_EQ(bracket_order(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  for (int trial = 0; trial < 200; ++trial) {
    std::mt19937 rng(trial);
    const int n = 2 + trial % 15;
    TournamentField field{TournamentFormat::Knockout, rounds_for(TournamentFormat::Knockout, n, 0), players(n), {}, {}};
    testing::expect_knockout_rules(field, play_out(field, rng), "trial " + std::to_string(trial));
  }
}

TEST(TournamentPairing, WithdrawnPlayersForfeitTheRest) {
  std::mt19937 rng(1);
  TournamentField field{TournamentFormat::RoundRobin, rounds_for(TournamentFormat::RoundRobin, 5, 0), players(5), {}, {}};
  const auto games = play_out(field, rng, {{3, "p2"}});
  for (const auto& g : games) {
    const bool involves = g.first == "p2" || g.second == "p2";
    if (!involves) continue;
    if (g.round < 3) EXPECT_EQ(g.kind, TournamentGameKind::Board);
    if (g.round >= 3) {
      EXPECT_EQ(g.kind, TournamentGameKind::Forfeit);
      EXPECT_EQ(g.points_of("p2"), 0);
    }
  }
  TournamentField swiss{TournamentFormat::Swiss, 3, players(6), {}, {}};
  const auto swiss_games = play_out(swiss, rng, {{2, "p1"}});
  int forfeits = 0;
  for (const auto& g : swiss_games)
    if (g.first == "p1" && g.round >= 2) {
      EXPECT_EQ(g.kind, TournamentGameKind::Forfeit);
      ++forfeits;
    }
  EXPECT_EQ(forfeits, 2);
}

// Whether `players` can be paired so that no pair is in `barred` (a pair in name order).
bool can_pair(std::vector<std::string> players, const std::set<std::pair<std::string, std::string>>& barred) {
  if (players.empty()) return true;
  const std::string first = players.front();
  for (size_t i = 1; i < players.size(); ++i) {
    if (barred.count(std::minmax(first, players[i]))) continue;
    std::vector<std::string> rest;
    for (size_t j = 1; j < players.size(); ++j)
      if (j != i) rest.push_back(players[j]);
    if (can_pair(rest, barred)) return true;
  }
  return false;
}

// Players who may not meet (a block, docs/community.md): the round robin's and the
// knockout's game between them is a forfeit lost by the one who refused first; a Swiss
// pairs around them as around a rematch, and pairs them (a forfeit, lost so) only when no
// other pairing of the round exists.
TEST(TournamentPairing, PlayersWhoMayNotMeetArePairedAroundOrForfeitByWhoRefusedFirst) {
  std::mt19937 rng(7);
  for (const TournamentFormat format : {TournamentFormat::RoundRobin, TournamentFormat::DoubleRoundRobin}) {
    TournamentField field{format, rounds_for(format, 5, 0), players(5), {}, {{{"p2", "p4"}, "p4"}}};
    int forfeits = 0;
    for (const auto& g : play_out(field, rng)) {
      const bool barred = std::minmax(g.first, g.second) == std::minmax(std::string("p2"), std::string("p4"));
      EXPECT_EQ(g.kind, barred ? TournamentGameKind::Forfeit : TournamentGameKind::Board);
      if (!barred) continue;
      ++forfeits;
      EXPECT_EQ(g.points_of("p4"), 0);
      EXPECT_EQ(g.points_of("p2"), 1);
    }
    EXPECT_EQ(forfeits, format == TournamentFormat::RoundRobin ? 1 : 2);
  }
  // A knockout of four pairs seeds 1 and 4 first: p1 refused p4, so p4 goes on.
  TournamentField knockout{TournamentFormat::Knockout, 2, players(4), {}, {{{"p1", "p4"}, "p1"}}};
  const auto bracket = play_out(knockout, rng);
  EXPECT_EQ(bracket[0].kind, TournamentGameKind::Forfeit);
  EXPECT_EQ(slot_winner(bracket, 1, 0), "p4");
  // Swiss tournaments with random refusals, each round checked.
  int forced = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::mt19937 trial_rng(trial);
    const int n = 4 + trial % 11;
    const int rounds = 1 + static_cast<int>(trial_rng() % static_cast<unsigned>(max_swiss_rounds(n)));
    TournamentField field{TournamentFormat::Swiss, rounds, players(n), {}, {}};
    for (int r = 0; r < 1 + trial % 3; ++r) {
      const std::string a = field.seeds[trial_rng() % n], b = field.seeds[trial_rng() % n];
      if (a != b) field.refusals.emplace(std::minmax(a, b), trial_rng() % 2 ? a : b);
    }
    const auto games = play_out(field, trial_rng);
    std::set<std::pair<std::string, std::string>> met;
    for (int round = 1; round <= rounds; ++round) {
      std::vector<std::string> paired;
      std::set<std::pair<std::string, std::string>> barred = met;
      for (const auto& [pair, refuser] : field.refusals) barred.insert(pair);
      bool forfeit = false;
      for (const auto& g : games) {
        if (g.round != round || !g.has_opponent()) continue;
        paired.insert(paired.end(), {g.first, g.second});
        met.insert(std::minmax(g.first, g.second));
        const std::string* refuser = field.refuser(g.first, g.second);
        EXPECT_EQ(g.kind, refuser ? TournamentGameKind::Forfeit : TournamentGameKind::Board) << "trial " << trial;
        if (!refuser) continue;
        forfeit = true;
        EXPECT_EQ(g.points_of(*refuser), 0) << "trial " << trial;
        EXPECT_EQ(g.points_of(*refuser == g.first ? g.second : g.first), 1) << "trial " << trial;
      }
      if (forfeit) {
        ++forced;
        EXPECT_FALSE(can_pair(paired, barred)) << "trial " << trial << ", round " << round << ": a pairing around it existed";
      }
    }
  }
  // Some rounds had no pairing around a block (10 of these trials' rounds), most had one.
  EXPECT_GT(forced, 0);
  EXPECT_LT(forced, 30);
}

// Hand-computed: a 4-player round robin where p1 beats everyone, p2 draws p3, p2 beats p4,
// p3 beats p4.  Points: p1 3, p2 1.5, p3 1.5, p4 0.  Sonneborn-Berger: p1 = 1.5+1.5+0 = 3;
// p2 = 0.5*1.5 (p3) + 0 (p4) = 0.75; p3 = 0.5*1.5 (p2) + 0 = 0.75.
TEST(TournamentStandings, SonnebornBergerByHand) {
  TournamentField field{TournamentFormat::RoundRobin, 3, players(4), {}, {}};
  auto game = [](std::string a, std::string b, GameOutcome o) {
    return TournamentGame{1, 0, 0, a, b, TournamentGameKind::Board, o, std::nullopt};
  };
  const std::vector<TournamentGame> games = {
      game("p1", "p2", GameOutcome::FirstWins), game("p3", "p1", GameOutcome::SecondWins),
      game("p1", "p4", GameOutcome::FirstWins), game("p2", "p3", GameOutcome::Draw),
      game("p4", "p2", GameOutcome::SecondWins), game("p3", "p4", GameOutcome::FirstWins)};
  const auto table = tournament_standings(field, games);
  ASSERT_EQ(table.size(), 4u);
  EXPECT_EQ(table[0].player, "p1");
  EXPECT_EQ(table[0].points, 3);
  EXPECT_EQ(table[0].tiebreak, 3);
  EXPECT_EQ(table[1].player, "p2");  // equal with p3 after every tie-break: rank shared, listed by seed
  EXPECT_EQ(table[1].tiebreak, 0.75);
  EXPECT_TRUE(table[1].shared);
  EXPECT_EQ(table[2].player, "p3");
  EXPECT_EQ(table[2].rank, 2);
  EXPECT_EQ(table[3].points, 0);
  EXPECT_EQ(table[3].losses, 3);
}

// The standings of p1..p4 (seeded in that order) after `results`, board games written
// "p1>p2" (p1 moved first and won), "p1<p2" (p2 won) or "p1=p2" (a draw), blank-separated.
std::vector<TournamentStanding> standings_of_four(TournamentFormat format, const std::string& results) {
  std::vector<TournamentGame> games;
  std::istringstream words(results);
  for (std::string w; words >> w;) {
    const size_t at = w.find_first_of("<>=");
    const GameOutcome outcome = w[at] == '>' ? GameOutcome::FirstWins : w[at] == '<' ? GameOutcome::SecondWins : GameOutcome::Draw;
    games.push_back({1, 0, 0, w.substr(0, at), w.substr(at + 1), TournamentGameKind::Board, outcome, std::nullopt});
  }
  return tournament_standings(TournamentField{format, rounds_for(format, 4, 2), players(4), {}}, games);
}

// "p3 1, p2 2, p1 3=, p4 3=": each player with their place, "=" when shared.
std::string places(const std::vector<TournamentStanding>& table) {
  std::string out;
  for (const auto& s : table)
    out += (out.empty() ? "" : ", ") + s.player + " " + std::to_string(s.rank) + (s.shared ? "=" : "");
  return out;
}

// The three-way tie: a 4-player round robin where p1 beats p2, p2 beats p3, p3 beats
// p1 and all three beat p4.  Points 2 each, direct encounter 1 each, two wins each,
// Sonneborn-Berger 2 each: nothing separates them, so they share first place and nobody
// is "the winner" by seed.
TEST(TournamentStandings, AThreeWayTieSharesFirstPlace) {
  const auto table = standings_of_four(TournamentFormat::RoundRobin, "p1>p2 p2>p3 p3>p1 p1>p4 p4<p2 p3>p4");
  EXPECT_EQ(places(table), "p1 1=, p2 1=, p3 1=, p4 4");
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(table[i].points, 2);
    EXPECT_EQ(table[i].sonneborn_berger, 2);
  }
  EXPECT_EQ(first_place(table), (std::vector<std::string>{"p1", "p2", "p3"}));
  EXPECT_EQ(first_place_text(table), "shared first place: p1, p2, p3");
  EXPECT_FALSE(table[3].shared);
}

// Equal points: the direct encounter decides before the seed (p2 beat p1).
TEST(TournamentStandings, TheDirectEncounterSeparatesTwoEqualOnPoints) {
  const auto table = standings_of_four(TournamentFormat::RoundRobin, "p1<p2 p1>p3 p1>p4 p2<p3 p2>p4 p3<p4");
  // p1 and p2 2 points, p3 and p4 1 (p4 beat p3).
  EXPECT_EQ(places(table), "p2 1, p1 2, p4 3, p3 4");
  EXPECT_EQ(first_place_text(table), "p2 wins");
}

// Round robins break ties by direct encounter, then wins, then Sonneborn-Berger (FIDE's
// order): p1 and p2 drew each other and have 1.5 points; p2 won a game, p1 drew all three,
// so p2 ranks above p1 although p1's Sonneborn-Berger is higher and p1 the better seed.
TEST(TournamentStandings, WinsComeBeforeSonnebornBergerInARoundRobin) {
  const auto table = standings_of_four(TournamentFormat::RoundRobin, "p1=p2 p1=p3 p1=p4 p2>p4 p3>p2 p3>p4");
  EXPECT_EQ(places(table), "p3 1, p2 2, p1 3, p4 4");
  ASSERT_EQ(table[2].player, "p1");
  EXPECT_GT(table[2].sonneborn_berger, table[1].sonneborn_berger);
  EXPECT_EQ(ranking_text(TournamentFormat::RoundRobin), "points, then direct encounter, wins, Sonneborn-Berger");
  EXPECT_EQ(ranking_text(TournamentFormat::Swiss), "points, then Buchholz, Sonneborn-Berger, direct encounter, wins");
  EXPECT_EQ(ranking_text(TournamentFormat::Knockout), "rounds won");
}

// A Swiss: equal points and Buchholz, the Sonneborn-Berger decides.  Round 1: p1 beats p2,
// p3 draws p4; round 2: p1 draws p3, p2 beats p4.  p2 and p3 have 1 point and Buchholz 2
// (1.5 + 0.5 each); Sonneborn-Berger p2 0.5 (beat p4), p3 0.25 + 0.75 = 1 (drew p4 and p1).
TEST(TournamentStandings, ASwissBreaksEqualBuchholzBySonnebornBerger) {
  const auto table = standings_of_four(TournamentFormat::Swiss, "p1>p2 p3=p4 p1=p3 p2>p4");
  EXPECT_EQ(places(table), "p1 1, p3 2, p2 3, p4 4");
  EXPECT_EQ(table[1].buchholz, table[2].buchholz);
  EXPECT_EQ(table[1].tiebreak, 2);  // a Swiss shows Buchholz beside the points
  EXPECT_EQ(table[1].sonneborn_berger, 1);
}

}  // namespace
}  // namespace ludus::server
