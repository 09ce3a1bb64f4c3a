#include "games/n-mesh/n_mesh.h"

namespace ludus::nmesh {

const char* const kRulesText = R"RULES(## 1. N-Mesh (Dale W. Walton, 2021)

* **Board**: `size` n×n square cells, n from 3 to 19, **default 6**.
* **Liberty (shaded) cells**: cell (c, r), with c and r counted from 0 at the bottom left, is
  shaded iff `(c + 2r + k) mod 5 = 0`, where `k = 1` when `(n − 1)` is a multiple of 5 and
  `k = 0` otherwise. On 6×6: `e1 c2 a3 f3 d4 b5 e6`. (Same layout as Ludii.)
* **Colours**: Black (first) and White. Black places first on the empty board.
* **A turn**: place one stone of your colour on any empty cell. There is no pass.
* **Pie**: on White's first turn only, instead of placing, White may convert Black's stone into
  a White stone (notation `swap`; the cell name of Black's stone is accepted too). Seats do not
  change; Black moves next.
* **Enmeshed**: a stone of player P is enmeshed iff there is no path from it to an empty shaded
  cell, where a path is a sequence of orthogonal steps, each entering a cell that is empty or
  holds a stone of P, and no step crosses a connection of the opponent:
  * opponent stones cannot be entered (this also blocks diagonal pairs of opponent stones);
  * an opponent *knight connection* (two opponent stones a knight's move apart) blocks the one
    orthogonal step between the two cells it passes over, unless both of those cells hold P's
    stones ("two pieces placed in between" break it). Knight connections that would leave the
    board do not exist.
  * A stone on a shaded cell removes that liberty for both players. With no empty shaded cell
    left, every stone is enmeshed.
* **End**: after every placement (not after the pie conversion), if any stone of either colour
  is enmeshed, the game ends. The player with fewer enmeshed stones wins; on equal numbers the
  player who just moved loses. Placing so that only your own stones are enmeshed is legal and
  loses.
)RULES";

}  // namespace ludus::nmesh
