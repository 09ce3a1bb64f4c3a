// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Epoxy position (see epoxy.h for the rules and the action numbering): stones, the
// per-point sight tables that make placements and slides cheap to test, and the log of
// situations that the repetition rule needs.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/prior_tactics.h"
#include "core/repetition.h"
#include "core/static_evaluation.h"
#include "games/epoxy/epoxy.h"

namespace ludus::epoxy {

class EpoxyState : public State, public PriorTactics, public StaticEvaluation {
 public:
  explicit EpoxyState(const EpoxyGame& game);

  std::unique_ptr<State> clone() const override { return std::make_unique<EpoxyState>(*this); }
  const StaticEvaluation* static_evaluation() const override { return this; }
  const PriorTactics* prior_tactics() const override { return this; }

  int to_move() const override { return to_move_; }
  bool is_terminal() const override { return winner_ >= 0; }
  int winner() const override { return winner_; }
  std::string end_reason() const override;
  std::string ending_theme() const override;
  // What left the loser without a first action: the winner's stones that see an empty
  // point (together they forbid the loser every placement; its stones have no slide).
  // Empty while the game goes on.
  std::vector<int> deciding_sites() const override;

  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action action) const override;
  void apply(Action action) override;
  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  // A placement's site; a slide's start and end.
  ActionShape action_shape(Action action) const override;
  // The board, the last turn marked; render() paints it plain.
  std::string render() const override;
  std::string render(const BoardPainter& painter) const override;
  // Plays random_action() to the end (the repetition rule makes every game finite).
  int random_playout(Rng& rng) override;
  // Plays playout_action() for at most kPlayoutHorizon actions (passes included).  A game
  // that ends within them returns its winner; otherwise the side with the higher score
  // (count_first_actions: placements and slides) wins, and a tie plays playout_action() on
  // to the end, drawing from the same `rng`.  The rest of a random game mostly adds noise
  // where a side leads: cut there, the search gets more and steadier results per second
  // (see ai/game_profiles.cpp).  The score, not the exclusive points alone, because slides
  // decide the long games (docs/ai.md).
  int guided_playout(Rng& rng) override;
  static constexpr int kPlayoutHorizon = 25;
  // The guided playout's policy: random_action() as the first action of a turn, and a pass
  // as the second.  Uniform second actions spend a side's own points twice as fast as
  // players do; late in a game, who runs out first then depends on that waste.
  Action playout_action(Rng& rng) const { return second_action_ ? game_->pass_action() : random_action(rng); }
  // For the learned priors: a placement or a slide, and what it gains in exclusive points
  // (the mover's less the opponent's, -3 to +3): 1 + 7 * slide + 3 + gain.
  int prior_tactic(Action action) const override;
  // Empty points only `colour` may place on: some stone of its own sees them (so the
  // opponent may not place there) and no opponent stone does.
  int exclusive_points(int colour) const;
  // For the search's implicit minimax (core/static_evaluation.h): a logistic curve of the
  // lead in exclusive points; 1 or 0 once the game is over.
  float win_estimate(int colour) const override;

  // A uniformly random legal action, without building the list (not terminal).
  Action random_action(Rng& rng) const;
  // Besides the stones and the mover: the phase of the turn and, for the repetition rule,
  // the situations since the latest placement (only the current one right after it,
  // which no slide can recreate, so then none matters).
  std::optional<ExactKeyParts> exact_key_parts() const override {
    return ExactKeyParts{.rules = (second_action_ ? 1u : 0u) | (opening_turn_ ? 2u : 0u),
                         .history = situations_.size() > 1 ? situations_.set_hash() : 0};
  }

  // --- position, for the reference check, tests and front ends ---------------------------
  const EpoxyGame& epoxy() const { return *game_; }
  // kEmpty or the colour of the stone on `site`.
  int cell(int site) const { return cell_[site]; }
  int site_colour(int site) const override { return cell_[site]; }
  const Board& stones(int colour) const { return stones_[colour]; }
  // Actions played so far (each action, pass included, is one ply).
  int plies() const { return plies_; }
  // True while the side to move plays the second action of its turn (pass allowed).
  bool second_action() const { return second_action_; }
  // Legal first actions `colour` would have in this position (the score shown to players),
  // repetition included: those leading to a situation of the game with `colour` to play
  // the second action are not.
  int count_first_actions(int colour) const;
  bool has_first_action(int colour) const;
  std::optional<int> shown_score(int colour) const override { return count_first_actions(colour); }

  // Recomputes every incremental table from the stones; "" when they agree, else the
  // first difference (for the stress test).
  std::string check_tables() const;

 private:
  // Test support (epoxy_testing.cpp, not in the shipped binary) sets up positions.
  friend struct EpoxyTesting;

  // What a point sees in one direction.
  struct Look {
    int8_t first = kEmpty;  // colour of the first stone (kEmpty: none before edge or hole)
    uint8_t open = 0;       // empty points before that stone, edge or hole
  };

  // Empty points `mover` may place on.
  Board placements(int mover) const;
  // Calls f(from, to) for each slide of `mover` that the contact rule allows, in
  // increasing order of the start, then direction, then distance; stops early and returns
  // true when f returns true.
  template <typename F>
  bool for_each_slide(int mover, F&& f) const;
  // The same for the slides that are legal, repetition included, as an action that ends
  // the turn or as a first action that does not.
  template <typename F>
  bool for_each_legal_slide(int mover, bool ends_turn, F&& f) const;
  bool slide_allowed(int from, int to, int dir) const;
  std::string explain_refused_slide(int from, int to, int dir) const;

  // --- repetition ------------------------------------------------------------------------
  // Whether the action now to play ends the turn.
  bool action_ends_turn() const { return second_action_ || opening_turn_; }
  uint64_t situation_key() const { return stones_hash_ ^ game_->turn_key(to_move_, second_action_); }
  // Whether `mover`'s slide would recreate a logged situation.
  bool slide_repeats(int from, int to, int mover, bool ends_turn) const {
    if (slides_since_placement_ < 2) return false;  // see the top of this file
    const uint64_t key = stones_hash_ ^ game_->stone_key(from, mover) ^ game_->stone_key(to, mover) ^
                         (ends_turn ? game_->turn_key(1 - mover, false) : game_->turn_key(mover, true));
    return situations_.contains(key);
  }

  void put_stone(int site, int colour);
  void lift_stone(int site);
  void relook_ray(int site, int dir, int old_first, int new_first, int new_open_base, int open_delta);
  void end_turn();

  const EpoxyGame* game_;
  int to_move_ = 0;
  int winner_ = -1;
  int plies_ = 0;
  bool second_action_ = false;
  bool opening_turn_ = true;  // Maroon's first turn has one action
  Board stones_[2];
  // Rows of sighted_ and seen_: the colours, then a scratch row standing for "no stone".
  static constexpr int sight_row(int colour) { return colour == kEmpty ? 2 : colour; }
  Board seen_[3];  // points some stone of that colour can see
  std::array<int8_t, kMaxSites> cell_;
  std::array<std::array<Look, kDirs>, kMaxSites> look_;
  std::array<uint8_t, kMaxSites> open_total_;  // sum of look_[p][*].open
  // Per colour and point: directions whose first stone has that colour; adjacent stones.
  std::array<std::array<uint8_t, kMaxSites>, 3> sighted_;
  std::array<std::array<uint8_t, kMaxSites>, 2> adjacent_;
  // Per colour: slides along open lines, legal or not (sum of open_total_ over its stones).
  std::array<int, 2> open_slides_;
  // Repetition.  Runs of slides and passes are short (at most 30 situations between two
  // placements in 20,000 random games on each of XS, M and XXL), so the log practically
  // never outgrows its inline buffer and playouts do not allocate.
  static constexpr int kRecentSituations = 32;
  uint64_t stones_hash_ = 0;
  PositionLog<kRecentSituations> situations_;  // the situations since the latest placement
  int slides_since_placement_ = 0;  // counted up to 2
  // Where the stones of the latest turn (or of the turn in progress) went, for the drawing.
  std::array<int16_t, 2> last_turn_{-1, -1};
};

}  // namespace ludus::epoxy
