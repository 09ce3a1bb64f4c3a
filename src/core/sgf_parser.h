// SPDX-License-Identifier: Apache-2.0
#pragma once
// The SGF FF[4] grammar (https://www.red-bean.com/sgf/sgf4.html), independent of any game:
//
//   Collection = GameTree { GameTree }
//   GameTree   = "(" Sequence { GameTree } ")"
//   Sequence   = Node { Node }
//   Node       = ";" { Property }
//   Property   = PropIdent PropValue { PropValue }
//   PropIdent  = UcLetter { UcLetter }
//   PropValue  = "[" CValueType "]"
//
// White space may separate any two tokens.  Inside a value, "\" escapes the next
// character and "\" before a line break is a soft line break (removed).  Lower-case
// letters in identifiers (older FF[3] files: "AddBlack") are skipped, as FF[4] asks of
// readers.  core/sgf.h maps game trees to ludus records.
#include <string>
#include <string_view>
#include <vector>

namespace ludus {

struct SgfProperty {
  std::string id;                   // "B", "RU"
  std::vector<std::string> values;  // unescaped, soft line breaks removed
};

struct SgfNode {
  std::vector<SgfProperty> properties;
  // The property `id`, or nullptr.
  const SgfProperty* find(std::string_view id) const;
};

struct SgfTree {
  std::vector<SgfNode> sequence;     // at least one node
  std::vector<SgfTree> variations;   // the first is the main line
};

// Deepest nesting of variations accepted (deeper input is refused, not overflowed).
constexpr int kMaxSgfDepth = 10000;

// Parses a collection (at least one game tree; only white space around them).  Throws
// LudusError("bad SGF: ... (line L, column C)") at the first syntax error, and when two
// properties of one node have the same identifier.
std::vector<SgfTree> parse_sgf(std::string_view text);

// The nodes of a tree's main line: its sequence, then the main line of its first
// variation, and so on.
std::vector<const SgfNode*> main_line(const SgfTree& tree);

// A value as SGF writes it: "\" and "]" escaped.
std::string sgf_escape(std::string_view text);

// A SimpleText value as read: every line break and other white space character becomes
// one space ("\r\n" and "\n\r" count as one line break).
std::string sgf_simple_text(std::string_view value);

}  // namespace ludus
