// SPDX-License-Identifier: Apache-2.0
// The solver on hand-made positions with known values, the board symmetries the games
// declare, every opening book compiled in (checked as a proof by walking the game tree,
// independently of df-pn), and the AI playing a solved board perfectly against `max`.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <unordered_set>

#include "ai/ai_test_support.h"
#include "ai/mcts_player.h"
#include "ai/player.h"
#include "ai/solver/opening_book.h"
#include "ai/solver/proof_tree.h"
#include "ai/solver/solver.h"
#include "ai/test_games.h"
#include "core/board_symmetry.h"
#include "core/error.h"
#include "core/history.h"
#include "core/registry.h"
#include "games/n-mesh/n_mesh.h"
#include "games/n-mesh/n_mesh_state.h"

namespace ludus::ai::solver {
namespace {

Solver make_solver(const Game& game) { return Solver(game, SearchLimits{.memory_bytes = 16u << 20, .on_progress = {}}); }

TEST(SolverSymmetry, LatticeSymmetriesOfSquareAndHexBoards) {
  EXPECT_EQ(lattice_symmetries(Geometry::square(4, 4)).size(), 8u);
  EXPECT_EQ(lattice_symmetries(Geometry::hexhex(3)).size(), 12u);
  EXPECT_EQ(lattice_symmetries(Geometry::limping(3)).size(), 6u);
  EXPECT_EQ(lattice_symmetries(Geometry::trapezoid(4)).size(), 2u);
  const Geometry g = Geometry::hexhex(3);
  for (const auto& perm : lattice_symmetries(g))  // adjacency is kept
    for (int s = 0; s < g.num_sites(); ++s)
      for (int t : g.neighbours(s)) {
        auto n = g.neighbours(perm[s]);
        EXPECT_NE(std::find(n.begin(), n.end(), perm[t]), n.end());
      }
}

TEST(SolverSymmetry, NMeshKeepsOnlySymmetriesOfTheShading) {
  for (int size = 3; size <= 8; ++size) {
    auto game = make_game("n-mesh", {{"size", std::to_string(size)}});
    const auto syms = game->board_symmetries();
    ASSERT_FALSE(syms.empty());
    const auto* g = game->board_geometry();
    for (const auto& perm : syms)
      for (int s = 0; s < g->num_sites(); ++s)
        EXPECT_EQ(nmesh::is_liberty_cell(size, g->coord(s).col, g->coord(s).row),
                  nmesh::is_liberty_cell(size, g->coord(perm[s]).col, g->coord(perm[s]).row));
  }
}

// Superko puts Ndengrod's history in its keys, so its positions are not merged by symmetry;
// the first moves from the empty board are (a symmetry maps their histories too), and each
// member of a class has the class's value when solved on its own.
TEST(SolverSymmetry, NdengrodFirstMovesFormFourClassesOnHexhexThree) {
  auto game = make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}});
  Solver solver = make_solver(*game);
  auto root = game->new_initial_state();
  const auto openings = solver.solve_openings(*root);
  ASSERT_EQ(openings.size(), 4u);
  std::vector<size_t> sizes;
  for (const auto& o : openings) sizes.push_back(o.moves.size());
  std::sort(sizes.begin(), sizes.end());
  EXPECT_EQ(sizes, (std::vector<size_t>{1, 6, 6, 6}));
  for (const auto& o : openings)
    for (Action a : {o.moves.front(), o.moves.back()}) {
      auto child = root->clone();
      child->apply(a);
      Solver alone = make_solver(*game);
      EXPECT_EQ(opposite(alone.solve(*child).value), o.first_without_pie()) << root->action_to_text(a);
    }
}

// N-Mesh 3x3 has two shaded cells, a1 and b3.
TEST(SolverKnownPositions, NMeshWinInOne) {
  auto game = make_game("n-mesh", {{"size", "3"}});
  const auto& mesh = static_cast<const nmesh::NMeshGame&>(*game);
  // White to move: b1 shuts Black's a1 in (a2 and b1 white), no white stone is cut off.
  auto state = nmesh::NMeshState::from_diagram(mesh, {"...", "o..", "x.x"}, nmesh::kWhite);
  Solver solver = make_solver(*game);
  const PositionResult r = solver.solve(*state);
  EXPECT_EQ(r.value, Value::kWin);
  auto after = state->clone();
  after->apply(r.best);
  EXPECT_TRUE(after->is_terminal() || solver.solve(*after).value == Value::kLoss);
}

TEST(SolverKnownPositions, NMeshEveryMoveLoses) {
  auto game = make_game("n-mesh", {{"size", "3"}});
  const auto& mesh = static_cast<const nmesh::NMeshGame&>(*game);
  // Black must fill b3, the last empty shaded cell: then every stone is enmeshed, and
  // Black has five to White's four.
  auto state = nmesh::NMeshState::from_diagram(mesh, {"x.o", "xoo", "xxo"}, nmesh::kBlack);
  ASSERT_FALSE(state->is_terminal());
  Solver solver = make_solver(*game);
  EXPECT_EQ(solver.solve(*state).value, Value::kLoss);
}

TEST(SolverKnownPositions, AGameThatDoesNotDeclareItsRuleStateIsRefused) {
  EXPECT_THROW(make_solver(*ai::testing::make_tictactoe()), LudusError);  // no exact_key_parts
}

// Walks the proof a book holds from its board's start: the winner's move comes from the
// book at each of its turns, every answer of the loser is followed, and every game ends
// with the winner winning.
void check_book_is_a_proof(const OpeningBook& book) {
  auto game = make_game(book.game_name(), book.options());
  ExactKeyer keyer(*game);
  auto root = game->new_initial_state();
  const auto root_value = book.mover_wins(keyer.key(*root));
  ASSERT_TRUE(root_value.has_value()) << "the book does not hold its start position";
  const int winner = *root_value ? root->seat_to_move() : 1 - root->seat_to_move();
  std::unordered_set<uint64_t> seen;
  size_t positions = 0;
  std::function<void(const State&)> walk = [&](const State& s) {
    if (s.is_terminal()) {
      EXPECT_EQ(s.winning_seat(), winner);
      return;
    }
    if (!seen.insert(keyer.key(s)).second) return;
    ++positions;
    if (s.seat_to_move() == winner) {
      const Action a = book_winning_move(book, keyer, s);
      ASSERT_NE(a, kNoAction) << "no book move in\n" << s.render();
      auto child = s.clone();
      child->apply(a);
      walk(*child);
    } else {
      for (Action a : s.legal_actions()) {
        auto child = s.clone();
        child->apply(a);
        walk(*child);
      }
    }
  };
  walk(*root);
  EXPECT_GT(positions, 0u);
}

TEST(SolverBook, EveryStoredBookIsAProof) {
  const auto books = OpeningBook::compiled_in();
  ASSERT_FALSE(books.empty());
  for (const auto& [name, book] : books) {
    SCOPED_TRACE(name);
    check_book_is_a_proof(*book);
  }
}

// Threat proofs (SearchLimits::threat_budget) solve nodes without a searched subtree; the
// book collected after them must still be a whole proof, walked by the rules alone.
TEST(SolverBook, AProofFoundWithThreatProofsIsAProof) {
  auto game = make_game("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "on"}});
  SearchLimits limits{.memory_bytes = 16u << 20};
  limits.threat_budget = 1000;
  Solver solver(*game, limits);
  auto root = game->new_initial_state();
  const PositionResult r = solver.solve(*root);
  ASSERT_TRUE(r.value == Value::kWin || r.value == Value::kLoss);
  ASSERT_GT(solver.stats().threat_proofs, 0u);
  const int winner = r.value == Value::kWin ? root->seat_to_move() : 1 - root->seat_to_move();
  std::vector<ProofEntry> entries;
  ASSERT_TRUE(collect_proof(solver.search(), *root, winner, root->seat_to_move(), 1'000'000, entries));
  const OpeningBook book = OpeningBook::parse(OpeningBook::format(*game, entries, {"threat proofs"}));
  check_book_is_a_proof(book);
}

TEST(SolverBook, StoredStartValuesAgreeWithDfpn) {
  for (const auto& [name, book] : OpeningBook::compiled_in()) {
    auto game = make_game(book->game_name(), book->options());
    if (game->board_geometry()->num_sites() > 16) continue;  // keep the test fast
    SCOPED_TRACE(name);
    auto root = game->new_initial_state();
    Solver solver = make_solver(*game);
    const bool mover_wins = *book->mover_wins(ExactKeyer(*game).key(*root));
    EXPECT_EQ(solver.solve(*root).value, mover_wins ? Value::kWin : Value::kLoss);
  }
}

// Inside the search tree: the plain MCTS player (no BookPlayer around it) proves the
// positions the book knows on their first visit, so a handful of iterations proves the
// start of a solved board, and every reply to the winning opening is proven lost.
TEST(SolverBook, TheSearchTreeProvesThePositionsOfTheBook) {
  auto game = make_game("n-mesh", {{"size", "4"}});
  const OpeningBook* book = OpeningBook::for_game(*game);
  ASSERT_NE(book, nullptr);
  History history(game);
  const bool first_wins = *book->mover_wins(ExactKeyer(*game).key(history.state()));
  MctsConfig config;
  config.iterations = 400;
  config.root_check_budget = 0;  // nothing proven before the search: only the book
  MctsPlayer player("mcts", config);
  const MoveChoice start = player.choose(history);
  EXPECT_EQ(start.proven, first_wins ? ProvenResult::kWin : ProvenResult::kLoss) << start.info;
  EXPECT_NE(start.info.find("(opening book)"), std::string::npos) << start.info;
  if (!first_wins) return;
  history.play(start.action);
  MctsPlayer second("mcts", config);
  const MoveChoice reply = second.choose(history);
  EXPECT_EQ(reply.proven, ProvenResult::kLoss) << reply.info;
  for (const auto& m : reply.root_moves) EXPECT_EQ(m.win_rate, 0.0) << game->new_initial_state()->action_to_text(m.action);

  // With the solver off the tree knows nothing of the book.
  config.solver = false;
  MctsPlayer blind("mcts", config);
  EXPECT_EQ(blind.choose(History(game)).proven, ProvenResult::kNone);
}

TEST(SolverBook, TheBookPlayerWinsEveryGameOfASolvedBoardAgainstMax) {
  for (const char* size : {"4", "5"}) {
    SCOPED_TRACE(std::string("n-mesh size=") + size);
    auto game = make_game("n-mesh", {{"size", size}});
    const OpeningBook* book = OpeningBook::for_game(*game);
    ASSERT_NE(book, nullptr);
    auto root = game->new_initial_state();
    const bool first_wins = *book->mover_wins(ExactKeyer(*game).key(*root));
    const int winner = first_wins ? 0 : 1;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      auto perfect = make_player("easy", {.seed = seed, .threads = 1});
      auto strong = make_player("max:time=150ms,threads=1", {.seed = seed, .threads = 1});
      std::array<Player*, 2> players{};
      players[static_cast<size_t>(winner)] = perfect.get();
      players[static_cast<size_t>(1 - winner)] = strong.get();
      EXPECT_EQ(testing::play_game(game, players), winner) << "seed " << seed;
    }
  }
}

// The book's loser, searching without the book, still loses every game to the book: the
// stored proof answers whatever an unaware strong player tries (not only the moves the
// book's own tree search would expect).
TEST(SolverBook, TheBookAnswersAPlayerThatDoesNotKnowIt) {
  auto game = make_game("n-mesh", {{"size", "5"}});
  const OpeningBook* book = OpeningBook::for_game(*game);
  ASSERT_NE(book, nullptr);
  const bool first_wins = *book->mover_wins(ExactKeyer(*game).key(*game->new_initial_state()));
  const int winner = first_wins ? 0 : 1;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    MctsConfig config;
    config.iterations = 3000;
    config.solver = false;  // blind to the book: plays on as if the game were open
    config.seed = seed;
    MctsPlayer unaware("mcts", config);
    auto perfect = make_player("easy", {.seed = seed, .threads = 1});
    std::array<Player*, 2> players{};
    players[static_cast<size_t>(winner)] = perfect.get();
    players[static_cast<size_t>(1 - winner)] = &unaware;
    EXPECT_EQ(testing::play_game(game, players), winner) << "seed " << seed;
  }
}

}  // namespace
}  // namespace ludus::ai::solver
