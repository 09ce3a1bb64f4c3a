// SPDX-License-Identifier: Apache-2.0
#include "core/url_secrets.h"

#include <cstring>

namespace ludus {

std::vector<TextSpan> url_secret_spans(std::string_view text) {
  std::vector<TextSpan> spans;
  const size_t scheme = text.find("://");
  if (scheme == std::string_view::npos || scheme == 0) return spans;
  const size_t start = scheme + 3;
  // The authority ends at the first '/', '?' or '#'; its userinfo at its last '@'.
  size_t authority_end = text.find_first_of("/?#", start);
  if (authority_end == std::string_view::npos) authority_end = text.size();
  const size_t at = text.substr(0, authority_end).rfind('@');
  if (at != std::string_view::npos && at >= start) {
    const size_t colon = text.find(':', start);
    if (colon != std::string_view::npos && colon < at) spans.push_back({colon + 1, at - colon - 1});
  }
  const size_t query = text.find('?', start);
  if (query == std::string_view::npos) return spans;
  size_t field = query + 1;
  while (field < text.size()) {
    size_t end = text.find_first_of("&#", field);
    if (end == std::string_view::npos) end = text.size();
    constexpr std::string_view kKey = "password=";
    if (text.substr(field, kKey.size()) == kKey) spans.push_back({field + kKey.size(), end - field - kKey.size()});
    if (end >= text.size() || text[end] == '#') break;
    field = end + 1;
  }
  return spans;
}

std::string without_url_secrets(std::string_view text) {
  std::string out;
  size_t at = 0;
  for (const TextSpan& span : url_secret_spans(text)) {
    const bool userinfo = span.begin > 0 && text[span.begin - 1] == ':';
    out.append(text.substr(at, span.begin - at - (userinfo ? 1 : 0)));  // drops the ':' with the password
    if (!userinfo) out += "*****";
    at = span.begin + span.length;
  }
  out.append(text.substr(at));
  return out;
}

bool scrub_url_secrets(char* text) {
  const auto spans = url_secret_spans(text);
  for (const TextSpan& span : spans) std::memset(text + span.begin, 'x', span.length);
  return !spans.empty();
}

}  // namespace ludus
