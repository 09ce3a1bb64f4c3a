// SPDX-License-Identifier: Apache-2.0
#pragma once
// The observation tensor of a position, for learning programs (the Python module's
// State.observation_tensor, self-play data): float planes over the board's bounding grid,
// seen from the player to move, like OpenSpiel's ObservationTensor.
//
// Grid: Geometry's rows x cols.  Tensor row 0 is the TOP row of the board as drawn (square
// boards are flipped, since their row 0 is at the bottom); hexagonal boards keep their
// (row, diagonal column) coordinates, the axial layout in which a 3x3 convolution sees the
// six neighbours.  Cells of the grid that are not sites are 0 in every plane but "sites".
//
// Planes, in order (docs/python.md lists them per game):
//   0 mover       stones of the colour to move
//   1 opponent    stones of the other colour
//   2 sites       1 on every site of the board (holes and the grid's unused corners: 0)
//   3 colour      all 1 when the colour to move is the second colour (the colours' goals differ)
//   4 swap        all 1 when the pie rule's `swap` is legal now
//   5 mid-turn    all 1 when the next ply continues the mover's turn (Epoxy's second action)
//   6...          the game's board features (Game::board_features), one plane each (fixed over a game)
// A position the rules ended is seen from the colour that did not make the last ply (the
// one that would move next); its swap and mid-turn planes are 0.
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/history.h"

namespace ludus {

struct ObservationShape {
  int planes = 0;
  int rows = 0;
  int cols = 0;
  size_t size() const { return static_cast<size_t>(planes) * static_cast<size_t>(rows) * static_cast<size_t>(cols); }
};

// Encodes the positions of one game; immutable once made, so threads may share it.
class ObservationEncoder {
 public:
  // Throws LudusError when the game does not expose its board (Game::board_geometry).
  explicit ObservationEncoder(std::shared_ptr<const Game> game);

  const Game& game() const { return *game_; }
  const ObservationShape& shape() const { return shape_; }
  const std::vector<std::string>& plane_names() const { return plane_names_; }
  // Index into one plane (row * cols + col) of each site of the board.
  const std::vector<int>& cell_of_site() const { return cell_of_site_; }

  // Writes shape().size() floats to `out` (planes, then rows, then cols).  `history` must
  // be of this encoder's game.
  void encode(const History& history, float* out) const;
  // The same planes seen by `seat` (0 or 1) whoever is to move: "mover" holds the stones of
  // the colour that seat plays, "opponent" the others, "second colour to move" says whether
  // that seat plays the second colour.  For the seat to move it equals encode().
  void encode_for_seat(const History& history, int seat, float* out) const;

 private:
  void encode_for_colour(const History& history, int viewer, float* out) const;
  std::shared_ptr<const Game> game_;
  ObservationShape shape_;
  std::vector<std::string> plane_names_;
  std::vector<int> cell_of_site_;
  std::vector<float> fixed_planes_;  // "sites" and the game's features, (planes - 5) x rows x cols
  Action swap_action_ = kNoAction;   // the pie rule's swap, when the game offers one
};

}  // namespace ludus
