// SPDX-License-Identifier: Apache-2.0
#include "core/number_text.h"

#include <cerrno>
#include <cstdlib>
#include <string>

namespace ludus {
namespace {

// std::from_chars for floating point came late to the C++ libraries: libstdc++ has it
// (GCC 11), libc++ not before LLVM 17, so Emscripten 3.1.6's (LLVM 14) lacks it.  There the
// C library's strtod/strtof read the number instead; both round correctly, and a
// WebAssembly program's locale is always "C" (a decimal point), so they read what
// from_chars reads once the forms from_chars refuses (leading blanks, '+', hexadecimal)
// are refused first.
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
template <typename Real>
bool parse_real(std::string_view text, Real& out) {
  return number_text_detail::from_chars_whole(text, out);
}
#else
bool from_chars_form(std::string_view text) {
  const std::string_view body = text.starts_with('-') ? text.substr(1) : text;
  if (body.empty()) return false;
  const char first = body.front();
  if (!(first == '.' || (first >= '0' && first <= '9') || first == 'i' || first == 'I' || first == 'n' || first == 'N'))
    return false;
  return !(body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'));
}

template <typename Real>
bool parse_real(std::string_view text, Real& out) {
  if (!from_chars_form(text)) return false;
  const std::string copy(text);  // strtod reads up to a NUL
  char* end = nullptr;
  errno = 0;
  Real value;
  if constexpr (sizeof(Real) == sizeof(float))
    value = std::strtof(copy.c_str(), &end);
  else
    value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || errno == ERANGE) return false;  // from_chars: out of range
  out = value;
  return true;
}
#endif

}  // namespace

bool parse_number(std::string_view text, double& out) { return parse_real(text, out); }
bool parse_number(std::string_view text, float& out) { return parse_real(text, out); }

}  // namespace ludus
