// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "core/bitboard.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/options.h"
#include "core/random.h"
#include "core/text.h"
#include "core/union_find.h"

namespace ludus {
namespace {

std::vector<OptionSpec> specs() {
  return {OptionSpec::integer("size", 5, 2, 13, "cells per side"),
          OptionSpec::choice("shape", "hexhex", {"hexhex", "trapezoid"}, "board shape")};
}

TEST(Options, DefaultsAndValues) {
  auto o = Options::parse(specs(), {});
  EXPECT_EQ(o.get_int("size"), 5);
  EXPECT_EQ(o.get("shape"), "hexhex");
  o = Options::parse(specs(), {{"SIZE", "07"}, {"shape", "Trapezoid"}});
  EXPECT_EQ(o.get_int("size"), 7);
  EXPECT_EQ(o.get("shape"), "trapezoid");
  EXPECT_EQ(o.to_string(), "shape=trapezoid size=7");
}

TEST(Options, ErrorsAreOneLine) {
  auto message = [](const std::map<std::string, std::string>& given) {
    try {
      Options::parse(specs(), given);
    } catch (const LudusError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message({{"size", "14"}}), "bad option: size=14 (expected an integer in 2..13)");
  EXPECT_EQ(message({{"size", "five"}}), "bad option: size=five (expected an integer in 2..13)");
  EXPECT_EQ(message({{"shape", "round"}}), "bad option: shape=round (expected hexhex|trapezoid)");
  EXPECT_EQ(message({{"colour", "red"}}), "bad option: unknown option 'colour' (options: size, shape)");
}

TEST(Options, Assignments) {
  auto m = parse_option_assignments({"size=6", "-shape=hexhex", "--swap=off"});
  EXPECT_EQ(m.at("size"), "6");
  EXPECT_EQ(m.at("shape"), "hexhex");
  EXPECT_EQ(m.at("swap"), "off");
  EXPECT_THROW(parse_option_assignments({"size"}), LudusError);
  EXPECT_THROW(parse_option_assignments({"=6"}), LudusError);
}

TEST(Notation, Words) {
  EXPECT_EQ(move_word(" PASS "), MoveWord::Pass);
  EXPECT_EQ(move_word("Swap"), MoveWord::Swap);
  EXPECT_EQ(move_word("resign"), MoveWord::Resign);
  EXPECT_EQ(move_word("e5"), MoveWord::None);
  auto pair = split_move("E6, d4", ',');
  ASSERT_TRUE(pair);
  EXPECT_EQ(pair->first, "e6");
  EXPECT_EQ(pair->second, "d4");
  EXPECT_FALSE(split_move("d4", ','));
  EXPECT_EQ(lowercase("E5-Swap"), "e5-swap");
  EXPECT_EQ(trim(" \t d4 \n"), "d4");
  EXPECT_EQ(lowercase_trimmed("  MCTS:Iters=5 "), "mcts:iters=5");
  EXPECT_FALSE(split_move("d4,", ','));
  EXPECT_FALSE(split_move("a,b,c", ','));
}

TEST(Text, OneLineJoinsLinesAndBlanks) {
  EXPECT_EQ(one_line("database error: near \"x\"\n  SELECT *\r\n\tFROM games  "),
            "database error: near \"x\" SELECT * FROM games");
  EXPECT_EQ(one_line("\x01\x7f"), "");
  EXPECT_EQ(one_line("Spiel über \n Brett"), "Spiel über Brett");  // UTF-8 bytes are kept
}

TEST(Bitboard, SetAlgebraAndIteration) {
  Bitboard<3> b;
  for (int i : {0, 63, 64, 130, 191}) b.set(i);
  EXPECT_EQ(b.count(), 5);
  EXPECT_EQ(b.lowest(), 0);
  std::vector<int> seen;
  b.for_each([&](int i) { seen.push_back(i); });
  EXPECT_EQ(seen, (std::vector<int>{0, 63, 64, 130, 191}));
  auto all = Bitboard<3>::first_n(130);
  EXPECT_EQ(all.count(), 130);
  EXPECT_EQ((b & all).count(), 3);
  EXPECT_EQ(b.and_not(all).count(), 2);
  b.reset(0);
  EXPECT_EQ(b.lowest(), 63);
  EXPECT_TRUE(b.intersects(all));
}

TEST(UnionFind, JoinsAndSizes) {
  UnionFind<10> uf(10);
  uf.unite(1, 2);
  uf.unite(3, 4);
  EXPECT_FALSE(uf.same(1, 3));
  uf.unite(2, 4);
  EXPECT_TRUE(uf.same(1, 3));
  EXPECT_EQ(uf.set_size(4), 4);
  EXPECT_EQ(uf.set_size(0), 1);
}

TEST(Rng, DeterministicAndInRange) {
  Rng a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    auto x = a.below(7);
    EXPECT_EQ(x, b.below(7));
    EXPECT_LT(x, 7u);
  }
  int counts[4] = {};
  Rng c(1);
  for (int i = 0; i < 40000; ++i) ++counts[c.below(4)];
  for (int k : counts) EXPECT_NEAR(k, 10000, 500);
}

}  // namespace
}  // namespace ludus
