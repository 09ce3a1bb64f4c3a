// SPDX-License-Identifier: Apache-2.0
// The guided playout: a turn that breaks a bridge is answered by restoring it.  Checked
// on hand-made positions, against a plain search of the links for every ply of seeded
// playouts, and for ending where the rules say.
#include <map>
#include <set>

#include "games/trellis/trellis_bridges.h"
#include "games/trellis/trellis_playout_support.h"
#include "games/trellis/trellis_test_support.h"

namespace ludus::trellis::test {
namespace {

// The stones one guided ply places on a copy of `state`.
TurnStones guided_ply(const TrellisState& state, Rng& rng) {
  TrellisState copy = state;
  TrellisTesting::play_guided_plies(copy, rng, 1);
  return copy.last_turn();
}

bool holds(TurnStones stones, int site) { return stones.first == site || stones.second == site; }

// --- the plain twin: bridges found from the rules' words, point by point ---

// The points (sites) linked to (col, row) for `colour`, and whether it touches each of the
// colour's two edges.
struct Links {
  std::vector<int> points;
  bool first_edge = false, goal_edge = false;
};
Links plain_links(const TrellisGame& g, int colour, int col, int row) {
  Links out;
  const int n = g.size();
  auto consider = [&](int c, int r) {
    if (c >= 0 && c < n && r >= 0 && r < n) out.points.push_back(g.site(c, r));
  };
  consider(col + 1, row), consider(col - 1, row), consider(col, row + 1), consider(col, row - 1);
  // Diagonals across the four squares around the point that have the colour's home shade.
  for (int dc : {0, -1})
    for (int dr : {0, -1}) {
      const bool dark = TrellisGame::dark_square(col + dc, row + dr);
      if (dark == (colour == kBlack)) consider(dc == 0 ? col + 1 : col - 1, dr == 0 ? row + 1 : row - 1);
    }
  const int along = colour == kBlack ? row : col;
  out.first_edge = along == 0;
  out.goal_edge = along == n - 1;
  return out;
}

// An end of a bridge: a stone (site) or an edge (-1 first, -2 goal).
bool touches(const TrellisGame& g, int colour, int site, int end) {
  const Links l = plain_links(g, colour, g.col(site), g.row(site));
  if (end == -1) return l.first_edge;
  if (end == -2) return l.goal_edge;
  for (int p : l.points)
    if (p == end) return true;
  return false;
}

// Every empty point that saves a bridge of `colour` broken by a stone on `intruder`.
std::set<int> plain_saves(const TrellisState& s, int colour, int intruder) {
  const TrellisGame& g = s.trellis();
  std::vector<int> ends;
  const Links around = plain_links(g, colour, g.col(intruder), g.row(intruder));
  for (int p : around.points)
    if (s.stone_at(p) == colour) ends.push_back(p);
  if (around.first_edge) ends.push_back(-1);
  if (around.goal_edge) ends.push_back(-2);
  std::set<int> saves;
  for (size_t i = 0; i < ends.size(); ++i)
    for (size_t j = i + 1; j < ends.size(); ++j) {
      int a = ends[i], b = ends[j];
      if (b < 0) std::swap(a, b);
      if (b < 0 || touches(g, colour, b, a)) continue;
      std::set<int> free;
      bool joined = false;
      for (int y = 0; y < g.num_sites(); ++y) {
        if (y == intruder || !touches(g, colour, y, a) || !touches(g, colour, y, b)) continue;
        if (s.stone_at(y) == colour) joined = true;
        else if (s.stone_at(y) < 0) free.insert(y);
      }
      if (!joined) saves.insert(free.begin(), free.end());
    }
  return saves;
}

// --- hand-made positions ---

TEST(TrellisGuided, AnIntrusionIntoABridgeIsAnswered) {
  // Black c3 and d4 across a light square: not linked, joined through c4 or d3.  White
  // takes d3; Black's guided turn takes c4, whatever else it places.
  Position p(9);
  p.play("c3 a9 d4 d3");  // Black c3, White a9, Black d4, White intrudes at d3
  ASSERT_EQ(p.state().to_move(), kBlack);
  EXPECT_EQ(plain_saves(p.state(), kBlack, p.site("d3")), std::set<int>{p.site("c4")});
  Rng rng(5);
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(holds(guided_ply(p.state(), rng), p.site("c4")));
}

TEST(TrellisGuided, AnIntrusionBetweenAStoneAndItsEdgeIsAnswered) {
  // Black e2 links to the first edge through e1 and through the diagonal point below it
  // on its dark square; White takes e1, Black takes the other.
  Position p(9);
  p.play("e2 a9 i5 e1");
  ASSERT_EQ(p.state().to_move(), kBlack);
  const std::set<int> saves = plain_saves(p.state(), kBlack, p.site("e1"));
  ASSERT_EQ(saves.size(), 1u);
  Rng rng(6);
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(holds(guided_ply(p.state(), rng), *saves.begin()));
}

TEST(TrellisGuided, AJoinedBridgeNeedsNoAnswer) {
  // c4 already joins c3 and d4: White's d3 breaks nothing, and the turn stays random (no
  // point comes up in more than a few of the turns).
  Position p(9);
  p.play("c3 a9 d4 i9 c4 d3");
  ASSERT_EQ(p.state().to_move(), kBlack);
  ASSERT_TRUE(plain_saves(p.state(), kBlack, p.site("d3")).empty());
  Rng rng(7);
  std::map<int, int> count;
  for (int i = 0; i < 400; ++i) {
    const TurnStones t = guided_ply(p.state(), rng);
    ++count[t.first];
    if (t.second >= 0) ++count[t.second];
  }
  for (auto [site, times] : count) EXPECT_LT(times, 40) << p.game().geometry().name(site);
}

// --- seeded playouts against the plain twin ---

// Every ply of seeded guided playouts: after a turn whose stones break bridges, the next
// turn holds an answer that the plain search finds (the mirror limit could refuse one,
// but playouts from the empty board never mirror nine turns in a row).
TEST(TrellisGuided, EveryAnswerIsOneThePlainSearchFinds) {
  for (int size : {7, 15}) {
    auto game = trellis_game(size);
    Rng rng(40 + size);
    int answered = 0;
    for (int g = 0; g < (size == 7 ? 300 : 40); ++g) {
      auto state = game->new_initial_state();
      auto& trellis = static_cast<TrellisState&>(*state);
      while (!trellis.is_terminal()) {
        const TurnStones last = trellis.last_turn();
        const int mover = trellis.to_move();
        std::set<int> saves;
        if (!last.is_pass()) {
          saves = plain_saves(trellis, mover, last.first);
          if (last.second >= 0) {
            const std::set<int> more = plain_saves(trellis, mover, last.second);
            saves.insert(more.begin(), more.end());
          }
        }
        const TrellisState before = trellis;
        TrellisTesting::play_guided_plies(trellis, rng, 1);
        if (trellis.seats_swapped() != before.seats_swapped()) continue;  // the swap
        const TurnStones played = trellis.last_turn();
        if (saves.empty()) continue;
        ++answered;
        ASSERT_TRUE(saves.count(played.first) || (played.second >= 0 && saves.count(played.second)))
            << "no answer to " << before.action_to_text(game->action_of(last.first, last.second)) << " in "
            << before.action_to_text(game->action_of(played.first, played.second)) << "\n" << before.render();
      }
    }
    EXPECT_GT(answered, 100) << size;
  }
}

TEST(TrellisGuided, PlayoutsEndWhereTheRulesSay) {
  for (int size : {7, 15, 25}) expect_wins_found_ply_by_ply(size, 50, 60 + size, /*guided=*/true);
}

}  // namespace
}  // namespace ludus::trellis::test
