// SPDX-License-Identifier: Apache-2.0
// terminal_safe: what an operator's terminal is given of text that came from users, record
// files and the database (docs/security.md, "Operator terminals").
#include <gtest/gtest.h>

#include "core/text.h"

namespace ludus {
namespace {

// No byte a terminal acts on: ESC, BEL, CR, DEL, the C1 controls as UTF-8 (C2 80-C2 9F) and
// the bidirectional controls (E2 80 AA-AE, E2 81 A6-A9).
void expect_inert(const std::string& shown) {
  for (size_t i = 0; i < shown.size(); ++i) {
    const auto byte = static_cast<unsigned char>(shown[i]);
    EXPECT_FALSE(byte < 0x20 && byte != '\n' && byte != '\t') << "byte " << int(byte) << " at " << i << ": " << shown;
    EXPECT_NE(byte, 0x7f) << shown;
    if (byte == 0xc2 && i + 1 < shown.size()) {
      EXPECT_GE(static_cast<unsigned char>(shown[i + 1]), 0xa0) << shown;
    }
  }
  for (const char* bidi : {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"})
    EXPECT_EQ(shown.find(bidi), std::string::npos) << shown;
  EXPECT_TRUE(valid_utf8(shown)) << shown;
}

TEST(TerminalSafe, EscapesWhatATerminalActsOnAndKeepsTheRest) {
  // A window title (OSC ... BEL), a cleared screen and colours (CSI), a bell.
  const std::string attack = "nice \x1b]0;pwned\x07game\x1b[2J\x1b[31mred\x1b[0m\a";
  const std::string shown = terminal_safe(attack);
  EXPECT_EQ(shown, "nice \\x1b]0;pwned\\x07game\\x1b[2J\\x1b[31mred\\x1b[0m\\x07");
  expect_inert(shown);
  // Lines and tabs stay; CR (which would overwrite the line) and DEL do not.
  EXPECT_EQ(terminal_safe("one\n\ttwo\rthree\x7f"), "one\n\ttwo\\x0dthree\\x7f");
  // C1 controls as UTF-8: CSI (U+009B) and OSC (U+009D) in one character.
  EXPECT_EQ(terminal_safe("a\u009b31mb\u009d0;x\u009c"), "a\\u009b31mb\\u009d0;x\\u009c");
  // Bidirectional overrides and isolates reorder what follows them.
  EXPECT_EQ(terminal_safe("user \u202egnp.exe\u202c and \u2066x\u2069"), "user \\u202egnp.exe\\u202c and \\u2066x\\u2069");
  // Bytes that are not UTF-8, one by one; text beyond ASCII unchanged.
  EXPECT_EQ(terminal_safe("bad \xff\xc3( ok"), "bad \\xff\\xc3( ok");
  EXPECT_EQ(terminal_safe("Spiel über Brett ✓ 盤"), "Spiel über Brett ✓ 盤");
  EXPECT_EQ(terminal_safe(std::string("nul\0!", 5)), "nul\\x00!");
  for (const std::string& text : {attack, std::string("\xc2\x9b\xe2\x80\xae\xff\x7f\r"), std::string(1, '\x1b')})
    expect_inert(terminal_safe(text));
}

TEST(TerminalSafe, TheOneListOfControls) {
  for (char32_t c : {U'\0', U'\a', U'\x1b', U'\r', U'\n', U'\t', U'\x7f', U'\x80', U'\x9b', U'\x9f', U'\u202a',
                     U'\u202e', U'\u2066', U'\u2069', U'\u200e', U'\u200f', U'\u2028', U'\u2029'})
    EXPECT_TRUE(is_terminal_control(c)) << static_cast<unsigned>(c);
  for (char32_t c : {U' ', U'~', U'\xa0', U'é', U'\u200d', U'\u2027', U'\u202f', U'\u2065', U'\u206a', U'✓'})
    EXPECT_FALSE(is_terminal_control(c)) << static_cast<unsigned>(c);
  // quoted_text (a message quoting what someone typed) replaces the same characters.
  EXPECT_EQ(quoted_text("a\u202eb\x1b", 10), "a\xef\xbf\xbd" "b\xef\xbf\xbd");
}

}  // namespace
}  // namespace ludus
