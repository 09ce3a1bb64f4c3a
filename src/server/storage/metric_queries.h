// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the metrics read from the database when scraped (server/base/metrics.h): small
// aggregate queries, one statement each, in SQL both engines accept.
#include <cstdint>
#include <map>
#include <string>

#include "server/storage/store.h"

namespace ludus::server {

// Boards being played, by game name (games with none are left out).
std::map<std::string, int64_t> active_boards_by_game(Session& session);

}  // namespace ludus::server
