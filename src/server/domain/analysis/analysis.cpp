// SPDX-License-Identifier: Apache-2.0
#include "server/domain/analysis/analysis.h"

#include <string>

#include "ai/choice_json.h"
#include "core/error.h"
#include "core/move_entries.h"
#include "core/registry.h"
#include "server/base/errors.h"
#include "server/domain/play/game_json.h"
#include "server/base/json_fields.h"

namespace ludus::server {

History Analyst::replay(const nlohmann::json& request) const {
  const std::string name = string_field(request, "game");
  std::shared_ptr<const Game> game;
  try {
    game = make_game(name, options_field(request));
  } catch (const LudusError& e) {
    bad_request(e.what(), "bad_game");
  }
  History history(game);
  auto moves = request.find("moves");
  if (moves == request.end()) return history;
  if (!moves->is_array()) bad_request(text("field 'moves' must be an array of move texts"), "bad_field");
  if (static_cast<int>(moves->size()) > limits_.max_plies)
    bad_request(textn("at most {n} move", "at most {n} moves", limits_.max_plies), "bad_field");
  // "at": only the first plies (the page's fallback for a link with a bad one).
  std::optional<int> stop;
  if (auto at = request.find("at"); at != request.end() && !at->is_null()) {
    if (!at->is_number_integer() || at->get<int64_t>() < 0 || at->get<int64_t>() > limits_.max_plies)
      bad_request(text("field 'at' must be a number of plies from 0 to {max}", {{"max", limits_.max_plies}}), "bad_field");
    stop = static_cast<int>(at->get<int64_t>());
  }
  std::vector<std::string> entries;
  for (const auto& move : *moves) {
    if (!move.is_string()) bad_request(text("field 'moves' must be an array of move texts"), "bad_field");
    entries.push_back(move.get<std::string>());
  }
  try {
    play_move_entries(history, entries, limits_.max_plies, stop);
  } catch (const MoveEntryError& e) {
    bad_request(e.what(), e.too_long() ? "bad_field" : "illegal_move");
  }
  return history;
}

nlohmann::json Analyst::position(const nlohmann::json& request) const { return position_json(replay(request)); }

nlohmann::json Analyst::evaluate(const nlohmann::json& request, const std::string& client) {
  const History history = replay(request);
  if (history.is_over()) bad_request(text("the game is over in this position: nothing to evaluate"), "game_over");
  // One at a time per client, within its share; the share is charged only for searches run.
  {
    std::lock_guard lock(clients_mutex_);
    if (clients_running_.count(client))
      too_many(text("one analysis at a time: wait for the one under way"), "analysis_busy", 1);
    if (const int wait = per_client_.admit(client))
      too_many(text("too many analyses; retry in {seconds} s", {{"seconds", wait}}), "rate_limited", wait);
    clients_running_.insert(client);
  }
  struct ClientDone {
    Analyst* analyst;
    const std::string& client;
    ~ClientDone() {
      std::lock_guard lock(analyst->clients_mutex_);
      analyst->clients_running_.erase(client);
    }
  } client_done{this, client};
  int64_t iterations = limits_.max_iterations;
  if (request.contains("iterations")) {
    auto wanted = int_field(request, "iterations");
    if (wanted) iterations = std::min<int64_t>(iterations, *wanted);
  }
  // A slot among the evaluations running at once, given back on every exit.
  if (running_.fetch_add(1) >= limits_.max_running) {
    running_.fetch_sub(1);
    busy(text("the engine is busy with other analyses; try again in a moment"), 1);
  }
  struct Release {
    std::atomic<int>* count;
    ~Release() { count->fetch_sub(1); }
  } release{&running_};
  const std::string spec = "mcts:iters=" + std::to_string(iterations) + ",time=" +
                           std::to_string(static_cast<int>(limits_.max_seconds * 1000)) + "ms,threads=1,seed=1";
  auto player = ai::make_player(spec);
  return ai::choice_json(history, player->choose(history));
}

}  // namespace ludus::server
