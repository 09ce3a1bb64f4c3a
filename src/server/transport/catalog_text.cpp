// SPDX-License-Identifier: Apache-2.0
#include "server/transport/catalog_text.h"

#include <map>

#include <nlohmann/json.hpp>

#include "ai/catalog_json.h"

namespace ludus::server {
namespace {

void translate(nlohmann::json& field, const Language& language) {
  if (field.is_string()) field = tr(language, field.get<std::string>().c_str());
}

nlohmann::json catalog_in(const nlohmann::json& english, const Language& language) {
  nlohmann::json out = english;
  for (nlohmann::json& game : out["games"]) {
    translate(game["summary"], language);
    for (nlohmann::json& option : game["options"]) translate(option["help"], language);
    if (game.contains("turn")) {
      translate(game["turn"]["summary"], language);
      for (nlohmann::json& example : game["turn"]["examples"]) translate(example["meaning"], language);
    }
    nlohmann::json names = nlohmann::json::array();
    for (const nlohmann::json& colour : game["colours"]) names.push_back(tr(language, colour.get<std::string>().c_str()));
    game["colour_names"] = std::move(names);
  }
  return out;
}

}  // namespace

const std::string& catalog_text(const Language& language) {
  static const std::map<std::string, std::string> replies = [] {
    const nlohmann::json english = ai::catalog_json();
    std::map<std::string, std::string> out;
    for (const std::string& code : Language::all()) out.emplace(code, catalog_in(english, Language::of(code)).dump());
    return out;
  }();
  return replies.at(language.code());
}

}  // namespace ludus::server
