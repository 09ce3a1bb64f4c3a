#include "games/n-mesh/n_mesh_enmesh.h"

namespace ludus::nmesh {
namespace {

// The fill works on the smallest bitboard that holds the board (one word on 6x6), so
// small boards pay for one word per operation, not six.
template <int W>
using Bits = Bitboard<W>;

template <int W>
Bits<W> narrow(const Board& b) {
  Bits<W> r;
  for (int i = 0; i < W; ++i) r.word(i) = b.word(i);
  return r;
}

template <int W>
Board widen(const Bits<W>& b) {
  Board r;
  for (int i = 0; i < W; ++i) r.word(i) = b.word(i);
  return r;
}

// Bit i of the result is bit i-k of b (0 < k < 64).
template <int W>
Bits<W> from_lower(const Bits<W>& b, int k) {
  Bits<W> r;
  for (int i = W - 1; i > 0; --i) r.word(i) = (b.word(i) << k) | (b.word(i - 1) >> (64 - k));
  r.word(0) = b.word(0) << k;
  return r;
}

// Bit i of the result is bit i+k of b (0 < k < 64).
template <int W>
Bits<W> from_higher(const Bits<W>& b, int k) {
  Bits<W> r;
  for (int i = 0; i < W - 1; ++i) r.word(i) = (b.word(i) >> k) | (b.word(i + 1) << (64 - k));
  r.word(W - 1) = b.word(W - 1) >> k;
  return r;
}

template <int W>
struct Masks {
  Bits<W> cells, liberties, top_row, vertical_edge_knights, horizontal_edge_knights;
  explicit Masks(const EnmeshTables& t)
      : cells(narrow<W>(t.cells)),
        liberties(narrow<W>(t.liberties)),
        top_row(narrow<W>(t.top_row)),
        vertical_edge_knights(narrow<W>(t.vertical_edge_knights)),
        horizontal_edge_knights(narrow<W>(t.horizontal_edge_knights)) {}
};

// Cells from which `own` can reach an empty liberty (the liberties themselves included).
template <int W>
Bits<W> reachable(const Masks<W>& m, int n, const Bits<W>& own, const Bits<W>& opp, const Bits<W>& empty) {
  Bits<W> reached = empty & m.liberties;
  if (reached.none()) return reached;

  // Vertical step (c,r)-(c,r+1), bit s = c*n+r to s+1: it lies between the middle cells
  // of the knight pairs {(c-1,r),(c+1,r+1)} = {s-n, s+n+1} and {(c-1,r+1),(c+1,r)} =
  // {s-n+1, s+n}.  Two own stones on the step break the connection.
  Bits<W> up_blocked = ((from_lower(opp, n) & from_higher(opp, n + 1)) |
                        (from_lower(opp, n - 1) & from_higher(opp, n))) &
                       m.vertical_edge_knights;
  up_blocked = up_blocked.and_not(own & from_higher(own, 1));
  up_blocked |= m.top_row;  // the bit above the top row belongs to the next column
  // Horizontal step (c,r)-(c+1,r), s to s+n: knight pairs {(c,r-1),(c+1,r+1)} =
  // {s-1, s+n+1} and {(c,r+1),(c+1,r-1)} = {s+1, s+n-1}.
  Bits<W> right_blocked = ((from_lower(opp, 1) & from_higher(opp, n + 1)) |
                           (from_higher(opp, 1) & from_higher(opp, n - 1))) &
                          m.horizontal_edge_knights;
  right_blocked = right_blocked.and_not(own & from_higher(own, n));

  const Bits<W> passable = own | empty;
  for (;;) {
    Bits<W> next = reached;
    next |= from_lower(reached.and_not(up_blocked), 1);         // up
    next |= from_higher(reached, 1).and_not(up_blocked);        // down
    next |= from_lower(reached.and_not(right_blocked), n);      // right
    next |= from_higher(reached, n).and_not(right_blocked);     // left
    next &= passable;  // also drops bits past the last column
    if (next == reached) return reached;
    reached = next;
  }
}

template <int W>
std::array<Board, 2> enmeshed_impl(const EnmeshTables& t, const std::array<Board, 2>& stones) {
  const Masks<W> m(t);
  const Bits<W> black = narrow<W>(stones[0]), white = narrow<W>(stones[1]);
  const Bits<W> empty = m.cells.and_not(black | white);
  return {widen<W>(black.and_not(reachable(m, t.n, black, white, empty))),
          widen<W>(white.and_not(reachable(m, t.n, white, black, empty)))};
}

}  // namespace

EnmeshTables EnmeshTables::build(int n, const Board& liberties) {
  EnmeshTables t;
  t.n = n;
  t.words = (n * n + 63) / 64;
  t.liberties = liberties;
  for (int c = 0; c < n; ++c) {
    for (int r = 0; r < n; ++r) {
      int s = c * n + r;
      t.cells.set(s);
      if (r == n - 1) t.top_row.set(s);
      if (c >= 1 && c <= n - 2 && r <= n - 2) t.vertical_edge_knights.set(s);
      if (c <= n - 2 && r >= 1 && r <= n - 2) t.horizontal_edge_knights.set(s);
    }
  }
  return t;
}

std::array<Board, 2> enmeshed_stones(const EnmeshTables& t, const std::array<Board, 2>& stones) {
  switch (t.words) {
    case 1: return enmeshed_impl<1>(t, stones);
    case 2: return enmeshed_impl<2>(t, stones);
    case 3: return enmeshed_impl<3>(t, stones);
    case 4: return enmeshed_impl<4>(t, stones);
    case 5: return enmeshed_impl<5>(t, stones);
    default: return enmeshed_impl<6>(t, stones);
  }
}

}  // namespace ludus::nmesh
