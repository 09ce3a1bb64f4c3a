// SPDX-License-Identifier: Apache-2.0
// The engine façade of the WebAssembly build (docs/wasm.md): one entry point taking a JSON
// request and giving a JSON reply, so the page's worker speaks to the engine in the shapes
// the play server's replies have (docs/http-api.md) and the same writers make them
// (core/position_json.h, ai/choice_json.h).
//
//   {"call": "games"}                      -> {"games": [...]} (GET /api/games' catalog)
//   {"call": "position", POSITION}         -> position_json (POST /api/position)
//   {"call": "move", POSITION, "ai": SPEC} -> choice_json + "turn": the AI's whole turn
//   {"call": "analyse", POSITION, "iterations": N}  -> choice_json (POST /api/evaluate)
//   {"call": "solve", POSITION, "seconds": S}       -> {"value": "win"|"loss"|"draw"|"unknown", "move"}
//   {"call": "record", POSITION}           -> {"json": {record}, "sgf": "(;FF[4]...)"}
//   {"call": "playouts", POSITION, "seconds": S}    -> {"playouts", "seconds", "per_second"}:
//       uniformly random playouts from the position, timed as `ludus bench` times one thread's
// POSITION is {"game", "options": {NAME: VALUE}, "moves": [texts, a turn's plies perhaps
// joined "d3,e5-e7"], "at"?: plies to play of them} (core/move_entries.h, as the server).  SPEC is an AI spec (ai/spec_parser.h: "medium", "mcts:iters=500,seed=3");
// the search runs on the calling thread (threads=1): the page runs it in a Web Worker.
// Any error -> {"error": "one line"}; nothing throws past the entry point.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "ai/catalog_json.h"
#include "ai/choice_json.h"
#include "ai/player.h"
#include "ai/solver/solver.h"
#include "core/error.h"
#include "core/move_entries.h"
#include "core/random.h"
#include "core/options_json.h"
#include "core/position_json.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/sgf.h"

namespace ludus::wasm {
namespace {

// Bounds a page's request cannot pass: the same as the play server's analysis
// (server/domain/analysis/analysis.h), here to keep a phone responsive, not a server.
constexpr size_t kMaxPlies = 2000;
constexpr int64_t kMaxAnalysisIterations = 1000000;
constexpr double kMaxSolveSeconds = 60;
constexpr size_t kSolverMemory = 64u << 20;

const nlohmann::json& field(const nlohmann::json& request, const char* name) {
  static const nlohmann::json kNull;
  const auto it = request.find(name);
  return it == request.end() ? kNull : *it;
}

History replay(const nlohmann::json& request) {
  const nlohmann::json& name = field(request, "game");
  if (!name.is_string()) throw LudusError("field 'game' must be a game's name");
  History history(make_game(name.get<std::string>(), options_from_json(field(request, "options"))));
  const nlohmann::json& moves = field(request, "moves");
  if (moves.is_null()) return history;
  if (!moves.is_array() || moves.size() > kMaxPlies ||
      !std::all_of(moves.begin(), moves.end(), [](const nlohmann::json& m) { return m.is_string(); }))
    throw LudusError("field 'moves' must be an array of at most " + std::to_string(kMaxPlies) + " move texts");
  // "at": only the first plies (the page's fallback for a link with a bad one), as the server.
  std::optional<int> stop;
  if (const nlohmann::json& at = field(request, "at"); !at.is_null()) {
    if (!at.is_number_integer() || at.get<int64_t>() < 0 || at.get<int64_t>() > static_cast<int64_t>(kMaxPlies))
      throw LudusError("field 'at' must be a number of plies from 0 to " + std::to_string(kMaxPlies));
    stop = static_cast<int>(at.get<int64_t>());
  }
  play_move_entries(history, moves.get<std::vector<std::string>>(), static_cast<int>(kMaxPlies), stop);
  return history;
}

const History& going_on(const History& history) {
  if (history.is_over()) throw LudusError("the game is over in this position: " + history.status());
  return history;
}

nlohmann::json ai_move(const nlohmann::json& request) {
  const History history = replay(request);
  const nlohmann::json& spec = field(request, "ai");
  if (!spec.is_string()) throw LudusError("field 'ai' must be an AI spec such as \"medium\"");
  auto player = ai::make_player(spec.get<std::string>(), ai::PlayerConfig{.seed = 1, .threads = 1});
  return ai::turn_choice_json(*player, going_on(history));
}

nlohmann::json analyse(const nlohmann::json& request) {
  const History history = replay(request);
  int64_t iterations = 20000;
  if (const nlohmann::json& wanted = field(request, "iterations"); !wanted.is_null()) {
    if (!wanted.is_number_integer() || wanted.get<int64_t>() < 1 || wanted.get<int64_t>() > kMaxAnalysisIterations)
      throw LudusError("field 'iterations' must be a number from 1 to " + std::to_string(kMaxAnalysisIterations));
    iterations = wanted.get<int64_t>();
  }
  auto player = ai::make_player("mcts:iters=" + std::to_string(iterations) + ",threads=1,seed=1");
  return ai::choice_json(history, player->choose(going_on(history)));
}

nlohmann::json solve(const nlohmann::json& request) {
  const History history = replay(request);
  const nlohmann::json& seconds = field(request, "seconds");
  if (!seconds.is_number() || seconds.get<double>() <= 0 || seconds.get<double>() > kMaxSolveSeconds)
    throw LudusError("field 'seconds' must be a number of seconds above 0, at most " +
                     std::to_string(static_cast<int>(kMaxSolveSeconds)));
  ai::solver::SearchLimits limits;
  limits.seconds = seconds.get<double>();
  limits.memory_bytes = kSolverMemory;
  limits.threat_budget = 10000;
  ai::solver::Solver solver(history.game(), limits);
  const State& state = going_on(history).state();
  const ai::solver::PositionResult result = solver.solve(state);
  return {{"value", ai::solver::value_name(result.value)},
          {"move", result.best == kNoAction ? nlohmann::json() : nlohmann::json(state.action_to_text(result.best))},
          {"nodes", solver.stats().nodes},
          {"seconds", solver.stats().seconds}};
}

nlohmann::json record(const nlohmann::json& request) {
  const History history = replay(request);
  return {{"json", record_to_json(history)}, {"sgf", sgf_game_tree(history)}};
}

nlohmann::json playouts(const nlohmann::json& request) {
  const History history = replay(request);
  const nlohmann::json& seconds = field(request, "seconds");
  if (!seconds.is_number() || seconds.get<double>() <= 0 || seconds.get<double>() > 10)
    throw LudusError("field 'seconds' must be a number of seconds above 0, at most 10");
  using Clock = std::chrono::steady_clock;
  const State& start = going_on(history).state();
  Rng rng(77);  // bench's seed for its first thread
  int64_t count = 0;
  const auto t0 = Clock::now();
  const auto until = t0 + std::chrono::duration<double>(seconds.get<double>());
  do {
    for (int k = 0; k < 16; ++k, ++count) start.clone()->random_playout(rng);
  } while (Clock::now() < until);
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  return {{"playouts", count}, {"seconds", elapsed}, {"per_second", count / elapsed}};
}

nlohmann::json answer(const nlohmann::json& request) {
  if (!request.is_object()) throw LudusError("a request is a JSON object with a \"call\"");
  const nlohmann::json& call = field(request, "call");
  const std::string name = call.is_string() ? call.get<std::string>() : "";
  if (name == "games") return ai::catalog_json();
  if (name == "position") return position_json(replay(request));
  if (name == "move") return ai_move(request);
  if (name == "analyse") return analyse(request);
  if (name == "solve") return solve(request);
  if (name == "record") return record(request);
  if (name == "playouts") return playouts(request);
  throw LudusError("field 'call' must be games, position, move, analyse, solve, record or playouts");
}

}  // namespace
}  // namespace ludus::wasm

// The reply stays valid until the next call (the page copies it at once).
extern "C" EMSCRIPTEN_KEEPALIVE const char* ludus_engine_call(const char* request_text) {
  static std::string reply;
  try {
    reply = ludus::wasm::answer(nlohmann::json::parse(request_text)).dump();
  } catch (const nlohmann::json::exception& e) {
    reply = nlohmann::json{{"error", std::string("bad request: ") + e.what()}}.dump();
  } catch (const std::exception& e) {
    reply = nlohmann::json{{"error", e.what()}}.dump();
  }
  return reply.c_str();
}
