// SPDX-License-Identifier: Apache-2.0
#include "server/base/languages.h"

#include <algorithm>
#include <cctype>

namespace ludus::server {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The quality of a range's parameters (";q=0.8"): 1 when absent, -1 when malformed.
double quality(std::string_view params) {
  double q = 1;
  while (!params.empty()) {
    const size_t semi = params.find(';');
    const std::string_view param = trimmed(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    if (param.size() < 2 || (param[0] != 'q' && param[0] != 'Q') || param[1] != '=') continue;
    const std::string_view value = param.substr(2);
    // RFC 9110: 0, 1, or 0.ddd / 1.000.
    if (value.empty() || value.size() > 5 || (value[0] != '0' && value[0] != '1')) return -1;
    if (value.size() > 1 && value[1] != '.') return -1;
    q = value[0] - '0';
    double scale = 0.1;
    for (size_t i = 2; i < value.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(value[i]))) return -1;
      q += (value[i] - '0') * scale;
      scale /= 10;
    }
    if (q > 1) return -1;
  }
  return q;
}

}  // namespace

std::string primary_language(std::string_view tag) {
  const std::string_view primary = tag.substr(0, tag.find_first_of("-_"));
  if (primary.size() < 2 || primary.size() > 8) return "";
  std::string out;
  for (char c : primary) {
    if (!std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) > 127) return "";
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string choose_language(std::string_view accept_language, const std::vector<std::string>& offered,
                            const std::string& fallback) {
  struct Range {
    std::string language;  // "" for "*"
    double q;
  };
  std::vector<Range> ranges;
  while (!accept_language.empty() && ranges.size() < 64) {
    const size_t comma = accept_language.find(',');
    const std::string_view part = trimmed(accept_language.substr(0, comma));
    accept_language = comma == std::string_view::npos ? std::string_view{} : accept_language.substr(comma + 1);
    const size_t semi = part.find(';');
    const std::string_view tag = trimmed(part.substr(0, semi));
    const double q = semi == std::string_view::npos ? 1 : quality(part.substr(semi + 1));
    if (q <= 0) continue;  // refused, or malformed
    if (tag == "*") {
      ranges.push_back({"", q});
    } else if (std::string language = primary_language(tag); !language.empty()) {
      ranges.push_back({std::move(language), q});
    }
  }
  std::stable_sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.q > b.q; });
  for (const Range& range : ranges) {
    if (range.language.empty()) return offered.empty() ? fallback : offered.front();
    if (std::find(offered.begin(), offered.end(), range.language) != offered.end()) return range.language;
  }
  return fallback;
}

}  // namespace ludus::server
