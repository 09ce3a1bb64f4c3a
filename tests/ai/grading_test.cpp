// SPDX-License-Identifier: Apache-2.0
// Grading by proofs (ai/grading.h): a move is judged kept or thrown by the solver, a lost
// position is played out against the solver's winning moves, and positions survive a
// round trip through their text.  Small boards only (Ndengrod hex-hex 2, lines of 3:
// solved in milliseconds).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/grading.h"
#include "ai_test_support.h"
#include "core/error.h"

namespace ludus::ai {
namespace {

using solver::Value;

std::shared_ptr<const Game> tiny_ndengrod() {
  return make_game("ndengrod", {{"size", "2"}, {"length", "3"}, {"swap", "off"}});
}

// Plays the moves it is given, in order, whatever the position.
class ScriptedPlayer : public Player {
 public:
  explicit ScriptedPlayer(std::vector<Action> moves) : moves_(std::move(moves)) {}
  std::string name() const override { return "scripted"; }
  MoveChoice choose(const History&) override {
    MoveChoice c;
    c.action = moves_.at(next_++ % moves_.size());
    return c;
  }

 private:
  std::vector<Action> moves_;
  size_t next_ = 0;
};

// Every first move of the start position, with its value for the first player.
std::vector<std::pair<Action, Value>> first_moves(const Game& game) {
  PositionJudge judge(game, {});
  auto start = game.new_initial_state();
  std::vector<std::pair<Action, Value>> out;
  for (Action a : start->legal_actions()) {
    auto next = start->clone();
    next->apply(a);
    out.emplace_back(a, judge.value_for(*next, 0));
  }
  return out;
}

TEST(Grading, AWinningMoveIsKeptAndALosingOneThrown) {
  auto game = tiny_ndengrod();
  const ProvenPosition start{{}, true};  // the centre wins (docs/solved.md)
  PositionJudge judge(*game, {});
  ASSERT_EQ(judge.value_for(*game->new_initial_state(), 0), Value::kWin);
  int kept = 0, thrown = 0;
  for (const auto& [move, value] : first_moves(*game)) {
    ASSERT_NE(value, Value::kUnknown);
    ScriptedPlayer player({move});
    const MoveGrade grade = grade_won_position(game, start, player, judge);
    EXPECT_EQ(grade.move, move);
    EXPECT_EQ(grade.outcome, value == Value::kWin ? MoveGrade::kKept : MoveGrade::kThrown)
        << game->new_initial_state()->action_to_text(move);
    (grade.outcome == MoveGrade::kKept ? kept : thrown)++;
  }
  EXPECT_EQ(kept, 1);  // b2 alone
  EXPECT_GT(thrown, 0);
}

TEST(Grading, ALostPositionIsPlayedOutAgainstTheProof) {
  auto game = tiny_ndengrod();
  // After a losing first move the first player loses: the second player wins against
  // every defence, so a random defender lasts some plies and never escapes.
  Action losing = kNoAction;
  for (const auto& [move, value] : first_moves(*game))
    if (value == Value::kLoss) losing = move;
  ASSERT_NE(losing, kNoAction);
  auto after = game->new_initial_state();
  after->apply(losing);
  // The second player to move wins here; the position to resist is one ply on, with the
  // solver's winning reply played.
  PositionJudge judge(*game, {});
  const solver::PositionResult reply = judge.solve(*after);
  ASSERT_EQ(reply.value, Value::kWin);
  const ProvenPosition lost{{losing, reply.best}, false};
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    auto player = make_graded_player("random", seed);
    const Resistance r = resist_lost_position(game, lost, *player, judge, 100);
    EXPECT_TRUE(r.finished);
    EXPECT_FALSE(r.escaped);
    EXPECT_GE(r.plies, 2);  // at least the loser's move and the winning one
  }
}

TEST(Grading, SampledPositionsAreProvenAndSurviveTheirText) {
  auto game = tiny_ndengrod();
  const auto positions = sample_proven_positions(game, "easy", 8, 40, 0, 3, {});
  ASSERT_EQ(positions.size(), 8u);
  PositionJudge judge(*game, {});
  for (const ProvenPosition& p : positions) {
    auto state = game->new_initial_state();
    for (Action a : p.moves) state->apply(a);
    EXPECT_EQ(judge.value_for(*state, state->seat_to_move()), p.mover_wins ? Value::kWin : Value::kLoss);
  }
  const std::string text = format_positions(*game, positions);
  const auto parsed = parse_positions(*game, text);
  ASSERT_EQ(parsed.size(), positions.size());
  for (size_t i = 0; i < parsed.size(); ++i) {
    EXPECT_EQ(parsed[i].moves, positions[i].moves);
    EXPECT_EQ(parsed[i].mover_wins, positions[i].mover_wins);
  }
}

TEST(Grading, BadPositionsFilesAreOneClearLine) {
  auto game = tiny_ndengrod();
  auto error_of = [&](const std::string& text) {
    try {
      parse_positions(*game, text);
    } catch (const LudusError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string head = "game ndengrod\noptions length=3 shape=hexhex size=2 swap=off\n";
  EXPECT_EQ(error_of(head + "W b2\n"), "accepted");
  EXPECT_EQ(error_of("game n-mesh\n"), "bad positions file: line 1: not a positions file of ndengrod");
  EXPECT_EQ(error_of("game ndengrod\noptions size=3\n"), "bad positions file: line 2: made for other options of ndengrod");
  EXPECT_EQ(error_of("W b2\n"), "bad positions file: line 1: a position before the 'game' and 'options' lines");
  EXPECT_EQ(error_of(head + "X b2\n"), "bad positions file: line 3: expected 'game', 'options', 'W' or 'L', not 'X'");
  EXPECT_NE(error_of(head + "W b2 b2\n").find("bad positions file: line 3: illegal move 'b2'"), std::string::npos);
  EXPECT_EQ(error_of(""), "bad positions file: no 'game' line");
}

TEST(Grading, TheGradedPlayerHasNoBook) {
  // After a2 on N-Mesh 4x4 the book proves the second player's win (the conversion); with
  // it the player answers at once from the book, without it the search runs.
  auto game = make_game("n-mesh", {{"size", "4"}});
  const History start = testing::position(game, {"a2"});
  auto booked = make_player("mcts:iters=50");
  EXPECT_EQ(booked->choose(start).iterations, 0);
  auto graded = make_graded_player("mcts:iters=50", 1);
  EXPECT_GT(graded->choose(start).iterations, 0);
  EXPECT_GT(make_player("mcts:iters=50,book=off")->choose(start).iterations, 0);
}

}  // namespace
}  // namespace ludus::ai
