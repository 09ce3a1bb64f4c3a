#include <gtest/gtest.h>

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
}

}  // namespace
}  // namespace ludus
