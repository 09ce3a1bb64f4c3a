// SPDX-License-Identifier: Apache-2.0
// The guided playout's knowledge against the plain reference: the placements it takes as
// netting at once and those it avoids as weakening the mover's own region, recomputed from
// the cells alone after every move of seeded random games; and the playout itself, played
// again through the interface with the same random numbers.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/netted/netted_reference.h"
#include "games/netted/netted_state.h"
#include "games/netted/netted_testing.h"
#include "netted_test_support.h"

namespace ludus::netted {
namespace {

struct RegionCount {
  int edges = 0, stones = 0;
};

// Edge cells and stones of `colour` in the region of `cell` for `colour` (none when the
// cell is outside that colour's space).
RegionCount count_region(const NettedReference& ref, const NettedReference::Cells& cells,
                         const NettedReference::Nets& nets, int colour, int cell) {
  RegionCount count;
  for (int c : ref.region(cells, nets, colour, cell)) {
    count.edges += ref.is_edge(c);
    count.stones += cells[c] == colour;
  }
  return count;
}

// The two sets by their definitions, from the cells alone.
NettedTesting::GuidedSets plain_guided_sets(const NettedReference& ref, const NettedState& state) {
  const int mover = state.to_move(), other = 1 - mover;
  const int sites = state.netted().num_sites();
  NettedReference::Cells cells(sites);
  for (int c = 0; c < sites; ++c) cells[c] = state.owner(c);
  const NettedReference::Nets nets = ref.nets(cells);
  NettedTesting::GuidedSets sets;
  for (Action c : state.legal_actions()) {
    const bool in_their_space = !ref.region(cells, nets, other, c).empty();
    const RegionCount theirs = count_region(ref, cells, nets, other, c);
    if (ref.is_edge(c) && in_their_space && theirs.stones > 0 && theirs.edges == theirs.stones + 1)
      sets.netting.push_back(c);
    const bool in_our_space = !ref.region(cells, nets, mover, c).empty();
    const RegionCount ours = count_region(ref, cells, nets, mover, c);
    if (in_our_space && ours.edges == ours.stones + 2) sets.self_weakening.push_back(c);
  }
  return sets;
}

// After every move of random games: the fast sets equal the plain ones, every netting
// placement wins at once, and every self-weakening one leaves the placed stone's region
// exactly one edge cell more than stones.
void check_sets(const std::map<std::string, std::string>& options, int games, uint64_t seed, int* netting_seen) {
  auto game = test::netted(options);
  const NettedReference ref(game->geometry());
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      const auto& netted = dynamic_cast<const NettedState&>(*state);
      const auto fast = NettedTesting::guided_sets(netted);
      const auto plain = plain_guided_sets(ref, netted);
      ASSERT_EQ(fast.netting, plain.netting) << netted.render();
      ASSERT_EQ(fast.self_weakening, plain.self_weakening) << netted.render();
      *netting_seen += static_cast<int>(fast.netting.size());
      for (int c : fast.netting) {
        auto next = state->clone();
        next->apply(c);
        ASSERT_TRUE(next->is_terminal() && next->winner() == state->to_move()) << netted.render() << " at " << c;
      }
      const auto legal = state->legal_actions();
      state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
}

TEST(NettedGuided, SetsMatchTheirDefinitions) {
  int netting_seen = 0;
  check_sets({}, 150, 3, &netting_seen);
  check_sets({{"size", "3"}}, 150, 4, &netting_seen);
  check_sets({{"shape", "hexhex"}, {"size", "4"}}, 100, 5, &netting_seen);
  check_sets({{"shape", "hexhex"}, {"size", "6"}}, 20, 6, &netting_seen);  // two words
  EXPECT_GT(netting_seen, 100);
}

// The k-th cell of `cells` (sorted), k drawn the way the engine draws it.
int draw(const std::vector<int>& cells, Rng& rng) { return cells[rng.below(static_cast<uint32_t>(cells.size()))]; }

// The guided playout is: take a netting placement when there is one, else a placement that
// does not weaken the mover's own region, else any; each uniformly among its set.
TEST(NettedGuided, PlayoutIsThePlainPolicy) {
  for (const auto& options : std::vector<std::map<std::string, std::string>>{{}, {{"shape", "hexhex"}, {"size", "6"}}}) {
    auto game = test::netted(options);
    const NettedReference ref(game->geometry());
    for (uint64_t seed = 0; seed < 60; ++seed) {
      Rng a(seed), b(seed);
      auto fast = game->new_initial_state();
      const int fast_winner = fast->guided_playout(a);
      auto slow = game->new_initial_state();
      while (!slow->is_terminal()) {
        const auto& netted = dynamic_cast<const NettedState&>(*slow);
        const auto sets = plain_guided_sets(ref, netted);
        std::vector<int> safe;
        for (Action c : slow->legal_actions())
          if (!std::binary_search(sets.self_weakening.begin(), sets.self_weakening.end(), c)) safe.push_back(c);
        const auto legal = slow->legal_actions();
        slow->apply(draw(!sets.netting.empty() ? sets.netting : !safe.empty() ? safe : legal, b));
      }
      ASSERT_EQ(fast_winner, slow->winner()) << "seed " << seed;
      const auto& f = dynamic_cast<const NettedState&>(*fast);
      const auto& s = dynamic_cast<const NettedState&>(*slow);
      for (int c = 0; c < game->num_sites(); ++c) ASSERT_EQ(f.owner(c), s.owner(c)) << "seed " << seed;
    }
  }
}

// The priors' tactic (prior_tactic) against its contract, from the cells alone: 31 for a
// placement that wins at once; else 1 + own + 4 * theirs, with margins (edge cells less
// stones) bucketed 1, 2, 3, 4+ as 0-3: own, the mover's region holding the new stone;
// theirs, the least of the opponent's regions with stones next to it (4 for none).
TEST(NettedPriorTactic, MatchesItsDefinitionAlongRandomGames) {
  auto game = test::netted();
  const NettedReference ref(game->geometry());
  Rng rng(29);
  int nets = 0, pressed = 0;
  for (int g = 0; g < 40; ++g) {
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      const auto& netted = dynamic_cast<const NettedState&>(*state);
      const int mover = state->to_move(), other = 1 - mover;
      for (Action c : state->legal_actions()) {
        auto after = state->clone();
        after->apply(c);
        int expected = 31;
        if (!(after->is_terminal() && after->winner() == mover)) {
          NettedReference::Cells cells(static_cast<size_t>(game->num_sites()));
          for (int site = 0; site < game->num_sites(); ++site) cells[site] = static_cast<const NettedState&>(*after).owner(site);
          const NettedReference::Nets nets_after = ref.nets(cells);
          auto bucket = [](const RegionCount& r) { return std::clamp(r.edges - r.stones, 1, 4) - 1; };
          const int own = bucket(count_region(ref, cells, nets_after, mover, c));
          int theirs = 4;
          for (int next : game->geometry().neighbours(c)) {
            if (ref.region(cells, nets_after, other, next).empty()) continue;
            const RegionCount r = count_region(ref, cells, nets_after, other, next);
            if (r.stones > 0) theirs = std::min(theirs, bucket(r));
          }
          expected = 1 + own + 4 * theirs;
          pressed += theirs == 0;
        } else {
          ++nets;
        }
        ASSERT_EQ(netted.prior_tactic(c), expected) << netted.render() << " at " << state->action_to_text(c);
      }
      const auto legal = state->legal_actions();
      state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GT(nets, 20);
  EXPECT_GT(pressed, 20);
}

}  // namespace
}  // namespace ludus::netted
