// SPDX-License-Identifier: Apache-2.0
#include "core/observation.h"

#include <algorithm>

#include "core/error.h"
#include "core/geometry.h"
#include "core/swap_move.h"

namespace ludus {
namespace {

// Planes before the fixed ones (mover, opponent) and the fixed "sites" plane's index.
constexpr int kStonePlanes = 2;
constexpr int kSitesPlane = 2;
constexpr int kColourPlane = 3;
constexpr int kSwapPlane = 4;
constexpr int kMidTurnPlane = 5;
constexpr int kCommonPlanes = 6;

// The swap's action id: the pie rule offers it within a game's first turns whatever is
// played, so following the first legal move from the start finds it.  kNoAction when the
// game (with these options) has no pie rule.
Action find_swap_action(const Game& game) {
  if (!game.offers_pie()) return kNoAction;
  auto state = game.new_initial_state();
  std::vector<Action> legal;
  constexpr int kOpeningPlies = 8;
  for (int ply = 0; ply < kOpeningPlies && !state->is_terminal(); ++ply) {
    state->legal_actions(legal);
    if (legal.empty()) break;
    for (Action a : legal)
      if (is_swap_move(*state, a)) return a;
    state->apply(legal.front());
  }
  return kNoAction;
}

}  // namespace

ObservationEncoder::ObservationEncoder(std::shared_ptr<const Game> game) : game_(std::move(game)) {
  const Geometry* geometry = game_->board_geometry();
  if (!geometry) throw LudusError("game '" + game_->name() + "' does not expose its board, so it has no observation tensor");
  shape_.rows = geometry->num_rows();
  shape_.cols = geometry->num_cols();
  cell_of_site_.resize(static_cast<size_t>(geometry->num_sites()));
  for (int site = 0; site < geometry->num_sites(); ++site) {
    const Coord c = geometry->coord(site);
    const int row = geometry->topology() == Topology::Square ? shape_.rows - 1 - c.row : c.row;
    cell_of_site_[static_cast<size_t>(site)] = row * shape_.cols + c.col;
  }
  plane_names_ = {"mover", "opponent", "sites", "second colour to move", "swap legal", "mid-turn"};
  const std::vector<BoardFeature> features = game_->board_features();
  shape_.planes = kCommonPlanes + static_cast<int>(features.size());
  const size_t cells = static_cast<size_t>(shape_.rows) * static_cast<size_t>(shape_.cols);
  // Fixed planes: "sites" and the features; the dynamic planes in between stay 0 here.
  fixed_planes_.assign(static_cast<size_t>(shape_.planes - kSitesPlane) * cells, 0.0f);
  for (int cell : cell_of_site_) fixed_planes_[static_cast<size_t>(cell)] = 1.0f;
  for (size_t f = 0; f < features.size(); ++f) {
    plane_names_.push_back(features[f].name);
    float* plane = fixed_planes_.data() + (static_cast<size_t>(kCommonPlanes - kSitesPlane) + f) * cells;
    for (int site : features[f].sites) plane[cell_of_site_.at(static_cast<size_t>(site))] = 1.0f;
  }
  swap_action_ = find_swap_action(*game_);
}

void ObservationEncoder::encode(const History& history, float* out) const {
  const State& state = history.state();
  const int mover = state.is_terminal() ? (history.num_moves() ? 1 - history.mover(history.num_moves() - 1).colour : 0)
                                        : state.to_move();
  encode_for_colour(history, mover, out);
}

void ObservationEncoder::encode_for_seat(const History& history, int seat, float* out) const {
  if (seat != 0 && seat != 1) throw LudusError("player must be 0 or 1, not " + std::to_string(seat));
  // The colour the seat plays now: the seat to move plays the colour to move; once the game
  // is over, the last ply's mover tells (the swap is never a game's last ply).
  const State& state = history.state();
  PlyMover known{0, 0};
  if (!state.is_terminal())
    known = history.next_mover();
  else if (history.num_moves())
    known = history.mover(history.num_moves() - 1);
  encode_for_colour(history, known.seat == seat ? known.colour : 1 - known.colour, out);
}

void ObservationEncoder::encode_for_colour(const History& history, int mover, float* out) const {
  const size_t cells = static_cast<size_t>(shape_.rows) * static_cast<size_t>(shape_.cols);
  std::fill(out, out + kStonePlanes * cells, 0.0f);
  std::copy(fixed_planes_.begin(), fixed_planes_.end(), out + kSitesPlane * cells);
  const State& state = history.state();
  const bool ended = state.is_terminal();
  for (size_t site = 0; site < cell_of_site_.size(); ++site) {
    const int colour = state.site_colour(static_cast<int>(site));
    if (colour >= 0) out[(colour == mover ? 0 : 1) * cells + static_cast<size_t>(cell_of_site_[site])] = 1.0f;
  }
  auto fill_plane = [&](int plane, bool on) { std::fill(out + plane * cells, out + (plane + 1) * cells, on ? 1.0f : 0.0f); };
  fill_plane(kColourPlane, mover == 1);
  fill_plane(kSwapPlane, !ended && swap_action_ != kNoAction && state.is_legal(swap_action_));
  fill_plane(kMidTurnPlane, !ended && history.mid_turn());
}

}  // namespace ludus
