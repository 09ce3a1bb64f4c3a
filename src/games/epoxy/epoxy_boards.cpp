// SPDX-License-Identifier: Apache-2.0
#include "games/epoxy/epoxy_boards.h"

#include <algorithm>

#include "core/error.h"

namespace ludus::epoxy {
namespace {

// One row of epoxy-boards.txt: its row index counted from the BOTTOM, the column of its
// first character and one character per column, 'o' a point and '.' a hole.
struct BoardRow {
  int row;
  int first_col;
  const char* points;
};

struct BoardData {
  const char* size;
  BoardFigures figures;
  std::vector<BoardRow> rows;
};

const std::vector<BoardData>& boards() {
  static const std::vector<BoardData> kBoards = {
      {"xs", {39, 84},
       {{7, 4, ".ooo"}, {6, 3, ".oooo"}, {5, 2, "ooo.oo"}, {4, 1, "oooooo."}, {3, 0, "oo.oooo."},
        {2, 0, "oooo.oo"}, {1, 0, "oooooo"}, {0, 0, "..ooo"}}},
      {"s", {48, 105},
       {{9, 5, "....."}, {8, 4, "..ooo."}, {7, 3, "oooooo."}, {6, 2, "oooo.ooo"}, {5, 1, "oo.oooooo"},
        {4, 0, ".oooooo.oo"}, {3, 0, ".ooo.oooo"}, {2, 0, "..oooooo"}, {1, 0, "..ooo.."}, {0, 0, "......"}}},
      {"m", {72, 162},
       {{10, 5, ".ooo.."}, {9, 4, ".oooooo"}, {8, 3, "ooo.oooo"}, {7, 2, "oooooo.oo"}, {6, 1, "oo.oooooo."},
        {5, 0, ".oooo.oooo."}, {4, 0, ".oooooo.oo"}, {3, 0, "oo.oooooo"}, {2, 0, "oooo.ooo"},
        {1, 0, "oooooo."}, {0, 0, "..ooo."}}},
      {"l", {96, 219},
       {{13, 7, "......."}, {12, 6, ".ooo...."}, {11, 5, ".oooooo.."}, {10, 4, "ooo.oooooo"},
        {9, 3, "oooooo.oooo"}, {8, 2, "oo.oooooo.oo"}, {7, 1, ".oooo.oooooo."}, {6, 0, "..oooooo.oooo."},
        {5, 0, ".oo.oooooo.oo"}, {4, 0, ".oooo.oooooo"}, {3, 0, ".oooooo.ooo"}, {2, 0, "...oooooo."},
        {1, 0, ".....ooo."}, {0, 0, "........"}}},
      {"xl", {126, 288},
       {{14, 7, "....ooo."}, {13, 6, "ooo.oooo."}, {12, 5, "oooooo.oo."}, {11, 4, "oo.oooooo.."},
        {10, 3, ".oooo.oooooo"}, {9, 2, "..oooooo.oooo"}, {8, 1, ".ooo.oooooo.oo"}, {7, 0, ".oooooo.oooooo."},
        {6, 0, "oo.oooooo.ooo."}, {5, 0, "oooo.oooooo.."}, {4, 0, "oooooo.oooo."}, {3, 0, "..oooooo.oo"},
        {2, 0, ".oo.oooooo"}, {1, 0, ".oooo.ooo"}, {0, 0, ".ooo...."}}},
      {"xxl", {156, 363},
       {{16, 11, "ooo"}, {15, 8, "oooooo"}, {14, 7, "oooo.ooo"}, {13, 6, "oo.oooooo"}, {12, 6, "oooooo.ooo"},
        {11, 5, "oooo.oooooo"}, {10, 4, "oo.oooooo.ooo"}, {9, 4, "oooooo.oooooo"}, {8, 3, "oooo.oooooo.oo"},
        {7, 2, "oo.oooooo.oooo"}, {6, 2, "oooooo.oooooo"}, {5, 1, "oooo.oooooo.oo"}, {4, 0, "oo.oooooo.oooo"},
        {3, 0, "oooooo.oooooo"}, {2, 0, "ooo.oooooo"}, {1, 1, "oooooo"}, {0, 1, "ooo"}}},
  };
  return kBoards;
}

const BoardData& board_data(std::string_view size) {
  for (const auto& b : boards())
    if (size == b.size) return b;
  throw LudusError("unknown epoxy board size '" + std::string(size) + "'");
}

}  // namespace

const std::vector<std::string>& board_sizes() {
  static const std::vector<std::string> kSizes = [] {
    std::vector<std::string> sizes;
    for (const auto& b : boards()) sizes.emplace_back(b.size);
    return sizes;
  }();
  return kSizes;
}

Geometry make_board(std::string_view size) {
  // The file counts rows r from the bottom with neighbours (r+1, c) and (r+1, c+1) above;
  // the notation counts rows from the top with up-left (row-1, n-1) and up-right (row-1, n).
  // So row = -r and n = c - r; Geometry::hex shifts both so the smallest is 0.
  std::vector<Coord> sites;
  for (const auto& row : board_data(size).rows)
    for (int i = 0; row.points[i]; ++i)
      if (row.points[i] == 'o') {
        int c = row.first_col + i;
        sites.push_back({-row.row, c - row.row});
      }
  return Geometry::hex(std::move(sites));
}

BoardFigures board_figures(std::string_view size) { return board_data(size).figures; }

}  // namespace ludus::epoxy
