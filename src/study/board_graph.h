// SPDX-License-Identifier: Apache-2.0
#pragma once
// The board as Ludii's graph of vertices, edges and faces, for BoardCoverageFull, which
// divides the sites that ever held a stone by all of them (docs/metrics.md).  Stones sit
// on the faces (cells) of N-Mesh, Netted and Ndengrod boards and on the vertices (points)
// of Trellis and Epoxy boards; the board's other elements are counted from its geometry.
#include "core/game.h"
#include "core/geometry.h"

namespace ludus::study {

struct BoardGraph {
  int vertices = 0;
  int edges = 0;
  int faces = 0;
  int elements() const { return vertices + edges + faces; }
};

// The graph of the board whose sites are `geometry`'s, as Ludii builds it: the cells of a
// tiling with their corners and sides, or the points of a lattice with the lines between
// neighbours and the smallest squares or triangles they enclose.
// `stones_on` (GameInfo::stones_on): Cells, the faces of the tiling; Points, the vertices.
BoardGraph board_graph(const Geometry& geometry, StoneSites stones_on);

}  // namespace ludus::study
