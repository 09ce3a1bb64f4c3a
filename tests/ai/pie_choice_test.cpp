// SPDX-License-Identifier: Apache-2.0
// The swap decided by value (ai/pie_choice.h): the rule on hand-made root statistics, and
// the player on Trellis positions whose value is clear, in games whose swap exchanges the
// seats only (Trellis, Ndengrod) and not in N-Mesh, whose swap turns the stone over.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/mcts_player.h"
#include "ai/pie_choice.h"
#include "ai/spec_parser.h"
#include "core/swap_move.h"
#include "ai_test_support.h"

namespace ludus::ai {
namespace {

constexpr Action kSwap = 99;

// A root move with `visits` playouts scoring `mean` for the mover.
RootMove sampled(Action action, int64_t visits, double mean) {
  return {.action = action, .visits = visits, .score2 = static_cast<int64_t>(2 * mean * visits + 0.5)};
}

RootMove proven(Action action, int winning_seat) {
  return {.action = action, .visits = 10, .score2 = 10, .proof = proof_of_result(winning_seat), .proof_plies = 3};
}

TEST(PieChoice, SwapsExactlyWhenDecliningIsWorthLessThanHalf) {
  // The swap was barely visited (one lost playout): declining at 40% makes it worth 60%.
  std::vector<RootMove> moves{sampled(1, 900, 0.40), sampled(2, 300, 0.35), sampled(kSwap, 1, 0.0)};
  EXPECT_EQ(best_root_move(moves, 0), 0u);
  EXPECT_NEAR(swap_value(moves[2], moves[0], 0), (0 + 900 * 0.6) / 901, 1e-9);
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 2u);
  // Declining at 60% is worth more than the swap's 40%: the most visited declining move.
  moves = {sampled(2, 300, 0.55), sampled(1, 900, 0.60), sampled(kSwap, 1, 1.0)};
  EXPECT_EQ(choose_by_pie_value(moves, 1, kSwap), 1u);
  // Exactly half: keep.
  moves = {sampled(1, 500, 0.5), sampled(kSwap, 0, 0.5)};
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 0u);
}

TEST(PieChoice, TheSwapsOwnPlayoutsArePooledWithTheDecliningOnes) {
  // The search preferred the swap (800 playouts at 70%); the declining move's 20 visits at
  // 45% read as 55% for the swap: 0.7 * 800/820 + 0.55 * 20/820 > ½.
  std::vector<RootMove> moves{sampled(1, 20, 0.45), sampled(kSwap, 800, 0.70)};
  EXPECT_NEAR(swap_value(moves[1], moves[0], 0), (0.7 * 800 + 0.55 * 20) / 820, 1e-9);
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 1u);
  // The swap's own 30% over 800 playouts outweighs a declining move's 20 playouts at 45%.
  moves = {sampled(1, 20, 0.45), sampled(kSwap, 800, 0.30)};
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 0u);
}

TEST(PieChoice, ProofsDecide) {
  // A declining move proven to win is played.
  std::vector<RootMove> moves{sampled(1, 900, 0.3), proven(2, 0), sampled(kSwap, 900, 0.3)};
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 1u);
  // A swap proven to win is played.
  moves = {sampled(1, 900, 0.9), proven(kSwap, 1)};
  EXPECT_EQ(choose_by_pie_value(moves, 1, kSwap), 1u);
  // The best declining move proven lost (all are, or it would not be best): swap, worth 1.
  moves = {proven(1, 1), proven(kSwap - 1, 1), sampled(kSwap, 2, 0.0)};
  EXPECT_EQ(swap_value(moves[2], moves[best_declining_move(moves, 0, kSwap)], 0), 1.0);
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 2u);
  // A swap proven lost is not taken, whatever the declining moves' samples say.
  moves = {sampled(1, 900, 0.2), proven(kSwap, 1)};
  EXPECT_EQ(choose_by_pie_value(moves, 0, kSwap), 0u);
  // A proven draw is worth half.
  EXPECT_EQ(root_move_value(proven(1, kDraw), 0), 0.5);
}

std::string choice(const std::string& game, const std::map<std::string, std::string>& options,
                   const std::vector<std::string>& moves, const std::string& spec, uint64_t seed) {
  PlayerConfig config;
  config.seed = seed;
  config.threads = 1;
  MctsPlayer player("test", parse_player_spec(spec, config).mcts);
  return testing::chosen_text(player, testing::position(make_game(game, options), moves));
}

// On 7x7, Black's four stones d1 d2 d4 d5 (two turns) against White's one stone in a
// corner: declining, White is far behind, so the second player takes Black.  Black's
// stones on the edges against White's pair in the middle: the second player keeps White.
TEST(PieChoice, TheSecondPlayerOfTrellisSwapsAStrongOpeningAndKeepsAWeakOne) {
  const std::map<std::string, std::string> small{{"size", "7"}};
  for (uint64_t seed : {1, 2, 3}) {
    SCOPED_TRACE(seed);
    EXPECT_EQ(choice("trellis", small, {"d1,d4", "a7", "d2,d5"}, "mcts:iters=3000", seed), "swap");
    const std::string kept = choice("trellis", small, {"a1", "d3,d6", "g7"}, "mcts:iters=3000", seed);
    EXPECT_NE(kept, "swap");
  }
}

TEST(PieChoice, OnlyWhereTheSwapExchangesTheSeatsOnly) {
  EXPECT_TRUE(make_game("trellis")->info().pie.exchanges_seats_only);
  EXPECT_TRUE(make_game("ndengrod")->info().pie.exchanges_seats_only);
  EXPECT_FALSE(make_game("n-mesh")->info().pie.exchanges_seats_only);  // the stone is turned over
  EXPECT_FALSE(make_game("netted")->info().pie.offered);
  EXPECT_FALSE(make_game("epoxy")->info().pie.offered);
}

// The swap is found by its reserved word, in every game that offers it, and nothing else
// is taken for it (the player and the solver both rely on this).
TEST(PieChoice, TheSwapIsRecognisedInEveryGameThatOffersIt) {
  for (const std::string name : {"n-mesh", "netted", "trellis", "ndengrod", "epoxy"}) {
    SCOPED_TRACE(name);
    History h(make_game(name));
    int offered = 0;  // positions of the opening where a swap is legal
    for (int ply = 0; ply < 8 && !h.state().is_terminal(); ++ply) {
      int swaps = 0;
      Action other = kNoAction;
      for (Action a : h.state().legal_actions()) {
        if (!is_swap_move(h.state(), a)) {
          if (other == kNoAction) other = a;
          continue;
        }
        ++swaps;
        EXPECT_EQ(h.state().action_to_text(a), "swap");
      }
      EXPECT_LE(swaps, 1);
      offered += swaps;
      h.play(other);  // declining, so the opening goes on
    }
    EXPECT_EQ(offered > 0, h.game().offers_pie());
  }
}

}  // namespace
}  // namespace ludus::ai
