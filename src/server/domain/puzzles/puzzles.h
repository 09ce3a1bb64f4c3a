// SPDX-License-Identifier: Apache-2.0
#pragma once
// Puzzles on the play server (docs/puzzles.md): positions where exactly one whole turn wins,
// proven (ai/puzzles.h).  A signed-in user asks for the next puzzle of a game, the untried
// one whose rating is nearest theirs, and plays it turn by turn: each turn is checked
// against the stored line (the same position reached counts, whatever the order of a
// turn's actions), the loser's proven reply is played back, and a wrong turn fails the
// puzzle.  The end of an attempt rates both the user and the puzzle: Glicko-2 as for games
// (ratings.h, RatingTable::Puzzles), the user's per game, the puzzle's as "puzzle:ID".
// One attempt per user and puzzle: a failed puzzle is not offered again.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/puzzles.h"
#include "ai/review.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/play/board.h"
#include "server/storage/store.h"

namespace ludus::server {

class Puzzles {
 public:
  // `clock` gives the time of attempts and ratings (tests set it).
  Puzzles(Store& store, Clock clock) : store_(&store), clock_(std::move(clock)) {}

  // Adds the puzzles of a JSON Lines text (`ludus puzzles make`) that the table lacks (by
  // game and digest), each with its starting rating; returns how many were added.  Throws
  // LudusError naming `source` and the line of a bad puzzle (nothing is added then).
  int load(std::string_view jsonl, const std::string& source);
  // The same for the starter sets compiled in (data/puzzles/*.jsonl).
  int load_starter_sets();

  // {"games": [{"game", "title", "puzzles"}], "ratings": {GAME: rating_json}} for `user`
  // ("" when nobody is signed in: no ratings).
  nlohmann::json overview(const std::string& user);
  // What the server keeps of `user`'s puzzles, for their data export: {"ratings": {GAME:
  // rating}, "attempts": [{"attempt", "puzzle", "game", "status", "turns", "started_at",
  // "finished_at"}], "mistakes": [{"puzzle", "game", "board", "turn", "created_at"}]}.  Read
  // in the caller's transaction.
  static nlohmann::json user_data(Session& session, const std::string& user, int64_t now);
  // The user's open attempt at a puzzle of `game`, else a new attempt at the untried puzzle
  // nearest their rating (attempt_json).  400 for an unknown game, 404 when none is left.
  nlohmann::json next(const std::string& user, std::string_view game);
  // Plays `turn` (a whole turn as people type it) in the user's open attempt: attempt_json
  // with "result": "right" (and "reply", the loser's turn played back), "solved" or
  // "wrong" (the rest of the line in "solution"), and after the end "rating_change".  404
  // for an attempt of someone else, 409 for a finished one, 400 for a turn the rules
  // refuse or that is not whole.
  nlohmann::json play(const std::string& user, int64_t attempt, std::string_view turn);

  // --- "your mistakes" -------------------------------------------------------------------
  // A puzzle found at the position before a reviewed turn: `user` (a person, not an AI)
  // played `turn` (the review's number) where exactly one turn won.
  struct FoundMistake {
    std::string user;
    int turn = 0;
    ai::Puzzle puzzle;
  };
  // The turns of `review` labelled mistake or blunder, or a proven win thrown away, made by
  // a person, whose position before is a puzzle by the puzzles engine (ai::make_puzzle,
  // within `limits`), and whose turn played was not the winning one: at most `positions`
  // positions are tried, proven wins thrown away first, then the earliest.  No transaction:
  // the searches take seconds.
  static std::vector<FoundMistake> find_mistakes(const Board& board, const ai::GameReview& review, int positions,
                                                 const ai::PuzzleLimits& limits);
  // Stores them (the puzzle once per position, each owned by its player) in the caller's
  // transaction.
  static void store_mistakes(Session& session, int64_t board, const std::vector<FoundMistake>& found, int64_t now);
  // {"puzzles": [{"puzzle", "game", "title", "board", "turn", "created_at", "status"
  // ("new", "open", "solved", "failed"), "attempt" (id or null)}]}: `user`'s mistakes, of
  // `board` or of every board.
  nlohmann::json mine(const std::string& user, std::optional<int64_t> board);
  // The user's attempt at their mistake `puzzle` (attempt_json; a new one the first time).
  // Attempts at mistakes are unrated ("rated": false).  404 for a puzzle not theirs.
  nlohmann::json mistake(const std::string& user, int64_t puzzle);

 private:
  Store* store_;
  Clock clock_;
};

}  // namespace ludus::server
