// SPDX-License-Identifier: Apache-2.0
#pragma once
// Conditional moves (docs/correspondence.md): a player's tree of lines "if they play T1, I
// answer A1; then if T2, A2 ...", kept per board while it is the opponent's turn.  Written
// in one grammar by every front end and stored in it, canonically:
//   if T1 A1 T2 A2 ...; if T1 A1 T3 A3; if T4 A4
// Each word is a whole turn (Epoxy's "d3,e5-e7"); lines sharing a prefix merge; two answers
// to one turn of the opponent are an error.  A tree is checked by playing every line from
// the board's position with the game's rules (checked_tree), so a stored tree only holds
// legal whole turns in canonical notation and its answers can be played as stored.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/history.h"

namespace ludus::server {

// One opponent's turn and the answer to it, with the lines that go on from there.
struct ConditionalNode {
  std::string theirs;
  std::string answer;
  std::vector<ConditionalNode> next;
  bool operator==(const ConditionalNode&) const = default;
};

struct ConditionalTree {
  std::vector<ConditionalNode> lines;
  bool empty() const { return lines.empty(); }
  bool operator==(const ConditionalTree&) const = default;
};

// The bounds of one tree: answers (nodes) in all, and turns along one line (theirs and
// answers both count), and the text the grammar may take.
inline constexpr int kMaxConditionalNodes = 200;
inline constexpr int kMaxConditionalDepth = 40;
inline constexpr size_t kMaxConditionalText = 16000;

// Reads the grammar ("" is the empty tree); throws 400 bad_conditional with one line
// naming what is wrong.  Words are compared as written: checked_tree makes them canonical.
ConditionalTree parse_conditional(std::string_view text);
// The canonical text: every line from the root to a leaf, in the order given, "; "-joined.
std::string conditional_text(const ConditionalTree& tree);
// Every line from the root to a leaf, each as its turns in order (theirs, answer, ...).
std::vector<std::vector<std::string>> conditional_lines(const ConditionalTree& tree);
int conditional_nodes(const ConditionalTree& tree);

// `tree` with every turn played from `position` (the opponent to move) by the game's rules
// and written canonically; throws 400 illegal_move naming the line and turn that cannot be
// played, or a line that goes on after the game would be over.
ConditionalTree checked_tree(const ConditionalTree& tree, const History& position);

// The answer to the opponent's turn `theirs` (canonical) and the tree from there on, or
// nullopt when no line begins with it.
struct ConditionalAnswer {
  std::string answer;
  ConditionalTree rest;
};
std::optional<ConditionalAnswer> answer_to(const ConditionalTree& tree, const std::string& theirs);

}  // namespace ludus::server
