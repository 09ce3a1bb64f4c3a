// SPDX-License-Identifier: Apache-2.0
#include "core/notation.h"

#include "core/text.h"

namespace ludus {

std::string normalize_move_text(std::string_view text) { return lowercase_trimmed(text); }

MoveWord move_word(std::string_view text) {
  std::string t = normalize_move_text(text);
  if (t == "pass") return MoveWord::Pass;
  if (t == "swap") return MoveWord::Swap;
  if (t == "resign") return MoveWord::Resign;
  return MoveWord::None;
}

std::optional<std::pair<std::string, std::string>> split_move(std::string_view text, char separator) {
  auto pos = text.find(separator);
  if (pos == std::string_view::npos || text.find(separator, pos + 1) != std::string_view::npos) return std::nullopt;
  auto first = normalize_move_text(text.substr(0, pos));
  auto second = normalize_move_text(text.substr(pos + 1));
  if (first.empty() || second.empty()) return std::nullopt;
  return std::make_pair(first, second);
}

std::vector<std::string> split_plies(std::string_view text) {
  std::vector<std::string> plies;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    plies.push_back(normalize_move_text(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start)));
    if (comma == std::string_view::npos) return plies;
    start = comma + 1;
  }
}

std::string join_plies(const std::vector<std::string>& plies) {
  std::string text;
  for (size_t i = 0; i < plies.size(); ++i) text += (i ? "," : "") + plies[i];
  return text;
}

}  // namespace ludus
