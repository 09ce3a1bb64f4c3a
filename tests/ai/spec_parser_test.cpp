// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "ai/game_profiles.h"
#include "ai/mcts_player.h"
#include "ai/mcts_search.h"
#include "ai/solver/book_player.h"
#include "ai/spec_parser.h"
#include "core/error.h"
#include "core/history.h"
#include "core/registry.h"

namespace ludus::ai {
namespace {

std::string error_of(const std::string& spec) {
  try {
    make_player(spec);
  } catch (const LudusError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SpecParser, Levels) {
  PlayerConfig config;
  config.threads = 1;
  auto easy = parse_player_spec("easy", config).mcts;
  EXPECT_EQ(easy.iterations, 200);
  EXPECT_EQ(easy.move_seconds, 0);
  EXPECT_EQ(easy.threads, 1);
  EXPECT_EQ(parse_player_spec("medium", config).mcts.iterations, 2000);
  auto hard = parse_player_spec("hard", config).mcts;
  EXPECT_EQ(hard.iterations, 0);
  EXPECT_DOUBLE_EQ(hard.move_seconds, 1.0);
  EXPECT_EQ(hard.threads, 0);  // every core
  auto max = parse_player_spec("MAX", config).mcts;
  EXPECT_DOUBLE_EQ(max.move_seconds, 5.0);
  EXPECT_EQ(parse_player_spec("hard:threads=1", config).mcts.threads, 1);
  EXPECT_TRUE(parse_player_spec("random", config).random);
  EXPECT_EQ(parse_player_spec("random:seed=9", config).mcts.seed, 9u);
}

TEST(SpecParser, RawSettings) {
  PlayerConfig config;
  config.seed = 5;
  config.threads = 2;
  auto m = parse_player_spec("mcts:iters=1500,time=250ms,total=5m,threads=0,c=1.2,rave=off,solver=off,seed=77,par=root,nodes=5000",
                             config).mcts;
  EXPECT_EQ(m.iterations, 1500);
  EXPECT_DOUBLE_EQ(m.move_seconds, 0.25);
  EXPECT_DOUBLE_EQ(m.total_seconds, 300);
  EXPECT_EQ(m.threads, 0);
  EXPECT_DOUBLE_EQ(m.exploration, 1.2);
  EXPECT_FALSE(m.rave);
  EXPECT_FALSE(m.solver);
  EXPECT_EQ(m.seed, 77u);
  EXPECT_EQ(m.parallelism, Parallelism::kRoot);
  EXPECT_EQ(m.max_nodes, 5000);
  // Defaults come from the config; a budget-less raw spec searches like medium.
  auto d = parse_player_spec("mcts", config).mcts;
  EXPECT_EQ(d.seed, 5u);
  EXPECT_EQ(d.threads, 2);
  EXPECT_EQ(d.iterations, 2000);
  EXPECT_DOUBLE_EQ(parse_player_spec("mcts:time=2s", config).mcts.move_seconds, 2.0);
  EXPECT_EQ(parse_player_spec("mcts:time=2s", config).mcts.iterations, 0);
  EXPECT_TRUE(parse_player_spec(" Mcts: Rave = ON , solver=on ", config).mcts.rave);
  EXPECT_DOUBLE_EQ(d.time_extension, 1.0);
  EXPECT_DOUBLE_EQ(parse_player_spec("mcts:total=5m,extend=1.5", config).mcts.time_extension, 1.5);
  EXPECT_EQ(d.threat_budget, MctsConfig{}.threat_budget);
  EXPECT_TRUE(d.opening_table);
  EXPECT_FALSE(parse_player_spec("mcts:opening=search", config).mcts.opening_table);
  EXPECT_TRUE(d.pie_by_value);
  EXPECT_FALSE(parse_player_spec("mcts:pie=search", config).mcts.pie_by_value);
  EXPECT_TRUE(parse_player_spec("mcts:pie=value", config).mcts.pie_by_value);
  EXPECT_EQ(parse_player_spec("mcts:threats=off", config).mcts.threat_budget, 0);
  EXPECT_EQ(parse_player_spec("mcts:threats=5000,tv=8", config).mcts.threat_budget, 5000);
  EXPECT_EQ(parse_player_spec("mcts:threats=5000,tv=8", config).mcts.threat_visits, 8);
  EXPECT_EQ(parse_player_spec("mcts:iters=9,threats=On", config).mcts.threat_budget, MctsConfig{}.threat_budget);
}

TEST(SpecParser, Durations) {
  EXPECT_DOUBLE_EQ(parse_duration("500ms"), 0.5);
  EXPECT_DOUBLE_EQ(parse_duration("2s"), 2.0);
  EXPECT_DOUBLE_EQ(parse_duration("1.5m"), 90.0);
  EXPECT_DOUBLE_EQ(parse_duration("3"), 3.0);
  EXPECT_THROW(parse_duration("-1s"), LudusError);
  EXPECT_THROW(parse_duration("s"), LudusError);
  EXPECT_THROW(parse_duration("2h"), LudusError);
}

TEST(SpecParser, ErrorsAreOneClearLine) {
  EXPECT_EQ(error_of("strong"),
            "bad AI spec 'strong': unknown player 'strong' (expected random, beginner, easy, medium, hard, max or mcts:KEY=VALUE,...)");
  EXPECT_EQ(error_of("mcts:iters=abc"), "bad AI spec 'mcts:iters=abc': iters must be a positive integer, not 'abc'");
  EXPECT_EQ(error_of("mcts:iters=0"), "bad AI spec 'mcts:iters=0': iters must be a positive integer, not '0'");
  EXPECT_EQ(error_of("mcts:im=1.5"), "bad AI spec 'mcts:im=1.5': im must be a number from 0 to 1, not '1.5'");
  EXPECT_EQ(error_of("mcts:im=x"), "bad AI spec 'mcts:im=x': im must be a number from 0 to 1, not 'x'");
  EXPECT_EQ(error_of("mcts:imd=-1"), "bad AI spec 'mcts:imd=-1': imd must be a number from 0 to 1000000000, not '-1'");
  EXPECT_EQ(error_of("mcts:book=maybe"), "bad AI spec 'mcts:book=maybe': book must be on or off, not 'maybe'");
  EXPECT_EQ(error_of("mcts:time=fast"),
            "bad AI spec 'mcts:time=fast': bad duration 'fast' (expected e.g. 500ms, 2s or 1.5m)");
  EXPECT_EQ(error_of("mcts:depth=3"),
            "bad AI spec 'mcts:depth=3': unknown setting 'depth' (settings: iters, time, total, clock, threads, c, rave, solver, book, seed, par, nodes, expand, bias, playout, priors, pw, pv, extend, threats, tv, opening, pie, im, imd, tempo, profile, slip)");
  EXPECT_EQ(error_of("mcts:extend=0.5"), "bad AI spec 'mcts:extend=0.5': extend must be a number from 1 to 10, not '0.5'");
  EXPECT_EQ(error_of("mcts:threats=lots"),
            "bad AI spec 'mcts:threats=lots': threats must be on, off or a budget from 0 to 100000000, not 'lots'");
  EXPECT_EQ(error_of("mcts:opening=book"), "bad AI spec 'mcts:opening=book': opening must be table or search, not 'book'");
  EXPECT_EQ(error_of("mcts:pie=coin"), "bad AI spec 'mcts:pie=coin': pie must be value or search, not 'coin'");
  EXPECT_EQ(error_of("mcts:tv=-1"), "bad AI spec 'mcts:tv=-1': tv must be an integer from 0 to 1000000, not '-1'");
  EXPECT_EQ(error_of("mcts:rave=maybe"), "bad AI spec 'mcts:rave=maybe': rave must be on or off, not 'maybe'");
  EXPECT_EQ(error_of("mcts:iters"), "bad AI spec 'mcts:iters': expected KEY=VALUE, not 'iters'");
  EXPECT_EQ(error_of("mcts:"), "bad AI spec 'mcts:': nothing after ':'");
  EXPECT_EQ(error_of("random:iters=5"), "bad AI spec 'random:iters=5': the random player only takes seed=N");
  EXPECT_EQ(error_of("mcts:threads=-1"),
            "bad AI spec 'mcts:threads=-1': threads must be an integer from 0 (all cores) to 1024, not '-1'");
  EXPECT_EQ(error_of("mcts:par=leaf"), "bad AI spec 'mcts:par=leaf': par must be tree or root, not 'leaf'");
  EXPECT_EQ(error_of("mcts:c=x"), "bad AI spec 'mcts:c=x': c must be a number from 0 to 100, not 'x'");
  EXPECT_EQ(error_of("mcts:playout=smart"), "bad AI spec 'mcts:playout=smart': playout must be guided or random, not 'smart'");
}

// playout=guided|random is a choice the game profile does not override; left open, the
// profile decides.
TEST(SpecParser, PlayoutKeyAndProfile) {
  PlayerConfig config;
  auto guided = parse_player_spec("mcts:playout=Guided", config).mcts;
  EXPECT_TRUE(guided.guided_playouts);
  EXPECT_TRUE(guided.playout_chosen);
  auto uniform = parse_player_spec("hard:playout=random", config).mcts;
  EXPECT_FALSE(uniform.guided_playouts);
  EXPECT_TRUE(uniform.playout_chosen);
  auto open = parse_player_spec("easy", config).mcts;
  EXPECT_FALSE(open.playout_chosen);
  for (const auto& entry : registered_games()) {
    EXPECT_TRUE(with_game_profile(guided, latest_game_profile(*entry.info)).guided_playouts) << entry.info->name;
    EXPECT_FALSE(with_game_profile(uniform, latest_game_profile(*entry.info)).guided_playouts) << entry.info->name;
  }
  // The measured profiles (game_profiles.cpp) of every game play guided; the generic one does not.
  for (const char* name : {"n-mesh", "netted", "ndengrod", "trellis", "epoxy"})
    EXPECT_TRUE(with_game_profile(open, latest_game_profile(*find_game(name).info)).guided_playouts) << name;
  EXPECT_FALSE(with_game_profile(open, SearchProfile{}).guided_playouts);
}

// bias=X is a choice the game profile does not override; left open, the profile's bias plays.
TEST(SpecParser, BiasKeyOverridesTheGameProfile) {
  PlayerConfig config;
  SearchProfile profile;
  profile.rave_bias = 0.0001;
  const MctsConfig chosen = parse_player_spec("mcts:bias=0.01", config).mcts;
  EXPECT_TRUE(chosen.rave_bias_chosen);
  EXPECT_EQ(with_game_profile(chosen, profile).rave_bias, 0.01);
  const MctsConfig open = parse_player_spec("mcts:iters=10", config).mcts;
  EXPECT_FALSE(open.rave_bias_chosen);
  EXPECT_EQ(with_game_profile(open, profile).rave_bias, 0.0001);
}

// profile=v1 is a record of the AI of 2026-11-24: every knob is written out here, so a
// change of a default that v1 does not pin fails this test instead of silently changing
// what "v1" means in earlier measurements.
TEST(SpecParser, ProfileV1PinsEverySettingOfTheFirstGeneration) {
  PlayerConfig config;
  config.threads = 3;
  config.seed = 42;
  for (const char* text : {"mcts:profile=v1", "hard:profile=V1", "mcts:c=0.25,profile=v1,iters=500"}) {
    SCOPED_TRACE(text);
    const MctsConfig m = parse_player_spec(text, config).mcts;
    EXPECT_EQ(m.generation, SearchGeneration::kV1);
    EXPECT_EQ(m.rave, true);
    EXPECT_EQ(m.amaf_source, AmafSource::kAuto);
    EXPECT_EQ(m.rave_bias, 0.002);
    EXPECT_EQ(m.solver, true);
    EXPECT_EQ(m.first_play_urgency, 1.0);
    EXPECT_EQ(m.expand_threshold, 2);
    EXPECT_EQ(m.guided_playouts, false);
    EXPECT_EQ(m.root_check_budget, 200000);
    EXPECT_EQ(m.threat_budget, 0);
    EXPECT_FALSE(m.opening_table);
    EXPECT_FALSE(m.pie_by_value);
    EXPECT_EQ(m.minimax_weight, 0);
    EXPECT_EQ(m.parallelism, Parallelism::kTree);
    EXPECT_EQ(m.max_nodes, int64_t{1} << 23);
    EXPECT_EQ(m.reuse_tree, true);
    EXPECT_EQ(m.time_extension, 1.0);
    EXPECT_EQ(m.seed, 42u);  // budgets, threads and seed are not the profile's
  }
  // Settings given with the profile adjust it, wherever they stand.
  const MctsConfig tuned = parse_player_spec("mcts:c=0.25,profile=v1,iters=500", config).mcts;
  EXPECT_EQ(tuned.exploration, 0.25);
  EXPECT_TRUE(tuned.exploration_chosen);
  EXPECT_EQ(tuned.iterations, 500);
  EXPECT_EQ(parse_player_spec("hard:profile=v1", config).mcts.move_seconds, 1.0);
  EXPECT_EQ(parse_player_spec("hard:profile=v1", config).mcts.threads, 0);  // hard: all cores

  // The per-game settings of v1, whatever the games' profiles become.
  struct GameV1 {
    const char* game;
    bool rave;
    double exploration;
    bool guided;
  };
  const MctsConfig open = parse_player_spec("mcts:profile=v1", config).mcts;
  for (const GameV1& g : {GameV1{"n-mesh", false, 0.4, false}, GameV1{"epoxy", false, 0.4, false},
                          GameV1{"ndengrod", false, 0.4, true}, GameV1{"netted", true, 0.1, false},
                          GameV1{"trellis", true, 0.1, false}}) {
    SCOPED_TRACE(g.game);
    const MctsConfig active = with_game_profile(open, *find_game(g.game).info);
    EXPECT_EQ(active.rave, g.rave);
    EXPECT_EQ(active.exploration, g.exploration);
    EXPECT_EQ(active.guided_playouts, g.guided);
    EXPECT_EQ(active.rave_bias, 0.002);
    EXPECT_EQ(active.minimax_weight, 0);
    EXPECT_EQ(active.minimax_decay, 0);
    EXPECT_EQ(active.prior_weight, 1.0);
  }
  // The default generation is the latest, which reads the games' own profiles.
  EXPECT_EQ(parse_player_spec("hard", config).mcts.generation, SearchGeneration::kLatest);
  EXPECT_EQ(parse_player_spec("mcts:profile=latest", config).mcts.generation, SearchGeneration::kLatest);
}

// profile=v2 is a record of the AI shipped on 2026-11-27 (before issue 48), pinned the
// same way: every knob, and each game's profile of that day.
TEST(SpecParser, ProfileV2PinsEverySettingOfTheSecondGeneration) {
  PlayerConfig config;
  config.seed = 7;
  const MctsConfig m = parse_player_spec("mcts:profile=v2,time=10ms", config).mcts;
  EXPECT_EQ(m.generation, SearchGeneration::kV2);
  EXPECT_EQ(m.amaf_source, AmafSource::kAuto);
  EXPECT_EQ(m.solver, true);
  EXPECT_EQ(m.first_play_urgency, 1.0);
  EXPECT_EQ(m.expand_threshold, 2);
  EXPECT_EQ(m.root_check_budget, 200000);
  EXPECT_EQ(m.threat_budget, 60000);
  EXPECT_EQ(m.threat_visits, 16);
  EXPECT_TRUE(m.opening_table);
  EXPECT_TRUE(m.pie_by_value);
  EXPECT_EQ(m.parallelism, Parallelism::kTree);
  EXPECT_EQ(m.max_nodes, int64_t{1} << 23);
  EXPECT_EQ(m.reuse_tree, true);
  EXPECT_EQ(m.priors, "auto");
  EXPECT_EQ(m.prior_weight, 3.0);
  EXPECT_EQ(m.prior_visits, 4);
  EXPECT_EQ(m.time_extension, 1.0);
  EXPECT_EQ(m.move_seconds, 0.01);  // budgets and the seed are not the profile's
  EXPECT_EQ(m.seed, 7u);

  struct GameV2 {
    const char* game;
    bool rave;
    double exploration;
    double rave_bias;
    bool priors;
    double minimax_weight;
  };
  for (const GameV2& g : {GameV2{"n-mesh", false, 0.4, 0.002, true, 0}, GameV2{"epoxy", false, 0.4, 0.002, true, 0.1},
                          GameV2{"ndengrod", true, 0.05, 0.002, true, 0.1},
                          GameV2{"netted", true, 0.0, 0.0001, true, 0.1},
                          GameV2{"trellis", true, 0.0, 0.002, false, 0}}) {
    SCOPED_TRACE(g.game);
    const MctsConfig active = with_game_profile(m, *find_game(g.game).info);
    EXPECT_EQ(active.rave, g.rave);
    EXPECT_EQ(active.exploration, g.exploration);
    EXPECT_EQ(active.rave_bias, g.rave_bias);
    EXPECT_TRUE(active.guided_playouts);
    EXPECT_EQ(active.priors, g.priors ? "on" : "off");
    EXPECT_EQ(active.minimax_weight, g.minimax_weight);
    EXPECT_EQ(active.minimax_decay, 0);
    EXPECT_EQ(active.prior_weight, 3.0);
    EXPECT_EQ(active.tempo, 1.0);
  }
}

// Measured in Ndengrod (docs/ai.md): it helps with swap off and not with swap on, so no
// game's profile sets it; a spec may.
TEST(SpecParser, TheTempoIsOneUnlessASpecSetsIt) {
  PlayerConfig config;
  const MctsConfig latest = parse_player_spec("mcts:time=10ms", config).mcts;
  for (const auto& entry : registered_games()) EXPECT_EQ(with_game_profile(latest, *entry.info).tempo, 1.0) << entry.info->name;
  const MctsConfig chosen = parse_player_spec("mcts:tempo=1.5", config).mcts;
  EXPECT_EQ(with_game_profile(chosen, *find_game("ndengrod").info).tempo, 1.5);
  try {
    parse_player_spec("mcts:tempo=0", config);
    FAIL() << "tempo=0 was accepted";
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "bad AI spec 'mcts:tempo=0': tempo must be a number from 0.1 to 10, not '0'");
  }
}

TEST(SpecParser, TheClockOfATimeBudgetIsWallTimeUnlessASpecSaysCpu) {
  PlayerConfig config;
  EXPECT_EQ(parse_player_spec("mcts:time=10ms", config).mcts.budget_clock, BudgetClock::kWall);
  EXPECT_EQ(parse_player_spec("mcts:time=10ms,clock=cpu", config).mcts.budget_clock, BudgetClock::kThreadCpu);
  EXPECT_EQ(parse_player_spec("hard:clock=cpu", config).mcts.budget_clock, BudgetClock::kThreadCpu);
  EXPECT_EQ(error_of("mcts:time=10ms,clock=user"),
            "bad AI spec 'mcts:time=10ms,clock=user': clock must be wall or cpu, not 'user'");
}

// The CPU clock of a time budget counts only the searching thread's work: sleeping does
// not advance it, searching does.  (Facts about the clock, not speeds.)
TEST(BudgetClock, TheCpuClockStandsStillWhileTheThreadSleeps) {
  const auto before = budget_now(BudgetClock::kThreadCpu);
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  const auto slept = budget_now(BudgetClock::kThreadCpu) - before;
  EXPECT_LT(slept, std::chrono::milliseconds(30));
  volatile uint64_t sink = 0;
  const auto start = budget_now(BudgetClock::kThreadCpu);
  while (budget_now(BudgetClock::kThreadCpu) - start < std::chrono::milliseconds(5)) sink = sink + 1;
  EXPECT_GE(budget_now(BudgetClock::kThreadCpu) - start, std::chrono::milliseconds(5));
}

TEST(BudgetClock, ASearchOnTheCpuClockSpendsItsTimeInCpu) {
  auto game = make_game("ndengrod", {{"size", "3"}});
  History history(game);
  PlayerConfig config;
  auto player = make_player("mcts:time=30ms,clock=cpu,book=off,seed=3", config);
  const auto before = budget_now(BudgetClock::kThreadCpu);
  const MoveChoice choice = player->choose(history);
  const auto used = budget_now(BudgetClock::kThreadCpu) - before;
  const double used_seconds = std::chrono::duration<double>(used).count();
  EXPECT_GT(choice.iterations, 0);
  // Reported on the budget's clock: the CPU this thread spent (the search may stop early
  // when its choice is settled, never much past the budget, however busy the machine).
  EXPECT_NEAR(choice.seconds, used_seconds, 0.005);
  EXPECT_LT(choice.seconds, 0.03 + 0.02);
}

TEST(SpecParser, UnknownProfileIsOneClearLine) {
  PlayerConfig config;
  try {
    parse_player_spec("mcts:profile=v0", config);
    FAIL() << "profile=v0 was accepted";
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "bad AI spec 'mcts:profile=v0': profile must be v1, v2 or latest, not 'v0'");
  }
  EXPECT_THROW(parse_player_spec("random:profile=v1", config), LudusError);
}

TEST(SpecParser, MakePlayerKeepsTheSpecAsName) {
  EXPECT_EQ(make_player("random")->name(), "random");
  EXPECT_EQ(make_player("hard")->name(), "hard");
  auto p = make_player("mcts:iters=10");
  auto* book = dynamic_cast<solver::BookPlayer*>(p.get());  // proven wins first, then the search
  ASSERT_NE(book, nullptr);
  auto* mcts = dynamic_cast<MctsPlayer*>(&book->inner());
  ASSERT_NE(mcts, nullptr);
  EXPECT_EQ(mcts->config().iterations, 10);
  EXPECT_EQ(mcts->config().threads, 1);
}

}  // namespace
}  // namespace ludus::ai
