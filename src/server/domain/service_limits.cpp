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
    bad_request(ludus::server::text("this server's computer players are ai:random, ai:beginner, ai:easy, ai:medium, "
                                    "ai:hard and ai:max ('{given}' is not one of them)",
                                    {{"given", text.substr(0, 60)}}),
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
  auto refuse = [&](Message what) {
    bad_request(ludus::server::text("AI spec '{spec}' asks for {what} (this server's limit)",
                                    {{"spec", text.substr(0, 60)}, {"what", std::move(what)}}),
                "bad_ai");
  };
  if (m.move_seconds > max_move_seconds)
    refuse(ludus::server::text("more than {seconds} s a move", {{"seconds", fmt::format("{:g}", max_move_seconds)}}));
  if (m.total_seconds > 100 * max_move_seconds)
    refuse(ludus::server::text("more than {seconds} s a game", {{"seconds", fmt::format("{:g}", 100 * max_move_seconds)}}));
  if (m.iterations > max_iterations) refuse(ludus::server::text("more than {max} iterations a move", {{"max", max_iterations}}));
  if (threads > max_threads) refuse(ludus::server::text("more than {max} threads", {{"max", max_threads}}));
  if (m.max_nodes > max_tree_nodes) refuse(ludus::server::text("more than {max} tree nodes", {{"max", max_tree_nodes}}));
  return "ai:" + text;
}

}  // namespace ludus::server
