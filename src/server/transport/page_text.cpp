// SPDX-License-Identifier: Apache-2.0
#include "server/transport/page_text.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/embedded_file.h"
#include "server/base/languages.h"

namespace ludus {
extern const EmbeddedFile kPageCatalogues[];
extern const int kPageCatalogues_count;
}  // namespace ludus

namespace ludus::server {

PageText::PageText() {
  std::map<std::string, nlohmann::json> catalogues;
  for (int i = 0; i < kPageCatalogues_count; ++i) {
    nlohmann::json catalogue = nlohmann::json::parse(kPageCatalogues[i].text(), nullptr, false);
    if (!catalogue.is_object() || catalogue.value("language", "") != kPageCatalogues[i].name)
      throw std::runtime_error(std::string("the page's catalogue ") + kPageCatalogues[i].name + " is malformed");
    catalogues.emplace(kPageCatalogues[i].name, std::move(catalogue));
  }
  if (!catalogues.count("en")) throw std::runtime_error("the page's English catalogue is missing");
  languages_.push_back("en");
  for (const auto& [language, catalogue] : catalogues)
    if (language != "en") languages_.push_back(language);
  nlohmann::json listed = nlohmann::json::array();
  for (const std::string& language : languages_) {
    const nlohmann::json& c = catalogues.at(language);
    listed.push_back({{"language", language}, {"name", c.at("name")}, {"dir", c.at("dir")}});
  }
  for (auto& [language, catalogue] : catalogues) {
    catalogue["languages"] = listed;
    replies_.emplace(language, catalogue.dump());
  }
}

std::string PageText::language_for(const std::string& lang, const std::string& accept_language) const {
  if (std::find(languages_.begin(), languages_.end(), lang) != languages_.end()) return lang;
  return choose_language(accept_language, languages_, "en");
}

const PageText& page_text() {
  static const PageText text;
  return text;
}

Response PageText::reply(const std::string& lang, const std::string& accept_language) const {
  Response res = json_text_response(200, replies_.find(language_for(lang, accept_language))->second);
  res.set(http::field::vary, "Accept-Language");
  return res;
}

}  // namespace ludus::server
