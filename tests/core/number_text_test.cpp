// SPDX-License-Identifier: Apache-2.0
// parse_number: the one reader of numbers in settings and data files, the same in the native
// binary and the WebAssembly build (docs/wasm.md), which reads floating point without
// std::from_chars.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "core/number_text.h"

namespace ludus {
namespace {

TEST(NumberText, ReadsTheWholeTextAsOneNumber) {
  double d = 0;
  EXPECT_TRUE(parse_number("1.5", d));
  EXPECT_EQ(d, 1.5);
  EXPECT_TRUE(parse_number("-2e-3", d));
  EXPECT_EQ(d, -2e-3);
  EXPECT_TRUE(parse_number(".25", d));
  EXPECT_EQ(d, 0.25);
  EXPECT_TRUE(parse_number("0.1", d));
  EXPECT_EQ(d, 0.1);  // correctly rounded
  float f = 0;
  EXPECT_TRUE(parse_number("-0.318", f));
  EXPECT_EQ(f, -0.318f);
  EXPECT_TRUE(parse_number("inf", d));
  EXPECT_TRUE(std::isinf(d));
  int i = 0;
  EXPECT_TRUE(parse_number("-42", i));
  EXPECT_EQ(i, -42);
  int64_t big = 0;
  EXPECT_TRUE(parse_number("9000000000", big));
  EXPECT_EQ(big, 9000000000);
}

TEST(NumberText, RefusesWhatFromCharsRefuses) {
  double d = 7;
  for (const char* bad : {"", " 1", "1 ", "+1", "0x10", "-0x1p3", "1.5x", "-", ".", "e5", "1e999", "abc"})
    EXPECT_FALSE(parse_number(bad, d)) << bad;
  EXPECT_EQ(d, 7);  // untouched on failure
  int i = 7;
  for (const char* bad : {"", "1.5", "+1", " 1", "99999999999"}) EXPECT_FALSE(parse_number(bad, i)) << bad;
}

}  // namespace
}  // namespace ludus
