// SPDX-License-Identifier: Apache-2.0
#include "study/analysis_plan.h"

#include <charconv>
#include <utility>

#include "core/error.h"
#include "core/registry.h"
#include "core/text.h"
#include "study/metric.h"
#include "study/opening_map.h"
#include "study/self_play.h"
#include "study/skill_trace.h"

namespace ludus::study {
namespace {

// The option assignments with the pie option swept on and off when the game has one
// and the user did not set it (so every analysis shows the pie rule's effect).
std::vector<std::string> with_pie_sweep(const std::string& game_name, std::vector<std::string> assignments) {
  const GameEntry& entry = find_game(game_name);
  const std::string& pie = entry.info->pie.option;
  if (pie.empty()) return assignments;
  for (const auto& item : assignments) {
    std::string name = item.substr(0, item.find('='));
    while (!name.empty() && name[0] == '-') name.erase(0, 1);
    if (name == pie) return assignments;
  }
  assignments.push_back(pie + "=on");
  assignments.push_back(pie + "=off");
  return assignments;
}

// The IdealDuration range "MIN..MAX" (whole turns) into `plan`; throws LudusError with a
// one-line reason.
void set_ideal_turns(const std::string& text, AnalysisPlan& plan) {
  if (text.empty()) return;
  const std::string where = "bad --ideal-turns '" + text + "': expected MIN..MAX, whole numbers of turns with 0 <= MIN <= MAX and MAX > 0";
  const size_t dots = text.find("..");
  if (dots == std::string::npos) throw LudusError(where);
  long long low = 0, high = 0;
  const std::string first = text.substr(0, dots), last = text.substr(dots + 2);
  auto parse = [](const std::string& part, long long& out) {
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && ec == std::errc() && end == part.data() + part.size();
  };
  if (!parse(first, low) || !parse(last, high) || low < 0 || high < low || high == 0) throw LudusError(where);
  plan.ideal_min_turns = static_cast<double>(low);
  plan.ideal_max_turns = static_cast<double>(high);
}

bool is_random_spec(const std::string& spec) { return lowercase_trimmed(spec).rfind("random", 0) == 0; }

RunKey run_key(const Game& game, const std::string& first, const std::string& second, const AnalysisRequest& request,
               const char* kind) {
  RunKey key;
  key.game = game.name();
  key.options = game.options().to_string();
  key.seat_specs[0] = first;
  key.seat_specs[1] = second;
  key.seed = request.seed;
  key.max_plies = request.max_plies > 0 ? request.max_plies : default_ply_limit(game);
  key.kind = kind;
  return key;
}

}  // namespace

GameTrace play_batch_game(const GameBatch& batch, long long index, bool single_threaded) {
  std::array<std::string, 2> specs = {batch.key.seat_specs[0], batch.key.seat_specs[1]};
  if (batch.alternate_seats && index % 2) std::swap(specs[0], specs[1]);
  TraceRecorder recorder;
  SelfPlayOptions options;
  options.single_threaded = single_threaded;
  options.max_plies = batch.key.max_plies;
  if (batch.opening) options.opening = batch.opening(index);
  options.before_ply = [&recorder](const History& h, const ai::MoveChoice& choice) { recorder.before_ply(h, &choice); };
  SelfPlayGame game = play_ai_game(batch.game, specs, batch.key.seed, index, options);
  return recorder.finish(game.history);
}

long long AnalysisPlan::total_games() const {
  long long total = 0;
  for (const auto& batch : batches) total += batch.games;
  return total;
}

AnalysisPlan plan_analysis(const AnalysisRequest& request) {
  if (request.game.empty()) throw LudusError("give a GAME");
  if (request.games < 1) throw LudusError("the number of games must be at least 1");
  check_ai_spec(request.ai);
  AnalysisPlan plan;
  plan.request = request;
  set_ideal_turns(request.ideal_turns, plan);
  plan.variants = expand_sweep(with_pie_sweep(request.game, request.options));
  for (const auto& v : plan.variants) plan.games.push_back(make_game(request.game, v.options));
  plan.players = {request.ai};
  if (request.baseline && !is_random_spec(request.ai)) plan.players.push_back("random");
  if (!request.skill_ladder.empty()) {
    plan.ladder = parse_ladder(request.skill_ladder);
    for (const auto& level : plan.ladder) check_ai_spec(level);
  }
  const auto& first_game = plan.games.front();
  if (request.opening_map) {
    if (!first_game->board_geometry())
      throw LudusError("game '" + first_game->name() + "' does not expose its board, so it has no opening map");
    auto initial = first_game->new_initial_state();
    for (Action a : initial->legal_actions()) plan.first_moves.push_back(initial->action_to_text(a));
  }

  for (size_t v = 0; v < plan.variants.size(); ++v)
    for (const auto& player : plan.players)
      plan.batches.push_back({plan.games[v], run_key(*plan.games[v], player, player, request, "self-play"), request.games, false, {}});
  if (request.opening_map) {
    GameBatch batch{first_game, run_key(*first_game, request.ai, request.ai, request, "opening"),
                    request.opening_games * static_cast<long long>(plan.first_moves.size()), false, {}};
    batch.opening = [moves = plan.first_moves](long long i) {
      return std::vector<std::string>{moves[static_cast<size_t>(i) % moves.size()]};
    };
    plan.batches.push_back(std::move(batch));
  }
  for (size_t k = 0; k + 1 < plan.ladder.size(); ++k)
    // Seats: the stronger level first in even games (study/skill_trace.h).
    plan.batches.push_back({first_game, run_key(*first_game, plan.ladder[k + 1], plan.ladder[k], request, "skill"),
                            request.skill_games, true, {}});
  return plan;
}

AnalysisResult analysis_result(const AnalysisPlan& plan, std::vector<std::vector<GameTrace>> traces) {
  if (traces.size() != plan.batches.size()) throw LudusError("analysis: traces of the wrong number of batches");
  for (size_t b = 0; b < traces.size(); ++b)
    if (static_cast<long long>(traces[b].size()) != plan.batches[b].games)
      throw LudusError("analysis: batch " + std::to_string(b) + " has " + std::to_string(traces[b].size()) + " games, not " +
                       std::to_string(plan.batches[b].games));
  const AnalysisRequest& request = plan.request;
  AnalysisResult result;
  result.game_name = plan.games.front()->name();
  result.ai = request.ai;
  result.seed = request.seed;
  result.games = request.games;
  size_t b = 0;
  for (size_t v = 0; v < plan.variants.size(); ++v) {
    for (const auto& player : plan.players) {
      AnalyzedSetting s;
      s.label = plan.variants[v].label;
      s.swept = plan.variants[v].swept;
      if (plan.players.size() > 1) s.label += (s.label.empty() ? "" : " ") + player;
      s.ai = player;
      s.game = plan.games[v];
      s.traces = std::move(traces[b++]);
      s.summary = summarize_games(s.traces);
      MetricContext context = metric_context(*plan.games[v]);
      context.ideal_min_turns = plan.ideal_min_turns;
      context.ideal_max_turns = plan.ideal_max_turns;
      s.metrics = compute_metrics(s.traces, context);
      result.settings.push_back(std::move(s));
    }
  }
  if (request.opening_map) {
    OpeningResult opening;
    opening.game = plan.games.front();
    opening.label = plan.variants.front().label;
    opening.games_per_move = request.opening_games;
    opening.stats = opening_stats(traces[b++]);
    result.opening = std::move(opening);
  }
  for (size_t k = 0; k + 1 < plan.ladder.size(); ++k) {
    result.skill.push_back(skill_step(plan.ladder[k], plan.ladder[k + 1], traces[b++]));
    result.skill_label = plan.variants.front().label;
  }
  return result;
}

}  // namespace ludus::study
