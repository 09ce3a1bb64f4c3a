// SPDX-License-Identifier: Apache-2.0
// Plain Trellis from the rule text; see trellis_reference.h.  Speed is irrelevant here.
#include "games/trellis/trellis_reference.h"

#include <algorithm>
#include <deque>

namespace ludus::trellis {
namespace {

constexpr int kOffsets[12][2] = {{3, 0}, {-3, 0}, {0, 3},  {0, -3}, {1, 2},  {1, -2},
                                 {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};

std::string point_name(ReferencePoint p) { return std::string(1, char('a' + p.col)) + std::to_string(p.row + 1); }

ReferencePoint parse_point(const std::string& text) { return {text[0] - 'a', std::stoi(text.substr(1)) - 1}; }

}  // namespace

bool reference_connects(const ReferenceGrid& grid, int colour) {
  const int n = static_cast<int>(grid.size());
  // Black runs from row 0 to row n-1, White from column 0 to column n-1.
  auto start_side = [&](int c, int r) { return colour == 0 ? r == 0 : c == 0; };
  auto goal_side = [&](int c, int r) { return colour == 0 ? r == n - 1 : c == n - 1; };
  std::vector<std::vector<bool>> seen(n, std::vector<bool>(n, false));
  std::deque<ReferencePoint> queue;
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r)
      if (grid[c][r] == colour && start_side(c, r)) {
        seen[c][r] = true;
        queue.push_back({c, r});
      }
  while (!queue.empty()) {
    ReferencePoint p = queue.front();
    queue.pop_front();
    if (goal_side(p.col, p.row)) return true;
    for (int dc = -1; dc <= 1; ++dc)
      for (int dr = -1; dr <= 1; ++dr) {
        if (dc == 0 && dr == 0) continue;
        int c = p.col + dc, r = p.row + dr;
        if (c < 0 || r < 0 || c >= n || r >= n || seen[c][r] || grid[c][r] != colour) continue;
        if (dc != 0 && dr != 0) {
          // A diagonal step crosses the square whose lower-left point is (min col, min row):
          // dark iff col + row is odd; Black's home is dark, White's light.
          bool dark = (std::min(p.col, c) + std::min(p.row, r)) % 2 == 1;
          if (dark != (colour == 0)) continue;
        }
        seen[c][r] = true;
        queue.push_back({c, r});
      }
  }
  return false;
}

ReferenceTrellis::ReferenceTrellis(int size) : n_(size), grid_(size, std::vector<int>(size, -1)) {}

int ReferenceTrellis::seat_to_move() const {
  if (turns_.size() < 3) return 0;  // the first player makes turns 1-3
  return to_move() ^ (swapped_ ? 1 : 0);
}

bool ReferenceTrellis::mirrors(const Turn& turn, size_t index) const {
  // Turn numbers are index + 1; turns 1-3 never mirror, nor do passes.
  if (index < 3 || turn.empty() || turns_[index - 1].empty()) return false;
  const Turn& previous = turns_[index - 1];
  Turn ccw, cw;
  for (ReferencePoint p : previous) {
    ccw.push_back({n_ - 1 - p.row, p.col});
    cw.push_back({p.row, n_ - 1 - p.col});
  }
  std::sort(ccw.begin(), ccw.end());
  std::sort(cw.begin(), cw.end());
  return turn == ccw || turn == cw;
}

int ReferenceTrellis::mirror_run_before(size_t index) const {
  // The mover's own previous turns are index-2, index-4, ...
  int run = 0;
  for (long i = static_cast<long>(index) - 2; i >= 3; i -= 2) {
    if (!mirrors(turns_[i], static_cast<size_t>(i))) break;
    ++run;
  }
  return run;
}

bool ReferenceTrellis::legal_turn(const Turn& turn) const {
  size_t index = turns_.size();
  return !(mirrors(turn, index) && mirror_run_before(index) >= 9);
}

std::string ReferenceTrellis::text_of(const Turn& turn) const {
  if (turn.empty()) return "pass";
  std::string text = point_name(turn[0]);
  if (turn.size() == 2) text += "," + point_name(turn[1]);
  return text;
}

std::vector<std::string> ReferenceTrellis::legal_moves() const {
  std::vector<std::string> moves;
  if (over()) return moves;
  auto empty = [&](int c, int r) { return c >= 0 && r >= 0 && c < n_ && r < n_ && grid_[c][r] < 0; };
  for (int c = 0; c < n_; ++c)
    for (int r = 0; r < n_; ++r) {
      if (!empty(c, r)) continue;
      Turn single{{c, r}};
      if (legal_turn(single)) moves.push_back(text_of(single));
      for (auto [dc, dr] : kOffsets) {
        if (!empty(c + dc, r + dr)) continue;
        Turn pair{{c, r}, {c + dc, r + dr}};
        if (pair[1] < pair[0]) continue;  // each unordered pair once, in canonical order
        if (legal_turn(pair)) moves.push_back(text_of(pair));
      }
    }
  moves.push_back("pass");
  if (turns_.size() == 3 && !swapped_) moves.push_back("swap");
  std::sort(moves.begin(), moves.end());
  return moves;
}

void ReferenceTrellis::play(const std::string& move) {
  if (move == "swap") {
    swapped_ = true;
    return;
  }
  const int colour = to_move();
  Turn turn;
  if (move != "pass") {
    auto comma = move.find(',');
    turn.push_back(parse_point(move.substr(0, comma)));
    if (comma != std::string::npos) turn.push_back(parse_point(move.substr(comma + 1)));
    std::sort(turn.begin(), turn.end());
  }
  for (ReferencePoint p : turn) grid_[p.col][p.row] = colour;
  turns_.push_back(turn);
  const size_t count = turns_.size();
  if (!turn.empty() && reference_connects(grid_, colour)) {
    result_ = colour == 0 ? "black" : "white";
  } else if (turn.empty() && count >= 2 && turns_[count - 2].empty() && count - 1 >= 4) {
    result_ = "draw";  // turn numbers count-1 and count both passed, both turn 4 or later
  }
}

}  // namespace ludus::trellis
