// SPDX-License-Identifier: Apache-2.0
#pragma once
// The N-Mesh position (see n_mesh.h): the stones of each colour as bitboards, with the end
// test (n_mesh_enmesh.h) run after every placement.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/n-mesh/n_mesh.h"
#include "games/n-mesh/n_mesh_enmesh.h"

namespace ludus::nmesh {

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
  std::string ending_theme() const override;
  // The enmeshed stones of both colours when the game ended.
  std::vector<int> deciding_sites() const override;

  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action action) const override;
  void apply(Action action) override;
  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  // A placement's cell; the swap's is Black's first stone, which it turns White.
  ActionShape action_shape(Action action) const override;
  // The board, the last turn marked; render() paints it plain.
  std::string render() const override;
  std::string render(const BoardPainter& painter) const override;
  int random_playout(Rng& rng) override;
  // Random placements, but none that loses at once while another remains (see the .cpp).
  int guided_playout(Rng& rng) override;
  // The pie still to come is the only rule state beside the stones and the mover.
  std::optional<ExactKeyParts> exact_key_parts() const override {
    return ExactKeyParts{.rules = swap_allowed() ? 1u : 0u, .history = 0};
  }

 private:
  static constexpr int kNoWinner = -2;

  bool swap_allowed() const { return plies_ == 1 && !is_terminal(); }
  void place(int site);
  // The playouts' list of empty cells: fills `out` in site order, returns how many.
  using EmptyCells = std::array<int16_t, kMaxSize * kMaxSize>;
  int list_empty_cells(EmptyCells& out) const;
  // The enmeshed stones of each colour were the player to move to place on `site`.
  std::array<Board, 2> enmeshed_after(int site) const;
  // The winner when `mover` has just placed and `enmeshed_now` are enmeshed, else kNoWinner:
  // fewer enmeshed stones win, a tie loses for the mover.
  static int winner_after(const std::array<Board, 2>& enmeshed_now, int mover);
  // Whether a placement leaving `enmeshed_now` ends the game as a loss for its player.
  bool loses_for_mover(const std::array<Board, 2>& enmeshed_now) const;
  // Places on `site`, whose end test gave `enmeshed_now`.
  void finish_placement(int site, const std::array<Board, 2>& enmeshed_now);
  void convert_first_stone();

  const NMeshGame* mesh_game_;
  std::array<Board, 2> stones_{};
  int to_move_ = kBlack;
  int plies_ = 0;
  int winner_ = kNoWinner;
  std::array<int, 2> final_counts_{0, 0};
  int last_site_ = -1;  // the stone of the last placement (or the one swapped), for the drawing
};

}  // namespace ludus::nmesh
