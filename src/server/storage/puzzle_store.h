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
// Puzzles of each game ({game, count}), for the page's list.
std::vector<std::pair<std::string, int>> puzzle_counts(Session& session);

}  // namespace ludus::server
