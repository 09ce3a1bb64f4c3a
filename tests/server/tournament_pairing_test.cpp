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

#include "server/domain/tournament_pairing.h"
#include "server/domain/tournament_standings.h"
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
    TournamentField field{TournamentFormat::RoundRobin, rounds_for(TournamentFormat::RoundRobin, n, 0), players(n), {}};
    testing::expect_round_robin_rules(field, play_out(field, rng), std::to_string(n) + " players");
  }
}

TEST(TournamentPairing, DoubleRoundRobinReversesTheColours) {
  for (int n = 3; n <= 8; ++n) {
    std::mt19937 rng(n);
    TournamentField field{TournamentFormat::DoubleRoundRobin, rounds_for(TournamentFormat::DoubleRoundRobin, n, 0), players(n), {}};
    testing::expect_round_robin_rules(field, play_out(field, rng), std::to_string(n) + " players");
  }
}

TEST(TournamentPairing, SwissNeverRematchesKeepsColoursAndGivesByesToTheLowestWithoutOne) {
  for (int trial = 0; trial < 300; ++trial) {
    std::mt19937 rng(trial);
    const int n = 3 + trial % 14;
    const int rounds = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_swiss_rounds(n)));
    TournamentField field{TournamentFormat::Swiss, rounds, players(n), {}};
    testing::expect_swiss_rules(field, play_out(field, rng), "trial " + std::to_string(trial));
  }
}

TEST(TournamentPairing, KnockoutSeedsByesAndReplaysDraws) {
  EXPECT_EQ(bracket_order(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  for (int trial = 0; trial < 200; ++trial) {
    std::mt19937 rng(trial);
    const int n = 2 + trial % 15;
    TournamentField field{TournamentFormat::Knockout, rounds_for(TournamentFormat::Knockout, n, 0), players(n), {}};
    testing::expect_knockout_rules(field, play_out(field, rng), "trial " + std::to_string(trial));
  }
}

TEST(TournamentPairing, WithdrawnPlayersForfeitTheRest) {
  std::mt19937 rng(1);
  TournamentField field{TournamentFormat::RoundRobin, rounds_for(TournamentFormat::RoundRobin, 5, 0), players(5), {}};
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
  TournamentField swiss{TournamentFormat::Swiss, 3, players(6), {}};
  const auto swiss_games = play_out(swiss, rng, {{2, "p1"}});
  int forfeits = 0;
  for (const auto& g : swiss_games)
    if (g.first == "p1" && g.round >= 2) {
      EXPECT_EQ(g.kind, TournamentGameKind::Forfeit);
      ++forfeits;
    }
  EXPECT_EQ(forfeits, 2);
}

// Hand-computed: a 4-player round robin where p1 beats everyone, p2 draws p3, p2 beats p4,
// p3 beats p4.  Points: p1 3, p2 1.5, p3 1.5, p4 0.  Sonneborn-Berger: p1 = 1.5+1.5+0 = 3;
// p2 = 0.5*1.5 (p3) + 0 (p4) = 0.75; p3 = 0.5*1.5 (p2) + 0 = 0.75.
TEST(TournamentStandings, SonnebornBergerByHand) {
  TournamentField field{TournamentFormat::RoundRobin, 3, players(4), {}};
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
  EXPECT_EQ(table[1].player, "p2");  // equal with p3: the seed decides, rank shared
  EXPECT_EQ(table[1].tiebreak, 0.75);
  EXPECT_EQ(table[2].player, "p3");
  EXPECT_EQ(table[2].rank, 2);
  EXPECT_EQ(table[3].points, 0);
  EXPECT_EQ(table[3].losses, 3);
}

}  // namespace
}  // namespace ludus::server
