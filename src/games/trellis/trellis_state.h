// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Trellis position (see trellis.h for the rules and the action numbering): the stones
// on the padded cell grid (trellis_cells.h) and the turn, pie and mirror bookkeeping.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/trellis/trellis.h"
#include "games/trellis/trellis_cells.h"

namespace ludus::trellis {

// The turn bookkeeping of a position: turn count, mirror runs, the last turn and the
// result (the seats live in State).  Kept apart from the stones so that a random playout can work on a local copy
// (registers) while it writes stones through a byte pointer, which may alias anything.
struct TurnRecord {
  static constexpr int8_t kOngoing = -2;
  static constexpr int16_t kNoMirror = -2;  // never equal to an action, nor to kNoAction

  int16_t turns_played = 0;
  int16_t last_action = kNoAction;  // the last turn's placement, kNoAction after a pass
  // The placements that would mirror the last turn now: its two images once turn 3 has
  // been played and the last turn placed stones, else kNoMirror.
  std::array<int16_t, 2> mirror_images{kNoMirror, kNoMirror};
  std::array<int8_t, 2> mirror_run{};  // consecutive mirroring turns per colour
  bool last_was_pass = false;
  int8_t outcome = kOngoing;  // kOngoing, kDraw or the winning colour

  int to_move() const { return turns_played & 1; }
  bool mirrors(Action placement) const { return placement == mirror_images[0] || placement == mirror_images[1]; }
  // Whether the colour to move may not mirror now (its run has reached the limit).
  bool mirror_limit_reached() const {
    return mirror_run[to_move()] >= kMaxMirrorRun && mirror_images[0] != kNoMirror;
  }
  // Books a turn that placed stones: `placement`, its images under the two quarter turns
  // (TrellisGame::mirror_image), and whether the stones connected the mover's sides.
  void record_placement(Action placement, Action ccw_image, Action cw_image, bool won) {
    const int colour = to_move();
    mirror_run[colour] = static_cast<int8_t>(mirrors(placement) ? mirror_run[colour] + 1 : 0);
    last_action = static_cast<int16_t>(placement);
    last_was_pass = false;
    ++turns_played;
    // Turns 1-3 never count as mirroring; turn 4 may mirror turn 3.
    const bool counts = turns_played >= 3;
    mirror_images[0] = counts ? static_cast<int16_t>(ccw_image) : kNoMirror;
    mirror_images[1] = counts ? static_cast<int16_t>(cw_image) : kNoMirror;
    if (won) outcome = static_cast<int8_t>(colour);
  }
  void record_pass() {
    mirror_run[to_move()] = 0;
    // The previous turn (number turns_played) was also a pass and both are turn 4 or later.
    if (last_was_pass && turns_played >= 4) outcome = kDraw;
    last_action = kNoAction;
    mirror_images = {kNoMirror, kNoMirror};
    last_was_pass = true;
    ++turns_played;
  }
};

class TrellisState : public State {
 public:
  explicit TrellisState(const TrellisGame& game);

  std::unique_ptr<State> clone() const override { return std::make_unique<TrellisState>(*this); }

  int to_move() const override { return record_.to_move(); }
  // Turns 1-3 are the first player's; afterwards the seat holding the colour to move.
  int seat_to_move() const override;
  bool is_terminal() const override { return record_.outcome != TurnRecord::kOngoing; }
  int winner() const override { return is_terminal() ? record_.outcome : kDraw; }
  std::string end_reason() const override;
  std::string ending_theme() const override;
  // A shortest chain of the winner's connected stones from one of its sides to the other
  // (fewest stones); empty after a draw.
  std::vector<int> deciding_sites() const override;

  void legal_actions(std::vector<Action>& out) const override;
  using State::legal_actions;
  bool is_legal(Action action) const override;
  void apply(Action action) override;
  std::string action_to_text(Action action) const override;
  Action parse_action(std::string_view text) const override;
  // A pair of stones is one ply: the text is never cut at its comma.
  std::vector<std::string> split_turn_text(std::string_view text) const override { return {std::string(text)}; }
  // One or two stones; the swap changes the seats only.
  ActionShape action_shape(Action action) const override;
  // The board, the last turn marked; render() paints it plain.
  std::string render() const override;
  std::string render(const BoardPainter& painter) const override;
  int site_colour(int site) const override { return stone_at(site); }
  int random_playout(Rng& rng) override { return play_plies<false>(rng, -1); }
  // Uniform, except that a turn that breaks a bridge (two stones, or a stone and its
  // edge, with two common free links) is answered by restoring it (trellis_bridges.h).
  int guided_playout(Rng& rng) override { return play_plies<true>(rng, -1); }
  // Besides the stones and the movers: the turn count while it matters (the swap after
  // turn 3; mirroring and the two-pass draw from turn 4), the mirror runs, a pass just
  // made; and the last placement while the mirror rule forbids its images, as history
  // (the images depend on where it stood, so symmetric positions are then not merged).
  std::optional<ExactKeyParts> exact_key_parts() const override {
    const TurnRecord& r = record_;
    const uint64_t rules = static_cast<uint64_t>(std::min<int>(r.turns_played, 4)) | (swap_available() ? 8u : 0u) |
                           (r.last_was_pass ? 16u : 0u) | static_cast<uint64_t>(r.mirror_run[0]) << 8 |
                           static_cast<uint64_t>(r.mirror_run[1]) << 16;
    const uint64_t history = r.mirror_images[0] == TurnRecord::kNoMirror
                                 ? 0
                                 : (static_cast<uint64_t>(r.last_action) + 1) * 0x9e3779b97f4a7c15ull;
    return ExactKeyParts{.rules = rules, .history = history};
  }

  // --- observation (tests, reference cross-checks, AIs) ---
  const TrellisGame& trellis() const { return *game_; }
  // Colour of the stone on `site`, or -1.
  int stone_at(int site) const { return cells::colour(cells_[game_->cell_of(site)]); }
  // Number of the turn to be played next (1 at the start; swap is not a turn).
  int turn_number() const { return record_.turns_played + 1; }
  // Moves played so far: the turns and the swap, if any.
  int plies() const { return record_.turns_played + (seats_swapped() ? 1 : 0); }
  bool swap_available() const { return record_.turns_played == 3 && !seats_swapped() && !is_terminal(); }
  // Consecutive mirroring turns just made by `colour`.
  int mirror_run(int colour) const { return record_.mirror_run[colour]; }
  // Stones of the last turn (is_pass() after a pass or at the start).
  TurnStones last_turn() const {
    return record_.last_action < 0 ? TurnStones{} : game_->stones_of(record_.last_action);
  }
  // Whether placing `stones` now would mirror the opponent's previous turn.
  bool mirrors_last_turn(TurnStones stones) const {
    return !stones.is_pass() && record_.mirrors(game_->action_of(stones.first, stones.second));
  }
  // Whether two stones of the same colour are connected (tests and AIs; a search of the
  // board, not a hot path).
  bool connected(int site_a, int site_b) const;

 private:
  // Test support (trellis_testing.cpp, not in the shipped binary) plays single random plies.
  friend struct TrellisTesting;

  // The random playout (guided: with bridges saved), stopped after `max_plies` plies
  // (turns and swap) when that is not negative; returns winner().
  template <bool kGuided>
  int play_plies(Rng& rng, int max_plies);

  bool empty(int site) const { return cells::is_empty(cells_[game_->cell_of(site)]); }
  // Placement actions the mirror rule forbids now (at most two); returns their count.
  int forbidden_mirror_actions(std::array<Action, 2>& out) const;

  const TrellisGame* game_;
  CellGrid cells_;  // stones and the edge ring on the padded grid (trellis_cells.h)
  TurnRecord record_;
};

}  // namespace ludus::trellis
