// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers shared by every game's tests: the reference games of tests/conformance/ (the
// repository's copy of ../shared/conformance/) and the OpenSpiel-style random simulation
// test of the State interface.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/conformance.h"
#include "core/geometry.h"
#include "core/history.h"
#include "core/registry.h"
#include "support/files.h"

namespace ludus::testing {

// The names of the cells that decided a finished game (State::deciding_sites), sorted.
inline std::vector<std::string> deciding_site_names(const Game& game, const State& state) {
  std::vector<std::string> out;
  for (int site : state.deciding_sites()) out.push_back(game.board_geometry()->name(site));
  std::sort(out.begin(), out.end());
  return out;
}
inline std::vector<std::string> deciding_site_names(const History& history) {
  return deciding_site_names(history.game(), history.state());
}

// All conformance files whose name starts with `prefix` ("ndengrod-").
inline std::vector<std::string> conformance_files(const std::string& prefix) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(conformance_dir())) {
    auto name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".jsonl") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Replays every game of every matching file; fails with the first difference of each.
inline void expect_conformance(const std::string& prefix) {
  auto files = conformance_files(prefix);
  ASSERT_FALSE(files.empty()) << "no conformance files for " << prefix;
  for (const auto& file : files) {
    std::ostringstream failures;
    auto summary = verify_conformance_file(file, failures);
    EXPECT_EQ(summary.failed, 0) << failures.str();
    EXPECT_GT(summary.passed, 0) << file;
  }
}

// What `action` does, as the play server's board JSON says it: "place d4 e6, ends the turn".
inline std::string action_facts(const State& state, Action action) {
  const ActionShape shape = state.action_shape(action);
  std::string text(action_kind_name(shape.kind));
  for (int site : shape.sites) text += " " + state.game().board_geometry()->name(site);
  return text + (state.ends_turn(action) ? ", ends the turn" : ", the turn goes on");
}
inline std::string action_facts(const History& history, const std::string& text) {
  return action_facts(history.state(), history.state().parse_action(text));
}

// The sites of a legal action's shape are sites of the board and fit its kind.
inline void expect_shape_fits(const State& state, Action action) {
  const ActionShape shape = state.action_shape(action);
  const int sites = state.game().board_geometry()->num_sites();
  for (int site : shape.sites) ASSERT_TRUE(site >= 0 && site < sites) << state.action_to_text(action);
  switch (shape.kind) {
    case ActionKind::Place:
      ASSERT_FALSE(shape.sites.empty()) << state.action_to_text(action);
      for (int site : shape.sites) ASSERT_EQ(state.site_colour(site), -1) << state.action_to_text(action);
      break;
    case ActionKind::Slide:
      ASSERT_EQ(shape.sites.size(), 2u) << state.action_to_text(action);
      ASSERT_EQ(state.site_colour(shape.sites[0]), state.to_move()) << state.action_to_text(action);
      ASSERT_EQ(state.site_colour(shape.sites[1]), -1) << state.action_to_text(action);
      break;
    case ActionKind::Pass: ASSERT_TRUE(shape.sites.empty()) << state.action_to_text(action); break;
    case ActionKind::Swap: break;
  }
}

// Plays `games` uniformly random games and checks the interface contract after every
// move: canonical text parses back to the same action, legal actions are unique and
// accepted by is_legal, each names the sites it touches as its kind says (a placement on
// empty sites, a slide from a stone of the mover), clones are independent, and
// `check(state)` (the game's own cross-check of fast against reference code) holds.
template <typename Check>
void random_simulation(const Game& game, int games, uint64_t seed, Check&& check, int max_plies = 100000) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto state = game.new_initial_state();
    int plies = 0;
    while (!state->is_terminal()) {
      ASSERT_LT(plies++, max_plies) << "game does not end";
      auto actions = state->legal_actions();
      ASSERT_FALSE(actions.empty()) << "non-terminal state without legal actions\n" << state->render();
      std::set<Action> unique(actions.begin(), actions.end());
      ASSERT_EQ(unique.size(), actions.size()) << "duplicate legal actions";
      for (Action a : actions) {
        ASSERT_TRUE(state->is_legal(a));
        std::string text = state->action_to_text(a);
        ASSERT_EQ(state->parse_action(text), a) << text;
        expect_shape_fits(*state, a);
      }
      Action chosen = actions[rng.below(static_cast<uint32_t>(actions.size()))];
      auto before = state->clone();
      state->apply(chosen);
      ASSERT_EQ(before->legal_actions(), actions) << "clone changed by apply on the original";
      check(*state);
    }
    int w = state->winner();
    ASSERT_TRUE(w == kDraw || w == 0 || w == 1);
  }
}

}  // namespace ludus::testing
