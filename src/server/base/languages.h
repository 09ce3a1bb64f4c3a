// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which of the languages ludus speaks suits a reader (docs/translating.md): the page's
// catalogue today, the mail and the command replies next.  A language is named by its
// primary subtag in lower case ("de", "pt", "ar").
#include <string>
#include <string_view>
#include <vector>

namespace ludus::server {

// The best of `offered` for an Accept-Language header ("de-CH,de;q=0.9,en;q=0.8"): the
// ranges in order of their quality (equal qualities in the header's order), each matched by
// its primary subtag; "*" takes the first offered.  `fallback` when nothing matches, the
// header is empty, or a range is refused with q=0.  Never throws: a malformed part of the
// header is skipped.
std::string choose_language(std::string_view accept_language, const std::vector<std::string>& offered,
                            const std::string& fallback);

// `tag`'s primary subtag in lower case ("pt-BR" -> "pt"), or "" unless it is 2-8 ASCII letters.
std::string primary_language(std::string_view tag);

}  // namespace ludus::server
