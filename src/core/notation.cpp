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

}  // namespace ludus
