// SPDX-License-Identifier: Apache-2.0
// The pairing rules of docs/tournaments.md checked on a tournament's games after the fact
// (each round's ranking recomputed from the rounds before it), for the pure pairing tests
// and for tournaments played on the database.  Test-only.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "server/domain/tournaments/tournament_pairing.h"
#include "server/domain/tournaments/tournament_standings.h"

namespace ludus::server::testing {

// Round robin: every pair meets once (each way once in a double one), nobody plays twice
// in a round, and in a single one first and second moves differ by one at most.
inline void expect_round_robin_rules(const TournamentField& field, const std::vector<TournamentGame>& games,
                                     const std::string& label) {
  const size_t n = field.seeds.size();
  const bool twice = field.format == TournamentFormat::DoubleRoundRobin;
  std::map<std::pair<std::string, std::string>, int> met;  // unordered pair in a single, ordered in a double
  std::map<std::string, int> colour;
  std::set<std::pair<int, std::string>> per_round;
  for (const auto& g : games) {
    ASSERT_EQ(g.kind, TournamentGameKind::Board) << label;
    const auto [low, high] = std::minmax(g.first, g.second);
    ++met[twice ? std::pair{g.first, g.second} : std::pair{low, high}];
    ++colour[g.first], --colour[g.second];
    EXPECT_TRUE(per_round.insert({g.round, g.first}).second) << label << ": one game a round";
    EXPECT_TRUE(per_round.insert({g.round, g.second}).second) << label << ": one game a round";
  }
  EXPECT_EQ(met.size(), twice ? n * (n - 1) : n * (n - 1) / 2) << label;
  for (const auto& [pair, count] : met) EXPECT_EQ(count, 1) << label << ": " << pair.first << "-" << pair.second;
  if (!twice) {
    for (const auto& [p, c] : colour) EXPECT_LE(std::abs(c), 1) << label << ": " << p;
  }
}

// Swiss: one game or bye a round each, no rematch, first and second moves within two, one
// bye at most, and each bye to the lowest-ranked player (points, then seed) without one.
inline void expect_swiss_rules(const TournamentField& field, const std::vector<TournamentGame>& games,
                               const std::string& label) {
  const auto seed = [&](const std::string& p) { return std::find(field.seeds.begin(), field.seeds.end(), p) - field.seeds.begin(); };
  std::set<std::pair<std::string, std::string>> met;
  std::map<std::string, int> colour, played, byes;
  for (int round = 1; round <= field.rounds; ++round) {
    std::map<std::string, double> score;  // after the rounds before this one
    for (const auto& g : games) {
      if (g.round >= round) continue;
      score[g.first] += g.points_of(g.first);
      if (g.has_opponent()) score[g.second] += g.points_of(g.second);
    }
    for (const auto& g : games) {
      if (g.round != round) continue;
      ++played[g.first];
      if (g.has_opponent()) {
        ++played[g.second];
        EXPECT_TRUE(met.insert(std::minmax(g.first, g.second)).second) << label << ": rematch " << g.first << "-" << g.second;
        ++colour[g.first], --colour[g.second];
        continue;
      }
      if (g.kind != TournamentGameKind::Bye) continue;
      for (const auto& other : field.seeds) {
        const bool lower = score[other] < score[g.first] || (score[other] == score[g.first] && seed(other) > seed(g.first));
        if (lower) {
          EXPECT_GT(byes[other], 0) << label << ": the bye of round " << round << " to " << g.first << " before " << other;
        }
      }
      ++byes[g.first];
    }
  }
  for (const auto& p : field.seeds) {
    EXPECT_EQ(played[p], field.rounds) << label << ": one game or bye a round for " << p;
    EXPECT_LE(std::abs(colour[p]), 2) << label << ": " << p;
    EXPECT_LE(byes[p], 1) << label << ": " << p;
  }
}

// Knockout: byes in round 1 to the top seeds up to the next power of two, a drawn game
// replayed with the colours reversed, and the champion (the final's winner) first.
inline void expect_knockout_rules(const TournamentField& field, const std::vector<TournamentGame>& games,
                                  const std::string& label) {
  const int n = static_cast<int>(field.seeds.size());
  int size = 1;
  while (size < n) size *= 2;
  int byes = 0;
  for (const auto& g : games) {
    if (g.kind != TournamentGameKind::Bye) continue;
    ++byes;
    EXPECT_EQ(g.round, 1) << label;
    const auto seed = std::find(field.seeds.begin(), field.seeds.end(), g.first) - field.seeds.begin();
    EXPECT_LT(seed, size - n) << label << ": byes go to the top seeds";
  }
  EXPECT_EQ(byes, size - n) << label;
  for (const auto& g : games) {
    if (g.replay == 0) continue;
    auto before = std::find_if(games.begin(), games.end(), [&](const TournamentGame& h) {
      return h.round == g.round && h.slot == g.slot && h.replay == g.replay - 1;
    });
    ASSERT_NE(before, games.end()) << label;
    EXPECT_EQ(before->outcome, GameOutcome::Draw) << label << ": a replay follows a draw";
    EXPECT_EQ(before->first, g.second) << label << ": colours reversed";
    EXPECT_EQ(before->second, g.first) << label << ": colours reversed";
  }
  const auto champion = slot_winner(games, field.rounds, 0);
  ASSERT_TRUE(champion) << label;
  EXPECT_EQ(tournament_standings(field, games).front().player, *champion) << label;
}

// The rules of the field's format.
inline void expect_pairing_rules(const TournamentField& field, const std::vector<TournamentGame>& games,
                                 const std::string& label) {
  switch (field.format) {
    case TournamentFormat::Swiss: return expect_swiss_rules(field, games, label);
    case TournamentFormat::Knockout: return expect_knockout_rules(field, games, label);
    default: return expect_round_robin_rules(field, games, label);
  }
}

}  // namespace ludus::server::testing
