// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Netted state interface, shared by the fast bitboard engine (netted_engine.h, one
// instantiation per bitboard width) and by tests, the reference check and the text front
// ends (netted_text.cpp: notation, drawing and end description, the same for every width).
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/prior_tactics.h"
#include "core/static_evaluation.h"
#include "games/netted/netted.h"

namespace ludus::netted {

class NettedState : public State, public PriorTactics, public StaticEvaluation {
 public:
  using State::State;
  const NettedGame& netted() const { return static_cast<const NettedGame&>(game()); }
  const StaticEvaluation* static_evaluation() const override { return this; }
  const PriorTactics* prior_tactics() const override { return this; }

  // --- position, for rendering, tests and the reference cross-check ------------------
  // Colour of the stone on `site`, or -1.
  virtual int owner(int site) const = 0;
  int site_colour(int site) const override { return owner(site); }
  // Whether empty `site` is a gap in `colour`'s net.
  virtual bool is_gap(int colour, int site) const = 0;
  // Whether `colour`'s regions may step between adjacent cells a and b (no opposing
  // diagonal passes between them).
  virtual bool step_open(int colour, int a, int b) const = 0;
  // Stones and edge cells of the netted group that ended the game (0, 0 when the game
  // ended because the loser had no legal placement, or is not over).
  virtual int netted_stones() const = 0;
  virtual int netted_edges() const = 0;
  // The stones `colour` could still place if the opponent did nothing: over its regions,
  // the edge cells less the stones less one (never below 0).
  virtual int room(int colour) const = 0;

  // --- judgement, for the search (core/static_evaluation.h) ------------------------------
  // Netted is a race for room: every placement spends one of the mover's own, and the
  // opponent's stones, gaps and diagonals take more away.  A lead of 3 in room reads as
  // 86%.
  float win_estimate(int colour) const override {
    if (is_terminal()) return winner() == colour ? 1.0f : 0.0f;
    const int lead = room(colour) - room(1 - colour);
    return chance_of_lead(kRoomScale, lead);
  }
  static constexpr float kRoomScale = 0.6f;

  // --- shared front-end behaviour ----------------------------------------------------------
  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  ActionShape action_shape(Action action) const override { return {ActionKind::Place, {action}}; }
  // The board, the last turn marked; render() paints it plain.
  std::string render() const override;
  std::string render(const BoardPainter& painter) const override;
  std::string end_reason() const override;
  std::string ending_theme() const override;
  // No pie and no repetition rule: the stones and the mover decide the rest.
  std::optional<ExactKeyParts> exact_key_parts() const override { return ExactKeyParts{}; }

  // The loser's stones in its dead (netted) regions; empty when the loser had no legal
  // placement.
  std::vector<int> deciding_sites() const override;

 protected:
  int last_placed_ = -1;  // the site of the last placement, for the drawing
};

}  // namespace ludus::netted
