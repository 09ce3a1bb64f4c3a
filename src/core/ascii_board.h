#pragma once
// ASCII drawings shared by the games, in the style of the play-by-email help pages.
#include <functional>
#include <string>

#include "core/geometry.h"

namespace ludus {

// One character (or short string) per site.
using SiteGlyph = std::function<std::string(int site)>;

// Hex cells / triangular points: row letters on the left, the diagonal column numbers
// along the top and down the right-hand side (each number sits where the up-right
// neighbour of its column's first cell would be), holes drawn as blanks.
//
//        1 2 3 4 5
//     a . . . . . 6
//    b . . . . . . 7
//   c . . . . . . . 8
std::string render_hex_board(const Geometry& geometry, const SiteGlyph& glyph);

// Square cells: column letters above and below, row numbers left and right, row 1 at
// the bottom.
std::string render_square_board(const Geometry& geometry, const SiteGlyph& glyph);

}  // namespace ludus
