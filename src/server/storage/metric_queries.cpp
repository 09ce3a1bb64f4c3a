// SPDX-License-Identifier: Apache-2.0
#include "server/storage/metric_queries.h"

namespace ludus::server {

std::map<std::string, int64_t> active_boards_by_game(Session& session) {
  auto q = session.connection().query("SELECT game, COUNT(*) FROM games WHERE status = 'active' GROUP BY game");
  std::map<std::string, int64_t> out;
  while (q.step()) out[q.text(0)] = q.int64(1);
  return out;
}

}  // namespace ludus::server
