// SPDX-License-Identifier: Apache-2.0
#pragma once
// The review of a played game (docs/review.md), one piece of code for `ludus review` and
// the server: per whole turn (core/turn_count.h; Epoxy's two actions are one turn) the
// mover's winning chance before and after it, the search's best turn from the same
// position, Lichess's label for the drop (inaccuracy, mistake, blunder; Advice.scala) and,
// where the solver settles the positions within its budget, "a proven win thrown away" or
// "the only winning move"; and each player's accuracy for the game by Lichess's formulas
// (AccuracyPercent.scala).
//
// Winning chances come from an MCTS search of a fixed number of iterations on one thread
// with a seed, so a review is the same every time for the same record and settings; a
// position the solver proves (the solver's answers are exact, only whether one comes
// within `proof_seconds` depends on the machine) counts as 1 (won), 0 (lost) or 0.5 (drawn).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/history.h"

namespace ludus::ai {

struct ReviewSettings {
  int64_t iterations = 2000;        // MCTS iterations per position
  uint64_t seed = 1;                // of every search
  double proof_seconds = 0.25;      // the solver's time per question; 0: no proofs
  size_t proof_memory = 16u << 20;  // its table, one for the whole review
  // Wall time of every question together; past it the rest of the review goes without
  // proofs (its winning chances come from the search alone).
  double proof_total_seconds = 30;
  // "The only winning move" is looked for when the mover had at most this many other moves
  // (each is a question to the solver); 0: never.
  int most_alternatives = 64;
};

// Lichess's labels, by how far the mover's winning chance drops (review_label).
enum class MoveLabel { kNone, kInaccuracy, kMistake, kBlunder };
// What the solver settled about a turn.
enum class ProofNote {
  kNone,
  kWinThrown,  // the mover had a proven win before the turn and not after it
  kOnlyWin,    // the mover had a proven win and every other move would have lost it
};
std::string label_name(MoveLabel label);  // "", "inaccuracy", "mistake", "blunder"
std::string note_name(ProofNote note);    // "", "win thrown away", "only winning move"

// The label of a drop from `before` to `after` (the mover's winning chances, 0..1).
// Lichess judges on its winning-chances scale from -1 to +1 (0.1 inaccuracy, 0.2 mistake,
// 0.3 blunder), which is twice this one: drops of 0.05, 0.10 and 0.15 here.
MoveLabel review_label(double before, double after);
// Lichess's accuracy of one move, 0..100, from the mover's winning chances (0..1).
double move_accuracy(double before, double after);

struct ReviewedTurn {
  int number = 0;      // 1-based
  int first_ply = 0;   // 0-based index of its first ply in the record
  int plies = 0;
  int seat = 0;        // the mover
  int colour = 0;      // ... and the colour it played
  std::string played;  // as people write a turn: "d3,e5-e7"
  double before = 0.5; // the mover's winning chance before the turn, 0..1
  double after = 0.5;  // ... and after it
  std::string best;    // the search's turn from the position before ("" when it was forced or not searched)
  std::vector<std::string> best_line;  // the search's principal variation from there, plies
  MoveLabel label = MoveLabel::kNone;
  ProofNote note = ProofNote::kNone;
  double accuracy = 100;  // move_accuracy(before, after)
};

struct GameReview {
  std::vector<ReviewedTurn> turns;
  // Each seat's accuracy for the game (0..100), or -1 when the seat made no turn.
  std::array<double, 2> accuracy{-1, -1};
  bool proofs = false;  // the solver could be asked (some games' positions cannot be keyed)
  bool proofs_cut = false;  // proof_total_seconds ran out before the end
  ReviewSettings settings;
};

// Reviews the plies of `record` (its ending by resignation, time or agreement is not a
// position: the review stops at the last ply).  Precondition: the record holds a ply.
GameReview review_game(const History& record, const ReviewSettings& settings);

// {"turns": [{"number", "first_ply", "plies", "seat", "colour", "played", "before", "after", "best",
//  "best_line", "label", "note", "accuracy"}], "accuracy": [a0|null, a1|null], "proofs", "proofs_cut",
//  "iterations", "seed", "proof_seconds", "proof_total_seconds"} (docs/review.md).
nlohmann::json review_json(const GameReview& review);
// The review review_json wrote (a stored one); throws LudusError for JSON of another shape.
GameReview review_from_json(const nlohmann::json& json);
// One line per turn and the players' accuracy, for a terminal.
std::string review_text(const GameReview& review, const History& record);

}  // namespace ludus::ai
