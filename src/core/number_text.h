// SPDX-License-Identifier: Apache-2.0
#pragma once
// Numbers read from text (AI settings, data files): the whole text is one number in
// std::from_chars' format and nothing else: an optional '-', digits and, for the floating
// types, a decimal point and an exponent; no blanks, no '+', no "0x".  One reader, so the
// native binary and the WebAssembly build (docs/wasm.md) read every number alike.
#include <charconv>
#include <concepts>
#include <string_view>
#include <system_error>

namespace ludus {

namespace number_text_detail {
// std::from_chars over all of `text`; `out` set only on success.
template <typename Number>
bool from_chars_whole(std::string_view text, Number& out) {
  Number value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  out = value;
  return true;
}
}  // namespace number_text_detail

// True and `out` set when all of `text` is an integer of `Int`'s range; `out` is left
// alone otherwise (as by the floating-point readers).
template <std::integral Int>
bool parse_number(std::string_view text, Int& out) {
  return number_text_detail::from_chars_whole(text, out);
}

// True and `out` set when all of `text` is a floating-point number ("inf" and "nan" too:
// callers that refuse them check std::isfinite), rounded to the nearest `out` can hold.
bool parse_number(std::string_view text, double& out);
bool parse_number(std::string_view text, float& out);

}  // namespace ludus
