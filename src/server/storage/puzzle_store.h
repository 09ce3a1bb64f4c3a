// SPDX-License-Identifier: Apache-2.0
#pragma once
// The puzzles and the attempts at them (schema migration 19, docs/puzzles.md).  Every query
// of them is here, on a Session the caller holds in a transaction; the ratings of solvers
// and puzzles are in puzzle_ratings, read and written by domain/play/ratings.h.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

struct PuzzleRow {
  int64_t id = 0;
  std::string game;
  std::string digest;
  std::string record;  // the puzzle's line of JSON
};

struct PuzzleAttempt {
  int64_t id = 0;
  int64_t puzzle = 0;
  std::string user;
  int turns = 0;                   // the solver's turns of the line played right so far
  std::string status = "open";     // "open", "solved", "failed"
  int64_t started_at = 0;
  std::optional<int64_t> finished_at;
};

// Adds the puzzle unless one of its game has its digest; returns its id when added.
std::optional<int64_t> insert_puzzle(Session& session, const PuzzleRow& puzzle, int64_t now);
std::optional<PuzzleRow> find_puzzle(Session& session, int64_t id);
// A puzzle of `game` that `user` has never attempted, its rating (in puzzle_ratings, as
// puzzle:ID) nearest `rating` (millionths); nullopt when none is left.
std::optional<PuzzleRow> untried_puzzle(Session& session, const std::string& user, const std::string& game, int64_t rating);

int64_t insert_attempt(Session& session, const PuzzleAttempt& attempt);
std::optional<PuzzleAttempt> find_attempt(Session& session, int64_t id);
// The user's open attempt at a puzzle of `game`, if any (the latest).
std::optional<PuzzleAttempt> open_attempt(Session& session, const std::string& user, const std::string& game);
// Writes turns, status and finished_at.
void update_attempt(Session& session, const PuzzleAttempt& attempt);
// Every attempt of `user`, oldest first, with the game of its puzzle (its data export).
std::vector<std::pair<PuzzleAttempt, std::string>> attempts_of(Session& session, const std::string& user);
// Puzzles of each game ({game, count}), for the page's list; not the mistakes' (below).
std::vector<std::pair<std::string, int>> puzzle_counts(Session& session);

// "Your mistakes" (schema migration 21): a puzzle made from a reviewed game, owned by the
// player who erred at `turn` (the review's, 1-based) of `board`.  Such puzzles are only
// their owners': untried_puzzle, open_attempt and puzzle_counts leave them out.
struct MistakePuzzle {
  int64_t puzzle = 0;
  std::string user;
  int64_t board = 0;
  int turn = 0;
  int64_t created_at = 0;
  std::string game;                      // read from the puzzle
  std::optional<PuzzleAttempt> attempt;  // the owner's, if any (read)
};
// The id of the puzzle of `game` with `digest`, if stored.
std::optional<int64_t> puzzle_with_digest(Session& session, const std::string& game, const std::string& digest);
// Records the ownership unless the user has one at that board and turn already.
void insert_mistake(Session& session, const MistakePuzzle& mistake);
// `user`'s mistakes, of one board or of all (newest board first, then by turn).
std::vector<MistakePuzzle> mistakes_of(Session& session, const std::string& user, std::optional<int64_t> board);
// Whether `puzzle` was made from someone's mistake (its attempts are unrated), and whether
// `user` owns it.
bool is_mistake_puzzle(Session& session, int64_t puzzle);
bool owns_mistake_puzzle(Session& session, const std::string& user, int64_t puzzle);

}  // namespace ludus::server
