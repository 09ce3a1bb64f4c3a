// SPDX-License-Identifier: Apache-2.0
#include "server/base/paging.h"

#include <charconv>
#include <string>

#include "server/base/errors.h"

namespace ludus::server {
namespace {

int bounded(std::optional<std::string_view> given, const char* name, int fallback, int min, int max) {
  if (!given) return fallback;
  int value = 0;
  auto [end, ec] = std::from_chars(given->data(), given->data() + given->size(), value);
  if (ec != std::errc() || end != given->data() + given->size() || given->empty() || value < min || value > max)
    bad_request(text("{parameter} must be a whole number from {min} to {max}",
                     {{"parameter", name}, {"min", min}, {"max", max}}),
                "bad_query");
  return value;
}

}  // namespace

Page parse_page(std::optional<std::string_view> limit, std::optional<std::string_view> offset, int default_limit) {
  return {bounded(limit, "limit", default_limit, 1, Page::kMaxLimit), bounded(offset, "offset", 0, 0, Page::kMaxOffset)};
}

}  // namespace ludus::server
