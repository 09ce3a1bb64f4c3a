#pragma once
// The rules, one Markdown document per game in docs/rules/ (each exactly that game's
// section of RULES.md, the reference), embedded in the binary at build time: the single
// source of GameInfo::rules and `ludus rules`.
#include <string_view>

namespace ludus {

// Name of the document of the conventions common to every game (RULES.md §0).
inline constexpr std::string_view kRulesConventions = "conventions";

// The text of docs/rules/<name>.md ("n-mesh", kRulesConventions); "" when there is none.
// Usable during static initialisation (the tables are constant-initialised).
std::string_view rules_document(std::string_view name);

}  // namespace ludus
