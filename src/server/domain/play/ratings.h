// SPDX-License-Identifier: Apache-2.0
#pragma once
// Ratings per game (docs/ratings.md): Glicko-2 (glicko2.h), one rating period per game,
// updated in the transaction that ends a rated board, so a rating never misses or counts
// twice a result.  Computer players are rated under their spec ("ai:hard"), which gives
// the scale a meaning.  The stored numbers are fixed point and every update starts from
// the stored ones, so `ludus db rerate` (rerate()) reproduces them exactly.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/play/board.h"
#include "server/domain/play/glicko2.h"
#include "server/storage/store.h"

namespace ludus::server {

// A rating period: a player's deviation grows by one period's volatility for every
// kRatingPeriodSeconds without a rated game.
constexpr int64_t kRatingPeriodSeconds = 7 * 86400;
// Above this deviation a rating is provisional (marked '?'): roughly, it may still be
// 220 points off either way.
constexpr double kProvisionalDeviation = 110.0;

enum class GameResult { Win, Loss, Draw };
const char* game_result_name(GameResult result);  // "win", "loss", "draw"

// A player's rating in one game, as stored (fixed point).
struct PlayerRating {
  std::string player;  // user id or ai:SPEC
  std::string game;
  int64_t rating = 0;      // millionths of a point
  int64_t deviation = 0;   // millionths, as of updated_at
  int64_t volatility = 0;  // billionths
  int games = 0, wins = 0, losses = 0, draws = 0;
  int64_t updated_at = 0;  // when the latest rated game ended (0: none yet)

  // A player with no rated game yet: 1500, deviation 350.
  static PlayerRating fresh(const std::string& player, const std::string& game);
  glicko2::Rating value() const;
  double rating_points() const { return static_cast<double>(rating) / 1e6; }
  // The deviation at `now`: it has grown since updated_at.
  double deviation_at(int64_t now) const;
  bool provisional_at(int64_t now) const { return deviation_at(now) > kProvisionalDeviation; }
};

// One player's side of a rated game, as applied.
struct RatingChange {
  int64_t board = 0;
  std::string player, game, opponent;
  GameResult result = GameResult::Draw;
  PlayerRating before, after;
  int64_t at = 0;
};

// A finished board as rating sees it.
struct RatedGame {
  int64_t board = 0;
  std::string game;
  std::array<std::string, 2> seats;
  int winner_seat = -1;  // -1: a draw
  int64_t at = 0;        // when it ended
};

// Applies a rated game to both seats' ratings (each updated from the other's rating
// before the game) and returns the two changes, seat 0's first.  Pure.
std::array<RatingChange, 2> apply_rated_game(const RatedGame& game, PlayerRating& seat0, PlayerRating& seat1);

// Whether the board's options are the game's defaults (the only rated ones: other board
// sizes and rule variants are different games for a rating).
bool standard_options(const std::string& game, const std::map<std::string, std::string>& options);
// Why a board of `game` with `options` (the game's, canonical) cannot be rated, naming the
// options that differ ("only boards with N-Mesh's standard options are rated (size 6, not
// 4)"); nullopt for the standard options.  The one text the grammar's refusal, a finished
// board's reason and the page's forms (POST /api/board-spec) give.
std::optional<std::string> nonstandard_options_reason(const std::string& game,
                                                      const std::map<std::string, std::string>& options);

// Why a finished board does not change ratings, or nullopt when it does: the board is
// unrated, its options are not standard, or a player never moved (a game resigned or
// undone to the start, or lost on time before a move, is aborted, not lost).
std::optional<std::string> unrated_reason(const GameRecord& record, int seats_that_moved);

// In the transaction of the change that just finished `board`: applies the result to
// the players' ratings when the board is rated (unrated_reason).
void rate_finished_game(Session& session, const Board& board);

// Where a rating is kept: a game's players' ("ratings"), or the solvers' of the game's
// puzzles ("puzzle_ratings", domain/puzzles/puzzles.h): the same numbers, kept apart.
enum class RatingTable { Games, Puzzles };
// Writes the row of `rating` (player and game) in `table`.
void store_rating(Session& session, const PlayerRating& rating, RatingTable table = RatingTable::Games);

// --- reading ---------------------------------------------------------------------------
// The player's rating in the game (a new player's when they have none).
PlayerRating rating_of(Session& session, const std::string& player, const std::string& game,
                       RatingTable table = RatingTable::Games);
struct Standing {
  int rank = 0;  // 1 = highest rating
  PlayerRating rating;
};
// How many players a page of standings holds unless the reader asks for another limit.
constexpr int kStandingsPage = 500;
// The game's rated players, highest rating first (ties by name).
std::vector<Standing> standings(Session& session, const std::string& game, int limit = kStandingsPage, int offset = 0);
// The player's ratings, one per game played, with their rank there.
std::vector<Standing> ratings_of(Session& session, const std::string& player);
// The player's rated results, oldest first (the latest `limit`).
std::vector<RatingChange> rating_history(Session& session, const std::string& player, int limit = 1000);

// --- recomputing -------------------------------------------------------------------------
struct RerateReport {
  int games = 0;        // finished boards that count, replayed
  int players = 0;      // ratings computed
  int differences = 0;  // stored rows (ratings and changes) that differ from the replay
  bool written = false;
};
// Replays every finished rated board in the order they ended and compares the result
// with the stored ratings; with `write`, replaces the stored ratings and changes by the
// replay's (one transaction).
RerateReport rerate(Store& store, bool write);

}  // namespace ludus::server
