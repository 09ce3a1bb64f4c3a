// SPDX-License-Identifier: Apache-2.0
// The review of a played game (ai/review.h): Lichess's labels and accuracy formulas, a
// known blunder that throws a proven win away, the only winning move re-verified by the
// solver move by move, the same review for the same seed, and Epoxy's turns kept whole.
// Small boards only (Ndengrod hex-hex 3, lines of 3: solved in milliseconds, docs/solved.md).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/grading.h"
#include "ai/player.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/turn_count.h"
#include "ai/review.h"

namespace ludus::ai {
namespace {

using solver::Value;

std::shared_ptr<const Game> small_ndengrod() {
  return make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}});
}

History played(const std::shared_ptr<const Game>& game, const std::vector<std::string>& moves) {
  History history(game);
  history.play_moves(moves);
  return history;
}

TEST(Review, LichessThresholdsOnItsMinusOneToOneScale) {
  EXPECT_EQ(review_label(0.60, 0.56), MoveLabel::kNone);
  EXPECT_EQ(review_label(0.60, 0.55), MoveLabel::kInaccuracy);
  EXPECT_EQ(review_label(0.60, 0.50), MoveLabel::kMistake);
  EXPECT_EQ(review_label(0.60, 0.45), MoveLabel::kBlunder);
  EXPECT_EQ(review_label(1.00, 0.00), MoveLabel::kBlunder);
  EXPECT_EQ(review_label(0.40, 0.90), MoveLabel::kNone);  // a gain is never a fault
  EXPECT_EQ(label_name(MoveLabel::kMistake), "mistake");
}

TEST(Review, LichessAccuracyOfAMove) {
  EXPECT_EQ(move_accuracy(0.5, 0.5), 100);
  EXPECT_EQ(move_accuracy(0.5, 0.8), 100);
  // 103.1668 e^(-0.04354 * 10) - 3.1669 + 1 for a drop of 10 points.
  EXPECT_NEAR(move_accuracy(0.6, 0.5), 64.58, 0.005);
  EXPECT_NEAR(move_accuracy(1.0, 0.0), 0.0, 1e-9);  // clamped at 0
}

TEST(Review, AKnownBlunderThrowsAProvenWinAway) {
  auto game = small_ndengrod();
  // After c3 b2 the first player wins (b3 wins, docs/solved.md's solver), after a1 loses:
  // O's b2 b3 then threaten b1 and b4 at once.
  const History record = played(game, {"c3", "b2", "a1", "b3", "b4", "b1"});
  PositionJudge judge(*game, {});
  ASSERT_EQ(judge.value_for(played(game, {"c3", "b2"}).state(), 0), Value::kWin);
  ASSERT_EQ(judge.value_for(played(game, {"c3", "b2", "a1"}).state(), 0), Value::kLoss);

  const GameReview review = review_game(record, {.iterations = 300});
  ASSERT_TRUE(review.proofs);
  ASSERT_EQ(review.turns.size(), 6u);
  const ReviewedTurn& blunder = review.turns[2];
  EXPECT_EQ(blunder.number, 3);
  EXPECT_EQ(blunder.seat, 0);
  EXPECT_EQ(blunder.played, "a1");
  EXPECT_EQ(blunder.before, 1.0);
  EXPECT_EQ(blunder.after, 0.0);
  EXPECT_EQ(blunder.label, MoveLabel::kBlunder);
  EXPECT_EQ(blunder.note, ProofNote::kWinThrown);
  EXPECT_NE(blunder.best, "a1");
  // The best turn the review names keeps the win.
  auto best = played(game, {"c3", "b2", blunder.best});
  EXPECT_EQ(judge.value_for(best.state(), 0), Value::kWin);
  for (const ReviewedTurn& turn : review.turns)
    if (turn.number != 3) EXPECT_NE(turn.note, ProofNote::kWinThrown) << "turn " << turn.number;
  EXPECT_LT(review.accuracy[0], 50);
  EXPECT_EQ(review.accuracy[1], 100);
  const nlohmann::json j = review_json(review);
  EXPECT_EQ(j["turns"][2]["label"], "blunder");
  EXPECT_EQ(j["turns"][2]["note"], "win thrown away");
}

TEST(Review, TheOnlyWinningMoveIsNamedAndEveryOtherReplyProvenNotToWin) {
  auto game = small_ndengrod();
  // a2 loses for the first player (docs/solved.md); c3 is O's one winning answer.
  const History record = played(game, {"a2", "c3", "e4", "b2", "c5", "a1"});
  const GameReview review = review_game(record, {.iterations = 300});
  ASSERT_GE(review.turns.size(), 2u);
  EXPECT_EQ(review.turns[0].note, ProofNote::kWinThrown);
  EXPECT_EQ(review.turns[1].played, "c3");
  EXPECT_EQ(review.turns[1].note, ProofNote::kOnlyWin);
  // Re-verified from the rules: every other reply to a2 is proven not to win for O.
  PositionJudge judge(*game, {});
  const History after_a2 = played(game, {"a2"});
  int others = 0;
  for (Action reply : after_a2.state().legal_actions()) {
    auto next = after_a2.state().clone();
    const std::string text = next->action_to_text(reply);
    next->apply(reply);
    const Value value = judge.value_for(*next, 1);
    if (text == "c3") {
      EXPECT_EQ(value, Value::kWin);
    } else {
      EXPECT_TRUE(value == Value::kLoss || value == Value::kDraw) << text;
      ++others;
    }
  }
  EXPECT_GT(others, 10);
}

TEST(Review, TheSameSeedGivesTheSameReview) {
  auto game = make_game("ndengrod", {{"size", "4"}, {"length", "4"}, {"swap", "off"}});
  const History record = played(game, {"d4", "c3", "e4", "d5", "c4", "f4"});
  const ReviewSettings settings{.iterations = 200, .seed = 7, .proof_seconds = 0};
  const nlohmann::json first = review_json(review_game(record, settings));
  EXPECT_EQ(first, review_json(review_game(record, settings)));
  EXPECT_FALSE(first["proofs"].get<bool>());
  for (const auto& turn : first["turns"]) EXPECT_EQ(turn["note"], "");
}

TEST(Review, EpoxyTurnsOfTwoActionsAreReviewedWhole) {
  auto game = make_game("epoxy", {});
  auto random = make_player("random", {.seed = 3});
  History record(game);
  while (!record.is_over() && turns_in(record, record.num_moves()) < 6) {
    record.play(random->choose(record).action);
  }
  while (record.mid_turn() && !record.is_over()) record.play(random->choose(record).action);
  const GameReview review = review_game(record, {.iterations = 50, .proof_seconds = 0});
  ASSERT_EQ(static_cast<int>(review.turns.size()), turns_in(record, record.num_moves()));
  int plies = 0;
  bool two = false;
  for (const ReviewedTurn& turn : review.turns) {
    EXPECT_EQ(turn.first_ply, plies);
    plies += turn.plies;
    two = two || (turn.plies == 2 && turn.played.find(',') != std::string::npos);
    EXPECT_GE(turn.before, 0.0);
    EXPECT_LE(turn.before, 1.0);
  }
  EXPECT_EQ(plies, record.num_moves());
  EXPECT_TRUE(two);
  // The best turn is a whole turn too: Epoxy's turns after the first have two actions.
  EXPECT_NE(review.turns[2].best.find(','), std::string::npos) << review.turns[2].best;
}

TEST(Review, PastTheReviewsProofTimeTheSearchAloneJudges) {
  auto game = small_ndengrod();
  const History record = played(game, {"c3", "b2", "a1", "b3", "b4", "b1"});
  const GameReview review = review_game(record, {.iterations = 300, .proof_total_seconds = 0});
  EXPECT_TRUE(review.proofs);
  EXPECT_TRUE(review.proofs_cut);
  for (const ReviewedTurn& turn : review.turns) EXPECT_EQ(turn.note, ProofNote::kNone) << "turn " << turn.number;
  EXPECT_FALSE(review_game(record, {.iterations = 300}).proofs_cut);
}

// A stored review (the server keeps review_json's text) reads back as it was written, so the
// `review` command prints the stored review as `ludus review` prints a fresh one.
TEST(Review, AStoredReviewReadsBackAsWritten) {
  auto game = small_ndengrod();
  const History record = played(game, {"c3", "b2", "a1", "b3", "b4", "b1"});
  const GameReview review = review_game(record, {.iterations = 300});
  const nlohmann::json j = review_json(review);
  const GameReview read = review_from_json(nlohmann::json::parse(j.dump()));
  EXPECT_EQ(review_json(read), j);
  EXPECT_EQ(review_text(read, record), review_text(review, record));
  EXPECT_THROW(review_from_json(nlohmann::json{{"turns", 3}}), LudusError);
  EXPECT_THROW(review_from_json(nlohmann::json::object()), LudusError);
}

TEST(Review, ARecordWithoutMovesIsRefused) {
  const History empty(small_ndengrod());
  EXPECT_THROW(review_game(empty, {}), LudusError);
}

}  // namespace
}  // namespace ludus::ai
