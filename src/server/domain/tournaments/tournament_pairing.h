// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tournament pairings (docs/tournaments.md): what games a tournament starts next, as a pure
// function of its players and the games so far (no storage), so that the rules can be
// property-tested over many random results.
//
//   * round robin: every pair meets once (twice in a double round robin, colours
//     reversed), by Berger's tables: every player has as many first moves as second
//     moves, or one more or fewer; with an odd number of players one rests each round;
//   * Swiss: N rounds; players ranked by score then seed; a bye (a point) to the
//     lowest-ranked player who has not had one; then, going down the ranking, each
//     player meets the highest-ranked player left whom they have not met and whose
//     colour balance fits (a search that backtracks, so no rematch happens while any
//     pairing without one exists);
//   * knockout: seeded by rating into a bracket of the next power of two, the top seeds
//     taking the byes; a drawn game is replayed with the colours reversed.
// A withdrawn player (lost on time, or withdrew) forfeits every game still to come; of two
// players who may not meet, the one who refused first forfeits the game no pairing avoids.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ludus::server {

enum class TournamentFormat { RoundRobin, DoubleRoundRobin, Swiss, Knockout };
std::string_view tournament_format_name(TournamentFormat format);  // "roundrobin", "double-roundrobin", ...
std::optional<TournamentFormat> tournament_format_by_name(std::string_view name);

// What a tournament game is: played on a board, a bye (no opponent; a win), or a forfeit
// (no board: a withdrawn player's game, lost by them; `second` is "" in a Swiss round
// where the withdrawn player is not paired).
enum class TournamentGameKind { Board, Bye, Forfeit };
std::string_view tournament_game_kind_name(TournamentGameKind kind);  // "board", "bye", "forfeit"
std::optional<TournamentGameKind> tournament_game_kind_by_name(std::string_view name);

// How a game ended, from its first player's side (BothLose: both players withdrew).
enum class GameOutcome { Pending, FirstWins, SecondWins, Draw, BothLose };
std::string_view game_outcome_name(GameOutcome outcome);  // "pending", "first", "second", "draw", "both-lose"
std::optional<GameOutcome> game_outcome_by_name(std::string_view name);

struct TournamentGame {
  int round = 1;   // from 1
  int slot = 0;    // the pairing's place in the round (knockout: in the bracket), from 0
  int replay = 0;  // knockout: 1, 2 ... for the replays of a drawn game
  std::string first, second;  // first moves first; second is "" for a bye
  TournamentGameKind kind = TournamentGameKind::Board;
  GameOutcome outcome = GameOutcome::Pending;
  std::optional<int64_t> board;

  bool has_opponent() const { return !second.empty(); }
  bool decided() const { return outcome != GameOutcome::Pending; }
  // The points of `player` (one of the two): 1 a win or a bye, 0.5 a draw, 0 a loss.
  double points_of(const std::string& player) const;
};

// What the pairings depend on besides the games.
struct TournamentField {
  TournamentFormat format = TournamentFormat::RoundRobin;
  int rounds = 0;                    // how many rounds (rounds_for)
  std::vector<std::string> seeds;    // the players, the best seed (highest rating) first
  std::set<std::string> withdrawn;   // players who forfeit every game still to come
  // Pairs who may not meet (a block between them, docs/community.md), keyed by the two
  // names in order, each with the player who refused first: a Swiss pairing avoids them as
  // it avoids rematches; a game between them that no pairing avoids is a forfeit that player
  // loses (a block is no way to win).
  std::map<std::pair<std::string, std::string>, std::string> refusals;

  // Who refused first to meet the other of `a` and `b`; nullptr when the two may meet.
  const std::string* refuser(const std::string& a, const std::string& b) const;
};

// The rounds a format plays with `players`: n-1 (n when odd) for a round robin, twice that
// for a double one, `swiss_rounds` for Swiss, log2 of the bracket for a knockout.
int rounds_for(TournamentFormat format, int players, int swiss_rounds);
// The most Swiss rounds `players` can play without a rematch ever being forced.
int max_swiss_rounds(int players);

struct TournamentStep {
  std::vector<TournamentGame> games;  // to add now: boards to start (pending), byes and forfeits (decided)
  bool finished = false;              // every round is played
};
// The games to add after `games` (every game so far): nothing while the round is being
// played (a knockout replays a drawn game at once), the next round when the last game of
// one is decided, finished after the last round.  Run it again after adding decided games
// (a round of forfeits only is complete at once).
TournamentStep next_step(const TournamentField& field, const std::vector<TournamentGame>& games);

// Round robin: the pairings of round `round` (from 1) of `players` (n-1 rounds per cycle,
// n when odd), as seed indexes {first, second}; a player with no pair rests.
std::vector<std::pair<int, int>> round_robin_round(int players, int round);
// Knockout: the seeds (from 1) in bracket order for a bracket of `size` (a power of two):
// 1, size, size/2+1 ... so that the top seeds meet last.
std::vector<int> bracket_order(int size);
// Knockout: who won a bracket slot of `round` (its last game decided), or nullopt.
std::optional<std::string> slot_winner(const std::vector<TournamentGame>& games, int round, int slot);

}  // namespace ludus::server
