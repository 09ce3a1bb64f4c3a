// SPDX-License-Identifier: Apache-2.0
#pragma once
// A game's options as JSON requests give them: the play server's ("options" of a challenge,
// an analysis) and the page's engine's (docs/wasm.md) read them alike.
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace ludus {

// {NAME: VALUE}, a value a string, an integer or a boolean ("on" or "off"), null for none,
// as make_game takes them; throws LudusError naming the field or the option that is wrong.
std::map<std::string, std::string> options_from_json(const nlohmann::json& options);

}  // namespace ludus
