// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <set>

#include "core/geometry.h"

namespace ludus {
namespace {

TEST(Geometry, HexHexSide5HasTheNotationOfRulesMd) {
  auto g = Geometry::hexhex(5);
  EXPECT_EQ(g.num_sites(), 61);
  EXPECT_EQ(g.name(0), "a1");
  EXPECT_EQ(g.name(g.num_sites() - 1), "i9");
  std::string err;
  EXPECT_GE(g.parse("a5", &err), 0);
  EXPECT_EQ(g.parse("a6", &err), -1);
  EXPECT_EQ(err, "off-board coordinate 'a6'");
  EXPECT_GE(g.parse("E1", &err), 0);
  EXPECT_GE(g.parse("e9", &err), 0);
  EXPECT_EQ(g.parse("i4", &err), -1);
  EXPECT_GE(g.parse("i5", &err), 0);
  EXPECT_EQ(g.parse("5a", &err), -1);
  EXPECT_EQ(err, "malformed coordinate '5a'");
  EXPECT_EQ(g.parse("a01", &err), -1);
  EXPECT_EQ(g.parse("", &err), -1);
}

TEST(Geometry, HexHexRowsMatchTheDiagram) {
  auto g = Geometry::hexhex(5);
  // Row a = a1..a5, row e = e1..e9, row i = i5..i9.
  std::set<std::string> names;
  for (int s = 0; s < g.num_sites(); ++s) names.insert(g.name(s));
  for (auto n : {"a1", "a5", "b6", "e1", "e9", "f2", "i5", "i9"}) EXPECT_TRUE(names.count(n)) << n;
  for (auto n : {"a6", "b7", "f1", "i4", "j5"}) EXPECT_FALSE(names.count(n)) << n;
}

TEST(Geometry, HexNeighbourDirectionsFollowRulesMd) {
  auto g = Geometry::hexhex(5);
  std::string err;
  int e5 = g.parse("e5", &err);
  auto at = [&](const char* n) { return g.parse(n, &err); };
  EXPECT_EQ(g.step(e5, Geometry::kEast), at("e6"));
  EXPECT_EQ(g.step(e5, Geometry::kWest), at("e4"));
  EXPECT_EQ(g.step(e5, Geometry::kSouthWest), at("f5"));  // down-left (row+1, n)
  EXPECT_EQ(g.step(e5, Geometry::kSouthEast), at("f6"));  // down-right (row+1, n+1)
  EXPECT_EQ(g.step(e5, Geometry::kNorthEast), at("d5"));  // up-right (row-1, n)
  EXPECT_EQ(g.step(e5, Geometry::kNorthWest), at("d4"));  // up-left (row-1, n-1)
  for (int d = 0; d < 6; ++d) EXPECT_EQ(g.step(g.step(e5, d), Geometry::opposite(Topology::Hex, d)), e5);
}

TEST(Geometry, NeighbourCountsOnHexHex) {
  auto g = Geometry::hexhex(5);
  std::map<int, int> histogram;
  for (int s = 0; s < g.num_sites(); ++s) ++histogram[g.num_neighbours(s)];
  EXPECT_EQ(histogram[3], 6);       // corners
  EXPECT_EQ(histogram[4], 6 * 3);   // other edge cells
  EXPECT_EQ(histogram[6], 61 - 24);
}

TEST(Geometry, ShapeSizes) {
  for (int n = 2; n <= 13; ++n) EXPECT_EQ(Geometry::hexhex(n).num_sites(), 3 * n * (n - 1) + 1);
  for (int n = 2; n <= 10; ++n) EXPECT_EQ(Geometry::limping(n).num_sites(), 3 * n * (n - 1));
  EXPECT_EQ(Geometry::trapezoid(7).num_sites(), 70);
  EXPECT_EQ(Geometry::square(6, 6).num_sites(), 36);
}

TEST(Geometry, TrapezoidSeven) {
  auto g = Geometry::trapezoid(7);
  std::string err;
  EXPECT_GE(g.parse("a1", &err), 0);
  EXPECT_GE(g.parse("a13", &err), 0);
  EXPECT_GE(g.parse("g7", &err), 0);
  EXPECT_GE(g.parse("g13", &err), 0);
  EXPECT_EQ(g.parse("g6", &err), -1);
  EXPECT_EQ(g.parse("h7", &err), -1);
}

TEST(Geometry, LimpingSidesAlternate) {
  auto g = Geometry::limping(5);
  // Top row n-1 = 4 cells, bottom row n+1 = 6 cells, widest row 2n-1 = 9.
  int top = 0, bottom = 0, widest = 0;
  for (int s = 0; s < g.num_sites(); ++s) {
    top += g.coord(s).row == 0;
    bottom += g.coord(s).row == g.num_rows() - 1;
  }
  for (int r = 0; r < g.num_rows(); ++r) {
    int n = 0;
    for (int c = 0; c < g.num_cols(); ++c) n += g.site_at(r, c) >= 0;
    widest = std::max(widest, n);
  }
  EXPECT_EQ(top, 4);
  EXPECT_EQ(bottom, 6);
  EXPECT_EQ(widest, 9);
  EXPECT_EQ(g.num_rows(), 9);
}

TEST(Geometry, SquareNotationAndSteps) {
  auto g = Geometry::square(6, 6);
  std::string err;
  int e4 = g.parse("e4", &err);
  ASSERT_GE(e4, 0);
  EXPECT_EQ(g.coord(e4), (Coord{3, 4}));
  EXPECT_EQ(g.name(e4), "e4");
  EXPECT_EQ(g.step(e4, Geometry::kUp), g.parse("e5", &err));
  EXPECT_EQ(g.step(e4, Geometry::kRight), g.parse("f4", &err));
  EXPECT_EQ(g.step(e4, Geometry::kDownLeft), g.parse("d3", &err));
  EXPECT_EQ(g.step(g.parse("f6", &err), Geometry::kUpRight), -1);
  EXPECT_EQ(g.parse("g1", &err), -1);
  EXPECT_EQ(g.num_neighbours(g.parse("a1", &err)), 2);
  EXPECT_EQ(g.num_neighbours(g.parse("a3", &err)), 3);
  EXPECT_EQ(g.num_neighbours(e4), 4);
}

TEST(Geometry, RoundTripEverySite) {
  for (const auto& g : {Geometry::hexhex(13), Geometry::trapezoid(7), Geometry::limping(10), Geometry::square(25, 25)}) {
    for (int s = 0; s < g.num_sites(); ++s) {
      std::string err;
      EXPECT_EQ(g.parse(g.name(s), &err), s);
      EXPECT_EQ(g.site_at(g.coord(s)), s);
    }
  }
}

}  // namespace
}  // namespace ludus
