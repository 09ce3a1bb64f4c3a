// SPDX-License-Identifier: Apache-2.0
#pragma once
// Move-text helpers shared by every game: the reserved words of RULES.md (`pass`,
// `swap`, `resign`), case folding and the `a,b` / `a-b` separators.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ludus {

enum class MoveWord { None, Pass, Swap, Resign };

// Lowercased copy with surrounding blanks removed.
std::string normalize_move_text(std::string_view text);

// Which reserved word `text` is (case-insensitive), or MoveWord::None.
MoveWord move_word(std::string_view text);

// Splits "d4,e6" at `separator` into two trimmed parts; nullopt when it does not occur
// exactly once or a part is empty.
std::optional<std::pair<std::string, std::string>> split_move(std::string_view text, char separator);

// The plies of one turn are written joined by commas (RULES.md §0: Epoxy's "d3,e5-e7").
// split_plies cuts a text at every comma into normalized parts (" D3, pass" -> {"d3",
// "pass"}; an empty part stays, for the game to refuse); join_plies is its inverse.
std::vector<std::string> split_plies(std::string_view text);
std::string join_plies(const std::vector<std::string>& plies);

}  // namespace ludus
