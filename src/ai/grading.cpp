// SPDX-License-Identifier: Apache-2.0
#include "ai/grading.h"

#include <algorithm>
#include <map>

#include "ai/mcts_player.h"
#include "ai/spec_parser.h"
#include "core/error.h"
#include "core/history.h"
#include "core/random.h"
#include "core/text.h"

namespace ludus::ai {

using solver::Value;

namespace {

solver::SearchLimits search_limits(const GradingLimits& limits) {
  solver::SearchLimits search;
  search.seconds = limits.solve_seconds;
  search.memory_bytes = limits.memory_bytes;
  return search;
}

std::unique_ptr<State> state_after(const Game& game, const std::vector<Action>& moves) {
  auto state = game.new_initial_state();
  for (Action a : moves) state->apply(a);
  return state;
}

History history_after(const std::shared_ptr<const Game>& game, const std::vector<Action>& moves) {
  History history(game);
  for (Action a : moves) history.play(a);
  return history;
}

}  // namespace

PositionJudge::PositionJudge(const Game& game, const GradingLimits& limits)
    : solver_(game, search_limits(limits), 1) {}

Value PositionJudge::value_for(const State& state, int seat) {
  solver_.search().restart_clock();
  return solver_.value_for(state, seat);
}

solver::PositionResult PositionJudge::solve(const State& state) {
  solver_.search().restart_clock();
  return solver_.solve(state);
}

std::unique_ptr<Player> make_graded_player(const std::string& spec, uint64_t seed) {
  PlayerConfig config;
  config.seed = seed;
  PlayerSpec parsed = parse_player_spec(spec, config);
  if (parsed.random) return make_player(spec, config);
  parsed.mcts.opening_book = false;
  return std::make_unique<MctsPlayer>(spec, parsed.mcts);
}

std::vector<ProvenPosition> sample_proven_positions(const std::shared_ptr<const Game>& game,
                                                    const std::string& sampler_spec, int count, int games,
                                                    int from_end, uint64_t seed, const GradingLimits& limits) {
  std::vector<ProvenPosition> kept;
  Rng rng(seed);
  for (int g = 0; g < games && static_cast<int>(kept.size()) < count; ++g) {
    auto player = make_player(sampler_spec, {.seed = seed * 1000003 + static_cast<uint64_t>(g), .threads = 1});
    History history(game);
    while (!history.is_over() && static_cast<int>(history.actions().size()) < limits.max_plies)
      history.play(player->choose(history).action);
    const int plies = static_cast<int>(history.actions().size());
    if (plies == 0) continue;
    const int first = from_end > 0 ? std::max(0, plies - from_end) : 0;
    const int cut = first + static_cast<int>(rng.below(static_cast<uint32_t>(plies - first)));
    ProvenPosition position;
    position.moves.assign(history.actions().begin(), history.actions().begin() + cut);
    auto state = state_after(*game, position.moves);
    PositionJudge judge(*game, limits);
    const Value value = judge.value_for(*state, state->seat_to_move());
    if (value != Value::kWin && value != Value::kLoss) continue;
    position.mover_wins = value == Value::kWin;
    kept.push_back(std::move(position));
  }
  return kept;
}

std::string format_positions(const Game& game, const std::vector<ProvenPosition>& positions) {
  std::string text = "game " + game.name() + "\noptions";
  for (const auto& [key, value] : game.options().values()) text += " " + key + "=" + value;
  text += "\n";
  for (const ProvenPosition& p : positions) {
    text += p.mover_wins ? "W" : "L";
    auto state = game.new_initial_state();
    for (Action a : p.moves) {
      text += " " + state->action_to_text(a);
      state->apply(a);
    }
    text += "\n";
  }
  return text;
}

std::vector<ProvenPosition> parse_positions(const Game& game, std::string_view text) {
  std::vector<ProvenPosition> positions;
  int number = 0;
  bool named = false, optioned = false;
  auto fail = [&](const std::string& why) -> LudusError {
    return LudusError("bad positions file: line " + std::to_string(number) + ": " + why);
  };
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++number;
    if (line.empty() || line.front() == '#') continue;
    const std::vector<std::string> words = split_words(line);
    if (words[0] == "game") {
      if (words.size() != 2 || words[1] != game.name()) throw fail("not a positions file of " + game.name());
      named = true;
    } else if (words[0] == "options") {
      std::map<std::string, std::string> given;
      for (size_t i = 1; i < words.size(); ++i) {
        const size_t eq = words[i].find('=');
        if (eq == std::string::npos) throw fail("expected key=value, not '" + words[i] + "'");
        given[words[i].substr(0, eq)] = words[i].substr(eq + 1);
      }
      if (given != game.options().values()) throw fail("made for other options of " + game.name());
      optioned = true;
    } else if (words[0] == "W" || words[0] == "L") {
      if (!named || !optioned) throw fail("a position before the 'game' and 'options' lines");
      ProvenPosition p;
      p.mover_wins = words[0] == "W";
      auto state = game.new_initial_state();
      for (size_t i = 1; i < words.size(); ++i) {
        if (state->is_terminal()) throw fail("moves after the end of the game");
        try {
          p.moves.push_back(state->parse_action(words[i]));
        } catch (const LudusError& e) {
          throw fail(e.what());
        }
        state->apply(p.moves.back());
      }
      if (state->is_terminal()) throw fail("a finished game is not a position to grade");
      positions.push_back(std::move(p));
    } else {
      throw fail("expected 'game', 'options', 'W' or 'L', not '" + words[0] + "'");
    }
  }
  if (!named) throw LudusError("bad positions file: no 'game' line");
  return positions;
}

MoveGrade grade_won_position(const std::shared_ptr<const Game>& game, const ProvenPosition& position,
                             Player& player, PositionJudge& judge) {
  player.new_game();
  const History history = history_after(game, position.moves);
  const int seat = history.state().seat_to_move();
  MoveGrade grade;
  grade.move = player.choose(history).action;
  auto next = history.state().clone();
  next->apply(grade.move);
  const Value value = next->is_terminal() ? (next->winning_seat() == seat ? Value::kWin : Value::kLoss)
                                          : judge.value_for(*next, seat);
  grade.outcome = value == Value::kWin       ? MoveGrade::kKept
                  : value == Value::kUnknown ? MoveGrade::kUnknown
                                             : MoveGrade::kThrown;
  return grade;
}

Resistance resist_lost_position(const std::shared_ptr<const Game>& game, const ProvenPosition& position,
                                Player& player, PositionJudge& judge, int max_plies) {
  player.new_game();
  History history = history_after(game, position.moves);
  const int loser = history.state().seat_to_move();
  Resistance r;
  while (!history.is_over()) {
    if (r.plies >= max_plies) {
      r.finished = false;
      return r;
    }
    Action move = kNoAction;
    if (history.state().seat_to_move() == loser) {
      move = player.choose(history).action;
    } else {
      const solver::PositionResult result = judge.solve(history.state());
      if (result.value != Value::kWin || result.best == kNoAction) {
        r.finished = false;  // out of time (or the player found a way out: seen at the end)
        r.escaped = result.value == Value::kLoss || result.value == Value::kDraw;
        return r;
      }
      move = result.best;
    }
    history.play(move);
    ++r.plies;
  }
  r.escaped = history.state().winning_seat() == loser;
  return r;
}

}  // namespace ludus::ai
