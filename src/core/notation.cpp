#include "core/notation.h"

#include <cctype>

namespace ludus {

std::string normalize_move_text(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  std::string out(text.substr(b, e - b));
  for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

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
