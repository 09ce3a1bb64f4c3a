// SPDX-License-Identifier: Apache-2.0
#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>

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

Utf8Char first_utf8_char(std::string_view text) {
  if (text.empty()) return {};
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
    return {};
  }
  if (text.size() < length) return {};
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return {};
    point = (point << 6) | (byte(i) & 0x3f);
  }
  if (point < smallest || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return {};
  return {point, length};
}

bool is_terminal_control(char32_t c) {
  return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029 ||
         (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    const Utf8Char ch = first_utf8_char(text.substr(at));
    if (ch.length == 0) {  // not UTF-8: the byte itself
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[at]));
      at += 1;
      continue;
    }
    if (is_terminal_control(ch.point) && ch.point != '\n' && ch.point != '\t')
      out += ch.point < 0x80 ? fmt::format("\\x{:02x}", static_cast<unsigned>(ch.point))
                             : fmt::format("\\u{:04x}", static_cast<unsigned>(ch.point));
    else
      out += text.substr(at, ch.length);
    at += ch.length;
  }
  return out;
}

bool valid_utf8(std::string_view text) {
  for (size_t at = 0; at < text.size();) {
    const size_t length = first_utf8_char(text.substr(at)).length;
    if (length == 0) return false;
    at += length;
  }
  return true;
}

std::string quoted_text(std::string_view text, size_t max_chars) {
  static constexpr std::string_view kReplacement = "\xef\xbf\xbd";  // U+FFFD
  std::string out;
  for (size_t at = 0, chars = 0; at < text.size(); ++chars) {
    if (chars == max_chars) return out + "...";
    const auto [point, length] = first_utf8_char(text.substr(at));
    if (length == 0 || is_terminal_control(point)) {
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
