// SPDX-License-Identifier: Apache-2.0
#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace ludus {

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

std::string_view trim(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return text.substr(b, e - b);
}

std::string lowercase_trimmed(std::string_view text) { return lowercase(trim(text)); }

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

std::string one_line(std::string_view text) {
  std::string out;
  for (unsigned char ch : text) {
    if (ch < 0x20 || ch == 0x7f || ch == ' ') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(ch);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

namespace {

// The code point UTF-8 encodes at the start of `text` and its length in bytes; length 0 when
// the bytes there are not UTF-8 (a stray or truncated sequence, an overlong form, a
// surrogate, past U+10FFFF).
std::pair<char32_t, size_t> first_code_point(std::string_view text) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return {lead, 1};
  size_t length = 0;
  char32_t point = 0, smallest = 0;
  if ((lead & 0xe0) == 0xc0) {
    length = 2, point = lead & 0x1f, smallest = 0x80;
  } else if ((lead & 0xf0) == 0xe0) {
    length = 3, point = lead & 0x0f, smallest = 0x800;
  } else if ((lead & 0xf8) == 0xf0) {
    length = 4, point = lead & 0x07, smallest = 0x10000;
  } else {
    return {0, 0};
  }
  if (text.size() < length) return {0, 0};
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return {0, 0};
    point = (point << 6) | (byte(i) & 0x3f);
  }
  if (point < smallest || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return {0, 0};
  return {point, length};
}

}  // namespace

bool valid_utf8(std::string_view text) {
  for (size_t at = 0; at < text.size();) {
    const size_t length = first_code_point(text.substr(at)).second;
    if (length == 0) return false;
    at += length;
  }
  return true;
}

std::optional<std::vector<char32_t>> code_points(std::string_view text) {
  std::vector<char32_t> out;
  for (size_t at = 0; at < text.size();) {
    const auto [point, length] = first_code_point(text.substr(at));
    if (length == 0) return std::nullopt;
    out.push_back(point);
    at += length;
  }
  return out;
}

std::string quoted_text(std::string_view text, size_t max_chars) {
  static constexpr std::string_view kReplacement = "\xef\xbf\xbd";  // U+FFFD
  std::string out;
  for (size_t at = 0, chars = 0; at < text.size(); ++chars) {
    if (chars == max_chars) return out + "...";
    const auto [point, length] = first_code_point(text.substr(at));
    const bool control = point < 0x20 || (point >= 0x7f && point < 0xa0);
    if (length == 0 || control) {
      out += kReplacement;
      at += std::max<size_t>(length, 1);
    } else {
      out += text.substr(at, length);
      at += length;
    }
  }
  return out;
}

}  // namespace ludus
