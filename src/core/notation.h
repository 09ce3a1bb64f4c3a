#pragma once
// Move-text helpers shared by every game: the reserved words of RULES.md (`pass`,
// `swap`, `resign`), case folding and the `a,b` / `a-b` separators.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace ludus {

enum class MoveWord { None, Pass, Swap, Resign };

// Lowercased copy with surrounding blanks removed.
std::string normalize_move_text(std::string_view text);

// Which reserved word `text` is (case-insensitive), or MoveWord::None.
MoveWord move_word(std::string_view text);

// Splits "d4,e6" at `separator` into two trimmed parts; nullopt when it does not occur
// exactly once or a part is empty.
std::optional<std::pair<std::string, std::string>> split_move(std::string_view text, char separator);

}  // namespace ludus
