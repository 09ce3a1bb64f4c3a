// SPDX-License-Identifier: Apache-2.0
#include "server/domain/command_words.h"

#include <charconv>

#include "core/text.h"
#include "server/base/errors.h"

namespace ludus::server {

int64_t parse_board(std::string_view word) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || value <= 0 || word.size() > 15)
    bad_request(text("bad board number '{word}'", {{"word", std::string(word.substr(0, 20))}}), "bad_board");
  return value;
}

int parse_move_number(std::string_view word, int min) {
  int value = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || value < min)
    bad_request(text("bad turn number '#{word}'", {{"word", std::string(word.substr(0, 20))}}), "bad_move_number");
  return value;
}

std::pair<std::string, std::optional<int>> split_move_number(std::string_view text) {
  auto hash = text.rfind('#');
  if (hash == std::string_view::npos) return {std::string(text), std::nullopt};
  return {std::string(text.substr(0, hash)), parse_move_number(text.substr(hash + 1))};
}

Page take_page_words(std::vector<std::string>& args, int default_limit) {
  std::optional<std::string> limit, offset;
  while (!args.empty()) {
    const std::string word = lowercase(args.back());
    std::optional<std::string>* slot = word.starts_with("-limit=") ? &limit : word.starts_with("-offset=") ? &offset : nullptr;
    if (!slot) break;
    if (*slot) bad_request(text("give {option} once", {{"option", word.substr(0, word.find('='))}}), "bad_query");
    *slot = word.substr(word.find('=') + 1);
    args.pop_back();
  }
  return parse_page(limit, offset, default_limit);
}

}  // namespace ludus::server
