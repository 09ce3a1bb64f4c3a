// SPDX-License-Identifier: Apache-2.0
// Guided playouts (take a win in one, else block the opponent's, else random but no
// needless self-atari): the incremental threat sets against a from-scratch count with the
// reference rules after every ply, every recorded move replayed through
// is_legal()/apply() to the same end, the policy itself checked move by move, and
// hand-made positions.
#include <algorithm>

#include "games/ndengrod/ndengrod_reference.h"
#include "ndengrod_test_util.h"

namespace ludus::ndengrod {
namespace {

using namespace test;

// The empty cells where a stone of `colour` would make a line of the game's length,
// ascending (whatever their legality), from the reference rules.
std::vector<int> threats_from_scratch(const NdengrodGame& game, const NdengrodReference& board, int colour) {
  std::vector<int> out;
  NdengrodReference probe = board;
  for (int s = 0; s < game.num_sites(); ++s) {
    if (board.stone(s) != NdengrodReference::kEmpty) continue;
    std::vector<int> cells = board.cells();
    cells[s] = colour;
    probe.set_position(std::move(cells), colour);
    if (probe.longest_line_through(s) >= game.line_length()) out.push_back(s);
  }
  return out;
}

bool contains(const std::vector<int>& cells, int site) { return std::find(cells.begin(), cells.end(), site) != cells.end(); }

// Whether a stone of `colour` on `site` (legal) would capture nothing and leave its group
// a single empty neighbour, from the reference rules.
bool self_atari(const Geometry& geometry, const NdengrodReference& board, int site, int colour) {
  int empty_around = 0;  // each stays a freedom of the new group: no need to look further
  for (int next : geometry.neighbours(site)) empty_around += board.stone(next) == NdengrodReference::kEmpty;
  if (empty_around >= 2) return false;
  NdengrodReference probe = board;
  if (probe.place(site, colour) > 0) return false;
  std::vector<int> freedoms;
  for (int stone : probe.group(site))
    for (int next : geometry.neighbours(stone))
      if (probe.stone(next) == NdengrodReference::kEmpty && !contains(freedoms, next)) freedoms.push_back(next);
  return freedoms.size() == 1;
}

struct GuidedCounts {
  int games = 0, wins_taken = 0, blocks = 0, captures = 0, swaps = 0, passes = 0, illegal_threats = 0;
  int self_ataris_avoided = 0, self_ataris_forced = 0, self_ataris_needless = 0;
  long repeats = 0;  // empty cells refused by superko alone, over all plies
};

// Plays `games` guided playouts and checks each one ply by ply, replaying it through the
// interface with the reference board alongside.
// With `first_generation` the playouts are profile=v1's, which know no self-atari rule:
// needless self-ataris are counted instead of refused.
void check_guided_playouts(const std::map<std::string, std::string>& options, int games, GuidedCounts& counts,
                           bool first_generation = false) {
  auto game = make(options);
  const std::string label = game->options().to_string();
  Rng rng(404);
  for (int g = 0; g < games; ++g) {
    auto fast = game->new_initial_state();
    auto& guided = dynamic_cast<NdengrodState&>(*fast);
    NdengrodTesting::GuidedTrace trace;
    const int winner = NdengrodTesting::guided_playout_traced(guided, rng, trace, first_generation);
    ASSERT_TRUE(guided.is_terminal()) << label;
    ASSERT_EQ(winner, guided.winner());
    ASSERT_EQ(trace.threats.size(), trace.moves.size());
    ++counts.games;

    auto replay = game->new_initial_state();
    NdengrodReference board(game->geometry());
    bool captured_yet = false;
    for (size_t i = 0; i < trace.moves.size(); ++i) {
      const int mover = replay->to_move(), other = mover ^ 1;
      const Action move = trace.moves[i];
      const std::string where = label + " game " + std::to_string(g) + " ply " + std::to_string(i) + "\n" + replay->render();
      // (a) the playout's incremental threats are those of the position.
      const std::vector<int> own = threats_from_scratch(*game, board, mover);
      const std::vector<int> theirs = threats_from_scratch(*game, board, other);
      ASSERT_EQ(trace.threats[i][mover], own) << where;
      ASSERT_EQ(trace.threats[i][other], theirs) << where;
      // (b) every move is legal through the interface.
      ASSERT_TRUE(replay->is_legal(move)) << replay->action_to_text(move) << " " << where;
      if (captured_yet)  // only captures let a position come back
        for (int s = 0; s < game->num_sites(); ++s)
          counts.repeats += board.stone(s) == NdengrodReference::kEmpty && board.repeats(s, mover);
      // The policy: a legal win if there is one, else a block if one is possible.
      std::vector<int> wins, blocks;
      for (int s : own) {
        if (board.legal(s, mover)) wins.push_back(s);
        else ++counts.illegal_threats;
      }
      for (int s : theirs)
        if (board.legal(s, other) && board.legal(s, mover)) blocks.push_back(s);
      if (!wins.empty()) {
        ASSERT_TRUE(contains(wins, move)) << replay->action_to_text(move) << " misses the win " << where;
        ++counts.wins_taken;
      } else if (!blocks.empty()) {
        ASSERT_TRUE(contains(blocks, move)) << replay->action_to_text(move) << " does not block " << where;
        ++counts.blocks;
      } else if (move < game->num_sites()) {
        // Else a placement that leaves its group one freedom and captures nothing only
        // when every legal placement does (the alternatives are counted in every tenth
        // game on boards of at most 64 cells only: the reference is slow).
        const bool atari = self_atari(game->geometry(), board, move, mover);
        if (atari || (g % 10 == 0 && game->num_sites() <= 64)) {
          bool any_atari = false, all_atari = true;
          for (int s : board.legal_placements(mover)) {
            const bool also = self_atari(game->geometry(), board, s, mover);
            any_atari |= also;
            all_atari &= also;
          }
          if (atari && first_generation) {
            counts.self_ataris_needless += !all_atari;
          } else if (atari) {
            ASSERT_TRUE(all_atari) << replay->action_to_text(move) << " is a needless self-atari " << where;
            ++counts.self_ataris_forced;
          } else {
            counts.self_ataris_avoided += any_atari;
          }
        }
      }
      replay->apply(move);
      if (move == game->swap_action()) {
        ++counts.swaps;
      } else if (move == game->pass_action()) {
        board.pass(mover);
        ++counts.passes;
      } else {
        const int removed = board.place(move, mover);
        ASSERT_EQ(removed, dynamic_cast<const NdengrodState&>(*replay).last_captures()) << where;
        counts.captures += removed > 0;
        captured_yet |= removed > 0;
      }
    }
    ASSERT_TRUE(replay->is_terminal()) << label;
    ASSERT_EQ(replay->winner(), winner) << label;
    for (int s = 0; s < game->num_sites(); ++s) ASSERT_EQ(guided.stone_at(s), board.stone(s)) << label;
  }
}

TEST(NdengrodGuided, ThreatsPolicyAndReplayOnTheDefaultBoard) {
  GuidedCounts counts;
  check_guided_playouts({}, 2000, counts);
  EXPECT_GT(counts.wins_taken, 1900);  // nearly every game ends on a taken win
  EXPECT_GT(counts.blocks, 4000);
  EXPECT_GT(counts.self_ataris_avoided, 100);
  EXPECT_GT(counts.swaps, 0);
  EXPECT_GT(counts.captures, 0);
}

// Short lines and small boards make captures that free cells on threatened lines common.
TEST(NdengrodGuided, ThreatsPolicyAndReplayWithShortLinesAndCaptures) {
  GuidedCounts counts;
  for (auto options : {std::map<std::string, std::string>{{"size", "3"}, {"length", "3"}},
                       {{"size", "4"}, {"length", "3"}, {"swap", "off"}},
                       {{"size", "4"}, {"length", "4"}},
                       {{"size", "3"}, {"length", "4"}, {"swap", "off"}}}) {
    check_guided_playouts(options, 3000, counts);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(counts.captures, 1000);
  EXPECT_GT(counts.blocks, 10000);
  EXPECT_GT(counts.passes, 0);
  EXPECT_GT(counts.illegal_threats, 0);  // winning cells that are suicide are skipped
  EXPECT_GT(counts.self_ataris_forced, 0);
}

// Long lines on small boards: long games in which positions come back, so the playout's
// own log of positions decides legality.
TEST(NdengrodGuided, ThreatsPolicyAndReplayWhenPositionsRepeat) {
  GuidedCounts counts;
  for (auto options : {std::map<std::string, std::string>{{"size", "3"}, {"length", "5"}},
                       {{"shape", "trapezoid"}, {"size", "2"}, {"length", "3"}, {"swap", "off"}}}) {
    check_guided_playouts(options, 2000, counts);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(counts.repeats, 50);
  EXPECT_GT(counts.passes, 50);
}

TEST(NdengrodGuided, ThreatsPolicyAndReplayOnOtherBoards) {
  GuidedCounts counts;
  for (auto options : {std::map<std::string, std::string>{{"shape", "trapezoid"}, {"size", "7"}},
                       {{"shape", "trapezoid"}, {"size", "13"}, {"length", "9"}},
                       {{"size", "9"}, {"length", "4"}, {"swap", "off"}},
                       {{"size", "13"}, {"length", "6"}}}) {
    check_guided_playouts(options, 150, counts);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(counts.blocks, 500);
  EXPECT_GT(counts.captures, 500);
}

// profile=v1's guided playouts keep taking and blocking wins but know no self-atari rule.
TEST(NdengrodGuided, FirstGenerationPlayoutsKnowNoSelfAtariRule) {
  GuidedCounts counts;
  check_guided_playouts({}, 300, counts, true);
  EXPECT_GT(counts.wins_taken, 250);
  EXPECT_GT(counts.self_ataris_needless, 20);
}

TEST(NdengrodGuided, SwapOffNeverSwaps) {
  GuidedCounts counts;
  check_guided_playouts({{"swap", "off"}}, 300, counts);
  EXPECT_EQ(counts.swaps, 0);
}

// The first move of guided playouts from a hand-made position, over many seeds.
std::vector<std::string> first_moves(const NdengrodGame& game, const std::string& x, const std::string& o, int to_move) {
  std::vector<std::string> out;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    auto state = position(game, x, o, to_move);
    NdengrodTesting::GuidedTrace trace;
    Rng rng(seed);
    NdengrodTesting::guided_playout_traced(*state, rng, trace);
    if (trace.moves.empty()) continue;
    auto start = position(game, x, o, to_move);
    out.push_back(start->action_to_text(trace.moves[0]));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

TEST(NdengrodGuided, TakesTheWinInOne) {
  auto game = make();
  // X: e1-e4, e5 makes five.
  EXPECT_EQ(first_moves(*game, "e1 e2 e3 e4", "a1 a2 a3 b1", 0), std::vector<std::string>{"e5"});
  // The win comes before blocking O's five at a5.
  EXPECT_EQ(first_moves(*game, "e1 e2 e3 e4", "a1 a2 a3 a4", 0), std::vector<std::string>{"e5"});
}

TEST(NdengrodGuided, BlocksTheOpponentsWin) {
  auto game = make();
  EXPECT_EQ(first_moves(*game, "e1 e2 e3 e4", "a1 a2 a3 b1", 1), std::vector<std::string>{"e5"});
  // Two threats: either block, drawn uniformly.
  EXPECT_EQ(first_moves(*game, "e1 e2 e3 e4 i5 i6 i7 i8", "a1 a2 a3 b1 b2 b3", 1), (std::vector<std::string>{"e5", "i9"}));
}

}  // namespace
}  // namespace ludus::ndengrod
