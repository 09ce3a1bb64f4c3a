// SPDX-License-Identifier: Apache-2.0
// N-Mesh positions: legal moves, placement with the end test, the pie, diagram set-up and
// the random playout.  The notation and the drawing are in n_mesh_text.cpp.
#include "games/n-mesh/n_mesh_state.h"

#include <cctype>
#include <cstdint>
#include <utility>

#include <fmt/format.h>

#include "core/error.h"

namespace ludus::nmesh {

NMeshState::NMeshState(const NMeshGame& game) : State(game), mesh_game_(&game) {}

std::unique_ptr<NMeshState> NMeshState::from_diagram(const NMeshGame& game, const std::vector<std::string>& rows,
                                                     int to_move) {
  const int n = game.size();
  if (static_cast<int>(rows.size()) != n) throw LudusError(fmt::format("diagram needs {} rows", n));
  auto state = std::make_unique<NMeshState>(game);
  for (int i = 0; i < n; ++i) {
    if (static_cast<int>(rows[i].size()) != n) throw LudusError(fmt::format("diagram row '{}' needs {} cells", rows[i], n));
    for (int c = 0; c < n; ++c) {
      char ch = static_cast<char>(std::tolower(static_cast<unsigned char>(rows[i][c])));
      if (ch != 'x' && ch != 'o') continue;
      state->stones_[ch == 'x' ? kBlack : kWhite].set(game.geometry().site_at(n - 1 - i, c));
      ++state->plies_;
    }
  }
  state->to_move_ = to_move;
  return state;
}

int NMeshState::stone_at(int site) const {
  if (stones_[kBlack].test(site)) return kBlack;
  if (stones_[kWhite].test(site)) return kWhite;
  return kEmpty;
}

void NMeshState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const EnmeshTables& t = mesh_game_->tables();
  t.cells.and_not(stones_[kBlack] | stones_[kWhite]).for_each([&](int site) { out.push_back(site); });
  if (swap_allowed()) out.push_back(mesh_game_->swap_action());
}

bool NMeshState::is_legal(Action action) const {
  if (is_terminal()) return false;
  if (action == mesh_game_->swap_action()) return swap_allowed();
  return action >= 0 && action < mesh_game_->swap_action() && stone_at(action) == kEmpty;
}

void NMeshState::apply(Action action) {
  if (action == mesh_game_->swap_action()) {
    convert_first_stone();  // the one stone, already last_site_, changes colour
  } else {
    place(action);
    last_site_ = action;
  }
}

// The end test runs after every placement: any enmeshed stone ends the game.
void NMeshState::place(int site) { finish_placement(site, enmeshed_after(site)); }

std::array<Board, 2> NMeshState::enmeshed_after(int site) const {
  std::array<Board, 2> after = stones_;
  after[to_move_].set(site);
  return enmeshed_stones(mesh_game_->tables(), after);
}

int NMeshState::winner_after(const std::array<Board, 2>& enmeshed_now, int mover) {
  if (enmeshed_now[kBlack].none() && enmeshed_now[kWhite].none()) return kNoWinner;
  // Counted only at the end: without a popcount instruction counting is not cheap.
  const int black = enmeshed_now[kBlack].count(), white = enmeshed_now[kWhite].count();
  if (black != white) return black < white ? kBlack : kWhite;
  return 1 - mover;  // a tie loses for the player who just moved
}

bool NMeshState::loses_for_mover(const std::array<Board, 2>& enmeshed_now) const {
  const int winner = winner_after(enmeshed_now, to_move_);
  return winner != kNoWinner && winner != to_move_;
}

void NMeshState::finish_placement(int site, const std::array<Board, 2>& enmeshed_now) {
  const int mover = to_move_;
  stones_[mover].set(site);
  ++plies_;
  winner_ = winner_after(enmeshed_now, mover);
  if (winner_ != kNoWinner) final_counts_ = {enmeshed_now[kBlack].count(), enmeshed_now[kWhite].count()};
  to_move_ = 1 - mover;
}

// The pie: Black's only stone becomes White's; the seats stay, Black moves next, and
// there is no end test (one stone is enmeshed or not whatever its colour).
void NMeshState::convert_first_stone() {
  stones_[kWhite] = stones_[kBlack];
  stones_[kBlack].clear();
  ++plies_;
  to_move_ = kBlack;
}

int NMeshState::list_empty_cells(EmptyCells& out) const {
  int count = 0;
  mesh_game_->tables().cells.and_not(stones_[kBlack] | stones_[kWhite]).for_each([&](int site) {
    out[count++] = static_cast<int16_t>(site);
  });
  return count;
}

// Allocation-free: a shuffled-out list of the empty cells replaces legal_actions().
int NMeshState::random_playout(Rng& rng) {
  EmptyCells empties;
  int count = list_empty_cells(empties);
  while (!is_terminal()) {
    uint32_t pick;
    if (swap_allowed()) {
      pick = rng.below(static_cast<uint32_t>(count + 1));  // the pie is one more choice
      if (pick == static_cast<uint32_t>(count)) {
        convert_first_stone();
        continue;
      }
    } else {
      pick = rng.below(static_cast<uint32_t>(count));
    }
    int site = empties[pick];
    empties[pick] = empties[--count];
    place(site);
  }
  return winner_;
}

// Uniform playouts end at the first careless enmeshment, so their result says little
// about the position; here a placement that would end the game as a loss for its player
// is put aside while an untried one remains, and the game runs until a player has only
// losing placements, as between players who look one move ahead.  A placement that
// ends the game as a win is played like any other when drawn.  Each tried placement
// costs one end test, the same test an accepted placement needs anyway.
int NMeshState::guided_playout(Rng& rng) {
  EmptyCells empties;
  int count = list_empty_cells(empties);
  while (!is_terminal()) {
    if (swap_allowed() && rng.below(static_cast<uint32_t>(count + 1)) == static_cast<uint32_t>(count)) {
      convert_first_stone();
      continue;
    }
    // empties[0, untried) are still to try; [untried, count) lose for the mover.
    int untried = count;
    for (;;) {
      const int pick = static_cast<int>(rng.below(static_cast<uint32_t>(untried)));
      const int site = empties[pick];
      const std::array<Board, 2> enmeshed_now = enmeshed_after(site);
      if (untried > 1 && loses_for_mover(enmeshed_now)) {
        std::swap(empties[pick], empties[--untried]);
        continue;
      }
      // Out of the list: the chosen one goes, the last one takes its place.
      empties[pick] = empties[--count];
      finish_placement(site, enmeshed_now);
      break;
    }
  }
  return winner_;
}

}  // namespace ludus::nmesh
