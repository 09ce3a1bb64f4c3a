// SPDX-License-Identifier: Apache-2.0
#pragma once
// A tournament's standings (docs/tournaments.md, "Standings"), a pure function of its
// players and games.  Points: a win or a bye 1, a draw 1/2, a loss or a forfeit 0.  Players
// equal in points are ordered by the format's tie-breaks, one after the other, each applied
// to the players still equal after the ones before (FIDE's tie-break regulations, C.07):
//   * round robins: direct encounter, wins, Sonneborn-Berger;
//   * Swiss: Buchholz, Sonneborn-Berger, direct encounter, wins;
//   * knockout: ranked by the rounds won alone (the champion, the final's loser, the
//     semi-finals' losers sharing a place, ...).
// Players still equal after every tie-break share the place (the same rank, `shared`); they
// are listed by seed, which decides nothing.
#include <string>
#include <string_view>
#include <vector>

#include "server/base/texts.h"
#include "server/domain/tournaments/tournament_pairing.h"

namespace ludus::server {

enum class Tiebreak {
  // Among the players tied, the points each scored against the others; applied only when
  // every two of them have met (else it separates nobody).
  DirectEncounter,
  Wins,             // games won, forfeit wins and byes among them
  SonnebornBerger,  // the points of every opponent beaten plus half those of every opponent drawn
  Buchholz,         // the points of every opponent met (a bye adds nothing)
};
// "direct encounter", "wins", "Sonneborn-Berger", "Buchholz".
std::string_view tiebreak_title(Tiebreak tiebreak);
// The format's tie-breaks in the order they apply (none for a knockout).
const std::vector<Tiebreak>& tiebreak_order(TournamentFormat format);
// How the format ranks, in words: "points, then direct encounter, wins, Sonneborn-Berger"
// or "rounds won", in `language`.
std::string ranking_text(TournamentFormat format, const Language& language = Language());

struct TournamentStanding {
  int rank = 0;  // from 1; players equal after every tie-break share it
  bool shared = false;  // another player has the same rank
  std::string player;
  int seed = 0;  // from 1
  double points = 0;
  // The format's score shown beside the points: Sonneborn-Berger (round robins), Buchholz
  // (Swiss), rounds won (knockout).
  double tiebreak = 0;
  double sonneborn_berger = 0, buchholz = 0;
  int wins = 0, draws = 0, losses = 0;  // forfeits among them; byes among the wins
  int byes = 0;
  bool withdrawn = false;
};

std::vector<TournamentStanding> tournament_standings(const TournamentField& field, const std::vector<TournamentGame>& games);

// The name of the score shown beside the points: "Sonneborn-Berger", "Buchholz" or "rounds won".
const char* tiebreak_name(TournamentFormat format);

// The players ranked first (more than one when they share the place), by seed.
std::vector<std::string> first_place(const std::vector<TournamentStanding>& standings);
// Who won, in words: "alice wins", or "shared first place: alice, bob, carol" (a true tie;
// no player is named the winner), or "no players".
std::string first_place_text(const std::vector<TournamentStanding>& standings);
// "alice, bob, carol".
std::string names_text(const std::vector<std::string>& names);

}  // namespace ludus::server
