// SPDX-License-Identifier: Apache-2.0
// GameTraces from real positions: what the recorder reads from a History and from the
// search's root moves (evaluation, reasonable moves, clarity), recorded games, and the
// JSON round trip the cache relies on.
#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/geometry.h"
#include "core/registry.h"
#include "study/game_trace.h"

namespace ludus::study {
namespace {

bool has_game(const std::string& name) {
  for (const auto& entry : registered_games())
    if (entry.info->name == name) return true;
  return false;
}

#define REQUIRE_GAME(name) \
  if (!has_game(name)) GTEST_SKIP() << name << " is not built"

TEST(TraceRecorder, EvaluationAndClarityFromTheRootMoves) {
  REQUIRE_GAME("n-mesh");
  History h(make_game("n-mesh", {{"size", "4"}}));
  ai::MoveChoice choice;
  choice.action = h.state().parse_action("a1");
  // Win rates for the mover; the 1-visit move is too noisy for clarity but counts nowhere.
  choice.root_moves = {{choice.action, 100, 0.8}, {h.state().parse_action("b2"), 50, 0.6},
                       {h.state().parse_action("c3"), 5, 0.2}, {h.state().parse_action("d4"), 1, 0.9}};
  choice.value = 2 * 0.8 - 1;
  TraceRecorder recorder;
  recorder.before_ply(h, &choice);
  h.play(choice.action);
  // The second seat moves and thinks it wins 60%: the first seat's view is 40%.
  ai::MoveChoice reply;
  reply.action = h.state().parse_action("b1");
  reply.root_moves = {{reply.action, 10, 0.6}};
  reply.value = 2 * 0.6 - 1;
  recorder.before_ply(h, &reply);
  h.play(reply.action);
  recorder.before_ply(h, nullptr);  // no search (a random player)
  h.play("c1");
  GameTrace t = recorder.finish(h);
  ASSERT_EQ(t.num_plies(), 3);
  const PlyTrace& first = t.plies[0];
  EXPECT_EQ(first.seat, 0);
  EXPECT_EQ(first.legal, 16);
  EXPECT_NEAR(first.eval, 0.8, 1e-12);
  EXPECT_EQ(first.reasonable, 2);  // 100 and 50 visits reach 10% of 100; 5 and 1 do not
  // Clarity over the moves with 2+ visits {0.8, 0.6, 0.2}: mean 1.6/3, threshold
  // mean + 0.75 (0.8 - mean) = 0.7333, so 1 of 3 stands out; variance
  // ((0.8-m)^2 + (0.6-m)^2 + (0.2-m)^2) / 3 = 0.186667 / 3.
  EXPECT_NEAR(first.narrowness, 1 / 3.0, 1e-12);
  EXPECT_NEAR(first.spread, 0.56 / 9, 1e-12);
  EXPECT_EQ(t.plies[1].seat, 1);
  EXPECT_NEAR(t.plies[1].eval, 0.4, 1e-12);
  EXPECT_EQ(t.plies[1].position.stones[0], 1);
  EXPECT_TRUE(std::isnan(t.plies[2].eval));
  EXPECT_EQ(t.plies[2].reasonable, -1);
  EXPECT_EQ(t.plies[2].position.stones[0] + t.plies[2].position.stones[1], 2);
  EXPECT_EQ(t.sites, 16);
  EXPECT_EQ(t.covered, 3);  // a1, b1, c1
  EXPECT_EQ(t.first_move, "a1");
  EXPECT_EQ(t.turns, 3);
  EXPECT_EQ(t.winning_seat, kDraw);  // still on
}

TEST(TraceRecorder, EpoxyTurnsHoldTwoActions) {
  REQUIRE_GAME("epoxy");
  History h(make_game("epoxy"));
  for (int i = 0; i < 7 && !h.is_over(); ++i) h.play(h.state().legal_actions().front());
  GameTrace t = trace_of_history(h);
  EXPECT_EQ(t.num_plies(), h.num_moves());
  EXPECT_EQ(t.turns, h.turn_number(h.num_moves() - 1));
  EXPECT_LT(t.turns, t.num_plies());  // 1-2 turns: fewer turns than actions
  for (int i = 0; i < t.num_plies(); ++i) EXPECT_EQ(t.plies[static_cast<size_t>(i)].turn, h.turn_number(i)) << i;
}

TEST(TraceRecorder, RecordedGameGivesOutcomeAndBoardFacts) {
  REQUIRE_GAME("n-mesh");
  History h(make_game("n-mesh", {{"size", "3"}}));
  while (!h.is_over()) h.play(h.state().legal_actions().front());
  GameTrace t = trace_of_history(h);
  EXPECT_EQ(t.winning_seat, h.winning_seat());
  EXPECT_EQ(t.end_reason, h.end_reason());
  EXPECT_EQ(t.sites, 9);
  EXPECT_GE(t.covered, 1);
  EXPECT_EQ(t.plies.front().legal, 9);
  EXPECT_EQ(t.plies.front().position.stones[0], 0);
  for (const auto& p : t.plies) EXPECT_EQ(p.position.repeats, Repeats{});  // placement only: no board comes back
  EXPECT_EQ(t.final_position.stones[0] + t.final_position.stones[1], t.num_plies());
  EXPECT_FALSE(t.final_position.has_score());  // N-Mesh shows no score
}

TEST(TraceRecorder, APieSwapIsNoRepeatedPosition) {
  REQUIRE_GAME("ndengrod");
  History h(make_game("ndengrod", {{"swap", "on"}}));
  h.play("e5");
  h.play("swap");  // same stones, same colour to move, the seats exchanged
  h.play("d4");
  GameTrace t = trace_of_history(h);
  ASSERT_EQ(t.num_plies(), 3);
  EXPECT_TRUE(t.swap_taken);
  // After the swap the board is the same, but the seats hold other colours.
  EXPECT_TRUE(t.plies[2].position.repeats.board);
  EXPECT_FALSE(t.plies[2].position.repeats.position);
  EXPECT_FALSE(t.plies[2].position.repeats.situation);
}

TEST(TraceRecorder, EpoxyPassRepeatsTheBoardOnlyAndSlidesHaveADistance) {
  REQUIRE_GAME("epoxy");
  History h(make_game("epoxy"));
  // Play the first legal action until a slide comes up, passing every second action.
  int slide = -1;
  for (int i = 0; i < 200 && !h.is_over() && slide < 0; ++i) {
    std::string chosen;
    for (Action a : h.state().legal_actions()) {
      const std::string text = h.state().action_to_text(a);
      if (text.find('-') != std::string::npos) chosen = text, slide = h.num_moves();
    }
    if (chosen.empty()) chosen = h.mid_turn() ? "pass" : h.state().action_to_text(h.state().legal_actions().front());
    h.play(chosen);
  }
  ASSERT_GE(slide, 0) << "no slide came up";
  GameTrace t = trace_of_history(h);
  ASSERT_EQ(t.num_plies(), h.num_moves());
  for (int i = 0; i < t.num_plies(); ++i) {
    const PlyTrace& after = i + 1 < t.num_plies() ? t.plies[static_cast<size_t>(i) + 1] : PlyTrace{};
    const PositionFacts& next = i + 1 < t.num_plies() ? after.position : t.final_position;
    if (h.moves()[static_cast<size_t>(i)] == "pass") {
      EXPECT_TRUE(next.repeats.board) << i;       // a pass leaves the stones as they were
      EXPECT_FALSE(next.repeats.position) << i;   // but the other colour moves
    }
  }
  // The slide's distance: steps along its line, counted on the board's geometry.
  const Geometry& g = *h.game().board_geometry();
  const std::string move = h.moves()[static_cast<size_t>(slide)];
  std::string error;
  const int from = g.parse(move.substr(0, move.find('-')), &error), to = g.parse(move.substr(move.find('-') + 1), &error);
  int steps = -1;
  for (int d = 0; d < Geometry::kHexDirs && steps < 0; ++d)
    for (int at = g.step(from, d), n = 1; at >= 0; at = g.step(at, d), ++n)
      if (at == to) steps = n;
  EXPECT_GT(steps, 0);
  EXPECT_EQ(t.plies[static_cast<size_t>(slide)].distance, steps) << move;
  for (int i = 0; i < t.num_plies(); ++i) {
    if (h.moves()[static_cast<size_t>(i)].find('-') == std::string::npos) {
      EXPECT_EQ(t.plies[static_cast<size_t>(i)].distance, PlyTrace::kNoDistance) << i;
    }
  }
}

TEST(TraceRecorder, TrellisTwoPassesRepeatThePosition) {
  REQUIRE_GAME("trellis");
  History h(make_game("trellis"));
  // Black, White, Black open; then each seat passes twice in a row after turn 4.
  for (const char* move : {"d4", "a1", "g7", "b2", "pass", "pass"}) {
    if (h.is_over()) break;
    h.play(move);
  }
  GameTrace t = trace_of_history(h);
  ASSERT_GE(t.num_plies(), 5);
  const PositionFacts& after_two = t.num_plies() > 6 ? t.plies[6].position : t.final_position;
  // Two passes bring back the board with the same colour to move: a positional repeat.
  // The situation differs (passes in a row), so it is no situational repeat.
  EXPECT_TRUE(after_two.repeats.board);
  EXPECT_TRUE(after_two.repeats.position);
  EXPECT_FALSE(after_two.repeats.situation);
}

TEST(GameTraceJson, RoundTripKeepsUnknowns) {
  GameTrace t;
  PlyTrace known_ply{0, 1, 7};
  known_ply.eval = 0.25;
  known_ply.reasonable = 3;
  known_ply.narrowness = 0.5;
  known_ply.spread = 0.01;
  known_ply.position.stones[0] = 2;
  known_ply.position.score[1] = 7;
  known_ply.position.repeats = {true, false, true};
  known_ply.distance = 3;
  t.plies = {known_ply, PlyTrace{1, 2, 6}};
  t.final_position = {{3, 1}, {2, 0}, {true, true, true}};
  t.turns = 2, t.winning_seat = 1, t.winning_colour = 0, t.swap_taken = true;
  t.first_move = "e5", t.end_reason = "line of 5", t.sites = 61, t.covered = 9;
  GameTrace back = trace_from_json(nlohmann::json::parse(trace_to_json(t).dump()));
  ASSERT_EQ(back.num_plies(), 2);
  EXPECT_DOUBLE_EQ(back.plies[0].eval, 0.25);
  EXPECT_EQ(back.plies[0].reasonable, 3);
  EXPECT_EQ(back.plies[0].position.repeats, (Repeats{true, false, true}));
  EXPECT_EQ(back.plies[0].position.stones[0], 2);
  EXPECT_EQ(back.plies[0].position.score[1], 7);
  EXPECT_EQ(back.plies[0].distance, 3);
  EXPECT_EQ(back.plies[1].distance, PlyTrace::kNoDistance);
  EXPECT_EQ(back.final_position.stones[0], 3);
  EXPECT_EQ(back.final_position.score[0], 2);
  EXPECT_EQ(back.final_position.repeats, (Repeats{true, true, true}));
  EXPECT_TRUE(std::isnan(back.plies[1].eval));
  EXPECT_TRUE(std::isnan(back.plies[1].spread));
  EXPECT_EQ(back.winning_colour, 0);
  EXPECT_TRUE(back.swap_taken);
  EXPECT_EQ(back.first_move, "e5");
  EXPECT_EQ(back.covered, 9);
  EXPECT_THROW(trace_from_json(nlohmann::json{{"plies", {{1, 2}}}}), LudusError);
  EXPECT_THROW(trace_from_json(nlohmann::json::object()), LudusError);
}

}  // namespace
}  // namespace ludus::study
