// SPDX-License-Identifier: Apache-2.0
// df-pn (ai/solver) against an independent plain minimax over the games' reference
// implementations (the *_reference files, written straight from the rules), on the
// smallest boards: every first move and the start position must agree.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/solver/solver.h"
#include "core/history.h"
#include "core/registry.h"
#include "games/n-mesh/n_mesh.h"
#include "games/n-mesh/n_mesh_state.h"
#include "games/n-mesh/n_mesh_reference.h"
#include "games/ndengrod/ndengrod.h"
#include "games/ndengrod/ndengrod_reference.h"
#include "games/netted/netted.h"
#include "games/netted/netted_state.h"
#include "games/netted/netted_reference.h"

namespace ludus::ai::solver {
namespace {

// Values for the player to move: +1 win, 0 draw, -1 loss.
int from_value(Value v) { return v == Value::kWin ? 1 : v == Value::kLoss ? -1 : v == Value::kDraw ? 0 : 99; }

// --- N-Mesh: stones on cells, the pie, enmeshment by the reference test -------------------
class PlainNMesh {
 public:
  explicit PlainNMesh(const nmesh::NMeshGame& game) : game_(game), n_(game.size()) {}

  // cells[site]: 'x', 'o' or '.'; pie: White may still convert Black's stone.
  int negamax(std::string& cells, int to_move, bool pie) {
    const std::string key = cells + char('0' + to_move) + (pie ? 'p' : '-');
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = -1;
    if (pie) {  // the conversion: Black's one stone becomes White's; Black moves next
      std::string swapped = cells;
      for (char& c : swapped)
        if (c == 'x') c = 'o';
      best = std::max(best, -negamax(swapped, 1 - to_move, false));
    }
    for (int s = 0; s < n_ * n_ && best < 1; ++s) {
      if (cells[s] != '.') continue;
      cells[s] = to_move == 0 ? 'x' : 'o';
      const int ended = end_value(cells, to_move);  // for the mover, or 2 when the game goes on
      best = std::max(best, ended != 2 ? ended : -negamax(cells, 1 - to_move, to_move == 0 && count(cells) == 1));
      cells[s] = '.';
    }
    return memo_[key] = best;
  }

 private:
  static int count(const std::string& cells) {
    int stones = 0;
    for (char c : cells) stones += c != '.';
    return stones;
  }
  // RULES.md §1 End: fewer enmeshed stones wins; equal numbers: the mover loses.
  int end_value(const std::string& cells, int mover) const {
    std::vector<std::string> rows;
    for (int r = n_ - 1; r >= 0; --r) {
      std::string row;
      for (int c = 0; c < n_; ++c) row += cells[static_cast<size_t>(game_.geometry().site_at(r, c))];
      rows.push_back(row);
    }
    auto state = nmesh::NMeshState::from_diagram(game_, rows, 0);
    int enmeshed[2] = {0, 0};
    for (int colour = 0; colour < 2; ++colour)
      for (bool e : nmesh::reference_enmeshed(*state, colour)) enmeshed[colour] += e;
    if (enmeshed[0] + enmeshed[1] == 0) return 2;
    return enmeshed[mover] < enmeshed[1 - mover] ? 1 : -1;
  }

  const nmesh::NMeshGame& game_;
  int n_;
  std::map<std::string, int> memo_;
};

// --- Netted: placements that are not suicide; netting an opponent group wins ---------------
class PlainNetted {
 public:
  explicit PlainNetted(const Geometry& geometry) : reference_(geometry), sites_(geometry.num_sites()) {}

  int negamax(netted::NettedReference::Cells& cells, int to_move) {
    std::string key(cells.size() + 1, '.');
    for (size_t i = 0; i < cells.size(); ++i) key[i] = static_cast<char>('1' + cells[i]);
    key.back() = static_cast<char>('0' + to_move);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = -1;  // no legal placement: the mover loses
    for (int s : reference_.legal_placements(cells, to_move)) {
      cells[static_cast<size_t>(s)] = to_move;
      const int v = reference_.has_netted_group(cells, 1 - to_move) ? 1 : -negamax(cells, 1 - to_move);
      cells[static_cast<size_t>(s)] = -1;
      best = std::max(best, v);
      if (best == 1) break;
    }
    return memo_[key] = best;
  }

 private:
  netted::NettedReference reference_;
  int sites_;
  std::map<std::string, int> memo_;
};

// --- Ndengrod: the reference position carries its own superko history ---------------------
// Alpha-beta on {-1, 0, 1}, winning placements tried first.
struct PlainNdengrod {
  int length;
  bool swap;
  // Value for the seat to move; colour to move `colour`; plies so far; passes in a row.
  int negamax(const ndengrod::NdengrodReference& position, int colour, int plies, int passes, int alpha = -1,
              int beta = 1) {
    const auto placements = position.legal_placements(colour);
    std::vector<ndengrod::NdengrodReference> next;
    for (int s : placements) {
      next.push_back(position);
      next.back().place(s, colour);
      if (next.back().longest_line_through(s) >= length) return 1;
    }
    int best = -1;
    if (plies == 1 && swap) {
      // The seats exchange colours and O, now the first seat, moves: the other seat moves.
      best = -negamax(position, colour, plies + 1, 0, -beta, -alpha);
      alpha = std::max(alpha, best);
      if (alpha >= beta) return best;
    }
    if (placements.empty()) {
      if (passes == 1) return std::max(best, 0);  // the second pass in a row draws
      ndengrod::NdengrodReference passed = position;
      passed.pass(colour);
      return std::max(best, -negamax(passed, 1 - colour, plies + 1, passes + 1, -beta, -alpha));
    }
    for (const auto& n : next) {
      best = std::max(best, -negamax(n, 1 - colour, plies + 1, 0, -beta, -alpha));
      alpha = std::max(alpha, best);
      if (alpha >= beta) break;
    }
    return best;
  }
};

Solver make_solver(const Game& game) { return Solver(game, SearchLimits{.memory_bytes = 16u << 20, .on_progress = {}}); }

TEST(SolverReference, NMeshThreeByThreeEveryPositionAfterOnePly) {
  auto game = make_game("n-mesh", {{"size", "3"}});
  const auto& mesh = static_cast<const nmesh::NMeshGame&>(*game);
  PlainNMesh plain(mesh);
  Solver solver = make_solver(*game);
  std::string empty(9, '.');
  auto root = game->new_initial_state();
  EXPECT_EQ(from_value(solver.solve(*root).value), plain.negamax(empty, 0, false));
  for (Action a : root->legal_actions()) {
    auto child = root->clone();
    child->apply(a);
    std::string cells = empty;
    cells[static_cast<size_t>(a)] = 'x';
    SCOPED_TRACE(root->action_to_text(a));
    EXPECT_EQ(from_value(solver.solve(*child).value), plain.negamax(cells, 1, true));
  }
}

TEST(SolverReference, NettedSizeTwoBothShapesEveryFirstMove) {
  for (std::string shape : {"limping", "hexhex"}) {
    SCOPED_TRACE(shape);
    auto game = make_game("netted", {{"shape", shape}, {"size", "2"}});
    PlainNetted plain(*game->board_geometry());
    Solver solver = make_solver(*game);
    auto root = game->new_initial_state();
    netted::NettedReference::Cells cells(static_cast<size_t>(game->board_geometry()->num_sites()), -1);
    EXPECT_EQ(from_value(solver.solve(*root).value), plain.negamax(cells, 0));
    for (Action a : root->legal_actions()) {
      auto child = root->clone();
      child->apply(a);
      if (child->is_terminal()) continue;
      cells[static_cast<size_t>(a)] = 0;
      EXPECT_EQ(from_value(solver.solve(*child).value), plain.negamax(cells, 1)) << root->action_to_text(a);
      cells[static_cast<size_t>(a)] = -1;
    }
  }
}

TEST(SolverReference, NettedLimpingThreeAfterThreePlies) {
  auto game = make_game("netted", {{"size", "3"}});
  PlainNetted plain(*game->board_geometry());
  Solver solver = make_solver(*game);
  for (const std::vector<std::string>& moves : {std::vector<std::string>{"b2", "c3", "d3"}, {"a1", "e4", "c2"}}) {
    History h(game);
    h.play_moves(moves);
    netted::NettedReference::Cells cells(static_cast<size_t>(game->board_geometry()->num_sites()), -1);
    for (int ply = 0; ply < h.num_moves(); ++ply) cells[static_cast<size_t>(h.actions()[static_cast<size_t>(ply)])] = ply % 2;
    EXPECT_EQ(from_value(solver.solve(h.state()).value), plain.negamax(cells, 1)) << moves[0];
  }
}

TEST(SolverReference, NdengrodSizeTwoLengthThreeWithAndWithoutSwap) {
  for (std::string swap : {"on", "off"}) {
    SCOPED_TRACE("swap=" + swap);
    auto game = make_game("ndengrod", {{"size", "2"}, {"length", "3"}, {"swap", swap}});
    const auto& nd = static_cast<const ndengrod::NdengrodGame&>(*game);
    PlainNdengrod plain{nd.line_length(), nd.swap_enabled()};
    Solver solver = make_solver(*game);
    auto root = game->new_initial_state();
    ndengrod::NdengrodReference start(nd.geometry());
    EXPECT_EQ(from_value(solver.solve(*root).value), plain.negamax(start, 0, 0, 0));
    if (swap == "on") continue;  // the plain search is slow: first moves only without the swap
    for (Action a : {root->parse_action("a1"), root->parse_action("b2")}) {  // a corner, the centre
      auto child = root->clone();
      child->apply(a);
      ndengrod::NdengrodReference after = start;
      after.place(a, 0);
      EXPECT_EQ(from_value(solver.solve(*child).value), plain.negamax(after, 1, 1, 0)) << root->action_to_text(a);
    }
  }
}

}  // namespace
}  // namespace ludus::ai::solver
