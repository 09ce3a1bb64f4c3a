// SPDX-License-Identifier: Apache-2.0
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
  LUDUS_UNROLL_WORDS
  for (int i = 0; i < W; ++i) r.word(i) = b.word(i);
  return r;
}

template <int W>
Board widen(const Bits<W>& b) {
  Board r;
  LUDUS_UNROLL_WORDS
  for (int i = 0; i < W; ++i) r.word(i) = b.word(i);
  return r;
}

// Bit i of the result is bit i-k of b (0 < k < 64).
template <int W>
Bits<W> from_lower(const Bits<W>& b, int k) {
  Bits<W> r;
  LUDUS_UNROLL_WORDS
  for (int i = W - 1; i > 0; --i) r.word(i) = (b.word(i) << k) | (b.word(i - 1) >> (64 - k));
  r.word(0) = b.word(0) << k;
  return r;
}

// Bit i of the result is bit i+k of b (0 < k < 64).
template <int W>
Bits<W> from_higher(const Bits<W>& b, int k) {
  Bits<W> r;
  LUDUS_UNROLL_WORDS
  for (int i = 0; i < W - 1; ++i) r.word(i) = (b.word(i) >> k) | (b.word(i + 1) << (64 - k));
  r.word(W - 1) = b.word(W - 1) >> k;
  return r;
}

// Multiword a + b.
template <int W>
Bits<W> add(const Bits<W>& a, const Bits<W>& b) {
  Bits<W> r;
  uint64_t carry = 0;
  LUDUS_UNROLL_WORDS
  for (int i = 0; i < W; ++i) {
    uint64_t partial = a.word(i) + carry;
    uint64_t sum = partial + b.word(i);
    carry = static_cast<uint64_t>(partial < carry) | static_cast<uint64_t>(sum < partial);
    r.word(i) = sum;
  }
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

// Cells from which `own` can reach an empty liberty (the liberties themselves included);
// may stop early once it holds every own stone.
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
  // Cells from which the step up is possible: open edge, both ends passable.  The same
  // cells are the ones that can be entered from above.
  const Bits<W> climb = passable.and_not(up_blocked) & from_higher(passable, 1);
  for (;;) {
    const Bits<W> before = reached;
    // Up a whole run at once: adding the seeds to `climb` carries each seed up through
    // its run of climbable cells into the cell above the run, flipping exactly the
    // cells it reaches.  (Arithmetic carries only go up; a doubling fill downwards
    // measured slower than one step per round, as most fills end in a round or two.)
    reached |= add(climb, reached & climb) ^ climb;
    // One step down and one sideways per round.
    reached |= climb & from_higher(reached, 1);
    reached |= from_lower(reached.and_not(right_blocked), n) | from_higher(reached, n).and_not(right_blocked);
    reached &= passable;  // drops the bits past the last column
    // Only the own stones left out matter: stop as soon as none is.
    if (own.and_not(reached).none() || reached == before) return reached;
  }
}

template <int W>
Board enmeshed_impl(const EnmeshTables& t, const std::array<Board, 2>& stones, int colour) {
  const Masks<W> m(t);
  const Bits<W> own = narrow<W>(stones[colour]), opp = narrow<W>(stones[1 - colour]);
  const Bits<W> empty = m.cells.and_not(own | opp);
  return widen<W>(own.and_not(reachable(m, t.n, own, opp, empty)));
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

Board enmeshed_stones(const EnmeshTables& t, const std::array<Board, 2>& stones, int colour) {
  switch (t.words) {
    case 1: return enmeshed_impl<1>(t, stones, colour);
    case 2: return enmeshed_impl<2>(t, stones, colour);
    case 3: return enmeshed_impl<3>(t, stones, colour);
    case 4: return enmeshed_impl<4>(t, stones, colour);
    case 5: return enmeshed_impl<5>(t, stones, colour);
    default: return enmeshed_impl<6>(t, stones, colour);
  }
}

}  // namespace ludus::nmesh
