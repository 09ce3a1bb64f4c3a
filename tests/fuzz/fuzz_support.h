// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the fuzz targets (tests/fuzz/fuzz_*.cpp) share.  A target feeds its input to one
// parser; the parser may refuse it with its one-line error (LudusError, the server's
// ServiceError), which is the expected outcome for most inputs.  Anything else, a crash,
// a sanitizer report, another exception, or a broken invariant (fuzz_check), is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace ludus::fuzz {

inline std::string_view input_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// An invariant of the parser that failed: reported like a crash, so libFuzzer keeps the input.
[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
  std::abort();
}
#define FUZZ_CHECK(condition, detail) \
  do {                                \
    if (!(condition)) ::ludus::fuzz::fail(#condition, (detail)); \
  } while (false)

}  // namespace ludus::fuzz
