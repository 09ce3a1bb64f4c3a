// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rules, one Markdown document per game in docs/rules/ (each exactly that game's
// section of RULES.md, the reference), embedded in the binary at build time: the single
// source of GameInfo::rules and `ludus rules`.
#include <string>
#include <string_view>

namespace ludus {

// Name of the document of the conventions common to every game (RULES.md §0).
inline constexpr std::string_view kRulesConventions = "conventions";

// ludus's own section on how it takes a turn (docs/turns.md), shown after the conventions.
inline constexpr std::string_view kTurnsDocument = "turns";

// The text of docs/rules/<name>.md ("n-mesh", kRulesConventions), or of docs/turns.md for
// kTurnsDocument; "" when there is none.  Usable during static initialisation (the tables
// are constant-initialised).
std::string_view rules_document(std::string_view name);

// The conventions as `ludus rules conventions` and the web page show them: RULES.md §0
// (docs/rules/conventions.md, kept identical to it), then docs/turns.md.
std::string conventions_text();

}  // namespace ludus
