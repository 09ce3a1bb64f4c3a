#pragma once
// N-Mesh (RULES.md §1): place stones on an n x n board with shaded liberty cells; as soon
// as a placement leaves any stone enmeshed (cut off from every empty liberty by the
// opponent's stones and knight connections), the side with fewer enmeshed stones wins.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/geometry.h"
#include "games/n-mesh/n_mesh_enmesh.h"

namespace ludus::nmesh {

constexpr int kBlack = 0;
constexpr int kWhite = 1;
constexpr int kEmpty = -1;

// (c + 2r + k) mod 5 == 0 with k = 1 when n-1 is a multiple of 5 (RULES.md §1).
bool is_liberty_cell(int n, int col, int row);

class NMeshGame : public Game {
 public:
  explicit NMeshGame(const Options& options);

  int size() const { return n_; }
  const Geometry& geometry() const { return geometry_; }
  const Geometry* board_geometry() const override { return &geometry_; }
  // The square's symmetries that map the shaded cells onto themselves.
  std::vector<std::vector<int>> board_symmetries() const override;
  bool is_liberty(int site) const { return tables_.liberties.test(site); }
  const EnmeshTables& tables() const { return tables_; }
  // Actions: a placement is the site index (column-major, a1 = 0, a2 = 1, ...), then swap.
  Action swap_action() const { return n_ * n_; }

  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return n_ * n_ + 1; }

 private:
  int n_;
  Geometry geometry_;
  EnmeshTables tables_;
};

class NMeshState : public State {
 public:
  explicit NMeshState(const NMeshGame& game);

  // A position drawn as rows from the top (row n first), one character per cell:
  // 'x' black, 'o' white, anything else empty.  Stones are put down as they are, without
  // the end test, so tests can set up positions no legal game passes through; the ply
  // count is the number of stones (so the pie is offered only with a single stone).
  static std::unique_ptr<NMeshState> from_diagram(const NMeshGame& game, const std::vector<std::string>& rows,
                                                  int to_move);

  const NMeshGame& mesh_game() const { return *mesh_game_; }
  int stone_at(int site) const;  // kBlack, kWhite or kEmpty
  int site_colour(int site) const override { return stone_at(site); }
  int plies() const { return plies_; }
  const std::array<Board, 2>& stones() const { return stones_; }
  // Enmeshed stones of each colour in this position (fast bitboard test).
  std::array<Board, 2> enmeshed() const { return enmeshed_stones(mesh_game_->tables(), stones_); }
  // Enmeshed stone counts when the game ended, else {0, 0}.
  std::array<int, 2> final_enmeshed_counts() const { return final_counts_; }

  std::unique_ptr<State> clone() const override { return std::make_unique<NMeshState>(*this); }
  int to_move() const override { return to_move_; }
  bool is_terminal() const override { return winner_ != kNoWinner; }
  int winner() const override { return winner_; }
  std::string end_reason() const override;

  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action action) const override;
  void apply(Action action) override;
  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  std::string render() const override;
  int random_playout(Rng& rng) override;
  // The pie still to come is the only rule state beside the stones and the mover.
  std::optional<ExactKeyParts> exact_key_parts() const override {
    return ExactKeyParts{.rules = swap_allowed() ? 1u : 0u, .history = 0};
  }

 private:
  static constexpr int kNoWinner = -2;

  bool swap_allowed() const { return plies_ == 1 && !is_terminal(); }
  void place(int site);
  void convert_first_stone();

  const NMeshGame* mesh_game_;
  std::array<Board, 2> stones_{};
  int to_move_ = kBlack;
  int plies_ = 0;
  int winner_ = kNoWinner;
  std::array<int, 2> final_counts_{0, 0};
};

}  // namespace ludus::nmesh
