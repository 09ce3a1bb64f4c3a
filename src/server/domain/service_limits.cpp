// SPDX-License-Identifier: Apache-2.0
#include "server/domain/service_limits.h"

#include <thread>

#include <fmt/format.h>

#include "ai/spec_parser.h"
#include "core/error.h"
#include "core/text.h"
#include "server/base/errors.h"

namespace ludus::server {

std::string AiPolicy::checked_seat(const std::string& spec) const {
  const std::string text = lowercase_trimmed(spec);
  if (ai::is_plain_level(text)) return "ai:" + text;
  if (!allow_raw_specs)
    bad_request("this server's computer players are ai:random, ai:beginner, ai:easy, ai:medium, ai:hard and ai:max ('" +
                    text.substr(0, 60) + "' is not one of them)",
                "bad_ai");
  ai::PlayerSpec parsed;
  try {
    parsed = ai::parse_player_spec(text, {});
  } catch (const LudusError& e) {
    bad_request(e.what(), "bad_ai");
  }
  if (parsed.random) return "ai:" + text;
  const ai::MctsConfig& m = parsed.mcts;
  const int threads = m.threads > 0 ? m.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto refuse = [&](const std::string& what) {
    bad_request("AI spec '" + text.substr(0, 60) + "' asks for " + what + " (this server's limit)", "bad_ai");
  };
  if (m.move_seconds > max_move_seconds) refuse(fmt::format("more than {:g} s a move", max_move_seconds));
  if (m.total_seconds > 100 * max_move_seconds) refuse(fmt::format("more than {:g} s a game", 100 * max_move_seconds));
  if (m.iterations > max_iterations) refuse(fmt::format("more than {} iterations a move", max_iterations));
  if (threads > max_threads) refuse(fmt::format("more than {} threads", max_threads));
  if (m.max_nodes > max_tree_nodes) refuse(fmt::format("more than {} tree nodes", max_tree_nodes));
  return "ai:" + text;
}

}  // namespace ludus::server
