// SPDX-License-Identifier: Apache-2.0
#pragma once
// Passwords inside connection URLs (--db / LUDUS_DB, --smtp / LUDUS_SMTP): where they are,
// so that logs, error replies and the process's visible command line never show them.
// A URL's secrets are the password of its userinfo (`scheme://user:SECRET@host`) and the
// value of each `password=` query parameter (libpq's `?password=SECRET`).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ludus {

struct TextSpan {
  size_t begin = 0;
  size_t length = 0;
};

// The byte ranges of `text`'s secrets, in order; none when it is not a URL with one.
std::vector<TextSpan> url_secret_spans(std::string_view text);

// `text` for messages and logs: the userinfo password left out (`user@host`) and each
// `password=` value shown as `*****`.
std::string without_url_secrets(std::string_view text);

// Overwrites each secret of the NUL-terminated `text` in place with 'x' (for argv, which
// /proc/PID/cmdline shows to every user of the machine); true when it held one.
bool scrub_url_secrets(char* text);

}  // namespace ludus
