// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/conditional_moves.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/notation.h"
#include "core/text.h"
#include "server/base/errors.h"

namespace ludus::server {
namespace {

[[noreturn]] void bad_tree(Message message) { bad_request(std::move(message), "bad_conditional"); }

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

// Adds `line` (theirs, answer, theirs, answer ...) to `tree`, merging a shared beginning.
void insert_line(ConditionalTree& tree, const std::vector<std::string>& line, size_t number) {
  std::vector<ConditionalNode>* level = &tree.lines;
  for (size_t i = 0; i + 1 < line.size(); i += 2) {
    auto it = std::find_if(level->begin(), level->end(), [&](const ConditionalNode& n) { return n.theirs == line[i]; });
    if (it == level->end()) {
      level->push_back({line[i], line[i + 1], {}});
      it = level->end() - 1;
    } else if (it->answer != line[i + 1]) {
      bad_tree(text("line {line} answers {theirs} with {answer}, and an earlier line with {earlier}: one answer to each "
                    "of their turns",
                    {{"line", number}, {"theirs", line[i]}, {"answer", line[i + 1]}, {"earlier", it->answer}}));
    }
    level = &it->next;
  }
}

void collect_lines(const std::vector<ConditionalNode>& level, std::vector<std::string>& prefix,
                   std::vector<std::vector<std::string>>& out) {
  for (const ConditionalNode& node : level) {
    prefix.push_back(node.theirs);
    prefix.push_back(node.answer);
    if (node.next.empty()) out.push_back(prefix);
    else collect_lines(node.next, prefix, out);
    prefix.resize(prefix.size() - 2);
  }
}

int count_nodes(const std::vector<ConditionalNode>& level) {
  int n = 0;
  for (const ConditionalNode& node : level) n += 1 + count_nodes(node.next);
  return n;
}

void check_size(const ConditionalTree& tree) {
  if (conditional_nodes(tree) > kMaxConditionalNodes)
    bad_tree(textn("too many conditional moves: at most {n} answer in all",
                   "too many conditional moves: at most {n} answers in all", kMaxConditionalNodes));
}

// Plays `turn` on `position` and returns it in canonical notation.
std::string played(History& position, const std::string& turn, size_t line) {
  const int before = position.num_moves();
  try {
    position.play_turn(turn);
  } catch (const LudusError& e) {
    bad_request(text("line {line}: {turn}: {reason}", {{"line", line}, {"turn", turn}, {"reason", one_line(e.what())}}),
                "illegal_move");
  }
  const auto& moves = position.moves();
  return join_plies(std::vector<std::string>(moves.begin() + before, moves.end()));
}

}  // namespace

ConditionalTree parse_conditional(std::string_view text) {
  if (text.size() > kMaxConditionalText)
    bad_tree(textn("the conditional moves are too long: at most {n} character",
                   "the conditional moves are too long: at most {n} characters", kMaxConditionalText));
  ConditionalTree tree;
  size_t number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(';', start), text.size());
    std::vector<std::string> words = words_of(text.substr(start, end - start));
    start = end + 1;
    if (words.empty()) continue;
    ++number;
    if (lowercase(words[0]) != "if")
      bad_tree(ludus::server::text("line {line} must begin with 'if': if THEIRS ANSWER [THEIRS ANSWER ...]", {{"line", number}}));
    words.erase(words.begin());
    if (words.empty() || words.size() % 2 != 0)
      bad_tree(ludus::server::text("line {line} needs pairs of turns, their turn then your answer: if THEIRS ANSWER [THEIRS ANSWER ...]",
                    {{"line", number}}));
    if (words.size() > static_cast<size_t>(kMaxConditionalDepth))
      bad_tree(textn("line {line} is too long: at most {n} turn (theirs and yours)",
                     "line {line} is too long: at most {n} turns (theirs and yours)", kMaxConditionalDepth,
                     {{"line", number}}));
    for (std::string& word : words) word = normalize_move_text(word);
    insert_line(tree, words, number);
    check_size(tree);
  }
  return tree;
}

std::vector<std::vector<std::string>> conditional_lines(const ConditionalTree& tree) {
  std::vector<std::vector<std::string>> out;
  std::vector<std::string> prefix;
  collect_lines(tree.lines, prefix, out);
  return out;
}

std::string conditional_text(const ConditionalTree& tree) {
  std::string out;
  for (const auto& line : conditional_lines(tree)) {
    out += out.empty() ? "if" : "; if";
    for (const std::string& turn : line) out += " " + turn;
  }
  return out;
}

int conditional_nodes(const ConditionalTree& tree) { return count_nodes(tree.lines); }

ConditionalTree checked_tree(const ConditionalTree& tree, const History& position) {
  ConditionalTree out;
  size_t number = 0;
  for (const auto& line : conditional_lines(tree)) {
    ++number;
    History replay = position;
    std::vector<std::string> canonical;
    for (const std::string& turn : line) {
      if (replay.is_over())
        bad_request(text("line {line} goes on after the game is over (at {turn})", {{"line", number}, {"turn", turn}}),
                    "illegal_move");
      canonical.push_back(played(replay, turn, number));
    }
    insert_line(out, canonical, number);
  }
  return out;
}

std::optional<ConditionalAnswer> answer_to(const ConditionalTree& tree, const std::string& theirs) {
  for (const ConditionalNode& node : tree.lines)
    if (node.theirs == theirs) return ConditionalAnswer{node.answer, ConditionalTree{node.next}};
  return std::nullopt;
}

}  // namespace ludus::server
