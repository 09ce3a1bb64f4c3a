// SPDX-License-Identifier: Apache-2.0
#pragma once
// The part of an Ndengrod position that does not depend on the bitboard width: whose
// turn it is, the end of the game, the notation and the drawing (ndengrod_text.cpp).
// The stones and the rule checks live in NdengrodFastState<kWords>
// (ndengrod_fast_state.cpp), created by NdengrodGame::new_initial_state() for the width
// the board needs.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/prior_tactics.h"
#include "core/static_evaluation.h"
#include "core/threat_search.h"
#include "games/ndengrod/ndengrod.h"

namespace ludus::ndengrod {

class NdengrodState : public State, public PriorTactics, public ThreatSearch, public StaticEvaluation {
 public:
  static constexpr int kEmpty = -1;

  explicit NdengrodState(const NdengrodGame& game) : State(game), game_(&game) {}

  const NdengrodGame& ndengrod() const { return *game_; }

  const ThreatSearch* threat_search() const override { return this; }
  const StaticEvaluation* static_evaluation() const override { return this; }
  const PriorTactics* prior_tactics() const override { return this; }

  int to_move() const override { return to_move_; }
  bool is_terminal() const override { return end_ != End::None; }
  int winner() const override { return winner_; }
  // "line of 5" (the length of the winning line made) or "two passes".
  std::string end_reason() const override;
  std::string ending_theme() const override;
  // The stones of the winning line(s) (every straight run of at least `length` stones of the
  // winner); empty after a draw.
  std::vector<int> deciding_sites() const override;

  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  ActionShape action_shape(Action action) const override;
  // The board with the last placed stone in upper case.
  // The board, the last turn marked; render() paints it plain.
  std::string render() const override;
  std::string render(const BoardPainter& painter) const override;

  // --- the position, for the reference cross-check, tests and front ends -------------
  // kEmpty or the colour of the stone on `site`.
  virtual int stone_at(int site) const = 0;
  int site_colour(int site) const override { return stone_at(site); }
  // Whether the side to move may place a stone on `site`: empty, not suicide, and not
  // recreating a position of this game with the same colour to move (superko).
  virtual bool placement_legal(int site) const = 0;
  // Whether a stone of the side to move on the empty `site` would recreate such a position
  // (whether or not it is suicide).
  virtual bool placement_repeats(int site) const = 0;
  virtual bool any_legal_placement() const = 0;
  // Stones removed by the last move.
  virtual int last_captures() const = 0;
  int num_plies() const { return plies_; }
  Action last_action() const { return last_action_; }

  // --- judgement, for the search (core/static_evaluation.h) ------------------------------
  // The weight of a window of `length` cells in a row that holds k stones of a colour and
  // none of the other's: 3^(k-1), so one stone more in a window counts three times as much
  // (k = 0 counts nothing).
  static int window_weight(int stones) {
    int weight = stones > 0 ? 1 : 0;
    for (int k = 1; k < stones; ++k) weight *= 3;
    return weight;
  }
  // Over every window of `length` cells in a row (a straight line, on any axis) that holds
  // none of the opponent's stones: window_weight of the colour's stones in it.
  virtual int line_potential(int colour) const = 0;
  // Five in a row is a race for open lines: the lead in line potential, 1 / (1 + e^(-s *
  // lead)) with s = kPotentialScale (one more open four than the opponent, 27, reads as
  // 79%).  Captures are left to the playouts.  A finished game reads 1, 0 or one half.
  float win_estimate(int colour) const override { return win_estimate(colour, 1.0f); }
  // The side to move's potential counts `tempo` times: it moves first in the race.
  float win_estimate(int colour, float tempo) const override {
    if (is_terminal()) return winner_ == colour ? 1.0f : winner_ == kDraw ? 0.5f : 0.0f;
    float mine = static_cast<float>(line_potential(colour)), theirs = static_cast<float>(line_potential(colour ^ 1));
    (to_move_ == colour ? mine : theirs) *= tempo;
    return chance_of_lead(kPotentialScale, mine - theirs);
  }
  static constexpr float kPotentialScale = 0.05f;

 protected:
  enum class End : int8_t { None, Line, TwoPasses };

  // Bookkeeping shared by every width; the derived class moves the stones first.
  // `line_length` is the longest line through the new stone.
  void record_placement(Action site, int line_length) {
    ++plies_;
    passes_in_row_ = 0;
    last_action_ = site;
    if (line_length >= game_->line_length()) {
      end_ = End::Line;
      winner_ = to_move_;
      winning_line_ = line_length;
    } else {
      to_move_ ^= 1;
    }
  }
  // The seats exchange colours; O (now the first player) moves next, so the colour to
  // move does not change.
  void record_swap() {
    ++plies_;
    passes_in_row_ = 0;
    last_action_ = game_->swap_action();
    swap_seats();
  }
  void record_pass() {
    ++plies_;
    last_action_ = game_->pass_action();
    if (++passes_in_row_ >= 2) {
      end_ = End::TwoPasses;
      winner_ = kDraw;
    } else {
      to_move_ ^= 1;
    }
  }
  void reset_bookkeeping(int to_move, int plies) {
    to_move_ = to_move;
    winner_ = kDraw;
    end_ = End::None;
    plies_ = plies;
    passes_in_row_ = 0;
    winning_line_ = 0;
    last_action_ = kNoAction;
  }

  const NdengrodGame* game_;
  int to_move_ = 0;
  int winner_ = kDraw;
  End end_ = End::None;
  int plies_ = 0;
  int passes_in_row_ = 0;
  int winning_line_ = 0;
  Action last_action_ = kNoAction;
};

}  // namespace ludus::ndengrod
