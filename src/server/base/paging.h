// SPDX-License-Identifier: Apache-2.0
#pragma once
// A page of a listing (docs/http-api.md, "Paging"): every list the server gives -- boards,
// offers, tournaments, standings, a player's finished boards -- is read `limit` items at a
// time after skipping `offset`, within one bound, parsed by one function over HTTP
// (`?limit=N&offset=N`) and in the command grammar (`-limit=N -offset=N`).
#include <optional>
#include <string_view>

namespace ludus::server {

struct Page {
  static constexpr int kMaxLimit = 500;          // the most items of one page
  static constexpr int kMaxOffset = 1000000000;  // the most items skipped
  int limit = 100;
  int offset = 0;
};

// The page `limit` and `offset` ask for (nullopt: not given, which means `default_limit`
// and 0).  400 bad_query with a one-line reason unless each is a whole number, limit from 1
// to Page::kMaxLimit and offset from 0 to Page::kMaxOffset.
Page parse_page(std::optional<std::string_view> limit, std::optional<std::string_view> offset, int default_limit);

}  // namespace ludus::server
