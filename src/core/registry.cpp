// SPDX-License-Identifier: Apache-2.0
#include "core/registry.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"

namespace ludus {
namespace {

std::vector<GameEntry>& entries() {
  static std::vector<GameEntry> list;
  return list;
}

// Lowercase with '-', '_' and spaces dropped, so "N-Mesh", "nmesh", "n_mesh" match.
std::string fold(std::string_view s) {
  std::string out;
  for (char ch : s)
    if (ch != '-' && ch != '_' && ch != ' ') out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

}  // namespace

bool register_game(GameEntry entry) {
  entries().push_back(std::move(entry));
  return true;
}

std::vector<GameEntry> registered_games() {
  auto list = entries();
  std::sort(list.begin(), list.end(), [](const GameEntry& a, const GameEntry& b) { return a.info->name < b.info->name; });
  return list;
}

std::string registered_game_names() {
  std::string known;
  for (const auto& e : registered_games()) known += (known.empty() ? "" : ", ") + e.info->name;
  return known;
}

const GameEntry& find_game(std::string_view name) {
  for (const auto& e : entries())
    if (fold(e.info->name) == fold(name)) return e;
  throw LudusError("unknown game '" + std::string(name) + "' (games: " + registered_game_names() + ")");
}

std::string game_title(std::string_view name) {
  for (const auto& e : entries())
    if (fold(e.info->name) == fold(name)) return e.info->title;
  return std::string(name);
}

std::shared_ptr<const Game> make_game(std::string_view name, const std::map<std::string, std::string>& options) {
  const GameEntry& entry = find_game(name);
  return entry.create(Options::parse(entry.info->options, options));
}

}  // namespace ludus
