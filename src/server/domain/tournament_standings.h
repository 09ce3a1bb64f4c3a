// SPDX-License-Identifier: Apache-2.0
#pragma once
// A tournament's standings (docs/tournaments.md), a pure function of its players and games:
// points (a win or a bye 1, a draw 1/2, a loss or a forfeit 0), then the format's
// tiebreak, then the seed.
//   * Sonneborn-Berger (round robins): the points of every opponent beaten, plus half the
//     points of every opponent drawn;
//   * Buchholz (Swiss): the points of every opponent met (a bye adds nothing);
//   * knockout: the rounds won; the champion first, then the final's loser, and so on.
#include <string>
#include <vector>

#include "server/domain/tournament_pairing.h"

namespace ludus::server {

struct TournamentStanding {
  int rank = 0;  // from 1; players equal in points and tiebreak share it
  std::string player;
  int seed = 0;  // from 1
  double points = 0;
  double tiebreak = 0;
  int wins = 0, draws = 0, losses = 0;  // forfeits among them; byes among the wins
  int byes = 0;
  bool withdrawn = false;
};

std::vector<TournamentStanding> tournament_standings(const TournamentField& field, const std::vector<TournamentGame>& games);

// The tiebreak's name: "Sonneborn-Berger", "Buchholz" or "rounds won".
const char* tiebreak_name(TournamentFormat format);

}  // namespace ludus::server
