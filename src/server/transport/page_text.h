// SPDX-License-Identifier: Apache-2.0
#pragma once
// The page's translations: GET /api/page-text[?lang=LL] answers the JSON catalogue of one
// language (docs/translating.md, docs/http-api.md), with the list of every language shipped:
//   {"language": "de", "name": "Deutsch", "dir": "ltr", "plurals": ["one", "other"],
//    "messages": {...}, "languages": [{"language": "en", "name": "English", "dir": "ltr"}, ...]}
// `lang` names a shipped language, else the request's Accept-Language chooses (English when
// it names none).  The catalogues are made from po/web/*.po at build time and compiled into
// the binary (cmake/i18n.cmake), so every reply is ready when the server starts, and the same
// in every server of the process: page_text() is the one instance.
#include <map>
#include <string>
#include <vector>

#include "server/transport/http_message.h"

namespace ludus::server {

class PageText {
 public:
  // Reads the catalogues compiled into the binary; throws std::runtime_error on a malformed
  // one (a build defect: the build makes them).
  PageText();

  // "en" first, then the others in alphabetical order.
  const std::vector<std::string>& languages() const { return languages_; }
  // The language a request gets: its `lang` if shipped, else Accept-Language's choice.
  std::string language_for(const std::string& lang, const std::string& accept_language) const;
  // The reply to GET /api/page-text (Vary: Accept-Language).
  Response reply(const std::string& lang, const std::string& accept_language) const;

 private:
  std::vector<std::string> languages_;
  std::map<std::string, std::string, std::less<>> replies_;  // language -> JSON text
};

// The catalogues compiled into this binary, read at the first call (immutable afterwards:
// any thread may use them).
const PageText& page_text();

}  // namespace ludus::server
