// SPDX-License-Identifier: Apache-2.0
// Learned move priors (src/ai/priors): features of hand-made positions with known answers,
// the fit recovering a rule that decides every recorded move, the weights file's round
// trip and its errors, and the search with priors still taking wins and blocking losses.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "ai/ai_test_support.h"
#include "ai/mcts_player.h"
#include "ai/priors/move_features.h"
#include "ai/priors/move_priors.h"
#include "ai/priors/prior_trainer.h"
#include "ai/priors/prior_weights.h"
#include "core/error.h"
#include "core/geometry.h"
#include "core/history.h"
#include "core/random.h"
#include "core/registry.h"
#include "support/error_text.h"

namespace ludus::ai::priors {
namespace {

// Raw neighbourhood code: state (0 empty, 1 own, 2 opponent's, 3 off) per direction.
uint32_t raw_code(const std::vector<int>& states) {
  uint32_t raw = 0;
  for (size_t d = 0; d < states.size(); ++d) raw |= static_cast<uint32_t>(states[d]) << (2 * d);
  return raw;
}

TEST(PriorFeatures, HexPatternsTurnAndMirrorFreely) {
  FeatureTables tables(*make_game("ndengrod"));
  ASSERT_EQ(tables.num_directions(), 6);
  // One own stone: the same pattern in every direction.
  for (int d = 1; d < 6; ++d) {
    std::vector<int> one(6, 0), other(6, 0);
    one[0] = 1, other[static_cast<size_t>(d)] = 1;
    EXPECT_EQ(tables.canonical_pattern(raw_code(one)), tables.canonical_pattern(raw_code(other))) << d;
  }
  // Own then opponent's clockwise, and its mirror image, are one pattern...
  EXPECT_EQ(tables.canonical_pattern(raw_code({1, 2, 0, 0, 0, 0})), tables.canonical_pattern(raw_code({1, 0, 0, 0, 0, 2})));
  // ...but not the same as own and opponent's opposite each other, or an own stone's.
  EXPECT_NE(tables.canonical_pattern(raw_code({1, 2, 0, 0, 0, 0})), tables.canonical_pattern(raw_code({1, 0, 0, 2, 0, 0})));
  EXPECT_NE(tables.canonical_pattern(raw_code({1, 0, 0, 0, 0, 0})), tables.canonical_pattern(raw_code({2, 0, 0, 0, 0, 0})));
  // Burnside: 4^6 neighbourhoods under the 12 symmetries of the hexagon fall into 430 classes.
  EXPECT_EQ(tables.group_size(kPattern), 430 + 1);  // and one value for moves without a site
}

TEST(PriorFeatures, TrellisPatternsKeepTheAxesOfItsGoals) {
  FeatureTables tables(*make_game("trellis", {{"size", "7"}}));
  ASSERT_EQ(tables.num_directions(), 8);
  // Directions: right, up, left, down, then up-right, up-left, down-left, down-right.
  auto own_at = [&](int d) {
    std::vector<int> s(8, 0);
    s[static_cast<size_t>(d)] = 1;
    return tables.canonical_pattern(raw_code(s));
  };
  EXPECT_EQ(own_at(0), own_at(2));  // right and left: the same axis
  EXPECT_EQ(own_at(1), own_at(3));  // up and down
  EXPECT_NE(own_at(0), own_at(1));  // a quarter turn changes whose goal the line serves
  EXPECT_EQ(own_at(4), own_at(6));  // diagonals: the half turn
  EXPECT_EQ(own_at(4), own_at(5));  // and a mirror
  // N-Mesh turns freely: right and up are one pattern there.
  FeatureTables nmesh(*make_game("n-mesh"));
  std::vector<int> right(8, 0), up(8, 0);
  right[0] = 1, up[1] = 1;
  EXPECT_EQ(nmesh.canonical_pattern(raw_code(right)), nmesh.canonical_pattern(raw_code(up)));
}

TEST(PriorFeatures, DistancesAndEdgeOnAHandMadeNMeshPosition) {
  auto game = make_game("n-mesh");  // 6x6
  History h = testing::position(game, {"c3", "d4"});
  FeatureExtractor f(*game);
  f.set_position(h.state(), h.actions().back(), h.actions().front());
  const State& s = h.state();
  auto features = [&](const char* move) { return f.extract(s, s.parse_action(move)); };
  // d5 touches the last move d4 (1 step) and is 3 steps from c3 (c3-c4-c5-d5); 1 from the edge.
  EXPECT_EQ(features("d5")[kNearLast], 1);
  EXPECT_EQ(features("d5")[kNearEarlier], 3);
  EXPECT_EQ(features("d5")[kEdge], 1 + 1);
  // a1: a corner (edge distance 0), far from both moves (4+).
  EXPECT_EQ(features("a1")[kEdge], 1 + 0);
  EXPECT_EQ(features("a1")[kNearLast], 4);
  // c4 sits between c3 (own, below it) and d4 (the opponent's, right of it).
  std::vector<int> around(8, 0);
  const Geometry& g = *game->board_geometry();
  const int c4 = g.parse("c4", nullptr);
  for (int d = 0; d < 8; ++d) {
    const int next = g.step(c4, d);
    around[static_cast<size_t>(d)] = next < 0 ? 3 : next == g.parse("c3", nullptr) ? 1 : next == g.parse("d4", nullptr) ? 2 : 0;
  }
  EXPECT_EQ(features("c4")[kPattern], f.tables().canonical_pattern(raw_code(around)));
  EXPECT_EQ(features("c4")[kSecondPattern], 0);  // one stone a move
}

TEST(PriorFeatures, MovesWithoutASiteAndTrellisPairs) {
  auto game = make_game("trellis", {{"size", "7"}});
  History h(game);
  FeatureExtractor f(*game);
  f.set_position(h.state(), kNoAction, kNoAction);
  const State& s = h.state();
  const MoveFeatures pair = f.extract(s, s.parse_action("b2,e2"));
  EXPECT_NE(pair[kSecondPattern], 0);  // both stones of the pair have a pattern
  EXPECT_EQ(pair[kNearLast], 0);       // no last move yet
  const MoveFeatures pass = f.extract(s, s.parse_action("pass"));
  EXPECT_EQ(pass[kPattern], f.group_size(kPattern) - 1);
  EXPECT_EQ(pass[kEdge], 0);
}

// Games where every move is the legal move nearest the last one (ties broken at random):
// the fit must give "next to the last move" by far the highest strength of its group, and
// predict held-out moves better than chance.
TEST(PriorTrainer, RecoversTheRuleThatChoseEveryMove) {
  auto game = make_game("ndengrod", {{"size", "4"}});
  FeatureTables tables(*game);
  PriorTrainer trainer(game);
  Rng rng(7);
  for (int n = 0; n < 60; ++n) {
    auto state = game->new_initial_state();
    std::vector<Action> actions;
    int last_site = -1;
    for (int ply = 0; ply < 20 && !state->is_terminal(); ++ply) {
      auto legal = state->legal_actions();
      std::vector<Action> nearest;
      int best = 1000;
      for (Action a : legal) {
        const int site = tables.sites(*state, a).first;
        const int d = site < 0 ? 999 : last_site < 0 ? 0 : tables.distance(last_site, site);
        if (d < best) best = d, nearest.clear();
        if (d == best) nearest.push_back(a);
      }
      const Action chosen = nearest[rng.below(static_cast<uint32_t>(nearest.size()))];
      last_site = tables.sites(*state, chosen).first;
      actions.push_back(chosen);
      state->apply(chosen);
    }
    trainer.add_game(actions, n % 10 == 9);
  }
  const PriorWeights w = trainer.fit(20);
  for (int bucket = 2; bucket <= 4; ++bucket)
    EXPECT_GT(w.log_gamma(kNearLast, 1), w.log_gamma(kNearLast, bucket) + 2.0) << "bucket " << bucket;
  const PredictionReport held_out = trainer.evaluate(w, true);
  ASSERT_GT(held_out.positions, 0);
  EXPECT_GT(held_out.log_likelihood, held_out.uniform_log_likelihood + 0.5);
  EXPECT_GT(held_out.top1, 0.2);
  EXPECT_THROW(trainer.add_game(std::vector<Action>{999999}, false), LudusError);
}

TEST(PriorWeightsFile, RoundTripAndOneLineErrors) {
  auto game = make_game("n-mesh");
  FeatureTables tables(*game);
  std::array<int, kGroupCount> sizes{};
  for (int g = 0; g < kGroupCount; ++g) sizes[g] = tables.group_size(g);
  PriorWeights w(game->name(), game->options().values(), sizes);
  w.set_log_gamma(kPattern, 17, 1.25f);
  w.set_log_gamma(kEdge, 2, -0.5f);
  w.set_log_gamma(kTactics, 3, 0.75f);
  const std::string text = w.format({"made by a test"});
  const PriorWeights back = PriorWeights::parse(text);
  EXPECT_EQ(back.game(), "n-mesh");
  EXPECT_EQ(back.options(), game->options().values());
  EXPECT_FLOAT_EQ(back.log_gamma(kPattern, 17), 1.25f);
  EXPECT_FLOAT_EQ(back.log_gamma(kEdge, 2), -0.5f);
  EXPECT_FLOAT_EQ(back.log_gamma(kPattern, 16), 0.0f);
  EXPECT_FLOAT_EQ(back.log_gamma(kTactics, 3), 0.75f);
  EXPECT_NEAR(back.strength({17, 0, 0, 0, 2}), std::exp(1.25f - 0.5f), 1e-4);
  EXPECT_TRUE(back.flat(kLines));
  EXPECT_FALSE(back.flat(kTactics));
  std::string why;
  EXPECT_TRUE(back.fits(*game, FeatureExtractor(*game), &why)) << why;
  EXPECT_FALSE(back.fits(*make_game("n-mesh", {{"size", "5"}}), FeatureExtractor(*make_game("n-mesh", {{"size", "5"}})), &why));
  EXPECT_EQ(why, "the priors are for other options of n-mesh");

  auto error_of = [](const std::string& bad) {
    try {
      PriorWeights::parse(bad);
    } catch (const LudusError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string head = "game n-mesh\noptions size=6\nsizes 10 10 5 5 5\n";
  // A file from before the lines and tactics groups: they load with γ = 1.
  const PriorWeights old = PriorWeights::parse(head + "edge 2 0.5\n");
  EXPECT_EQ(old.group_size(kLines), kLinesValues);
  EXPECT_EQ(old.group_size(kTactics), kPriorTacticValues);
  EXPECT_TRUE(old.flat(kLines) && old.flat(kTactics));
  EXPECT_EQ(error_of(head + "pattern 10 1.0\n"), "bad priors file: line 4: value out of range");
  EXPECT_EQ(error_of(head + "pattern 3 lots\n"), "bad priors file: line 4: log gamma must be a number from -50 to 50");
  EXPECT_EQ(error_of(head + "colour 3 1.0\n"), "bad priors file: line 4: unknown feature group 'colour'");
  EXPECT_EQ(error_of("game n-mesh\npattern 1 1.0\n"), "bad priors file: line 2: weights before the game and sizes lines");
  EXPECT_EQ(error_of("sizes 1 2\n"), "bad priors file: line 1: sizes needs 5 to 7 numbers");
  EXPECT_EQ(error_of(""), "bad priors file: no game line");
  EXPECT_EQ(error_of("\x01\xff garbage\n"), "bad priors file: line 1: unknown line '\x01\xff garbage'");
}

// Stored weights go stale when the features change (another pattern count, another game
// option): each file must fit its board in this build, and be the one found for it.
TEST(PriorWeightsFile, EveryStoredFileFitsItsBoard) {
  const auto stored = PriorWeights::compiled_in();
  ASSERT_GE(stored.size(), 3u);
  for (const PriorWeights* w : stored) {
    SCOPED_TRACE(w->game());
    auto game = make_game(w->game(), w->options());
    std::string why;
    EXPECT_TRUE(w->fits(*game, FeatureExtractor(*game), &why)) << why;
    EXPECT_NE(load_priors("on", *game, true), nullptr);
    // The latest search takes a file made for it; the frozen profiles see only the files
    // they were recorded with.
    const PriorWeights* latest = PriorWeights::for_game(*game, true);
    const PriorWeights* frozen = PriorWeights::for_game(*game, false);
    if (w->latest_only()) {
      EXPECT_EQ(latest, w);
      EXPECT_NE(frozen, w);
    } else {
      EXPECT_EQ(frozen, w);
      EXPECT_TRUE(latest == w || latest->latest_only());
    }
  }
  // Ndengrod's default board: v2 keeps the file of 2026-11-26, the latest search reads the
  // one learnt from its own play at 100 ms.
  auto ndengrod = make_game("ndengrod");
  ASSERT_NE(PriorWeights::for_game(*ndengrod, false), nullptr);
  EXPECT_FALSE(PriorWeights::for_game(*ndengrod, false)->latest_only());
  ASSERT_NE(PriorWeights::for_game(*ndengrod, true), nullptr);
  EXPECT_TRUE(PriorWeights::for_game(*ndengrod, true)->latest_only());
}

// profile=v2 is a record of the AI of 2026-11-27, which had no priors for boards without
// the pie rule (the files are for the default options): there the latest search alone
// borrows the weights learnt with the pie rule on, which read the same board.
TEST(PriorWeightsFile, ABoardWithoutThePieRuleBorrowsItsWeightsInTheLatestSearchOnly) {
  int borrowed = 0;
  for (const PriorWeights* w : PriorWeights::compiled_in()) {
    auto with_pie = make_game(w->game(), w->options());
    const std::string& pie = with_pie->info().pie.option;
    if (pie.empty() || !with_pie->offers_pie()) continue;
    SCOPED_TRACE(w->game());
    auto options = w->options();
    options[pie] = "off";
    auto without = make_game(w->game(), options);
    EXPECT_EQ(PriorWeights::for_game(*without, true), PriorWeights::for_game(*with_pie, true));
    EXPECT_EQ(load_priors("on", *without, true).get(), PriorWeights::for_game(*with_pie, true));
    EXPECT_EQ(PriorWeights::for_game(*without, false), nullptr);
    EXPECT_EQ(load_priors("on", *without, false), nullptr);
    const FeatureExtractor on(*with_pie), off(*without);
    for (int g = 0; g < kGroupCount; ++g) EXPECT_EQ(on.group_size(g), off.group_size(g));
    ++borrowed;
  }
  EXPECT_GE(borrowed, 1);  // Ndengrod's swap; the other games' pie rules are not options
  // Another board size has no weights, pie or not.
  EXPECT_EQ(PriorWeights::for_game(*make_game("ndengrod", {{"swap", "off"}, {"size", "4"}}), true), nullptr);
}

// A file made after a profile was frozen says `generation latest`: only the latest search
// uses it.  The line survives writing and reading; anything else on it is refused.
TEST(PriorWeightsFile, TheGenerationLineKeepsAFileFromTheFrozenProfiles) {
  const PriorWeights* stored = PriorWeights::for_game(*make_game("ndengrod"), false);
  ASSERT_NE(stored, nullptr);
  std::string text = stored->format({});
  EXPECT_FALSE(PriorWeights::parse(text).latest_only());
  text.insert(text.find("sizes "), "generation latest\n");
  const PriorWeights marked = PriorWeights::parse(text);
  EXPECT_TRUE(marked.latest_only());
  const std::string again = marked.format({"made later"});
  EXPECT_NE(again.find("\ngeneration latest\n"), std::string::npos);
  EXPECT_TRUE(PriorWeights::parse(again).latest_only());
  EXPECT_EQ(ludus::testing::error_of([] { PriorWeights::parse("game n-mesh\ngeneration v2\n"); }),
            "bad priors file: line 2: the generation line must say 'generation latest'");
}

TEST(PriorWeightsFile, ASpecNamingABadFileIsOneClearError) {
  auto game = make_game("n-mesh");
  const auto dir = std::filesystem::temp_directory_path() / ("ludus-priors-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string wrong_game = (dir / "ndengrod.txt").string();
  std::ofstream(wrong_game) << "game ndengrod\noptions size=5\nsizes 10 10 5 5 5\n";
  try {
    load_priors(wrong_game, *game, true);
    FAIL() << "weights of another game were accepted";
  } catch (const LudusError& e) {
    EXPECT_EQ(std::string(e.what()), wrong_game + ": the priors are for ndengrod, not n-mesh");
  }
  EXPECT_THROW(load_priors((dir / "missing.txt").string(), *game, true), LudusError);
  EXPECT_EQ(load_priors("off", *game, true), nullptr);
  std::filesystem::remove_all(dir);
}

// The priors reorder and bias the search; they must not cost it the wins in one and the
// blocks the plain search finds (weights trained on a few quick games, so that this test
// does not depend on the stored ones).
TEST(PriorSearch, StillTakesTheWinAndBlocksTheLoss) {
  auto game = make_game("ndengrod");
  PriorTrainer trainer(game);
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    auto player = make_player("mcts:iters=300", {.seed = seed, .threads = 1});
    History h(game);
    while (!h.is_over() && h.actions().size() < 40) h.play(player->choose(h).action);
    trainer.add_game(h.actions(), false);
  }
  const auto dir = std::filesystem::temp_directory_path() / ("ludus-priors-search-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "ndengrod.txt").string();
  std::ofstream(file) << trainer.fit(10).format({});
  const std::string spec = "mcts:iters=200,pv=0,pw=5,priors=" + file;
  auto win = testing::position(game, {"e1", "a1", "e2", "a2", "e3", "a3", "e4", "b1"});  // x: e5 makes five
  MoveChoice c = make_player(spec)->choose(win);
  EXPECT_EQ(win.state().action_to_text(c.action), "e5") << c.info;
  EXPECT_NE(c.info.find("priors"), std::string::npos) << c.info;
  auto block = testing::position(game, {"e1", "a1", "e2", "a2", "e3", "i9", "e4"});  // o must take e5
  EXPECT_EQ(block.state().action_to_text(make_player(spec)->choose(block).action), "e5");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::ai::priors
